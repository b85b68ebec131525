/**
 * Billing routes (SPEC.md §3, §6, §7; issue 14, decision 054): plan prices, the subscription
 * summary, the feature check, and Stripe checkout, promo codes, the customer portal and webhooks. Pricing's plain types and the §9 fallback stay in ./pricing.ts (the web imports the
 * fallback at runtime, so it must not pull zod in).
 */
import { z } from "zod";
import { FEATURE_IDS } from "../domain/plans";
import type { PricingEntry, PricingResponse } from "./pricing";
import { defineRoute } from "./route";
import { subscriptionSummarySchema } from "./subscription";

export const pricingEntrySchema = z.object({
  tier_name: z.string(),
  interval_type: z.string().describe('"month" or "year"'),
  display_price_cents: z.number().int().describe("integer cents"),
  display_currency: z.string().describe("ISO 4217, e.g. USD"),
  formatted_price: z.string().describe('ready to show, e.g. "$10"'),
});
export const pricingResponseSchema = z.object({
  success: z.boolean(),
  source: z.enum(["database", "fallback"]),
  data: z.array(pricingEntrySchema),
});

// The plain types of ./pricing.ts and these schemas describe the same shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _samePricing: Same<z.infer<typeof pricingResponseSchema>, PricingResponse> &
  Same<z.infer<typeof pricingEntrySchema>, PricingEntry> = true;
void _samePricing;

export const billingApi = {
  pricing: defineRoute({
    method: "get",
    path: "/api/pricing",
    summary: "Plan prices from the pricing table, or the SPEC.md §9 fallback ($10 USD) with source 'fallback'.",
    tags: ["billing"],
    auth: "public",
    responses: { 200: pricingResponseSchema },
  }),
  subscription: defineRoute({
    method: "get",
    path: "/api/subscription",
    summary: "Subscription status summary (SPEC.md §7 get-user-subscription).",
    tags: ["billing"],
    responses: { 200: subscriptionSummarySchema },
  }),
  feature: defineRoute({
    method: "get",
    path: "/api/features/:feature",
    summary:
      "Whether the signed-in user's tier includes a feature (SPEC.md §3 feature ids); 403 UPGRADE_REQUIRED when not, 404 for an unknown id.",
    tags: ["billing"],
    responses: { 200: z.object({ feature: z.enum(FEATURE_IDS), allowed: z.literal(true) }) },
    errors: ["UPGRADE_REQUIRED", "NOT_FOUND"],
  }),
};

