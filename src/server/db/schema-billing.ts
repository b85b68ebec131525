import { boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./schema-columns";
import { user } from "./schema-auth";

/** SPEC.md §3 Subscription. `status`: trialing | active | canceled | past_due | expired. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    priceId: text("price_id"),
    productId: text("product_id"),
    interval: text("interval"),
    intervalCount: integer("interval_count"),
    stripeCustomerId: text("stripe_customer_id"),
    createdAt: createdAt(),
    currentPeriodEnd: ts("current_period_end"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    trialEnd: ts("trial_end"),
  },
  (t) => [index("subscriptions_user_id_idx").on(t.userId)],
);

/** SPEC.md §3 Pricing entry; read by GET /api/pricing with the §9 fallback. */
export const pricing = pgTable("pricing", {
  id: text("id").primaryKey(),
  tierName: text("tier_name").notNull(),
  intervalType: text("interval_type").notNull(),
  displayPriceCents: integer("display_price_cents").notNull(),
  displayCurrency: text("display_currency").notNull().default("USD"),
  formattedPrice: text("formatted_price").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

// ── official content (issue 3) ───────────────────────────────────────────────
const _retiredAt = () => ts("retired_at");
