/** `GET /api/subscription` response (SPEC.md §3/§7 get-user-subscription), shared by server and web. */
import type { TierName } from "../domain/plans";

export interface SubscriptionSummary {
  isActive: boolean;
  tierName: TierName;
  status: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  stripe_price_id: string | null;
  stripe_customer_id: string | null;
  trial_end: string | null;
}
