/**
 * Monthly message quota and counters (SPEC.md §3 message_counts and profiles.lifetime_message_count,
 * §6 Free = 10 messages a month, §9 months from the 1st, UTC).
 *
 * `consumeMessage` is one atomic conditional upsert on (user_id, period_start):
 *   INSERT … VALUES (count 1) ON CONFLICT DO UPDATE SET count = count + 1 WHERE count < limit RETURNING count
 * PostgreSQL locks the conflicting row and re-checks the WHERE against its latest version, so when a
 * student with one message left sends many at once exactly one gets a row back; the others get none
 * and are refused with 429 MESSAGE_LIMIT_REACHED. Unlimited tiers upsert without the WHERE so the
 * count stays true for statistics.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Usage } from "../../../contract/threads";
import { monthPeriod, type TierName, usagePercent } from "../../../domain/plans";
import type { DbOrTx } from "../../db/client";
import { messageCounts, profiles } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { getSettings } from "../admin/settings.service";

/** The 429 text for a Free month used up (`limit`: the free message limit of the site settings). */
export const limitMessage = (limit: number) =>
  `You've used all ${limit} of this month's free messages. Upgrade to Unlimited for unlimited chat, or wait until your messages reset on the 1st.`;

/**
 * Messages a month for `tier`: the Free plan's limit from the site settings (admin settings page,
 * default 10, SPEC.md §6); null (unlimited) for every other tier.
 */
export async function messageLimitFor(db: DbOrTx, tier: TierName): Promise<number | null> {
  return tier === "Free" ? (await getSettings(db)).freeMessageLimit : null;
}

/**
 * Takes one message from the user's month (and adds one to the lifetime count).
 * Returns the month's new count and the period it was taken from (for a refund).
 * Throws 429 MESSAGE_LIMIT_REACHED (details: limit, count, resetsAt) when the month is used up.
 * Run inside the transaction that stores the user's message so both commit or neither does.
 */
export async function consumeMessage(opts: {
  db: DbOrTx;
  userId: string;
  tier: TierName;
  now: Date;
}): Promise<{ count: number; periodStart: Date }> {
  const { db } = opts;
  const limit = await messageLimitFor(db, opts.tier);
  const { start, end } = monthPeriod(opts.now);
  const rows = await db
    .insert(messageCounts)
    .values({
      userId: opts.userId,
      count: 1,
      periodStart: start,
      periodEnd: end,
      createdAt: opts.now,
      updatedAt: opts.now,
    })
    .onConflictDoUpdate({
      target: [messageCounts.userId, messageCounts.periodStart],
      set: { count: sql`${messageCounts.count} + 1`, updatedAt: opts.now },
      ...(limit == null ? {} : { setWhere: sql`${messageCounts.count} < ${limit}` }),
    })
    .returning({ count: messageCounts.count });
  if (!rows.length) {
    throw new AppError("MESSAGE_LIMIT_REACHED", limitMessage(limit ?? 0), {
      limit,
      count: limit,
      resetsAt: end.toISOString(),
    });
  }
  await db
    .update(profiles)
    .set({ lifetimeMessageCount: sql`${profiles.lifetimeMessageCount} + 1` })
    .where(eq(profiles.id, opts.userId));
  return { count: rows[0].count, periodStart: start };
}

/**
 * Gives back a message taken by `consumeMessage` when no answer was delivered (the provider failed):
 * the student does not pay for our outage, and a retry takes it again. Never below zero.
 */
export async function refundMessage(opts: { db: DbOrTx; userId: string; periodStart: Date }): Promise<void> {
  const { db } = opts;
  await db.transaction(async (tx) => {
    await tx
      .update(messageCounts)
      .set({ count: sql`greatest(${messageCounts.count} - 1, 0)` })
      .where(and(eq(messageCounts.userId, opts.userId), eq(messageCounts.periodStart, opts.periodStart)));
    await tx
      .update(profiles)
      .set({ lifetimeMessageCount: sql`greatest(${profiles.lifetimeMessageCount} - 1, 0)` })
      .where(eq(profiles.id, opts.userId));
  });
}

/** The user's usage for the month containing `now` (SPEC.md §2.4 /settings/statistics). */
export async function getUsage(opts: { db: DbOrTx; userId: string; tier: TierName; now: Date }): Promise<Usage> {
  const { db } = opts;
  const limit = await messageLimitFor(db, opts.tier);
  const { start, end } = monthPeriod(opts.now);
  const [[row], [profile]] = await Promise.all([
    db
      .select({ count: messageCounts.count })
      .from(messageCounts)
      .where(and(eq(messageCounts.userId, opts.userId), eq(messageCounts.periodStart, start))),
    db.select({ lifetime: profiles.lifetimeMessageCount }).from(profiles).where(eq(profiles.id, opts.userId)),
  ]);
  const count = row?.count ?? 0;
  return {
    tierName: opts.tier,
    count,
    limit,
    remaining: limit == null ? null : Math.max(0, limit - count),
    percent: limit == null ? 0 : usagePercent(count, limit),
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
    lifetime: profile?.lifetime ?? 0,
  };
}
