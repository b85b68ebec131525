/**
 * Checkout start (SPEC.md §2.4, §4 "Checkout start", §7 create-payment-handler; issue 14 §2,
 * decision 054). A subscription is a Stripe subscription created `default_incomplete` with
 * `metadata.userId` and `metadata.tier`, so every later webhook carries what it needs. The answer
 * is the client secret of the first invoice's PaymentIntent (payment flow), or of the
 * subscription's pending SetupIntent `seti_…` when nothing is charged now (a 100%-off code or a
 * trial: setup flow).
 */
import type Stripe from "stripe";
import type { CheckoutRequest } from "../../../contract/billing";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/errors";
import { startCoursePurchase } from "../courses/course-purchase";
import { ensureCustomer } from "./customers.service";
import { validateCoupon } from "./coupons.service";
import { providerFailure } from "./stripe-provider";
import { findPriceMapping } from "./pricing.service";
import { findSubscription } from "./subscriptions.service";

export { findPriceMapping };

export interface CheckoutResult {
  clientSecret: string;
  flow: "setup" | "payment";
  tier: "unlimited" | null;
  amountCents: number;
  currency: string;
}

/** SPEC.md §4: tier names are lower-cased and 'premium' maps to 'unlimited'; anything else is 400. */
export function checkoutTier(tier: string | undefined): "unlimited" {
  const t = (tier ?? "unlimited").trim().toLowerCase();
  if (t === "premium" || t === "unlimited") return "unlimited";
  throw new AppError("VALIDATION_FAILED", "tier: must be premium or unlimited");
}

/**
 * Starts checkout for `user`. Throws 400 VALIDATION_FAILED (bad tier), 400 BAD_REQUEST
 * 'Invalid or expired promo code', 409 CONFLICT (already paying through Stripe), 404 NOT_FOUND
 * (a course that does not exist or is free; features/courses/course-purchase.ts), 409 PAYMENTS_NOT_CONFIGURED when no
 * Stripe price is mapped to the tier, 400 PAYMENT_FAILED / 502 PAYMENT_PROVIDER_ERROR from Stripe.
 */
export async function startCheckout(opts: {
  db: Db;
  stripe: Stripe;
  user: { id: string; email: string; name: string };
  request: CheckoutRequest;
  now: Date;
}): Promise<CheckoutResult> {
  const { db, stripe, user, request } = opts;
  // Course purchase (issue 15): a PaymentIntent for one course, in features/courses.
  if (request.purchaseType === "course")
    return startCoursePurchase({ db, stripe, user, courseId: request.courseId, now: opts.now });
  const tier = checkoutTier(request.tier);
  const current = await findSubscription(db, user.id, opts.now);
  if (current?.stripeSubscriptionId && ["active", "trialing", "past_due"].includes(current.status))
    throw new AppError(
      "CONFLICT",
      "You already have an active subscription. Use Manage Subscription to change or cancel it.",
    );
  const price = await findPriceMapping(db, tier);
  if (!price?.providerPriceId)
    throw new AppError(
      "PAYMENTS_NOT_CONFIGURED",
      "No online price is set for this plan yet. Ask an administrator (npm run cli -- prices:set).",
    );
  let promotionCode: string | undefined;
  if (request.couponCode?.trim()) {
    const coupon = await validateCoupon({
      stripe,
      code: request.couponCode,
      nowS: Math.floor(opts.now.getTime() / 1000),
    });
    if (!coupon.valid || !coupon.promotion_code_id) throw new AppError("BAD_REQUEST", "Invalid or expired promo code");
    promotionCode = coupon.promotion_code_id;
  }
  try {
    const customer = await ensureCustomer({ db, stripe, user });
    const metadata: Record<string, string> = { userId: user.id, tier, originalTier: request.tier ?? tier };
    if (request.affiliateId) metadata.affiliateId = request.affiliateId;
    const sub = await stripe.subscriptions.create({
      customer,
      items: [{ price: price.providerPriceId }],
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      metadata,
      ...(promotionCode ? { discounts: [{ promotion_code: promotionCode }] } : {}),
      expand: ["latest_invoice.confirmation_secret", "pending_setup_intent"],
    });
    const setup = sub.pending_setup_intent;
    const invoice = typeof sub.latest_invoice === "object" ? sub.latest_invoice : null;
    const currency = invoice?.currency ?? price.displayCurrency.toLowerCase();
    if (setup && typeof setup === "object" && setup.client_secret)
      return { clientSecret: setup.client_secret, flow: "setup", tier, amountCents: 0, currency };
    const secret = invoice?.confirmation_secret?.client_secret;
    if (!secret) throw new AppError("PAYMENT_PROVIDER_ERROR", "No response data from payment handler");
    return { clientSecret: secret, flow: "payment", tier, amountCents: invoice?.amount_due ?? 0, currency };
  } catch (err) {
    providerFailure(err);
  }
}
