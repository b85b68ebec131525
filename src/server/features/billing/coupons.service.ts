/**
 * Promo codes (SPEC.md §3 coupon validation response, §5; issue 14 §3): a code is upper-cased and
 * looked up among Stripe's active promotion codes.
 */
import type Stripe from "stripe";
import type { CouponValidation } from "../../../contract/billing";
import { providerFailure } from "./stripe-provider";

const INVALID: CouponValidation = {
  valid: false,
  promotion_code_id: null,
  coupon_id: null,
  percent_off: null,
  amount_off: null,
  duration: null,
  duration_in_months: null,
};

/** Upper-cased, trimmed code (SPEC.md §5). */
export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();

/**
 * The §3 fields of an active, unexpired promotion code `code` (upper-cased first), or
 * `{valid: false, …null}` when there is none. `nowS` is the current time in unix seconds.
 * Throws 502 PAYMENT_PROVIDER_ERROR when Stripe cannot be reached (the web shows 'Unable to validate promo code').
 */
export async function validateCoupon(opts: { stripe: Stripe; code: string; nowS: number }): Promise<CouponValidation> {
  const code = normalizeCouponCode(opts.code);
  if (!code) return INVALID;
  let list: Stripe.ApiList<Stripe.PromotionCode>;
  try {
    list = await opts.stripe.promotionCodes.list({ code, active: true, limit: 1, expand: ["data.promotion.coupon"] });
  } catch (err) {
    providerFailure(err);
  }
  const promo = list.data.find((p) => p.code.toUpperCase() === code && p.active);
  if (!promo) return INVALID;
  if (promo.expires_at && promo.expires_at <= opts.nowS) return INVALID;
  if (promo.max_redemptions && promo.times_redeemed >= promo.max_redemptions) return INVALID;
  const coupon = promo.promotion.coupon;
  if (!coupon || typeof coupon === "string" || !coupon.valid) return INVALID;
  return {
    valid: true,
    promotion_code_id: promo.id,
    coupon_id: coupon.id,
    percent_off: coupon.percent_off ?? null,
    amount_off: coupon.amount_off ?? null,
    duration: coupon.duration,
    duration_in_months: coupon.duration_in_months ?? null,
  };
}
