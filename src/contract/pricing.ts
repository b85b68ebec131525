/**
 * Pricing entries (SPEC.md §3) as `GET /api/pricing` returns them (§7 get-pricing:
 * `{success, source, data}`), and the §9 fallback both halves use when pricing cannot be read:
 * $10 USD (1000 cents) for Premium and Unlimited.
 */
import { FALLBACK_PRICE_CENTS } from "../domain/plans";

export interface PricingEntry {
  tier_name: string;
  /** "month" or "year". */
  interval_type: string;
  /** Integer cents. */
  display_price_cents: number;
  /** ISO 4217, e.g. "USD". */
  display_currency: string;
  /** Ready to show, e.g. "$10". */
  formatted_price: string;
}

export interface PricingResponse {
  success: boolean;
  /** "database" when read from the pricing table, "fallback" otherwise. */
  source: "database" | "fallback";
  data: PricingEntry[];
}

export const FALLBACK_PRICING: PricingEntry[] = [
  { tier_name: "Free", interval_type: "month", display_price_cents: 0, display_currency: "USD", formatted_price: "$0" },
  {
    tier_name: "Premium",
    interval_type: "month",
    display_price_cents: FALLBACK_PRICE_CENTS,
    display_currency: "USD",
    formatted_price: "$10",
  },
  {
    tier_name: "Unlimited",
    interval_type: "month",
    display_price_cents: FALLBACK_PRICE_CENTS,
    display_currency: "USD",
    formatted_price: "$10",
  },
];

/** The entry for a tier (case-insensitive), else the fallback's. */
export function priceFor(data: PricingEntry[], tier: "Free" | "Unlimited"): PricingEntry {
  const hit = data.find((p) => p.tier_name.toLowerCase() === tier.toLowerCase());
  return hit ?? FALLBACK_PRICING.find((p) => p.tier_name === tier)!;
}
