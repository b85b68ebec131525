/**
 * The companion's routes over HTTP against the real server (PGlite, or PostgreSQL when
 * DATABASE_URL is set): threads, ownership, the SSE and JSON answer shapes, failed and stopped
 * answers, quotas (limit, race, month boundary), counters and the realtime change stream.
 * The answer engine is scripted here so timing and failures are exact; the real engine's own
 * tests (src/server/ai) and tests/integration/chat-engine.test.ts cover real answers.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage } from "../../src/contract/chat";
import type { Thread, Usage } from "../../src/contract/threads";
import { analyticsEvents, messageCounts, messages, profiles, threads } from "../../src/server/db/schema";
import { setPlan } from "../../src/server/features/billing/subscriptions.service";
import { subscribe } from "../helpers/realtime";
import { readSse, SAMPLE_CITATION, scriptedEngine } from "../helpers/scripted-engine";
import { type Client, signedInUser, startTestServer, type TestServer } from "../helpers/server";

const engine = scriptedEngine();
let clock = new Date();
let server: TestServer;
let seq = 0;
const email = (tag: string) => `${tag}-${++seq}@example.com`;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" }, { engine, now: () => clock });
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const userIdOf = async (c: Client) => (await c.json<{ user: { id: string } }>("/api/me")).body.user.id;
const newThread = async (c: Client) => (await c.json<{ thread: Thread }>("/api/threads", { body: {} })).body.thread;
const askJson = (c: Client, threadId: string, content: string) =>
  c.json<{
    message: ChatMessage;
    userMessage: ChatMessage;
    usage: Usage;
    error?: { code: string; message: string; details?: { userMessage: ChatMessage } };
  }>(`/api/threads/${threadId}/messages`, {
    body: { content },
    headers: { accept: "application/json" },
  });
const askSse = async (c: Client, threadId: string, content: string) => {
  const res = await c.fetch(`/api/threads/${threadId}/messages`, { body: { content } });
  return { res, events: res.status === 200 ? await readSse(res) : [] };
};

async function freeUser(tag: string) {
  const c = await signedInUser(server, email(tag));
  const id = await userIdOf(c);
  await setPlan({ db: db(), userId: id, plan: "free" });
  return { c, id };
}

describe("threads (SPEC.md §3, §4; DESIGN.md §5)", () => {
  let c: Client;
  beforeAll(async () => {
    c = await signedInUser(server, email("threads"));
  });

  it("is 401 when signed out", async () => {
    const anon = (await import("../helpers/server")).client(server.url);
    expect((await anon.json("/api/threads")).status).toBe(401);
    expect((await anon.json("/api/threads", { body: {} })).status).toBe(401);
    expect((await anon.json("/api/realtime")).status).toBe(401);
  });

  it("a signed-out session stops working at once, although sessions are cached", async () => {
    const other = await signedInUser(server, email("signout"));
    expect((await other.json("/api/threads")).status).toBe(200);
    const stolen = new Map(other.cookies);
    expect((await other.json("/api/auth/sign-out", { body: {} })).status).toBe(200);
    const replay = (await import("../helpers/server")).client(server.url);
    for (const [k, v] of stolen) replay.cookies.set(k, v);
    expect((await replay.json("/api/threads")).status).toBe(401);
  });

  it("creates a thread titled 'New Conversation' after ensuring the profile row", async () => {
    const id = await userIdOf(c);
    await db().delete(profiles).where(eq(profiles.id, id));
    const r = await c.json<{ thread: Thread }>("/api/threads", { body: {} });
    expect(r.status).toBe(201);
    expect(r.body.thread.title).toBe("New Conversation");
    const [p] = await db().select().from(profiles).where(eq(profiles.id, id));
    expect(p).toBeDefined();
    const [event] = await db()
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.name, "chat_thread_created"), eq(analyticsEvents.userId, id)));
    expect(event.properties).toEqual({ threadId: r.body.thread.id });
  });

  it("accepts an empty POST body and a given title", async () => {
    const res = await c.fetch("/api/threads", { method: "POST" });
    expect(res.status).toBe(201);
    const named = await c.json<{ thread: Thread }>("/api/threads", { body: { title: "  Evidence drills " } });
    expect(named.body.thread.title).toBe("Evidence drills");
  });

  it("lists the user's threads newest first", async () => {
    const a = await newThread(c);
    const b = await newThread(c);
    const r = await c.json<{ threads: Thread[] }>("/api/threads");
    expect(r.status).toBe(200);
    const ids = r.body.threads.map((t) => t.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    const times = r.body.threads.map((t) => Date.parse(t.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it("renames with a trimmed title and refuses an empty or too long one", async () => {
    const t = await newThread(c);
    const ok = await c.json<{ thread: Thread }>(`/api/threads/${t.id}`, {
      method: "PATCH",
      body: { title: "   Mailbox   rule  " },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.thread.title).toBe("Mailbox rule");
    const empty = await c.json<{ error: { code: string; message: string } }>(`/api/threads/${t.id}`, {
      method: "PATCH",
      body: { title: "   " },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe("VALIDATION_FAILED");
    const long = await c.json(`/api/threads/${t.id}`, { method: "PATCH", body: { title: "x".repeat(121) } });
    expect(long.status).toBe(400);
    const [row] = await db().select().from(threads).where(eq(threads.id, t.id));
    expect(row.title).toBe("Mailbox rule");
  });

  it("the thread list is fresh right after every change (it is cached per process)", async () => {
    const titles = async () => (await c.json<{ threads: Thread[] }>("/api/threads")).body.threads.map((t) => t.title);
    const t = await newThread(c);
    await titles();
    expect(await titles()).toContain("New Conversation");
    await c.json(`/api/threads/${t.id}`, { method: "PATCH", body: { title: "Cached then renamed" } });
    expect(await titles()).toContain("Cached then renamed");
    const fresh = await newThread(c);
    await titles();
    await askJson(c, fresh.id, "Retitled by the first question?");
    expect(await titles()).toContain("Retitled by the first question?");
    await c.fetch(`/api/threads/${t.id}`, { method: "DELETE" });
    expect(await titles()).not.toContain("Cached then renamed");
  });

  it("deletes a thread with its messages", async () => {
    const t = await newThread(c);
    expect((await askJson(c, t.id, "What is acceptance?")).status).toBe(200);
    const del = await c.fetch(`/api/threads/${t.id}`, { method: "DELETE" });
    expect(del.status).toBe(204);
    expect((await c.json(`/api/threads/${t.id}/messages`)).status).toBe(404);
    expect(await db().select().from(messages).where(eq(messages.threadId, t.id))).toEqual([]);
    expect((await c.fetch(`/api/threads/${t.id}`, { method: "DELETE" })).status).toBe(404);
  });
});

describe("ownership: another user's thread is 404 on every route (SPEC.md §6)", () => {
  it("hides, refuses to change and refuses to answer in another user's thread", async () => {
    const owner = await signedInUser(server, email("owner"));
    const other = await signedInUser(server, email("other"));
    const t = await newThread(owner);
    expect((await askJson(owner, t.id, "What is acceptance?")).status).toBe(200);
    const otherId = await userIdOf(other);

    const attempts = [
      other.json(`/api/threads/${t.id}`, { method: "PATCH", body: { title: "mine now" } }),
      other.json(`/api/threads/${t.id}`, { method: "DELETE" }),
      other.json(`/api/threads/${t.id}/messages`),
      other.json(`/api/threads/${t.id}/messages`, { body: { content: "hello" } }),
      other.json(`/api/threads/${t.id}/messages`, {
        body: { content: "hello" },
        headers: { accept: "application/json" },
      }),
      other.json(`/api/threads/${t.id}/retry`, { method: "POST" }),
    ];
    for (const r of await Promise.all(attempts)) {
      expect(r.status).toBe(404);
      expect((r.body as { error: { code: string } }).error.code).toBe("NOT_FOUND");
    }
    const list = await other.json<{ threads: Thread[] }>("/api/threads");
    expect(list.body.threads.map((x) => x.id)).not.toContain(t.id);
    // Nothing changed, nothing was counted against the other user.
    const [row] = await db().select().from(threads).where(eq(threads.id, t.id));
    expect(row.title).toBe("What is acceptance?");
    expect(await db().select().from(messages).where(eq(messages.userId, otherId))).toEqual([]);
    expect(await db().select().from(messageCounts).where(eq(messageCounts.userId, otherId))).toEqual([]);
  });

  it("an id that is not a thread id is 404, not 500", async () => {
    const c = await signedInUser(server, email("badid"));
    for (const r of await Promise.all([
      c.json("/api/threads/not-a-uuid/messages"),
      c.json("/api/threads/not-a-uuid", { method: "PATCH", body: { title: "x" } }),
      c.json("/api/threads/00000000-0000-0000-0000-000000000000", { method: "DELETE" }),
      c.json("/api/threads/%27%3B--/messages", { body: { content: "x" } }),
    ])) {
      expect(r.status).toBe(404);
    }
  });
});

describe("sending a message", () => {
  let c: Client;
  let userId: string;
  beforeAll(async () => {
    c = await signedInUser(server, email("sender"));
    userId = await userIdOf(c);
  });

  it("streams start, sources, deltas and done as text/event-stream, and stores both messages", async () => {
    const t = await newThread(c);
    const { res, events } = await askSse(c, t.id, "what is an acceptance in contract law?");
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    expect(events.map((e) => e.event)).toEqual(["start", "sources", "delta", "delta", "delta", "done"]);
    const [start, sources] = events;
    expect(start.data.userMessage).toMatchObject({
      role: "user",
      content: "what is an acceptance in contract law?",
      threadId: t.id,
    });
    expect(start.data.thread.title).toBe("What is an acceptance in contract law?");
    expect(sources.data.citations).toEqual([SAMPLE_CITATION]);
    const streamed = events
      .filter((e) => e.event === "delta")
      .map((e) => e.data.text)
      .join("");
    const done = events.at(-1)!.data.message as ChatMessage;
    expect(done).toMatchObject({
      role: "assistant",
      content: streamed,
      status: "complete",
      declined: false,
      citations: [SAMPLE_CITATION],
    });

    const list = await c.json<{ messages: ChatMessage[] }>(`/api/threads/${t.id}/messages`);
    expect(list.body.messages.map((m) => [m.role, m.status])).toEqual([
      ["user", "complete"],
      ["assistant", "complete"],
    ]);
    expect(list.body.messages[1].id).toBe(done.id);
    const names = (await db().select().from(analyticsEvents).where(eq(analyticsEvents.userId, userId))).map(
      (e) => e.name,
    );
    expect(names).toEqual(expect.arrayContaining(["chat_message_sent", "chat_response_received"]));
  });

  it("with Accept: application/json answers one body of the DESIGN.md §5 shape", async () => {
    const t = await newThread(c);
    const r = await askJson(c, t.id, "Explain acceptance");
    expect(r.status).toBe(200);
    const m = r.body.message;
    expect(m).toMatchObject({
      role: "assistant",
      declined: false,
      content: "An acceptance is a manifestation of assent to the terms of an offer [1].",
    });
    expect(typeof m.id).toBe("string");
    expect(m.citations).toEqual([
      expect.objectContaining({
        id: SAMPLE_CITATION.id,
        kind: "topic",
        title: "Acceptance",
        cite: "Contracts · Acceptance",
        url: "/library/topics/contracts-acceptance",
      }),
    ]);
  });

  it("keeps the first question's title and does not retitle on later messages or after a rename", async () => {
    const t = await newThread(c);
    await askJson(c, t.id, "First question about consideration?");
    await askJson(c, t.id, "Second question about something else entirely");
    let [row] = await db().select().from(threads).where(eq(threads.id, t.id));
    expect(row.title).toBe("First question about consideration?");
    const renamed = await newThread(c);
    await c.json(`/api/threads/${renamed.id}`, { method: "PATCH", body: { title: "My own title" } });
    await askJson(c, renamed.id, "Anything");
    [row] = await db().select().from(threads).where(eq(threads.id, renamed.id));
    expect(row.title).toBe("My own title");
  });

  it("hands earlier complete turns to the engine as history, oldest first", async () => {
    const t = await newThread(c);
    await askJson(c, t.id, "one");
    engine.next.push({ kind: "fail", code: "LLM_UNAVAILABLE", afterChunks: ["half"] });
    await askJson(c, t.id, "two");
    await c.json(`/api/threads/${t.id}/retry`, { method: "POST", headers: { accept: "application/json" } });
    await askJson(c, t.id, "three");
    const last = engine.calls.at(-1)!;
    expect(last.question).toBe("three");
    expect(last.history.map((h) => `${h.role}:${h.content.slice(0, 3)}`)).toEqual([
      "user:one",
      "assistant:An ",
      "user:two",
      "assistant:An ",
    ]);
  });

  it("refuses an empty or over-long message with a clear 400 and stores nothing", async () => {
    const t = await newThread(c);
    const empty = await c.json<{ error: { code: string; message: string } }>(`/api/threads/${t.id}/messages`, {
      body: { content: "   " },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain("Message cannot be empty");
    const long = await c.json<{ error: { message: string } }>(`/api/threads/${t.id}/messages`, {
      body: { content: "x".repeat(8001) },
    });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toContain("8000 characters");
    const bad = await c.json(`/api/threads/${t.id}/messages`, { body: "{not json" });
    expect(bad.status).toBe(400);
    expect(await db().select().from(messages).where(eq(messages.threadId, t.id))).toEqual([]);
  });
});

describe("provider failures store no half answer as complete (issue 4 §4)", () => {
  it("SSE: keeps the question, stores the cut answer as an error, gives the message back, and retry answers", async () => {
    const { c, id } = await freeUser("fail-sse");
    const t = await newThread(c);
    engine.next.push({ kind: "fail", code: "LLM_INTERRUPTED", afterChunks: ["An acceptance is ", "a manif"] });
    const { events } = await askSse(c, t.id, "What is acceptance?");
    expect(events.map((e) => e.event)).toEqual(["start", "sources", "delta", "delta", "error"]);
    const err = events.at(-1)!.data;
    expect(err.error).toEqual({
      code: "LLM_INTERRUPTED",
      message: "The answer was cut off before it finished. Please retry.",
    });
    expect(err.message).toMatchObject({
      role: "assistant",
      status: "error",
      errorCode: "LLM_INTERRUPTED",
      content: "An acceptance is a manif",
    });
    expect(err.usage.count).toBe(0);

    let stored = await db().select().from(messages).where(eq(messages.threadId, t.id));
    expect(stored.filter((m) => m.status === "complete").map((m) => m.role)).toEqual(["user"]);
    expect(stored.filter((m) => m.role === "assistant").map((m) => m.status)).toEqual(["error"]);
    const [count] = await db().select().from(messageCounts).where(eq(messageCounts.userId, id));
    expect(count.count).toBe(0);

    const retry = await c.fetch(`/api/threads/${t.id}/retry`, { method: "POST" });
    const retried = await readSse(retry);
    expect(retried.at(-1)!.event).toBe("done");
    expect(retried[0].data.userMessage.content).toBe("What is acceptance?");
    stored = await db().select().from(messages).where(eq(messages.threadId, t.id));
    expect(stored.map((m) => [m.role, m.status])).toEqual([
      ["user", "complete"],
      ["assistant", "complete"],
    ]);
    const [after] = await db().select().from(messageCounts).where(eq(messageCounts.userId, id));
    expect(after.count).toBe(1);
    const again = await c.json<{ error: { code: string } }>(`/api/threads/${t.id}/retry`, { method: "POST" });
    expect(again.status).toBe(409);
  });

  it.each([
    ["LLM_UNAUTHORIZED", 502],
    ["LLM_RATE_LIMITED", 503],
    ["LLM_UNAVAILABLE", 502],
    ["LLM_TIMEOUT", 504],
  ] as const)("JSON: %s is a %i with a clear message and the stored question", async (code, status) => {
    const c = await signedInUser(server, email(`fail-${code.toLowerCase()}`));
    const t = await newThread(c);
    engine.next.push({ kind: "fail", code, afterChunks: [] });
    const r = await askJson(c, t.id, "What is consideration?");
    expect(r.status).toBe(status);
    expect(r.body.error!.code).toBe(code);
    expect(r.body.error!.message).toMatch(/retry/i);
    expect(r.body.error!.details!.userMessage.content).toBe("What is consideration?");
    const list = await c.json<{ messages: ChatMessage[] }>(`/api/threads/${t.id}/messages`);
    expect(list.body.messages.map((m) => [m.role, m.status, m.errorCode ?? null])).toEqual([
      ["user", "complete", null],
      ["assistant", "error", code],
    ]);
  });

  it("an engine bug is an INTERNAL error event, not a complete answer", async () => {
    const c = await signedInUser(server, email("bug"));
    const t = await newThread(c);
    engine.next.push({ kind: "fail", code: "CONFLICT", afterChunks: ["x"] });
    const { events } = await askSse(c, t.id, "Anything");
    expect(events.at(-1)!.event).toBe("error");
    expect(events.at(-1)!.data.error.code).toBe("INTERNAL");
  });

  it("a stopped answer (client gone) is stored as STOPPED, never complete", async () => {
    const c = await signedInUser(server, email("stop"));
    const t = await newThread(c);
    engine.next.push({ kind: "hang", chunks: ["Partial answer "] });
    const controller = new AbortController();
    const res = await fetch(`${server.url}/api/threads/${t.id}/messages`, {
      method: "POST",
      headers: {
        origin: server.url,
        "content-type": "application/json",
        cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      body: JSON.stringify({ content: "Tell me everything" }),
      signal: controller.signal,
    });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let seen = "";
    while (!seen.includes("Partial answer")) seen += (await reader.read()).value ?? "";
    controller.abort();
    let rows: (typeof messages.$inferSelect)[] = [];
    for (let i = 0; i < 100; i++) {
      rows = await db()
        .select()
        .from(messages)
        .where(and(eq(messages.threadId, t.id), eq(messages.role, "assistant")));
      if (rows.length) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(rows.map((r) => [r.status, r.errorCode, r.content])).toEqual([["error", "STOPPED", "Partial answer "]]);
  });
});

describe("quotas (SPEC.md §6, §9; issue 4 §5)", () => {
  it("Free: 10 messages a month, then 429 MESSAGE_LIMIT_REACHED and nothing stored", async () => {
    const { c, id } = await freeUser("free");
    const t = await newThread(c);
    for (let i = 1; i <= 10; i++) {
      const r = await askJson(c, t.id, `question ${i}`);
      expect(r.status).toBe(200);
      expect(r.body.usage).toMatchObject({ count: i, limit: 10, remaining: 10 - i, percent: i * 10 });
    }
    const over = await askJson(c, t.id, "question 11");
    expect(over.status).toBe(429);
    expect(over.body.error!.code).toBe("MESSAGE_LIMIT_REACHED");
    expect(over.body.error!.message).toContain("Upgrade to Unlimited");
    const sse = await c.fetch(`/api/threads/${t.id}/messages`, { body: { content: "question 12" } });
    expect(sse.status).toBe(429);
    const retry = await c.json(`/api/threads/${t.id}/retry`, { method: "POST" });
    expect(retry.status).toBe(409);
    const users = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.userId, id), eq(messages.role, "user")));
    expect(users.length).toBe(10);
    const usage = await c.json<Usage>("/api/usage");
    expect(usage.body).toMatchObject({
      tierName: "Free",
      count: 10,
      limit: 10,
      remaining: 0,
      percent: 100,
      lifetime: 10,
    });
    const stats = await c.json<{ lifetimeMessages: number; assistantMessages: number }>("/api/account/stats");
    expect(stats.body).toMatchObject({ lifetimeMessages: 10, assistantMessages: 10 });
  });

  it("race: with one message left, many sends at once — exactly one succeeds", async () => {
    const { c, id } = await freeUser("race");
    const { start, end } = (await import("../../src/domain/plans")).monthPeriod(clock);
    await db().insert(messageCounts).values({ userId: id, count: 9, periodStart: start, periodEnd: end });
    const ts = await Promise.all(Array.from({ length: 4 }, () => newThread(c)));
    const sends = Array.from({ length: 12 }, (_, i) => askJson(c, ts[i % ts.length].id, `race ${i}`));
    const results = await Promise.all(sends);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(11);
    const [row] = await db().select().from(messageCounts).where(eq(messageCounts.userId, id));
    expect(row.count).toBe(10);
    const stored = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.userId, id), eq(messages.role, "user")));
    expect(stored).toHaveLength(1);
    const [p] = await db().select().from(profiles).where(eq(profiles.id, id));
    expect(p.lifetimeMessageCount).toBe(1);
  });

  it("month boundary: the count starts again on the 1st (UTC)", async () => {
    const { c, id } = await freeUser("boundary");
    const t = await newThread(c);
    const saved = clock;
    try {
      clock = new Date("2031-01-31T23:59:59.000Z");
      for (let i = 0; i < 10; i++) expect((await askJson(c, t.id, `jan ${i}`)).status).toBe(200);
      expect((await askJson(c, t.id, "jan over")).status).toBe(429);
      clock = new Date("2031-02-01T00:00:00.000Z");
      const feb = await askJson(c, t.id, "feb 1");
      expect(feb.status).toBe(200);
      expect(feb.body.usage).toMatchObject({
        count: 1,
        periodStart: "2031-02-01T00:00:00.000Z",
        periodEnd: "2031-03-01T00:00:00.000Z",
      });
      const rows = await db().select().from(messageCounts).where(eq(messageCounts.userId, id));
      expect(rows.map((r) => [r.periodStart.toISOString(), r.periodEnd.toISOString(), r.count]).sort()).toEqual([
        ["2031-01-01T00:00:00.000Z", "2031-02-01T00:00:00.000Z", 10],
        ["2031-02-01T00:00:00.000Z", "2031-03-01T00:00:00.000Z", 1],
      ]);
      const [p] = await db().select().from(profiles).where(eq(profiles.id, id));
      expect(p.lifetimeMessageCount).toBe(11);
    } finally {
      clock = saved;
    }
  });

  it("Trial and Unlimited have no limit but are still counted", async () => {
    const c = await signedInUser(server, email("trial"));
    const id = await userIdOf(c);
    const t = await newThread(c);
    for (let i = 0; i < 11; i++) expect((await askJson(c, t.id, `q${i}`)).status).toBe(200);
    let usage = (await c.json<Usage>("/api/usage")).body;
    expect(usage).toMatchObject({ tierName: "Trial", count: 11, limit: null, remaining: null, percent: 0 });
    await setPlan({ db: db(), userId: id, plan: "unlimited" });
    expect((await askJson(c, t.id, "q12")).status).toBe(200);
    usage = (await c.json<Usage>("/api/usage")).body;
    expect(usage).toMatchObject({ tierName: "unlimited", count: 12, limit: null });
  });
});

describe("realtime change stream (in-process bus on PGlite; LISTEN/NOTIFY on PostgreSQL)", () => {
  it("two tabs of one user see thread inserts, renames and deletes; another user sees none", async () => {
    const c = await signedInUser(server, email("tabs"));
    const other = await signedInUser(server, email("tabs-other"));
    const tab1 = subscribe(server.url, c);
    const tab2 = subscribe(server.url, c);
    const stranger = subscribe(server.url, other);
    try {
      await Promise.all([tab1.ready, tab2.ready, stranger.ready]);
      const t = await newThread(c);
      for (const tab of [tab1, tab2]) await tab.waitFor((x) => x.type === "thread.created" && x.thread.id === t.id);
      await c.json(`/api/threads/${t.id}`, { method: "PATCH", body: { title: "Renamed" } });
      for (const tab of [tab1, tab2])
        await tab.waitFor((x) => x.type === "thread.updated" && x.thread.title === "Renamed");
      await askJson(c, t.id, "hello");
      await tab2.waitFor((x) => x.type === "message.created" && x.role === "assistant" && x.threadId === t.id);
      await c.fetch(`/api/threads/${t.id}`, { method: "DELETE" });
      for (const tab of [tab1, tab2]) await tab.waitFor((x) => x.type === "thread.deleted" && x.threadId === t.id);
      expect(stranger.changes).toEqual([]);
    } finally {
      for (const s of [tab1, tab2, stranger]) s.close();
    }
  });
});