/** `POST /api/billing/checkout` body (DESIGN.md §5; SPEC.md §7 create-payment-handler). */
export const checkoutRequestSchema = z.object({
  purchaseType: z.enum(["subscription", "course"]),
  tier: z
    .string()
    .max(40)
    .optional()
    .describe("premium or unlimited, any case; 'premium' maps to 'unlimited' (SPEC.md §4). Default unlimited."),
  courseId: z.string().max(200).optional(),
  couponCode: z.string().max(100).optional().describe("a promotion code, upper-cased by the server"),
  affiliateId: z.string().max(200).optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const checkoutResponseSchema = z.object({
  clientSecret: z.string().describe("seti_… = setup flow (trial or 100%-off start); otherwise a PaymentIntent secret"),
  flow: z.enum(["setup", "payment"]),
  tier: z.literal("unlimited").nullable(),
  amountCents: z.number().int().describe("first charge after discounts, integer cents"),
  currency: z.string().describe("ISO 4217, lower case"),
});

/** SPEC.md §3 coupon validation response. */
export const couponValidationSchema = z.object({
  valid: z.boolean(),
  promotion_code_id: z.string().nullable(),
  coupon_id: z.string().nullable(),
  percent_off: z.number().nullable(),
  amount_off: z.number().int().nullable().describe("integer cents"),
  duration: z.string().nullable().describe("once, repeating or forever"),
  duration_in_months: z.number().int().nullable(),
});
export type CouponValidation = z.infer<typeof couponValidationSchema>;

export const billingConfigSchema = z.object({
  configured: z.boolean().describe("false: online payment is off and an administrator grants plans"),
  publishableKey: z.string().nullable(),
});

export const billingPaymentsApi = {
  config: defineRoute({
    method: "get",
    path: "/api/billing/config",
    summary: "Whether online payment is configured, and the Stripe publishable key for the Payment Element.",
    tags: ["billing"],
    auth: "public",
    responses: { 200: billingConfigSchema },
  }),
  checkout: defineRoute({
    method: "post",
    path: "/api/billing/checkout",
    summary:
      "Starts a subscription (Stripe subscription, default_incomplete) or a course purchase (PaymentIntent) and answers the client secret for the Payment Element. 409 PAYMENTS_NOT_CONFIGURED without Stripe keys; 409 CONFLICT when already subscribed; 400 BAD_REQUEST 'Invalid or expired promo code'.",
    tags: ["billing"],
    body: checkoutRequestSchema,
    responses: { 200: checkoutResponseSchema },
    errors: [
      "PAYMENTS_NOT_CONFIGURED",
      "PAYMENT_FAILED",
      "PAYMENT_PROVIDER_ERROR",
      "CONFLICT",
      "NOT_FOUND",
      "BAD_REQUEST",
    ],
    stable: true,
  }),
  validateCoupon: defineRoute({
    method: "post",
    path: "/api/billing/validate-coupon",
    summary:
      "Looks up an active promotion code (upper-cased) and answers the SPEC.md §3 coupon fields; valid:false with null fields when unknown, inactive or expired.",
    tags: ["billing"],
    body: z.object({ couponCode: z.string().max(100) }),
    responses: { 200: couponValidationSchema },
    errors: ["PAYMENTS_NOT_CONFIGURED", "PAYMENT_PROVIDER_ERROR"],
    stable: true,
  }),
  portal: defineRoute({
    method: "post",
    path: "/api/billing/portal",
    summary:
      "Opens a Stripe billing portal session for the signed-in user's customer; 404 'No subscription found. Please purchase a subscription first.' without one (SPEC.md §8).",
    tags: ["billing"],
    responses: { 200: z.object({ url: z.string().describe("Stripe-hosted portal URL; open in a new tab") }) },
    errors: ["PAYMENTS_NOT_CONFIGURED", "PAYMENT_PROVIDER_ERROR", "NOT_FOUND"],
    stable: true,
  }),
  webhook: defineRoute({
    method: "post",
    path: "/api/billing/webhook",
    summary:
      "Stripe webhook endpoint: the Stripe-Signature is verified on the raw body (400 on a bad or stale one); each event id is applied once (a replay answers duplicate:true and changes nothing).",
    tags: ["billing"],
    auth: "public",
    rawBody: { contentType: "application/json", description: "a Stripe event, exactly as Stripe sent it" },
    responses: {
      200: z.object({
        received: z.literal(true),
        duplicate: z.boolean(),
        outcome: z.string().describe("applied, ignored_stale, unknown_user or unhandled"),
      }),
    },
    errors: ["BAD_REQUEST", "PAYMENTS_NOT_CONFIGURED"],
    stable: true,
  }),
};

/** `GET /api/referrals/me` (DESIGN.md §5; issue 14 item 9, decision 058). */
export const referralStatsSchema = z.object({
  enabled: z.boolean().describe("false: rewards are off (no Stripe, or REFERRAL_REWARD_CENTS=0)"),
  code: z.string().describe("the user's short referral code, upper case"),
  link: z.string().describe("<APP_URL>/?ref=CODE"),
  invited: z.number().int().describe("browsers that arrived through the link for the first time"),
  signedUp: z.number().int().describe("sign-ups attributed to the code"),
  paid: z.number().int().describe("referred users whose first invoice was paid (not refunded within 30 days)"),
  creditCents: z.number().int().describe("referral credit earned as Stripe customer balance, integer cents"),
  rewardCents: z.number().int().describe("the reward per side for each paid referral, integer cents"),
  referredBy: z.boolean().describe("whether this user's own sign-up is attributed to someone"),
});
export type ReferralStats = z.infer<typeof referralStatsSchema>;

export const referralsApi = {
  me: defineRoute({
    method: "get",
    path: "/api/referrals/me",
    summary:
      "The signed-in user's referral code and link (created on first call) and their figures: invites, sign-ups, paid conversions, credit earned.",
    tags: ["billing"],
    responses: { 200: referralStatsSchema },
    stable: true,
  }),
  claim: defineRoute({
    method: "post",
    path: "/api/referrals/claim",
    summary:
      "Attributes the signed-in user to the owner of a referral code typed at checkout (first touch). 404 unknown code; 400 own code (same account or e-mail); 409 already referred or already paid.",
    tags: ["billing"],
    body: z.object({ code: z.string().max(40) }),
    responses: { 200: z.object({ attributed: z.literal(true) }) },
    errors: ["NOT_FOUND", "BAD_REQUEST", "CONFLICT"],
  }),
};

/** `POST /api/billing/renew` (SPEC.md §4 subscription banner Renew, §7 renew_manual_subscription). */
export const renewResponseSchema = z.union([
  z.object({
    renewed: z.literal(true),
    current_period_end: z.string().describe("ISO 8601 UTC: the new end, 30 days on"),
  }),
  z.object({ renewed: z.literal(false), checkout: z.literal(true).describe("not manual: start checkout instead") }),
]);

export const renewApi = {
  renew: defineRoute({
    method: "post",
    path: "/api/billing/renew",
    summary:
      "Renew from the §4 banner: a manual subscription (price id manual_activation_…) is renewed for 30 days from its end (or from now when it has ended); any other answers {renewed:false, checkout:true} and the web starts checkout.",
    tags: ["billing"],
    responses: { 200: renewResponseSchema },
  }),
};
