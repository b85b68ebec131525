/**
 * First-party analytics (SPEC.md §7, issue 17 §4): `track()` stores one `analytics_events` row
 * and bumps the roll-ups the admin dashboard reads (`analytics_daily`, `user_activity_days`, and on
 * a user's first event of a UTC day `user_activity` and the `active_users` daily count; decision 068).
 * No third-party script, no cookie of its own. Never throws: analytics must not break a request.
 *
 * Privacy: an event never carries message text or note content. Properties named like content
 * (`content`, `text`, `html`, `body`, `message`, `note`, `title`, `question`, `answer`) are
 * dropped before the row is written, and string values are cut to 200 characters.
 *
 * The first `purchase_complete` of a user also records `conversion` (the conversion event on the
 * first paid invoice). Retention: `pruneAnalytics()` deletes events older than
 * ANALYTICS_RETENTION_DAYS (the `analytics.prune` job, daily; roll-ups are kept).
 */
import { and, eq, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { analyticsDaily, analyticsEvents, userActivity, userActivityDays } from "../../db/schema";

/** The event names of SPEC.md §7, plus `visit` (a public page view, the funnel's first step). */
export const ANALYTICS_NAMES = [
  "visit",
  "signed_up",
  "logged_in",
  "logged_out",
  "chat_thread_created",
  "chat_message_sent",
  "chat_response_received",
  "view_course",
  "lesson_completed",
  "course_enrolled",
  "flashcard_created",
  "flashcard_studied",
  "search",
  "filter_applied",
  "initiate_checkout",
  "purchase_complete",
  "subscription_canceled",
  "conversion",
] as const;
export type AnalyticsName = (typeof ANALYTICS_NAMES)[number];

const CONTENT_KEYS = /^(content|text|html|body|message|note|notes|title|question|answer|prompt)$/i;

/** Properties with content-like keys removed and strings capped (see the file comment). */
export function scrubProperties(p: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p)) {
    if (CONTENT_KEYS.test(k) || v === undefined) continue;
    out[k] = typeof v === "string" ? v.slice(0, 200) : v;
  }
  return out;
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

export async function track({
  db,
  name,
  userId,
  properties = {},
  now = new Date(),
}: {
  db: DbOrTx;
  name: AnalyticsName;
  userId: string | null;
  properties?: Record<string, unknown>;
  now?: Date;
}) {
  try {
    // The event and every roll-up it feeds in one transaction (a savepoint inside the caller's):
    // the roll-ups never disagree with the events (decision 075), and a failure here is undone
    // without aborting the caller's transaction.
    await db.transaction(async (tx) => {
      const props = scrubProperties(properties);
      const day = utcDay(now);
      await tx.insert(analyticsEvents).values({ name, userId, properties: props, createdAt: now });
      await tx
        .insert(analyticsDaily)
        .values({ day, name, count: 1 })
        .onConflictDoUpdate({
          target: [analyticsDaily.day, analyticsDaily.name],
          set: { count: sql`${analyticsDaily.count} + 1` },
        });
      if (userId && name !== "visit") {
        const added = await tx
          .insert(userActivityDays)
          .values({ userId, day })
          .onConflictDoNothing()
          .returning({ day: userActivityDays.day });
        if (added.length) await noteActiveDay(tx, userId, day);
      }
      if (name === "purchase_complete" && userId) {
        const [seen] = await tx
          .select({ id: analyticsEvents.id })
          .from(analyticsEvents)
          .where(and(eq(analyticsEvents.userId, userId), eq(analyticsEvents.name, "conversion")))
          .limit(1);
        if (!seen) await track({ db: tx, name: "conversion", userId, properties: props, now });
      }
    });
  } catch {
    // ignored on purpose
  }
}

/** The internal `analytics_daily` roll-up of users active per UTC day (not an event; decision 068). */
export const ACTIVE_USERS_ROLLUP = "active_users";

/** Week 1 of the funnel: the 7 UTC days after the sign-up day (SQL over `day` and the user's created_at). */
const inWeek1 = (day: ReturnType<typeof sql>, createdAt: ReturnType<typeof sql>) =>
  sql`(${day} > (${createdAt} at time zone 'UTC')::date and ${day} <= (${createdAt} at time zone 'UTC')::date + 7)`;

/**
 * A user's first event of a UTC day (decision 068): one more active user that day, and the user's
 * last active day and week-1 flag in `user_activity`.
 */
async function noteActiveDay(db: DbOrTx, userId: string, day: string) {
  await db
    .insert(analyticsDaily)
    .values({ day, name: ACTIVE_USERS_ROLLUP, count: 1 })
    .onConflictDoUpdate({
      target: [analyticsDaily.day, analyticsDaily.name],
      set: { count: sql`${analyticsDaily.count} + 1` },
    });
  await db.execute(sql`insert into ${userActivity} (user_id, last_active_day, active_week1)
    select u.id, ${day}::date, ${inWeek1(sql`${day}::date`, sql`u.created_at`)} from "user" u where u.id = ${userId}
    on conflict (user_id) do update set
      last_active_day = greatest(${userActivity}.last_active_day, excluded.last_active_day),
      active_week1 = ${userActivity}.active_week1 or excluded.active_week1`);
  await db.execute(sql`update "user" set last_active_day = greatest(last_active_day, ${day}::date)
    where id = ${userId} and (last_active_day is null or last_active_day < ${day}::date)`);
}

/**
 * Fills `user_activity` and the `active_users` roll-up from `user_activity_days` when they are
 * empty but activity exists (a database from before decision 068); run at boot, a no-op after.
 * Returns whether it wrote anything.
 */
export async function backfillActivityRollups(db: DbOrTx): Promise<boolean> {
  const [state] = await db
    .select({
      activity: sql<boolean>`exists (select 1 from ${userActivityDays})`,
      users: sql<boolean>`exists (select 1 from ${userActivity})`,
      rollup: sql<boolean>`exists (select 1 from ${analyticsDaily} where name = ${ACTIVE_USERS_ROLLUP})`,
      copied: sql<boolean>`not exists (select 1 from ${userActivity} ua join "user" u on u.id = ua.user_id
        where u.last_active_day is distinct from ua.last_active_day)`,
    })
    .from(sql`(select 1) as one`);
  if (!state?.activity || (state.users && state.rollup && state.copied)) return false;
  if (!state.users)
    await db.execute(sql`insert into ${userActivity} (user_id, last_active_day, active_week1)
      select a.user_id, max(a.day), bool_or(${inWeek1(sql`a.day`, sql`u.created_at`)})
      from ${userActivityDays} a join "user" u on u.id = a.user_id group by a.user_id
      on conflict (user_id) do nothing`);
  if (!state.rollup)
    await db.execute(sql`insert into ${analyticsDaily} (day, name, count)
      select day, ${ACTIVE_USERS_ROLLUP}, count(*) from ${userActivityDays} group by day
      on conflict (day, name) do nothing`);
  // The user row's copy of the last active day (decision 075), from the rows above.
  await db.execute(sql`update "user" u set last_active_day = ua.last_active_day from ${userActivity} ua
    where ua.user_id = u.id and u.last_active_day is distinct from ua.last_active_day`);
  return true;
}

/** Deletes events older than `retentionDays` (UTC, from `now`); returns how many. Roll-ups stay. */
export async function pruneAnalytics(db: DbOrTx, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const gone = await db
    .delete(analyticsEvents)
    .where(lt(analyticsEvents.createdAt, cutoff))
    .returning({ id: analyticsEvents.id });
  return gone.length;
}
