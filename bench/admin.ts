/**
 * Admin console benchmarks (issue 17, DESIGN.md §6), called from bench/run.ts and runnable alone
 * (`npx tsx bench/admin.ts`): on a fresh PGlite, 100,000 users (10% on a trial, 5% paid, 3%
 * unconfirmed, 1% disabled) and 1,000,000 analytics events over 90 days with their daily
 * roll-ups. Times the users list's service (count + page + plans) for filtered and sorted queries
 * (budget p95 ≤ 100 ms) and the dashboard's figures over 90 days (budget p95 ≤ 300 ms).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { usersQuery } from "../src/contract/admin";
import { openDatabase } from "../src/server/db/client";
import { getDashboard } from "../src/server/features/admin/dashboard.service";
import { backfillActivityRollups } from "../src/server/features/analytics/analytics.service";
import { countUsers, listUserRows, userSorts, usersWhere } from "../src/server/features/admin/users.service";
import { orderOf } from "../src/server/lib/list-query";
import { user } from "../src/server/db/schema";

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

export async function benchAdmin(): Promise<[string, string, string][]> {
  const dir = mkdtempSync(join(tmpdir(), "lexmate-bench-admin-"));
  const database = await openDatabase({ dataDir: dir });
  try {
    const db = database.db;
    const now = new Date();
    const t0 = performance.now();
    await db.execute(sql`insert into "user" (id, name, email, email_verified, disabled_at, created_at)
      select 'u' || i, 'Student ' || lpad(i::text, 6, '0'), 'student' || i || '@bench.test', i % 33 <> 0,
             case when i % 100 = 0 then now() end, now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute'
      from generate_series(1, 100000) i`);
    await db.execute(sql`insert into subscriptions (user_id, status, price_id, current_period_end, trial_end, created_at)
      select 'u' || i, case when i % 20 = 0 then 'active' else 'trialing' end,
             case when i % 20 = 0 then 'price_unlimited_month' else 'trial' end,
             now() + (i % 30 + 1) * interval '1 day', case when i % 20 = 0 then null else now() + interval '3 day' end,
             now() - interval '10 day'
      from generate_series(1, 100000) i where i % 10 = 0 or i % 20 = 0`);
    await db.execute(sql`insert into analytics_events (name, user_id, properties, created_at)
      select (array['chat_message_sent','flashcard_studied','logged_in','search','visit'])[1 + i % 5],
             case when i % 5 = 4 then null else 'u' || (1 + i % 100000) end, '{}'::jsonb,
             now() - (i % 90) * interval '1 day' - (i % 86400) * interval '1 second'
      from generate_series(1, 1000000) i`);
    await db.execute(sql`insert into analytics_daily (day, name, count)
      select (created_at at time zone 'UTC')::date, name, count(*) from analytics_events group by 1, 2`);
    await db.execute(sql`insert into user_activity_days (user_id, day)
      select distinct user_id, (created_at at time zone 'UTC')::date from analytics_events where user_id is not null`);
    // What track() keeps beside those rows (decision 068), filled the way boot backfills an older database.
    await backfillActivityRollups(db);
    // As autovacuum leaves a production table: statistics and the visibility map (index-only scans).
    await db.execute(sql`vacuum analyze`);
    const seedS = ((performance.now() - t0) / 1000).toFixed(1);

    const queries = [
      "plan=trial&sort=email&dir=asc",
      "plan=paid&sort=createdAt&dir=desc",
      "plan=free&unconfirmed=true&sort=name&dir=asc",
      "q=student12&sort=email&dir=asc",
      "disabled=true&sort=createdAt&dir=desc&page=5",
      "admin=false&activeDays=7&sort=createdAt&dir=desc",
    ];
    const listTimes: number[] = [];
    for (let round = 0; round < 8; round++) {
      for (const qs of queries) {
        const q = usersQuery.parse(Object.fromEntries(new URLSearchParams(qs)));
        const t = performance.now();
        const where = usersWhere(q, now);
        await Promise.all([
          countUsers(db, where),
          listUserRows(
            db,
            where,
            { orderBy: orderOf(q, userSorts, user.id), limit: q.pageSize, offset: (q.page - 1) * q.pageSize },
            now,
          ),
        ]);
        if (round > 0) listTimes.push(performance.now() - t);
      }
    }
    const dashTimes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const t = performance.now();
      await getDashboard(db, 90, now);
      if (i > 1) dashTimes.push(performance.now() - t);
    }
    return [
      ["admin bench data: 100,000 users, 1,000,000 events (seed s)", seedS, "—"],
      [
        "admin users list filtered+sorted p50 / p95 (ms)",
        `${pct(listTimes, 50).toFixed(1)} / ${pct(listTimes, 95).toFixed(1)}`,
        "p95 ≤ 100",
      ],
      [
        "admin dashboard figures, 90 days p50 / p95 (ms)",
        `${pct(dashTimes, 50).toFixed(1)} / ${pct(dashTimes, 95).toFixed(1)}`,
        "p95 ≤ 300",
      ],
    ];
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchAdmin()) console.log(r.join("  "));
}
