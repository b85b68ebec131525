/**
 * The dashboard's activity roll-ups (decision 068): `track()` keeps `user_activity` (last active
 * day, active in week 1) and the `active_users` daily roll-up, and the dashboard's active-user
 * counters, chart and funnel step read them. Each figure is checked against its definition
 * computed from every activity day (`user_activity_days`), before and after the boot backfill
 * rebuilds the roll-ups of an older database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../src/server/db/client";
import { analyticsDaily, user, userActivity } from "../../src/server/db/schema";
import { getDashboard } from "../../src/server/features/admin/dashboard.service";
import {
  ACTIVE_USERS_ROLLUP,
  backfillActivityRollups,
  track,
} from "../../src/server/features/analytics/analytics.service";

const DAY = 86_400_000;
const NOW = new Date("2026-11-28T15:00:00Z");
const daysAgo = (n: number, hour = 10) => new Date(Date.UTC(2026, 10, 28 - n, hour));
let dir: string;
let database: Database;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "lexmate-rollups-"));
  database = await openDatabase({ dataDir: dir });
  const db = database.db;
  // Five students who signed up 40, 20, 10, 3 and 1 days ago; the fourth never confirmed.
  const signups = [40, 20, 10, 3, 1];
  await db.insert(user).values(
    signups.map((d, i) => ({
      id: `s${i}`,
      name: `Student ${i}`,
      email: `s${i}@rollups.test`,
      emailVerified: i !== 3,
      createdAt: daysAgo(d, 9),
    })),
  );
  // Activity (days ago): s0 on 35 (week 1: 5 days after signing up) and 25, s1 on 19 (week 1) and 2,
  // s2 on 10 (its sign-up day: not week 1), s3 on 2 (week 1, unconfirmed), s4 twice on 0 (week 1).
  const events: [string, number][] = [
    ["s0", 35],
    ["s0", 25],
    ["s1", 19],
    ["s1", 2],
    ["s2", 10],
    ["s3", 2],
    ["s4", 0],
    ["s4", 0],
  ];
  for (const [id, d] of events) await track({ db, name: "logged_in", userId: id, now: daysAgo(d, 12) });
  await track({ db, name: "visit", userId: null, now: daysAgo(0, 12) });
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The figures from their definitions over every activity day (what decision 063 computed). */
async function fromDefinitions(range: number) {
  const db = database.db;
  const since = (n: number) => new Date(NOW.getTime() - (n - 1) * DAY).toISOString().slice(0, 10);
  const one = async (q: ReturnType<typeof sql>) =>
    Number(((await db.execute(q)) as { rows: { n: unknown }[] }).rows[0].n);
  const perDay = (await db.execute(
    sql`select to_char(day, 'YYYY-MM-DD') as day, count(*)::int as n from user_activity_days group by 1`,
  )) as { rows: { day: string; n: number }[] };
  return {
    a7: await one(sql`select count(distinct user_id) as n from user_activity_days where day >= ${since(7)}::date`),
    a30: await one(sql`select count(distinct user_id) as n from user_activity_days where day >= ${since(30)}::date`),
    week1:
      await one(sql`select count(*) as n from "user" u where u.created_at >= ${since(range)}::date and u.email_verified
      and exists (select 1 from user_activity_days a where a.user_id = u.id
        and a.day > (u.created_at at time zone 'UTC')::date and a.day <= (u.created_at at time zone 'UTC')::date + 7)`),
    perDay: new Map(perDay.rows.map((r) => [r.day, r.n])),
  };
}

async function expectFiguresMatch() {
  const d = await getDashboard(database.db, 30, NOW);
  const truth = await fromDefinitions(30);
  expect(d.users.active7d).toBe(truth.a7);
  expect(d.users.active30d).toBe(truth.a30);
  expect(d.funnel.find((f) => f.step === "Active in week 1")!.count).toBe(truth.week1);
  for (const p of d.charts.activeUsers) expect(p.value, p.day).toBe(truth.perDay.get(p.day) ?? 0);
  return d;
}

describe("activity roll-ups", () => {
  it("give the same figures as counting every activity day", async () => {
    const d = await expectFiguresMatch();
    expect(d.users.active7d).toBe(3); // s1, s3, s4
    expect(d.users.active30d).toBe(5); // and s0 (day 25), s2 (day 10)
    // Signed up in the 30 days: s1..s4; active in week 1 and confirmed: s1, s4 (s3 is unconfirmed).
    expect(d.funnel.find((f) => f.step === "Active in week 1")!.count).toBe(2);
  });

  it("keep each user's last active day and week-1 flag", async () => {
    const rows = await database.db.select().from(userActivity).orderBy(userActivity.userId);
    expect(rows.map((r) => [r.userId, r.lastActiveDay, r.activeWeek1])).toEqual([
      ["s0", "2026-11-03", true],
      ["s1", "2026-11-26", true],
      ["s2", "2026-11-18", false],
      ["s3", "2026-11-26", true],
      ["s4", "2026-11-28", true],
    ]);
    const [today] = await database.db
      .select()
      .from(analyticsDaily)
      .where(sql`${analyticsDaily.name} = ${ACTIVE_USERS_ROLLUP} and ${analyticsDaily.day} = '2026-11-28'`);
    expect(today.count).toBe(1); // s4 twice the same day, the visit has no user
  });

  it("are rebuilt at boot for a database that has activity but no roll-ups", async () => {
    const db = database.db;
    expect(await backfillActivityRollups(db)).toBe(false);
    await db.delete(userActivity);
    await db.delete(analyticsDaily).where(eq(analyticsDaily.name, ACTIVE_USERS_ROLLUP));
    expect(await backfillActivityRollups(db)).toBe(true);
    await expectFiguresMatch();
    expect((await db.select().from(userActivity)).length).toBe(5);
  });
});
