/**
 * Billing endpoints (SPEC.md §3, §6, §7; issue 14, decision 054):
 *   GET  /api/pricing                 {success, source, data}: the pricing table or the §9 fallback (public)
 *   GET  /api/subscription            the get-user-subscription summary
 *   GET  /api/features/:feature       {feature, allowed:true}; 403 UPGRADE_REQUIRED when the tier lacks it, 404 unknown id
 *   GET  /api/billing/config          {configured, publishableKey} (public)
 *   POST /api/billing/checkout        {clientSecret, flow, tier, amountCents, currency}
 *   POST /api/billing/validate-coupon the §3 coupon fields
 *   POST /api/billing/portal          {url}; 404 with the §8 message without a customer
 *   POST /api/billing/webhook         Stripe-signed events (exempt from the origin check)
 *   POST /api/billing/renew           §4 Renew: a manual plan +30 days, else {checkout:true}
 *   GET  /api/referrals/me            Refer & Earn: code, link, invites, sign-ups, paid, credit (decision 058)
 *   POST /api/referrals/claim         a referral code typed at checkout
 * `referralLinkMiddleware()` turns a page visit with `?ref=CODE` into the first-touch cookie.
 * Without Stripe keys every payment route answers 409 PAYMENTS_NOT_CONFIGURED.
 */
import { Hono } from "hono";
import { billingApi, billingPaymentsApi, referralsApi, renewApi } from "../../../contract/billing";
import { FEATURE_IDS, type FeatureId } from "../../../domain/plans";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { handle } from "../../lib/route";
import { track } from "../analytics/analytics.service";
import { startCheckout } from "./checkout.service";
import { validateCoupon } from "./coupons.service";
import { entitlementsOf, requireFeature } from "./entitlements";
import { openPortal } from "./portal.service";
import { readPricing } from "./pricing.service";
import {
  attributeReferral,
  claimError,
  recordLinkVisit,
  referralStats,
  refCookieOf,
  rewardCentsOf,
} from "./referrals.service";
import { renewSubscription } from "./subscriptions.service";
import { requireStripe, stripeOf } from "./stripe-provider";
import { receiveWebhook } from "./webhook.service";

export function billingRoutes() {
  const r = new Hono<AppEnv>();
  const now = (c: { get(k: "deps"): { now?: () => Date } }) => c.get("deps").now?.() ?? new Date();

  handle(r, billingApi.pricing, (c) => readPricing({ db: c.get("deps").database.db, logger: c.get("deps").logger }));

  handle(r, billingApi.subscription, (c) => entitlementsOf(c).summary());

  handle(r, billingApi.feature, async (c, { params }) => {
    const feature = params.feature;
    if (!(FEATURE_IDS as readonly string[]).includes(feature)) throw new AppError("NOT_FOUND", "Unknown feature.");
    await requireFeature(c, feature as FeatureId);
    return { feature: feature as FeatureId, allowed: true as const };
  });

  handle(r, billingPaymentsApi.config, (c) => {
    const p = stripeOf(c.get("deps").env);
    return { configured: !!p, publishableKey: p?.publishableKey ?? null };
  });

  handle(r, billingPaymentsApi.checkout, async (c, { user, body }) => {
    const deps = c.get("deps");
    const { client } = requireStripe(deps.env);
    // A referral code typed at checkout attributes the account when nothing did before (decision 058).
    if (body.affiliateId)
      await attributeReferral({
        db: deps.database.db,
        referredId: user.id,
        code: body.affiliateId,
        source: "checkout",
        now: now(c),
      });
    const result = await startCheckout({ db: deps.database.db, stripe: client, user, request: body, now: now(c) });
    await track({
      db: deps.database.db,
      name: "initiate_checkout",
      userId: user.id,
      properties: {
        purchaseType: body.purchaseType,
        tier: result.tier,
        flow: result.flow,
        coupon: !!body.couponCode,
      },
    });
    return result;
  });

  handle(r, billingPaymentsApi.validateCoupon, (c, { body }) => {
    const { client } = requireStripe(c.get("deps").env);
    return validateCoupon({ stripe: client, code: body.couponCode, nowS: Math.floor(now(c).getTime() / 1000) });
  });

  handle(r, billingPaymentsApi.portal, (c, { user }) => {
    const deps = c.get("deps");
    const { client } = requireStripe(deps.env);
    return openPortal({ db: deps.database.db, stripe: client, userId: user.id, returnUrl: `${deps.appUrl}/settings` });
  });

  handle(r, billingPaymentsApi.webhook, async (c) => {
    const deps = c.get("deps");
    const { client, webhookSecret } = requireStripe(deps.env);
    return receiveWebhook({
      db: deps.database.db,
      stripe: client,
      webhookSecret,
      rawBody: await c.req.text(),
      signature: c.req.header("stripe-signature"),
      now: now(c),
      mailer: deps.mailer,
      appUrl: deps.appUrl,
      brandName: deps.brandName,
      logger: deps.logger,
      referralRewardCents: deps.env.REFERRAL_REWARD_CENTS,
    });
  });

  handle(r, renewApi.renew, (c, { user }) =>
    renewSubscription({ db: c.get("deps").database.db, userId: user.id, now: now(c) }),
  );

  handle(r, referralsApi.me, async (c, { user }) => {
    const deps = c.get("deps");
    const db = deps.database.db;
    const enabled = !!stripeOf(deps.env) && deps.env.REFERRAL_REWARD_CENTS !== 0;
    return referralStats({
      db,
      userId: user.id,
      appUrl: deps.appUrl,
      enabled,
      rewardCents: enabled ? await rewardCentsOf(db, deps.env.REFERRAL_REWARD_CENTS) : 0,
    });
  });

  handle(r, referralsApi.claim, async (c, { user, body }) => {
    const outcome = await attributeReferral({
      db: c.get("deps").database.db,
      referredId: user.id,
      code: body.code,
      source: "checkout",
      now: now(c),
    });
    if (outcome !== "attributed") throw claimError(outcome);
    return { attributed: true as const };
  });

  return r;
}

/**
 * A page visit (any GET outside /api) with `?ref=CODE` sets the first-touch referral cookie and
 * counts an invite (decision 058); the page itself is served as usual. No script is involved.
 */
export function referralLinkMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ref = c.req.method === "GET" && !c.req.path.startsWith("/api/") ? c.req.query("ref") : undefined;
    await next();
    if (!ref) return;
    const deps = c.get("deps");
    try {
      const cookie = await recordLinkVisit({
        db: deps.database.db,
        code: ref,
        existingCookie: refCookieOf(c.req.header("cookie")),
        now: deps.now?.() ?? new Date(),
        secure: deps.appUrl.startsWith("https:"),
      });
      if (cookie) c.header("Set-Cookie", cookie, { append: true });
    } catch (err) {
      deps.logger.warn({ err }, "referrals: link visit not recorded");
    }
  };
}
