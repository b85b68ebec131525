/**
 * Billing calls of the web client (issue 14, decision 054), typed from src/contract/billing.ts.
 * SPEC.md §8 portal messages are chosen here from the server's error codes.
 */
import type { BodyOf, ResponseOf } from "../../../contract/route";
import type { billingPaymentsApi, referralsApi, renewApi } from "../../../contract/billing";
import { ApiError, api } from "../../lib/api";

export type Checkout = ResponseOf<typeof billingPaymentsApi.checkout>;
export type BillingConfig = ResponseOf<typeof billingPaymentsApi.config>;

export const getBillingConfig = () => api<BillingConfig>("/api/billing/config");

export const startCheckout = (body: BodyOf<typeof billingPaymentsApi.checkout>) =>
  api<Checkout>("/api/billing/checkout", { body, timeoutMs: 45_000 });

export const validateCoupon = (couponCode: string) =>
  api<ResponseOf<typeof billingPaymentsApi.validateCoupon>>("/api/billing/validate-coupon", { body: { couponCode } });

/** Which settings card a portal failure shows (SPEC.md §2.4, §8). */
export type PortalProblem = { kind: "no-subscription" | "session" | "generic"; message: string };

/** SPEC.md §8 portal error text for a failed `POST /api/billing/portal`. */
export function portalProblem(err: unknown): PortalProblem {
  if (err instanceof ApiError) {
    if (err.status === 404 || /stripe_customer_id/i.test(err.message))
      return { kind: "no-subscription", message: "No subscription found. Please purchase a subscription first." };
    if (err.status === 401) return { kind: "session", message: "Authentication error. Please log in again." };
    if (err.status === 403)
      return { kind: "generic", message: "You do not have permission to access the subscription portal." };
    if (err.status >= 500) return { kind: "generic", message: "Server error. Please notify support." };
    return { kind: "generic", message: err.message || "Error accessing customer portal" };
  }
  return { kind: "generic", message: "Error accessing customer portal" };
}

/** Opens the Stripe billing portal in a new tab (opened before the call so no popup blocker stops it). */
export async function openPortal(): Promise<void> {
  const tab = window.open("about:blank", "_blank");
  try {
    const r = await api<{ url?: string }>("/api/billing/portal", { method: "POST" });
    if (!r?.url) throw new ApiError("BAD_REQUEST", "Invalid response from subscription portal", 200);
    if (tab) tab.location.href = r.url;
    else window.location.assign(r.url);
  } catch (err) {
    tab?.close();
    throw err;
  }
}

export type ReferralStats = ResponseOf<typeof referralsApi.me>;
export type RenewResult = ResponseOf<typeof renewApi.renew>;

/** `GET /api/referrals/me`: code, link and Refer & Earn figures. */
export const getReferrals = () => api<ReferralStats>("/api/referrals/me");

/** `POST /api/referrals/claim`: a referral code typed at checkout. */
export const claimReferral = (code: string) =>
  api<ResponseOf<typeof referralsApi.claim>>("/api/referrals/claim", { body: { code } });

/** `POST /api/billing/renew` (SPEC.md §4 banner Renew). */
export const renewSubscription = () => api<RenewResult>("/api/billing/renew", { method: "POST" });

/**
 * The price after a promo code (SPEC.md §3 coupon fields): percent_off first, else amount_off
 * (cents), never below 0. Integer cents.
 */
export function discounted(cents: number, c: { percent_off: number | null; amount_off: number | null }): number {
  if (c.percent_off) return Math.max(0, Math.round(cents * (1 - c.percent_off / 100)));
  if (c.amount_off) return Math.max(0, cents - c.amount_off);
  return cents;
}
