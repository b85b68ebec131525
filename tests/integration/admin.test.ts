/**
 * The admin console's server side (issue 17): users list (search, filters, sort, paging, CSV),
 * every user action with its audit row, set-admin, settings and their effects (maintenance mode
 * read-only for students, sign-ups closed, trial length, free message limit), disabled sign-in,
 * the dashboard's figures, and first-party analytics (no content in events, conversion, retention).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, analyticsEvents, subscriptions, user } from "../../src/server/db/schema";
import { pruneAnalytics, track } from "../../src/server/features/analytics/analytics.service";
import {
  type Client,
  client,
  STRONG_PASSWORD,
  signedInUser,
  startTestServer,
  type TestServer,
} from "../helpers/server";
import { userIdOf } from "../helpers/users";

let server: TestServer;
let admin: Client;
let student: Client;
let studentId: string;
const ADMIN = "root@example.com";
const STUDENT = "learner@example.com";
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMIN, RATE_LIMIT_DISABLED: "true", SESSION_CACHE_MS: "0" });
  admin = await signedInUser(server, ADMIN);
  student = await signedInUser(server, STUDENT);
  studentId = await userIdOf(student);
  // 60 more accounts: a0..a59, every third unconfirmed, every tenth disabled, created one minute apart.
  const base = Date.now() - 10 * DAY;
  await server.database.db.insert(user).values(
    Array.from({ length: 60 }, (_, i) => ({
      id: `bulk-${String(i).padStart(2, "0")}`,
      name: `Bulk ${String(i).padStart(2, "0")}`,
      email: `a${String(i).padStart(2, "0")}@bulk.test`,
      emailVerified: i % 3 !== 0,
      disabledAt: i % 10 === 0 ? new Date(base) : null,
      createdAt: new Date(base + i * 60_000),
    })),
  );
  await server.database.db.insert(subscriptions).values([
    {
      userId: "bulk-01",
      status: "active",
      priceId: "price_unlimited_month",
      currentPeriodEnd: new Date(Date.now() + 20 * DAY),
    },
    {
      userId: "bulk-02",
      status: "trialing",
      priceId: "trial",
      currentPeriodEnd: new Date(Date.now() + 3 * DAY),
      trialEnd: new Date(Date.now() + 3 * DAY),
    },
  ]);
}, 300_000);
afterAll(() => server?.close());

type Page = {
  rows: { id: string; email: string; plan: string; isAdmin: boolean; disabled: boolean; emailVerified: boolean }[];
  total: number;
};
const list = async (qs: string) => {
  const r = await admin.json<Page>(`/api/admin/users?${qs}`);
  expect(r.status).toBe(200);
  return r.body;
};
const auditOf = async (targetId: string) =>
  server.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId));

describe("users list", () => {
  it("pages, sorts and searches by the start of the email or name", async () => {
    const all = await list("pageSize=10");
    expect(all.total).toBe(62);
    expect(all.rows).toHaveLength(10);
    const p2 = await list("q=a&sort=email&dir=asc&pageSize=25&page=2");
    expect(p2.total).toBe(60);
    expect(p2.rows.map((r) => r.email).slice(0, 2)).toEqual(["a25@bulk.test", "a26@bulk.test"]);
    expect((await list("q=bulk%2005")).rows.map((r) => r.id)).toEqual(["bulk-05"]);
    expect((await list("q=LEARNER")).rows.map((r) => r.email)).toEqual([STUDENT]);
    const desc = await list("sort=name&dir=desc&pageSize=2");
    expect(desc.rows.map((r) => r.email)).toEqual([ADMIN, STUDENT]); // names "root", "learner", then "Bulk …"
  });

  it("filters by plan, admin, unconfirmed and disabled", async () => {
    expect((await list("plan=paid")).rows.map((r) => r.id)).toEqual(["bulk-01"]);
    const trial = (await list("plan=trial&sort=email&dir=asc")).rows.map((r) => r.email);
    expect(trial).toEqual(["a02@bulk.test", ADMIN, STUDENT].sort());
    expect((await list("plan=free")).total).toBe(58);
    expect((await list("admin=true")).rows.map((r) => r.email)).toEqual([ADMIN]);
    expect((await list("unconfirmed=true")).total).toBe(20);
    expect((await list("disabled=true")).total).toBe(6);
    expect((await list("disabled=true&unconfirmed=true")).total).toBe(2); // 0, 30
  });

  it("exports the filtered list as CSV and refuses a bad query with 400", async () => {
    const res = await admin.fetch("/api/admin/users?disabled=true&format=csv&sort=email&dir=asc");
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = (await res.text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe("id,email,name,createdAt,emailVerified,isAdmin,disabled,plan,planEndsAt");
    expect(lines).toHaveLength(7);
    expect(lines[1]).toContain("a00@bulk.test");
    expect((await admin.json("/api/admin/users?plan=gold")).status).toBe(400);
    expect((await admin.json("/api/admin/users?pageSize=1000")).status).toBe(400);
  });
});

describe("user actions, each with an audit row", () => {
  it("requires a reason", async () => {
    const r = await admin.json<{ error: { code: string; message: string } }>(`/api/admin/users/${studentId}`, {
      method: "PATCH",
      body: { plan: "unlimited", reason: " " },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain("reason");
    expect(await auditOf(studentId)).toEqual([]);
  });

  it("changes the plan with an end date; the student sees it; the audit log shows who, why, before and after", async () => {
    const end = new Date(Date.now() + 45 * DAY).toISOString();
    const r = await admin.json<{ user: { plan: string; planEndsAt: string } }>(`/api/admin/users/${studentId}`, {
      method: "PATCH",
      body: { plan: "unlimited", planEndsAt: end, reason: "Support ticket 42" },
    });
    expect(r.status).toBe(200);
    expect(r.body.user.plan).toBe("unlimited");
    expect(r.body.user.planEndsAt).toBe(end);
    const me = await student.json<{ subscription: { tierName: string } }>("/api/me");
    expect(me.body.subscription.tierName).toBe("unlimited");
    const audit = await admin.json<{
      rows: {
        action: string;
        actorEmail: string;
        reason: string;
        before: { plan: string };
        after: { plan: string };
        targetLabel: string;
      }[];
    }>(`/api/admin/audit?targetId=${studentId}`);
    expect(audit.body.rows[0]).toMatchObject({
      action: "user.plan.change",
      actorEmail: ADMIN,
      reason: "Support ticket 42",
      targetLabel: STUDENT,
      before: { plan: "Trial" },
      after: { plan: "unlimited" },
    });
  });

  it("extends a trial, grants and revokes admin, revokes sessions, resends confirmation, exports", async () => {
    const t = await admin.json<{ user: { plan: string; planEndsAt: string } }>(
      "/api/admin/users/bulk-02/extend-trial",
      {
        body: { days: 10, reason: "Exam week" },
      },
    );
    expect(t.body.user.plan).toBe("Trial");
    expect(new Date(t.body.user.planEndsAt).getTime()).toBeGreaterThan(Date.now() + 12 * DAY);
    expect(
      (await admin.json("/api/admin/users/bulk-01/extend-trial", { body: { days: 3, reason: "paid already" } })).status,
    ).toBe(409);

    await admin.json(`/api/admin/users/bulk-03`, { method: "PATCH", body: { isAdmin: true, reason: "New moderator" } });
    await admin.json(`/api/admin/users/bulk-03`, {
      method: "PATCH",
      body: { isAdmin: false, reason: "Moderator left" },
    });
    const self = await admin.json(`/api/admin/users/${await userIdOf(admin)}`, {
      method: "PATCH",
      body: { isAdmin: false, reason: "oops" },
    });
    expect(self.status).toBe(409);

    const other = await signedInUser(server, "second@example.com");
    const otherId = await userIdOf(other);
    const rv = await admin.json<{ revoked: number }>(`/api/admin/users/${otherId}/revoke-sessions`, {
      body: { reason: "Lost laptop" },
    });
    expect(rv.body.revoked).toBe(1);
    expect((await other.json("/api/me")).status).toBe(401);

    const before = server.outbox().filter((m) => m.to === "a03@bulk.test").length;
    expect(
      (await admin.json("/api/admin/users/bulk-03/resend-confirmation", { body: { reason: "Asked by phone" } })).status,
    ).toBe(200);
    expect(server.outbox().filter((m) => m.to === "a03@bulk.test").length).toBe(before + 1);
    expect(
      (await admin.json(`/api/admin/users/${studentId}/resend-confirmation`, { body: { reason: "x1x" } })).status,
    ).toBe(409);

    const ex = await admin.json<{ user: { email: string }; threads: unknown[]; subscriptions: unknown[] }>(
      `/api/admin/users/${studentId}/export`,
      {
        body: { reason: "GDPR request" },
      },
    );
    expect(ex.body.user.email).toBe(STUDENT);
    expect(ex.body.subscriptions.length).toBeGreaterThan(0);

    const actions = (await server.database.db.select().from(adminAuditLog)).map((a) => `${a.action}:${a.targetId}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        "user.trial.extend:bulk-02",
        "user.admin.grant:bulk-03",
        "user.admin.revoke:bulk-03",
        `user.sessions.revoke:${otherId}`,
        "user.confirmation.resend:bulk-03",
        `user.export:${studentId}`,
      ]),
    );
    expect(actions.filter((a) => a.startsWith("user.trial.extend:bulk-01"))).toEqual([]);
  });

  it("disabling sign-in ends the sessions and refuses sign-in until enabled again", async () => {
    const c = await signedInUser(server, "disable-me@example.com");
    const id = await userIdOf(c);
    await admin.json(`/api/admin/users/${id}`, { method: "PATCH", body: { disabled: true, reason: "Abuse report" } });
    expect((await c.json("/api/me")).status).toBe(401);
    const again = client(server.url);
    const r = await again.json<{ error: { code: string; message: string } }>("/api/auth/sign-in/email", {
      body: { email: "disable-me@example.com", password: STRONG_PASSWORD },
    });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe("ACCOUNT_DISABLED");
    expect(r.body.error.message).toContain("disabled");
    await admin.json(`/api/admin/users/${id}`, {
      method: "PATCH",
      body: { disabled: false, reason: "Appeal accepted" },
    });
    expect(
      (
        await again.json("/api/auth/sign-in/email", {
          body: { email: "disable-me@example.com", password: STRONG_PASSWORD },
        })
      ).status,
    ).toBe(200);
    expect((await auditOf(id)).map((a) => a.action).sort()).toEqual(["user.disable", "user.enable"]);
  });

  it("set-admin makes an account admin by email; delete removes the account and its data", async () => {
    const s = await admin.json<{ changed: boolean }>("/api/admin/set-admin", {
      body: { email: "A04@bulk.test", reason: "Co-founder" },
    });
    expect(s.body.changed).toBe(true);
    expect((await list("admin=true")).total).toBe(2);
    expect(
      (await admin.json("/api/admin/set-admin", { body: { email: "nobody@x.test", reason: "typo" } })).status,
    ).toBe(404);

    const wrong = await admin.json("/api/admin/users/bulk-05", {
      method: "DELETE",
      body: { reason: "Asked", confirmEmail: "x@y.z" },
    });
    expect(wrong.status).toBe(409);
    const d = await admin.json("/api/admin/users/bulk-05", {
      method: "DELETE",
      body: { reason: "Asked to be forgotten", confirmEmail: "a05@bulk.test" },
    });
    expect(d.status).toBe(200);
    expect((await admin.json("/api/admin/users/bulk-05")).status).toBe(404);
    const rows = await auditOf("bulk-05");
    expect(rows.map((r) => [r.action, r.targetLabel])).toEqual([["user.delete", "a05@bulk.test"]]);
  });
});

describe("settings", () => {
  const save = (patch: Record<string, unknown>) =>
    admin.json<Record<string, unknown>>("/api/admin/settings").then((cur) =>
      admin.json<Record<string, unknown>>("/api/admin/settings", {
        method: "PUT",
        body: { ...cur.body, ...patch, reason: "Test settings" },
      }),
    );

  it("maintenance mode: banner status public, students' writes answer 503 with a clear message, reads and admins work", async () => {
    expect((await save({ maintenanceMode: true })).status).toBe(200);
    expect((await client(server.url).json<{ maintenanceMode: boolean }>("/api/site")).body.maintenanceMode).toBe(true);
    const w = await student.json<{ error: { code: string; message: string } }>("/api/notes", {
      body: { title: "T", html: "<p>x</p>" },
    });
    expect(w.status).toBe(503);
    expect(w.body.error.code).toBe("MAINTENANCE");
    expect(w.body.error.message).toContain("maintenance");
    expect((await student.json("/api/notes")).status).toBe(200);
    expect((await admin.json("/api/notes", { body: { title: "T", html: "<p>x</p>" } })).status).toBe(201);
    await save({ maintenanceMode: false });
    expect((await student.json("/api/notes", { body: { title: "T", html: "<p>x</p>" } })).status).toBe(201);
    const rows = (
      await server.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "settings.update"))
    ).map((r) => r.after);
    expect(rows).toEqual(expect.arrayContaining([{ maintenanceMode: true }, { maintenanceMode: false }]));
  });

  it("sign-ups closed refuses new accounts; trial length and free message limit apply", async () => {
    await save({ signupsOpen: false });
    const r = await client(server.url).json<{ error: { code: string } }>("/api/auth/sign-up/email", {
      body: { email: "late@example.com", password: STRONG_PASSWORD, name: "Late" },
    });
    await save({ signupsOpen: true });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe("SIGNUPS_CLOSED");
    await save({ signupsOpen: true, trialDays: 14, freeMessageLimit: 3 });
    const fresh = await signedInUser(server, "fresh@example.com");
    const me = await fresh.json<{ subscription: { tierName: string; trial_end: string } }>("/api/me");
    const days = (new Date(me.body.subscription.trial_end).getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
    await admin.json(`/api/admin/users/${await userIdOf(fresh)}`, {
      method: "PATCH",
      body: { plan: "free", reason: "limit test" },
    });
    const free = await fresh.json<{ monthlyMessageLimit: number }>("/api/me");
    expect(free.body.monthlyMessageLimit).toBe(3);
    await save({ trialDays: 7, freeMessageLimit: 10 });
  });
});

describe("dashboard and analytics", () => {
  it("counts users, plans and events from the roll-ups", async () => {
    await track({
      db: server.database.db,
      name: "chat_message_sent",
      userId: studentId,
      properties: { chars: 12, content: "secret question" },
    });
    await track({ db: server.database.db, name: "visit", userId: null });
    const d = await admin.json<{
      users: { total: number; active24h: number; active7d: number };
      plans: Record<string, number>;
      charts: { messages: { value: number }[] };
      funnel: { step: string; count: number }[];
    }>("/api/admin/dashboard?range=7");
    expect(d.status).toBe(200);
    expect(d.body.users.total).toBeGreaterThan(60);
    expect(d.body.users.active24h).toBeGreaterThanOrEqual(1);
    expect(d.body.charts.messages).toHaveLength(7);
    expect(d.body.charts.messages.at(-1)!.value).toBeGreaterThanOrEqual(1);
    expect(d.body.funnel.map((f) => f.step)).toEqual(["Visit", "Sign-up", "Confirmed", "Active in week 1", "Paid"]);
    expect(d.body.funnel[0].count).toBeGreaterThanOrEqual(1);
  });

  it("events carry no message text; sign-out is recorded; the first purchase records a conversion; old events are pruned", async () => {
    const rows = await server.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, studentId));
    const sent = rows.find((r) => r.name === "chat_message_sent")!;
    expect(sent.properties).toEqual({ chars: 12 });
    const c = await signedInUser(server, "leaver@example.com");
    const id = await userIdOf(c);
    await c.json("/api/auth/sign-out", { body: {} });
    await track({ db: server.database.db, name: "purchase_complete", userId: id, properties: { tier: "unlimited" } });
    await track({ db: server.database.db, name: "purchase_complete", userId: id, properties: { tier: "unlimited" } });
    const names = (await server.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, id))).map(
      (r) => r.name,
    );
    expect(names).toEqual(
      expect.arrayContaining(["signed_up", "logged_in", "logged_out", "purchase_complete", "conversion"]),
    );
    expect(names.filter((n) => n === "conversion")).toHaveLength(1);
    await track({ db: server.database.db, name: "search", userId: id, now: new Date(Date.now() - 400 * DAY) });
    expect(await pruneAnalytics(server.database.db, 395)).toBe(1);
  });
});
