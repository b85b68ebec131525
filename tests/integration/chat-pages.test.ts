/**
 * Pagination of the thread list and of a thread's messages (decision 044) over HTTP against the
 * real server on PGlite: pages cover every row exactly once and in order (ties and rows within the
 * same millisecond included), inserts and deletes between pages neither repeat nor skip a row, the
 * cached first page stays correct, another user's thread is 404 and a bad cursor or limit is 400.
 */
import { asc, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage } from "../../src/contract/chat";
import type { MessagePage, Thread, ThreadPage } from "../../src/contract/threads";
import { messages, threads } from "../../src/server/db/schema";
import { scriptedEngine } from "../helpers/scripted-engine";
import { type Client, signedInUser, startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let seq = 0;
const email = (tag: string) => `${tag}-${++seq}@example.com`;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" }, { engine: scriptedEngine() });
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const userIdOf = async (c: Client) => (await c.json<{ user: { id: string } }>("/api/me")).body.user.id;
const newThread = async (c: Client) => (await c.json<{ thread: Thread }>("/api/threads", { body: {} })).body.thread;
type ErrorBody = { error: { code: string; message: string } };

/**
 * `n` threads straight into the database: pairs share the exact same created_at (order then
 * rests on the id) and neighbours differ by one microsecond within the same millisecond, which a
 * millisecond cursor could not tell apart.
 */
async function seedThreads(userId: string, n: number, prefix: string) {
  await db().execute(sql`
    insert into threads (user_id, title, created_at, updated_at)
    select ${userId}, ${prefix} || ' ' || g,
      timestamptz '2026-01-05 12:00:00Z' - (g / 4) * interval '1 millisecond' - ((g / 2) % 2) * interval '1 microsecond',
      timestamptz '2026-01-05 12:00:00Z'
    from generate_series(1, ${n}) g`);
}

/** The user's thread ids in the order the list must show them, read independently of the route. */
async function expectedThreadIds(userId: string) {
  const rows = await db()
    .select({ id: threads.id })
    .from(threads)
    .where(eq(threads.userId, userId))
    .orderBy(desc(threads.createdAt), desc(threads.id));
  return rows.map((r) => r.id);
}

/** Follows nextCursor from the first page to the last; returns every page. */
async function allThreadPages(c: Client, limit?: number) {
  const pages: ThreadPage[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams();
    if (limit) params.set("limit", String(limit));
    if (cursor) params.set("cursor", cursor);
    const r = await c.json<ThreadPage>(`/api/threads${params.size ? `?${params}` : ""}`);
    expect(r.status).toBe(200);
    pages.push(r.body);
    cursor = r.body.nextCursor;
    expect(pages.length).toBeLessThan(100);
  } while (cursor);
  return pages;
}

describe("thread list pages (decision 044)", () => {
  it("pages newest first, 50 by default, every thread exactly once and in order", async () => {
    const c = await signedInUser(server, email("pages"));
    const userId = await userIdOf(c);
    await seedThreads(userId, 130, "Seeded");
    const expected = await expectedThreadIds(userId);

    const pages = await allThreadPages(c);
    expect(pages.map((p) => p.threads.length)).toEqual([50, 50, 30]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    expect(pages.flatMap((p) => p.threads.map((t) => t.id))).toEqual(expected);

    // A small page size walks the same order, ties and microseconds included.
    const small = await allThreadPages(c, 7);
    expect(small.map((p) => p.threads.length)).toEqual([...Array(18).fill(7), 4]);
    expect(small.flatMap((p) => p.threads.map((t) => t.id))).toEqual(expected);
  });

  it("a thread created or deleted between two pages neither repeats nor skips a thread", async () => {
    const c = await signedInUser(server, email("concurrent"));
    const userId = await userIdOf(c);
    await seedThreads(userId, 30, "Old");
    const before = await expectedThreadIds(userId);

    const first = await c.json<ThreadPage>("/api/threads?limit=10");
    expect(first.body.threads.map((t) => t.id)).toEqual(before.slice(0, 10));
    // Meanwhile (another tab): three new threads, the cursor's own row and a not yet seen row deleted.
    const created = [await newThread(c), await newThread(c), await newThread(c)];
    expect((await c.fetch(`/api/threads/${before[9]}`, { method: "DELETE" })).status).toBe(204);
    expect((await c.fetch(`/api/threads/${before[20]}`, { method: "DELETE" })).status).toBe(204);

    const rest: string[] = [];
    let cursor = first.body.nextCursor;
    while (cursor) {
      const r = await c.json<ThreadPage>(`/api/threads?limit=10&cursor=${encodeURIComponent(cursor)}`);
      expect(r.status).toBe(200);
      rest.push(...r.body.threads.map((t) => t.id));
      cursor = r.body.nextCursor;
    }
    expect(rest).toEqual(before.slice(10).filter((id) => id !== before[20]));
    // The new threads are on a fresh first page, newest first.
    const fresh = await c.json<ThreadPage>("/api/threads?limit=3");
    expect(fresh.body.threads.map((t) => t.id)).toEqual(created.map((t) => t.id).reverse());
  });

  it("caches only the first page of the default size, and keeps it fresh after changes", async () => {
    const c = await signedInUser(server, email("cache"));
    const userId = await userIdOf(c);
    await seedThreads(userId, 60, "Cached");
    const first = await c.json<ThreadPage>("/api/threads"); // fills the per-user cache
    expect(first.body.threads).toHaveLength(50);
    expect((await c.json<ThreadPage>("/api/threads")).body).toEqual(first.body);

    // Another size or a later page is never the cached first page.
    const five = await c.json<ThreadPage>("/api/threads?limit=5");
    expect(five.body.threads.map((t) => t.id)).toEqual(first.body.threads.slice(0, 5).map((t) => t.id));
    const second = await c.json<ThreadPage>(`/api/threads?cursor=${encodeURIComponent(first.body.nextCursor!)}`);
    expect(second.body.threads).toHaveLength(10);
    expect(second.body.nextCursor).toBeNull();

    // A rename on page 2 shows on page 2; a new thread tops the (cached) first page at once.
    const old = second.body.threads[3];
    expect(
      (await c.json(`/api/threads/${old.id}`, { method: "PATCH", body: { title: "Renamed far down" } })).status,
    ).toBe(200);
    const again = await c.json<ThreadPage>(`/api/threads?cursor=${encodeURIComponent(first.body.nextCursor!)}`);
    expect(again.body.threads[3]).toMatchObject({ id: old.id, title: "Renamed far down" });
    const t = await newThread(c);
    const top = await c.json<ThreadPage>("/api/threads");
    expect(top.body.threads[0].id).toBe(t.id);
    expect(top.body.threads).toHaveLength(50);
    expect(top.body.nextCursor).not.toBeNull();
  });

  it("a cursor only positions within the signed-in user's own threads", async () => {
    const a = await signedInUser(server, email("owner-a"));
    const b = await signedInUser(server, email("owner-b"));
    await seedThreads(await userIdOf(a), 12, "A");
    await seedThreads(await userIdOf(b), 3, "B");
    const pageA = await a.json<ThreadPage>("/api/threads?limit=5");
    const asB = await b.json<ThreadPage>(`/api/threads?cursor=${encodeURIComponent(pageA.body.nextCursor!)}`);
    expect(asB.status).toBe(200);
    expect(asB.body.threads.every((t) => t.title.startsWith("B "))).toBe(true);
  });
});

describe("message pages (decision 044)", () => {
  let c: Client;
  let userId: string;
  beforeAll(async () => {
    c = await signedInUser(server, email("messages"));
    userId = await userIdOf(c);
  });

  /** A thread with `n` messages inserted in order (all with the same created_at: order is insertion order). */
  async function threadWithMessages(n: number) {
    const t = await newThread(c);
    await db().execute(sql`
      insert into messages (thread_id, user_id, role, content, created_at)
      select ${t.id}::uuid, ${userId}, case when g % 2 = 1 then 'user' else 'assistant' end, 'Message ' || g, timestamptz '2026-01-05 12:00:00Z'
      from generate_series(1, ${n}) g order by g`);
    return t;
  }
  const contents = (ms: ChatMessage[]) => ms.map((m) => m.content);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `Message ${from + i}`);

  it("returns the newest page first, each page oldest first, and older pages by cursor", async () => {
    const t = await threadWithMessages(120);
    const first = await c.json<MessagePage>(`/api/threads/${t.id}/messages`);
    expect(first.status).toBe(200);
    expect(contents(first.body.messages)).toEqual(range(71, 120));
    expect(first.body.thread).toMatchObject({ id: t.id, title: t.title });
    const second = await c.json<MessagePage>(
      `/api/threads/${t.id}/messages?cursor=${encodeURIComponent(first.body.nextCursor!)}`,
    );
    expect(contents(second.body.messages)).toEqual(range(21, 70));
    const third = await c.json<MessagePage>(
      `/api/threads/${t.id}/messages?cursor=${encodeURIComponent(second.body.nextCursor!)}`,
    );
    expect(contents(third.body.messages)).toEqual(range(1, 20));
    expect(third.body.nextCursor).toBeNull();

    // Any page size covers the conversation exactly once, in insertion order.
    const seen: ChatMessage[][] = [];
    let cursor: string | null = null;
    do {
      const r: { body: MessagePage } = await c.json<MessagePage>(
        `/api/threads/${t.id}/messages?limit=13${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      seen.unshift(r.body.messages);
      cursor = r.body.nextCursor;
    } while (cursor);
    const stored = await db()
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.threadId, t.id))
      .orderBy(asc(messages.seq));
    expect(seen.flat().map((m) => m.id)).toEqual(stored.map((m) => m.id));
  });

  it("a short thread is one page with no cursor (the unpaginated shape)", async () => {
    const t = await threadWithMessages(4);
    const r = await c.json<MessagePage>(`/api/threads/${t.id}/messages`);
    expect(contents(r.body.messages)).toEqual(range(1, 4));
    expect(r.body.nextCursor).toBeNull();
  });

  it("messages added while the student reads older pages neither repeat nor shift them", async () => {
    const t = await threadWithMessages(30);
    const first = await c.json<MessagePage>(`/api/threads/${t.id}/messages?limit=10`);
    expect(contents(first.body.messages)).toEqual(range(21, 30));
    await db()
      .insert(messages)
      .values([
        { threadId: t.id, userId, role: "user", content: "Later question" },
        { threadId: t.id, userId, role: "assistant", content: "Later answer" },
      ]);
    const second = await c.json<MessagePage>(
      `/api/threads/${t.id}/messages?limit=10&cursor=${encodeURIComponent(first.body.nextCursor!)}`,
    );
    expect(contents(second.body.messages)).toEqual(range(11, 20));
    const fresh = await c.json<MessagePage>(`/api/threads/${t.id}/messages?limit=3`);
    expect(contents(fresh.body.messages)).toEqual(["Message 30", "Later question", "Later answer"]);
  });

  it("another user's thread is 404, with or without a cursor", async () => {
    const t = await threadWithMessages(60);
    const first = await c.json<MessagePage>(`/api/threads/${t.id}/messages`);
    const other = await signedInUser(server, email("intruder"));
    for (const path of [
      `/api/threads/${t.id}/messages`,
      `/api/threads/${t.id}/messages?cursor=${encodeURIComponent(first.body.nextCursor!)}`,
      `/api/threads/${t.id}/messages?limit=5`,
    ]) {
      const r = await other.json<ErrorBody>(path);
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe("NOT_FOUND");
    }
  });
});

describe("bad pagination input is 400, never 500", () => {
  it("refuses malformed, foreign-kind and impossible cursors and out-of-range limits", async () => {
    const c = await signedInUser(server, email("bad"));
    const t = await newThread(c);
    const b64 = (s: string) => Buffer.from(s).toString("base64url");
    const threadCursor = b64("t:2026-01-05T12:00:00.000000Z/00000000-0000-4000-8000-000000000000");
    const messageCursor = b64("m:5");
    const badCursors = [
      "garbage",
      "%25%25%25",
      b64("t:2026-02-30T12:00:00.000000Z/00000000-0000-4000-8000-000000000000"),
      b64("t:0000-01-01T00:00:00.000000Z/00000000-0000-4000-8000-000000000000"),
      b64("t:2026-01-05T12:00:00.000Z/00000000-0000-4000-8000-000000000000"),
      b64("t:2026-01-05T12:00:00.000000Z/not-a-uuid"),
      b64("m:0"),
      b64("m:99999999999999999999"),
      b64("m:-1"),
      b64("m:1e3"),
    ];
    const cases = [
      ...badCursors.map((x) => `/api/threads?cursor=${x}`),
      ...badCursors.map((x) => `/api/threads/${t.id}/messages?cursor=${x}`),
      `/api/threads?cursor=${messageCursor}`,
      `/api/threads/${t.id}/messages?cursor=${threadCursor}`,
      `/api/threads?cursor=`,
      `/api/threads?cursor=${"A".repeat(300)}`,
      ...["0", "101", "abc", "1.5", "-3", ""].flatMap((l) => [
        `/api/threads?limit=${l}`,
        `/api/threads/${t.id}/messages?limit=${l}`,
      ]),
    ];
    for (const path of cases) {
      const r = await c.json<ErrorBody>(path);
      expect({ path, status: r.status, code: r.body?.error?.code }).toEqual({
        path,
        status: 400,
        code: "VALIDATION_FAILED",
      });
      expect(r.body.error.message).toMatch(/^(cursor|limit)/);
    }
    // The good ones still work.
    expect((await c.json(`/api/threads?cursor=${threadCursor}`)).status).toBe(200);
    expect((await c.json(`/api/threads/${t.id}/messages?cursor=${messageCursor}&limit=100`)).status).toBe(200);
  });
});

describe("documentation", () => {
  it("the OpenAPI document lists limit and cursor on both lists", async () => {
    const c = await signedInUser(server, email("docs"));
    const doc = await c.json<{ paths: Record<string, { get: { parameters?: { name: string; in: string }[] } }> }>(
      "/api/openapi.json",
    );
    for (const path of ["/api/threads", "/api/threads/{id}/messages"]) {
      expect(doc.body.paths[path].get.parameters?.filter((p) => p.in === "query").map((p) => p.name)).toEqual([
        "limit",
        "cursor",
      ]);
    }
  });
});
