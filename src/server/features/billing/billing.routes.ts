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
 * Without Stripe keys every payment route answers 409 PAYMENTS_NOT_CONFIGURED.
 */
import { Hono } from "hono";
import { billingApi, billingPaymentsApi } from "../../../contract/billing";
import { FEATURE_IDS, type FeatureId } from "../../../domain/plans";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { handle } from "../../lib/route";
import { track } from "../analytics/analytics.service";
import { startCheckout } from "./checkout.service";
import { validateCoupon } from "./coupons.service";
import { entitlementsOf, requireFeature } from "./entitlements";
import { openPortal } from "./portal.service";
import { readPricing } from "./pricing.service";
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
    });
  });

  return r;
}
