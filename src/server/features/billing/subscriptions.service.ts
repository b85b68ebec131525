/**
 * Subscription rows and the status summary of SPEC.md §3/§7 (`GET /api/subscription`).
 */
import { desc, eq } from "drizzle-orm";
import { isActiveSubscription, MANUAL_RENEWAL_DAYS, TRIAL_DAYS, tierName } from "../../../domain/plans";
import type { SubscriptionSummary } from "../../../contract/subscription";
import type { Db, DbOrTx } from "../../db/client";
import { subscriptions } from "../../db/schema";

const DAY_MS = 86_400_000;

export type { SubscriptionSummary };

type Row = typeof subscriptions.$inferSelect;

/** The user's most relevant subscription: an active one if any, else the newest. */
export async function findSubscription(db: Db, userId: string, now = new Date()): Promise<Row | null> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt));
  return (
    rows.find((r) =>
      isActiveSubscription({ status: r.status, currentPeriodEnd: r.currentPeriodEnd, graceUntil: r.graceUntil }, now),
    ) ??
    rows[0] ??
    null
  );
}

export function summarize(row: Row | null, now = new Date()): SubscriptionSummary {
  const like = row
    ? { status: row.status, priceId: row.priceId, currentPeriodEnd: row.currentPeriodEnd, graceUntil: row.graceUntil }
    : null;
  return {
    isActive: isActiveSubscription(like, now),
    tierName: tierName(like, now),
    status: row?.status ?? null,
    current_period_end: row?.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: row?.cancelAtPeriodEnd ?? false,
    stripe_price_id: row?.priceId ?? null,
    stripe_customer_id: row?.stripeCustomerId ?? null,
    trial_end: row?.trialEnd?.toISOString() ?? null,
    grace_until: row?.graceUntil?.toISOString() ?? null,
  };
}

export async function getSubscriptionSummary({
  db,
  userId,
  now = new Date(),
}: {
  db: DbOrTx;
  userId: string;
  now?: Date;
}): Promise<SubscriptionSummary> {
  return summarize(await findSubscription(db, userId, now), now);
}

/**
 * Starts the no-card trial of SPEC.md §1 once per user (a second call does nothing): `days` long
 * (the site settings' default trial length, 7 unless an admin changed it; 0 = no trial).
 */
export async function startTrial({
  db,
  userId,
  now = new Date(),
  days = TRIAL_DAYS,
}: {
  db: DbOrTx;
  userId: string;
  now?: Date;
  days?: number;
}): Promise<void> {
  if (days <= 0) return;
  const existing = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  if (existing.length) return;
  const end = new Date(now.getTime() + days * DAY_MS);
  await db.insert(subscriptions).values({
    userId,
    status: "trialing",
    priceId: "trial",
    currentPeriodEnd: end,
    trialEnd: end,
    interval: "day",
    intervalCount: days,
  });
}

/**
 * Operator plan change (`users:set-plan`): free ends every active subscription now; trial starts a
 * fresh 7-day trial; unlimited grants a manual 30-day Unlimited subscription
 * (price id `manual_activation_unlimited`, SPEC.md §3).
 */
export async function setPlan({
  db,
  userId,
  plan,
  now = new Date(),
}: {
  db: DbOrTx;
  userId: string;
  plan: "free" | "trial" | "unlimited";
  now?: Date;
}): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(subscriptions)
      .set({ status: "canceled", currentPeriodEnd: now })
      .where(eq(subscriptions.userId, userId));
    if (plan === "trial") {
      const end = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
      await tx
        .insert(subscriptions)
        .values({ userId, status: "trialing", priceId: "trial", currentPeriodEnd: end, trialEnd: end });
    } else if (plan === "unlimited") {
      const end = new Date(now.getTime() + MANUAL_RENEWAL_DAYS * DAY_MS);
      await tx.insert(subscriptions).values({
        userId,
        status: "active",
        priceId: "manual_activation_unlimited",
        productId: "unlimited",
        currentPeriodEnd: end,
        interval: "month",
        intervalCount: 1,
      });
    }
  });
}
