import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./schema-columns";
import { user } from "./schema-auth";

/**
 * SPEC.md §3 Subscription. `status`: trialing | active | canceled | past_due | expired, or a Stripe
 * status (incomplete, incomplete_expired, unpaid, paused) for rows written by the webhook
 * (decision 054). `stripe_subscription_id` keys those rows; `last_event_at` is the `created`
 * instant of the newest Stripe event applied (older events are ignored); `grace_until` is the end
 * of the 7-day grace period after a failed renewal (a past_due row stays active until then).
 */
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
    stripeSubscriptionId: text("stripe_subscription_id"),
    lastEventAt: ts("last_event_at"),
    graceUntil: ts("grace_until"),
  },
  (t) => [
    index("subscriptions_user_id_idx").on(t.userId),
    uniqueIndex("subscriptions_stripe_subscription_id_idx").on(t.stripeSubscriptionId),
  ],
);

/** The Stripe customer of each user (decision 054): one per user, created at the first checkout. */
export const billingCustomers = pgTable("billing_customers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * The webhook event ledger (decision 054): one row per Stripe event id, written in the same
 * transaction as the event's effect, so a replayed event has no second effect. `outcome` says
 * what was done (applied, ignored_stale, unknown_user, unhandled); `user_id` is not a foreign key
 * (an event for an unknown or deleted user is still recorded).
 */
export const billingEvents = pgTable(
  "billing_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    /** The event's own `created` instant (Stripe's clock). */
    eventCreatedAt: ts("event_created_at").notNull(),
    receivedAt: createdAt(),
    userId: text("user_id"),
    outcome: text("outcome").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index("billing_events_type_idx").on(t.type, t.eventCreatedAt)],
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
  /** The Stripe price id checkout uses for this tier and interval (issue 14 §7); none = not for sale online. */
  providerPriceId: text("provider_price_id").unique(),
  active: boolean("active").notNull().default(true),
});

// ── official content (issue 3) ───────────────────────────────────────────────
const _retiredAt = () => ts("retired_at");
