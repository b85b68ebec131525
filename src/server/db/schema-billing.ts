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

// ── referral program (issue 14 item 9, decision 058) ────────────────────────
/**
 * Each user's referral code (created on first use), and `invites`: how many browsers arrived
 * through the referral link for the first time (first touch, SPEC.md §2.4 Refer & Earn).
 */
export const referralCodes = pgTable("referral_codes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  code: text("code").notNull().unique(),
  invites: integer("invites").notNull().default(0),
  createdAt: createdAt(),
});

/**
 * One referral per referred user (first touch wins). `source`: link (a `?ref=` visit within 30
 * days before sign-up) or checkout (the code typed at checkout). `status`: attributed → converted
 * (first paid invoice; rewards created) → clawed_back (refund within 30 days); or rejected
 * (`rejectReason`: self_card — the same card as the referrer).
 */
export const referrals = pgTable(
  "referrals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referrerId: text("referrer_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    referredId: text("referred_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    source: text("source").notNull(),
    status: text("status").notNull().default("attributed"),
    rejectReason: text("reject_reason"),
    attributedAt: ts("attributed_at").notNull().defaultNow(),
    convertedAt: ts("converted_at"),
  },
  (t) => [index("referrals_referrer_idx").on(t.referrerId)],
);

/**
 * A reward of a converted referral, one per beneficiary (`role` referrer | referred): Stripe
 * customer balance credit of `amountCents`. `status`: pending → credited (`stripeTxnId`), or
 * rejected (same card) / canceled (refunded before it was credited); a refund within 30 days of
 * the grant: clawback_pending → clawed_back (`clawbackTxnId`). Stripe is called after the webhook's
 * transaction commits; `crediting` / `clawing_back` mark a row claimed by one process.
 */
export const referralRewards = pgTable(
  "referral_rewards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referralId: uuid("referral_id")
      .notNull()
      .references(() => referrals.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull().default("pending"),
    stripeTxnId: text("stripe_txn_id"),
    clawbackTxnId: text("clawback_txn_id"),
    createdAt: createdAt(),
    creditedAt: ts("credited_at"),
  },
  (t) => [
    uniqueIndex("referral_rewards_referral_role_idx").on(t.referralId, t.role),
    index("referral_rewards_user_idx").on(t.userId),
  ],
);
