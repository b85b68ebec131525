/**
 * The admin operator pages, second half of issue 17 §2 (src/server/features/admin/ops): each
 * page's API as an admin sees it, the audit row every change writes, and the companion's stored
 * LLM configuration — its API key encrypted at rest, never answered, and actually used.
 */

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAnswerEngine } from "../../src/server/ai";
import {
  adminAuditLog,
  companionSettings,
  cspReports,
  errorLogs,
  jobs,
  messages,
  threads,
} from "../../src/server/db/schema";
import { parseEnv } from "../../src/server/env";
import { type FakeLlmServer, startFakeOpenAI } from "../helpers/fake-llm";
import {
  type Client,
  client,
  STRONG_PASSWORD,
  signedInUser,
  startTestServer,
  type TestServer,
} from "../helpers/server";

const SECRET = "an-auth-secret-for-the-admin-ops-tests-0123456789";
const ADMIN = "ops@example.com";
let server: TestServer;
let admin: Client;
let student: Client;
let llm: FakeLlmServer;
let engine: ReturnType<typeof createAnswerEngine>;

beforeAll(async () => {
  llm = await startFakeOpenAI();
  server = await startTestServer({ ADMIN_EMAILS: ADMIN, RATE_LIMIT_DISABLED: "true", AUTH_SECRET: SECRET });
  // The companion engine the stored settings drive, with its search index built before any request
  // (building it holds the event loop for seconds, which would race idle keep-alive connections).
  engine = createAnswerEngine({ db: server.database.db, env: parseEnv({ LLM_TIMEOUT_MS: "2000" }), secret: SECRET });
  await engine.warm();
  admin = await signedInUser(server, ADMIN);
  student = await signedInUser(server, "learner@example.com");
}, 240_000);
afterAll(async () => {
  await server?.close();
  await llm?.close();
});

const auditOf = async (action: string) =>
  (await server.database.db.select().from(adminAuditLog)).filter((a) => a.action === action);

describe("error-logs", () => {
  it("groups logs by message and top frame, and marking a group investigated flags every log and is audited", async () => {
    const stack = (fn: string) =>
      `TypeError: x is undefined\n    at ${fn} (src/web/a.ts:10:5)\n    at main (src/web/b.ts:1:1)`;
    const db = server.database.db;
    await db.insert(errorLogs).values([
      { message: "x is undefined", stackTrace: stack("render"), source: "client" },
      { message: "x is undefined", stackTrace: stack("render"), source: "client" },
      { message: "x is undefined", stackTrace: stack("render"), source: "client" },
      { message: "x is undefined", stackTrace: stack("other"), source: "client" },
    ]);
    const list = await admin.json<{
      rows: { fingerprint: string; count: number; topFrame: string; investigated: boolean }[];
      total: number;
    }>("/api/admin/error-groups?sort=count&dir=desc");
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.rows.map((r) => r.count)).toEqual([3, 1]);
    expect(list.body.rows[0].topFrame).toContain("at render");
    const fp = list.body.rows[0].fingerprint;
    const missingReason = await admin.json(`/api/admin/error-groups/${fp}`, {
      method: "PATCH",
      body: { investigated: true, reason: "" },
    });
    expect(missingReason.status).toBe(400);
    const marked = await admin.json<{ investigated: boolean; note: string }>(`/api/admin/error-groups/${fp}`, {
      method: "PATCH",
      body: { investigated: true, note: "fixed in 1.2.3", reason: "shipped the fix" },
    });
    expect(marked.body).toMatchObject({ investigated: true, note: "fixed in 1.2.3" });
    const open = await admin.json<{ total: number }>("/api/admin/error-groups?investigated=false");
    expect(open.body.total).toBe(1);
    expect((await db.select().from(errorLogs).where(eq(errorLogs.investigated, true))).length).toBe(3);
    const [audit] = await auditOf("error-group.investigate");
    expect(audit).toMatchObject({ actorEmail: ADMIN, reason: "shipped the fix", targetId: fp });
    const detail = await admin.json<{ stackTrace: string; recent: unknown[] }>(`/api/admin/error-groups/${fp}`);
    expect(detail.body.stackTrace).toContain("at render");
    expect(detail.body.recent).toHaveLength(3);
  });
});

