/**
 * Billing routes (SPEC.md §3, §6, §7): plan prices, the subscription summary and the feature
 * check. Pricing's plain types and the §9 fallback stay in ./pricing.ts (the web imports the
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
