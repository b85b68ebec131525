/** `GET /api/subscription` response (SPEC.md §3/§7 get-user-subscription), shared by server and web. */
import { z } from "zod";

/** Tier names as SPEC.md §3 spells them (domain/plans.ts `TierName`). */
export const tierNameSchema = z.enum(["Free", "Trial", "premium", "unlimited"]);

export const subscriptionSummarySchema = z.object({
  isActive: z.boolean(),
  tierName: tierNameSchema,
  status: z.string().nullable(),
  /** ISO 8601 UTC instant. */
  current_period_end: z.string().nullable().describe("ISO 8601 UTC"),
  cancel_at_period_end: z.boolean(),
  stripe_price_id: z.string().nullable(),
  stripe_customer_id: z.string().nullable(),
  /** ISO 8601 UTC instant. */
  trial_end: z.string().nullable().describe("ISO 8601 UTC"),
  /** After a failed renewal (status past_due): access continues until this instant (issue 14 §4). */
  grace_until: z.string().nullable().describe("ISO 8601 UTC; set while past_due"),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;