describe("askjds", () => {
  it("stores the API key encrypted, never answers it, tests a prompt and drives the companion's model", async () => {
    const saved = await admin.json<Record<string, unknown>>("/api/admin/companion/settings", {
      method: "PUT",
      body: {
        provider: "openai-compatible",
        model: "fake-model-7",
        baseUrl: llm.url,
        apiKey: "sk-very-secret-key",
        reason: "switch to the lab model",
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ source: "stored", provider: "openai-compatible", apiKeySet: true });
    expect(JSON.stringify(saved.body)).not.toContain("sk-very-secret-key");
    const [row] = await server.database.db.select().from(companionSettings);
    expect(row.apiKeyEnc).toBeTruthy();
    expect(row.apiKeyEnc).not.toContain("sk-very-secret-key");
    expect(Buffer.from(row.apiKeyEnc!, "base64").toString("latin1")).not.toContain("sk-very-secret-key");
    const page = await admin.json("/api/admin/companion");
    expect(JSON.stringify(page.body)).not.toContain("sk-very-secret-key");
    const [audit] = await auditOf("companion.settings.update");
    expect(JSON.stringify(audit)).not.toContain("sk-very-secret-key");
    expect(audit.reason).toBe("switch to the lab model");

    llm.reply({ kind: "text", text: "Pong from the fake model." });
    const before = llm.requests.length;
    const test = await admin.json<{ ok: boolean; text: string }>("/api/admin/companion/test", {
      body: { prompt: "Ping?" },
    });
    expect(test.body).toMatchObject({ ok: true, text: "Pong from the fake model." });
    expect(llm.requests[before].headers.authorization).toBe("Bearer sk-very-secret-key");
    expect(llm.requests[before].body.model).toBe("fake-model-7");

    // A new prompt version becomes the companion's system prompt; the engine uses the stored model.
    const added = await admin.json<{ prompts: { version: number; active: boolean }[] }>(
      "/api/admin/companion/prompts",
      {
        body: {
          content: "You are the Lexmate companion, version two of the prompt. Cite sources as [n].",
          reason: "tighter prompt",
        },
      },
    );
    expect(added.body.prompts[0]).toMatchObject({ version: 1, active: true });
    llm.reply({ kind: "text", text: "Yes, the privilege survives death [1]." });
    const at = llm.requests.length;
    const events: unknown[] = [];
    for await (const ev of engine.answer({
      userId: "",
      question: "Does the attorney-client privilege survive the client's death?",
      history: [],
    }))
      events.push(ev);
    expect(events.at(-1)).toMatchObject({ type: "done", content: "Yes, the privilege survives death [1]." });
    const sent = llm.requests[at];
    expect(sent.body.model).toBe("fake-model-7");
    expect(JSON.stringify(sent.body.messages)).toContain("version two of the prompt");

    // Keeping the key: omit apiKey. Removing it: null.
    await admin.json("/api/admin/companion/settings", {
      method: "PUT",
      body: { provider: "openai-compatible", model: "fake-model-8", baseUrl: llm.url, reason: "newer model" },
    });
    expect(
      (await admin.json<{ settings: { apiKeySet: boolean } }>("/api/admin/companion")).body.settings.apiKeySet,
    ).toBe(true);
  });

  it("counts students' thumbs in the quality figures; a thumb on another user's answer is 404", async () => {
    const db = server.database.db;
    const [u] = await db.select().from(threads).limit(0);
    void u;
    const me = await student.json<{ user: { id: string } }>("/api/me");
    const [t] = await db.insert(threads).values({ userId: me.body.user.id, title: "Privilege" }).returning();
    const [m] = await db
      .insert(messages)
      .values({ threadId: t.id, userId: me.body.user.id, role: "assistant", content: "An answer [1].", citations: [] })
      .returning();
    expect(
      (await student.json(`/api/chat/messages/${m.id}/feedback`, { method: "PUT", body: { thumb: 1 } })).body,
    ).toEqual({ thumb: 1 });
    expect(
      (await admin.json(`/api/chat/messages/${m.id}/feedback`, { method: "PUT", body: { thumb: -1 } })).status,
    ).toBe(404);
    const q = await admin.json<{ days: { answers: number; thumbsUp: number; llmCalls: number }[] }>(
      "/api/admin/companion/quality?days=7",
    );
    const today = q.body.days.at(-1)!;
    expect(today.answers).toBeGreaterThanOrEqual(1);
    expect(today.thumbsUp).toBe(1);
    expect(today.llmCalls).toBeGreaterThanOrEqual(1);
  });
});

describe("batch-monitor", () => {
  it("lists jobs and retries a failed one (attempts reset), audited; a succeeded job cannot be retried", async () => {
    const db = server.database.db;
    const [failed] = await db
      .insert(jobs)
      .values({
        kind: "test.nothing",
        state: "failed",
        attempts: 5,
        maxAttempts: 5,
        error: "boom",
        finishedAt: new Date(),
      })
      .returning();
    const [done] = await db.insert(jobs).values({ kind: "test.nothing", state: "succeeded", attempts: 1 }).returning();
    const list = await admin.json<{ rows: { id: string; error: string | null }[] }>("/api/admin/jobs?state=failed");
    expect(list.body.rows.map((r) => r.id)).toContain(failed.id);
    const retried = await admin.json<{ state: string; attempts: number; error: null }>(
      `/api/admin/jobs/${failed.id}/retry`,
      {
        body: { reason: "the disk is back" },
      },
    );
    expect(retried.body).toMatchObject({ attempts: 0, error: null });
    expect(["queued", "running", "failed"]).toContain(retried.body.state);
    expect((await admin.json(`/api/admin/jobs/${done.id}/retry`, { body: { reason: "again please" } })).status).toBe(
      409,
    );
    expect((await auditOf("job.retry"))[0]).toMatchObject({ targetId: failed.id, reason: "the disk is back" });
    const summary = await admin.json<Record<string, number>>("/api/admin/jobs/summary");
    expect(summary.body.succeeded).toBeGreaterThanOrEqual(1);
  });
});

describe("price-mapping", () => {
  it("adds, turns off and deletes a price row, each audited, and /api/pricing follows", async () => {
    const add = await admin.json<{ id: string; formattedPrice: string }>("/api/admin/prices", {
      body: {
        tier: "unlimited",
        interval: "year",
        cents: 9900,
        currency: "usd",
        providerPriceId: "price_year99",
        reason: "yearly plan",
      },
    });
    expect(add.body).toMatchObject({ id: "unlimited-year", formattedPrice: "$99" });
    const pricing = async () =>
      (await client(server.url).json<{ data: { interval_type: string }[] }>("/api/pricing")).body.data;
    expect((await pricing()).some((p) => p.interval_type === "year")).toBe(true);
    await admin.json("/api/admin/prices/unlimited-year", {
      method: "PATCH",
      body: { active: false, reason: "pause yearly" },
    });
    expect((await pricing()).some((p) => p.interval_type === "year")).toBe(false);
    expect(
      (await admin.json("/api/admin/prices/unlimited-year", { method: "DELETE", body: { reason: "drop yearly" } }))
        .status,
    ).toBe(200);
    expect(
      (await admin.json("/api/admin/prices/unlimited-year", { method: "DELETE", body: { reason: "drop yearly" } }))
        .status,
    ).toBe(404);
    expect((await admin.json("/api/admin/prices/clear-cache", { body: { reason: "stale prices" } })).status).toBe(200);
    for (const a of ["price.add", "price.deactivate", "price.delete", "pricing.cache.clear"])
      expect(await auditOf(a)).toHaveLength(1);
  });
});

describe("security", () => {
  it("stores CSP reports (size-capped), lists failed sign-ins, and marks a report investigated", async () => {
    const anon = client(server.url);
    const report = {
      "csp-report": {
        "document-uri": `${server.url}/dashboard`,
        "violated-directive": "script-src",
        "blocked-uri": "https://evil.example/x.js",
      },
    };
    const r = await fetch(`${server.url}/api/csp-report`, {
      method: "POST",
      headers: { "content-type": "application/csp-report" },
      body: JSON.stringify(report),
    });
    expect(r.status).toBe(204);
    const big = await fetch(`${server.url}/api/csp-report`, {
      method: "POST",
      headers: { "content-type": "application/csp-report" },
      body: JSON.stringify({ "csp-report": { "document-uri": "x".repeat(20_000) } }),
    });
    expect(big.status).toBe(413);
    expect(await server.database.db.select().from(cspReports)).toHaveLength(1);
    await anon.json("/api/auth/sign-in/email", {
      body: { email: "learner@example.com", password: "Wrong-Password-99" },
    });
    const again = client(server.url);
    await again.json("/api/auth/sign-in/email", { body: { email: ADMIN, password: STRONG_PASSWORD } });
    const sec = await admin.json<{
      days: { failedSignIns: number }[];
      topAccounts: { key: string }[];
      activeSessions: number;
      adminLogins: { email: string }[];
    }>("/api/admin/security");
    expect(sec.body.days.at(-1)!.failedSignIns).toBe(1);
    expect(sec.body.topAccounts[0].key).toBe("learner@example.com");
    expect(sec.body.activeSessions).toBeGreaterThanOrEqual(2);
    expect(sec.body.adminLogins[0]?.email).toBe(ADMIN);
    const list = await admin.json<{ rows: { id: string; blockedUri: string }[] }>("/api/admin/security/csp");
    expect(list.body.rows[0].blockedUri).toBe("https://evil.example/x.js");
    const marked = await admin.json<{ investigated: boolean }>(`/api/admin/security/csp/${list.body.rows[0].id}`, {
      method: "PATCH",
      body: { investigated: true, note: "a browser extension", reason: "not our script" },
    });
    expect(marked.body.investigated).toBe(true);
    expect(await auditOf("csp-report.investigate")).toHaveLength(1);
  });
});

describe("utilities", () => {
  it("reports diagnostics, sends a test email to the outbox and downloads a PGlite backup", async () => {
    const d = await admin.json<{ database: { ok: boolean; kind: string }; storage: { ok: boolean }; version: string }>(
      "/api/admin/utilities/diagnostics",
    );
    expect(d.body.database.ok).toBe(true);
    expect(d.body.storage.ok).toBe(true);
    const mail = await admin.json("/api/admin/utilities/test-mail", {
      body: { to: "ops@example.com", reason: "check mail" },
    });
    expect(mail.status).toBe(200);
    expect(server.outbox().some((m) => m.subject.endsWith("test email"))).toBe(true);
    if (!process.env.DATABASE_URL) {
      const res = await admin.fetch("/api/admin/utilities/backup?reason=nightly%20check");
      expect(res.status).toBe(200);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(bytes[0]).toBe(0x1f); // gzip
      expect(bytes.length).toBeGreaterThan(100_000);
    }
    expect(await auditOf("utilities.backup")).toHaveLength(process.env.DATABASE_URL ? 0 : 1);
  });
});
