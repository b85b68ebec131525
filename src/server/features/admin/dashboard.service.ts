/**
 * The admin dashboard's figures (issue 17 §2 dashboard, §4). Event figures come from the roll-ups
 * written by `track()` (`analytics_daily`, with `active_users` per day, and `user_activity`, one row
 * per user: last active day, active in week 1; decision 068), never from a scan of
 * `analytics_events` or of every activity day, so 1,000,000 events cost the same as a thousand
 * (bench/admin.ts budget: p95 ≤ 300 ms). Days are UTC; a series has one point per day of the range, oldest first, zeros
 * included. Money in cents.
 *
 *  - active 24 h: users with a non-visit event in the last 24 h (`analytics_events`, index-only scan
 *    of the partial index `analytics_events_user_recent_idx`, decision 075);
 *    active 7 d / 30 d: users whose last active UTC day is one of the last 7 / 30.
 *  - plans: users on an active trial, on an active paid subscription, and the rest (Free).
 *  - trial → paid: of the users whose trial has ended, the share with a paid subscription.
 *  - MRR: active paid subscriptions priced by the price table (`pricing.provider_price_id`),
 *    yearly prices ÷ 12; manual grants count 0.
 *  - churn 30 d: paid subscriptions that ended (canceled/expired) in the last 30 days ÷ paid
 *    subscriptions that were running 30 days ago.
 *  - funnel over the range: visits → sign-ups → confirmed of those → active in their first week
 *    → paid (a conversion event).
 */
import { sql } from "drizzle-orm";
import type { Dashboard } from "../../../contract/admin";
import type { DbOrTx } from "../../db/client";
import { ACTIVE_USERS_ROLLUP } from "../analytics/analytics.service";

const DAY_MS = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

type Rows<T> = T[];
async function rows<T>(db: DbOrTx, q: ReturnType<typeof sql>): Promise<Rows<T>> {
  const r = (await db.execute(q)) as unknown as { rows: T[] } | T[];
  return Array.isArray(r) ? r : r.rows;
}
const num = (v: unknown) => Number(v ?? 0);

function fill(range: number, now: Date, points: { day: string; value: unknown }[]) {
  const by = new Map(points.map((p) => [String(p.day).slice(0, 10), num(p.value)]));
  const out: { day: string; value: number }[] = [];
  for (let i = range - 1; i >= 0; i--) {
    const d = day(new Date(now.getTime() - i * DAY_MS));
    out.push({ day: d, value: by.get(d) ?? 0 });
  }
  return out;
}

const ACTIVE_SUB = (now: Date) =>
  sql`s.current_period_end > ${now} and (s.status in ('active','trialing','trial') or (s.status = 'past_due' and s.grace_until > ${now}))`;

