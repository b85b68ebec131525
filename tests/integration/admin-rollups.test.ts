/**
 * The dashboard's activity roll-ups (decision 068): `track()` keeps `user_activity` (last active
 * day, active in week 1) and the `active_users` daily roll-up, and the dashboard's active-user
 * counters, chart and funnel step read them. Each figure is checked against its definition
 * computed from every activity day (`user_activity_days`), and every other figure (users, active
 * 24 h, sign-ups per day, the funnel, messages and reviews per day, the users list's "active in N
 * days" filter) against a direct count over the raw rows (decision 075), before and after the boot
 * backfill rebuilds the roll-ups of an older database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usersQuery } from "../../src/contract/admin";
import { type Database, openDatabase } from "../../src/server/db/client";
import { analyticsDaily, user, userActivity } from "../../src/server/db/schema";
import { getDashboard } from "../../src/server/features/admin/dashboard.service";
import { countUsers, usersWhere } from "../../src/server/features/admin/users.service";
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
  // Messages and reviews on a few days, one 23 h ago (active 24 h), and a visit 40 days ago (outside the range).
  await track({ db, name: "chat_message_sent", userId: "s1", now: daysAgo(2, 8) });
  await track({ db, name: "chat_message_sent", userId: "s1", now: daysAgo(2, 9) });
  await track({ db, name: "flashcard_studied", userId: "s0", now: daysAgo(25, 13) });
  await track({ db, name: "flashcard_studied", userId: "s4", now: new Date(NOW.getTime() - 23 * 3_600_000) });
  await track({ db, name: "visit", userId: null, now: daysAgo(40, 12) });
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
    ...(await fromRawRows(range)),
  };
}

/** The other figures straight from the raw rows: users, events (not `analytics_daily`), the sign-up cohort. */
async function fromRawRows(range: number) {
  const db = database.db;
  const since = new Date(NOW.getTime() - (range - 1) * DAY).toISOString().slice(0, 10);
  const one = async (q: ReturnType<typeof sql>) =>
    Number(((await db.execute(q)) as { rows: { n: unknown }[] }).rows[0].n);
  const byDay = async (q: ReturnType<typeof sql>) =>
    new Map(((await db.execute(q)) as { rows: { day: string; n: number }[] }).rows.map((r) => [r.day, Number(r.n)]));
  const eventsPerDay = (name: string) =>
    byDay(sql`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*) as n
      from analytics_events where name = ${name} group by 1`);
  const cohort = sql`"user" u where u.created_at >= ${since}::date`;
  return {
    total: await one(sql`select count(*) as n from "user"`),
    newWeek: await one(sql`select count(*) as n from "user" where created_at >= ${new Date(NOW.getTime() - 7 * DAY)}`),
    a24: await one(sql`select count(distinct user_id) as n from analytics_events
      where created_at >= ${new Date(NOW.getTime() - DAY)} and created_at <= ${NOW} and user_id is not null and name <> 'visit'`),
    activeWithin: async (days: number) =>
      one(sql`select count(distinct user_id) as n from user_activity_days
        where day >= ${new Date(NOW.getTime() - days * DAY).toISOString().slice(0, 10)}::date`),
    signups: await byDay(sql`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*) as n
      from "user" where created_at >= ${since}::date group by 1`),
    signedUp: await one(sql`select count(*) as n from ${cohort}`),
    confirmed: await one(sql`select count(*) as n from ${cohort} and u.email_verified`),
    visits: await one(
      sql`select count(*) as n from analytics_events where name = 'visit' and created_at >= ${since}::date`,
    ),
    messages: await eventsPerDay("chat_message_sent"),
    reviews: await eventsPerDay("flashcard_studied"),
  };
}

async function expectFiguresMatch() {
  const d = await getDashboard(database.db, 30, NOW);
  const truth = await fromDefinitions(30);
  expect(d.users.active7d).toBe(truth.a7);
  expect(d.users.active30d).toBe(truth.a30);
  expect(d.funnel.find((f) => f.step === "Active in week 1")!.count).toBe(truth.week1);
  for (const p of d.charts.activeUsers) expect(p.value, p.day).toBe(truth.perDay.get(p.day) ?? 0);
  expect(d.users.total).toBe(truth.total);
  expect(d.users.newThisWeek).toBe(truth.newWeek);
  expect(d.users.active24h).toBe(truth.a24);
  const step = (name: string) => d.funnel.find((f) => f.step === name)!.count;
  expect(step("Visit")).toBe(truth.visits);
  expect(step("Sign-up")).toBe(truth.signedUp);
  expect(step("Confirmed")).toBe(truth.confirmed);
  for (const p of d.charts.signups) expect(p.value, `sign-ups ${p.day}`).toBe(truth.signups.get(p.day) ?? 0);
  expect(d.charts.signups.reduce((n, p) => n + p.value, 0)).toBe(truth.signedUp);
  for (const p of d.charts.messages) expect(p.value, `messages ${p.day}`).toBe(truth.messages.get(p.day) ?? 0);
  for (const p of d.charts.reviews) expect(p.value, `reviews ${p.day}`).toBe(truth.reviews.get(p.day) ?? 0);
  // The users list's "active in N days" filter (the user row's copy of the last active day).
  for (const days of [1, 7, 30]) {
    const q = usersQuery.parse({ activeDays: String(days) });
    expect(await countUsers(database.db, usersWhere(q, NOW)), `active in ${days} days`).toBe(
      await truth.activeWithin(days),
    );
  }
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
    await db.update(user).set({ lastActiveDay: null });
    expect(await backfillActivityRollups(db)).toBe(true);
    await expectFiguresMatch();
    expect((await db.select().from(userActivity)).length).toBe(5);
  });
});