export async function getDashboard(db: DbOrTx, range: 7 | 30 | 90, now: Date): Promise<Dashboard> {
  const since = day(new Date(now.getTime() - (range - 1) * DAY_MS));
  const d7 = day(new Date(now.getTime() - 6 * DAY_MS));
  const d30 = day(new Date(now.getTime() - 29 * DAY_MS));
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const monthAgo = new Date(now.getTime() - 30 * DAY_MS);
  const dayAgo = new Date(now.getTime() - DAY_MS);

  const [[users], [active], [plans], [conv], [mrr], [churn], [ops], signups, events] = await Promise.all([
    rows<{ total: unknown; new_week: unknown }>(
      db,
      sql`select count(*) as total, count(*) filter (where created_at >= ${weekAgo}) as new_week from "user"`,
    ),
    rows<{ a24: unknown; a7: unknown; a30: unknown }>(
      db,
      sql`select
        (select count(distinct user_id) from analytics_events where created_at >= ${dayAgo} and user_id is not null and name <> 'visit') as a24,
        count(*) filter (where last_active_day >= ${d7}::date) as a7, count(*) as a30
        from user_activity where last_active_day >= ${d30}::date`,
    ),
    rows<{ trial: unknown; paid: unknown }>(
      db,
      sql`select count(distinct s.user_id) filter (where s.status in ('trialing','trial')) as trial,
                 count(distinct s.user_id) filter (where s.status not in ('trialing','trial')) as paid
          from subscriptions s where ${ACTIVE_SUB(now)}`,
    ),
    rows<{ ended: unknown; converted: unknown }>(
      db,
      sql`with ended as (select distinct user_id from subscriptions where status in ('trialing','trial','canceled','expired') and trial_end is not null and trial_end <= ${now})
          select count(*) as ended,
                 count(*) filter (where exists (select 1 from subscriptions p where p.user_id = ended.user_id and p.status not in ('trialing','trial') and coalesce(p.price_id,'') not like 'manual_activation_%' and p.stripe_subscription_id is not null)) as converted
          from ended`,
    ),
    rows<{ cents: unknown }>(
      db,
      sql`select coalesce(sum(case when p.interval_type in ('year','yearly','annual') then p.display_price_cents / 12.0 else p.display_price_cents end), 0) as cents
          from subscriptions s join pricing p on p.provider_price_id = s.price_id
          where ${ACTIVE_SUB(now)} and s.status not in ('trialing','trial')`,
    ),
    rows<{ lost: unknown; base: unknown }>(
      db,
      sql`select
        count(*) filter (where s.status in ('canceled','expired','incomplete_expired','unpaid') and s.current_period_end > ${monthAgo} and s.current_period_end <= ${now}) as lost,
        count(*) filter (where s.created_at <= ${monthAgo} and (s.current_period_end is null or s.current_period_end > ${monthAgo})) as base
        from subscriptions s
        where s.status not in ('trialing','trial') and s.stripe_subscription_id is not null`,
    ),
    rows<{ errors: unknown; jobs: unknown }>(
      db,
      sql`select (select count(*) from error_logs where investigated = false) as errors,
                 (select count(*) from jobs where state = 'failed' or (state = 'queued' and error is not null)) as jobs`,
    ),
    // The sign-up cohort of the range, per UTC sign-up day: the chart and the funnel's middle steps in one
    // scan; week-1 activity from the partial index of week-1-active users (a hashed probe, decision 075).
    rows<{ day: string; value: unknown; confirmed: unknown; active_week1: unknown }>(
      db,
      sql`select to_char((u.created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*) as value,
                 count(*) filter (where u.email_verified) as confirmed,
                 count(*) filter (where u.email_verified and u.id in (select ua.user_id from user_activity ua where ua.active_week1)) as active_week1
          from "user" u where u.created_at >= ${since}::date group by (u.created_at at time zone 'UTC')::date`,
    ),
    rows<{ day: string; name: string; value: unknown }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, name, count as value from analytics_daily
          where day >= ${since}::date and name in ('chat_message_sent','flashcard_studied','visit','conversion',${ACTIVE_USERS_ROLLUP})`,
    ),
  ]);

  const series = (name: string) =>
    fill(
      range,
      now,
      events.filter((e) => e.name === name),
    );
  const total = (name: string) => series(name).reduce((s, p) => s + p.value, 0);
  const cohort = (k: "value" | "confirmed" | "active_week1") => signups.reduce((n, r) => n + num(r[k]), 0);
  const trial = num(plans.trial);
  const paid = num(plans.paid);
  const ended = num(conv.ended);
  const base = num(churn.base);
  return {
    range,
    users: {
      total: num(users.total),
      newThisWeek: num(users.new_week),
      active24h: num(active.a24),
      active7d: num(active.a7),
      active30d: num(active.a30),
    },
    plans: { Free: Math.max(0, num(users.total) - trial - paid), Trial: trial, paid },
    trialConversion: ended ? num(conv.converted) / ended : null,
    mrrCents: Math.round(num(mrr.cents)),
    churn30d: base ? num(churn.lost) / base : null,
    openErrors: num(ops.errors),
    failingJobs: num(ops.jobs),
    charts: {
      signups: fill(range, now, signups),
      activeUsers: series(ACTIVE_USERS_ROLLUP),
      messages: series("chat_message_sent"),
      reviews: series("flashcard_studied"),
    },
    funnel: [
      { step: "Visit", count: total("visit") },
      { step: "Sign-up", count: cohort("value") },
      { step: "Confirmed", count: cohort("confirmed") },
      { step: "Active in week 1", count: cohort("active_week1") },
      { step: "Paid", count: total("conversion") },
    ],
  };
}
