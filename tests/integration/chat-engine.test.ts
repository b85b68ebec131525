/**
 * The chat routes with the real answer engine (LLM_PROVIDER=none, the default): a real bar-exam
 * question gets a streamed, cited answer whose every citation opens a page in the app; a question
 * outside the library is declined with no citations. Both answer shapes of DESIGN.md §5.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage, Citation } from "../../src/contract/chat";
import type { Thread } from "../../src/contract/threads";
import { analyticsEvents } from "../../src/server/db/schema";
import { readSse } from "../helpers/scripted-engine";
import { type Client, signedInUser, startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let c: Client;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" });
  c = await signedInUser(server, "engine-user@example.com");
});
afterAll(async () => {
  await server?.close();
});

const newThread = async () => (await c.json<{ thread: Thread }>("/api/threads", { body: {} })).body.thread;

/** The API read behind a citation's in-app page. */
function apiFor(url: string): string {
  const topic = /^\/library\/topics\/([^/?#]+)$/.exec(url);
  if (topic) return `/api/topics/${topic[1]}`;
  const brief = /^\/cases\/([^/?#]+)$/.exec(url);
  if (brief) return `/api/briefs/${brief[1]}`;
  const provision = /^\/library\/provisions\/([^/?#]+)$/.exec(url);
  if (provision) return `/api/provisions/${provision[1]}`;
  throw new Error(`unexpected citation url ${url}`);
}

describe("answers from the library (no LLM)", () => {
  it("streams a cited answer to a real question; every citation opens", async () => {
    const t = await newThread();
    const res = await c.fetch(`/api/threads/${t.id}/messages`, {
      body: { content: "What is the mailbox rule, and when does it not apply?" },
    });
    expect(res.status).toBe(200);
    const events = await readSse(res);
    expect(events[0].event).toBe("start");
    expect(events[1].event).toBe("sources");
    expect(events.filter((e) => e.event === "delta").length).toBeGreaterThan(3);
    const done = events.at(-1)!;
    expect(done.event).toBe("done");
    const message = done.data.message as ChatMessage;
    expect(message.declined).toBe(false);
    expect(message.status).toBe("complete");
    expect(message.citations.length).toBeGreaterThan(0);
    expect(
      events
        .filter((e) => e.event === "delta")
        .map((e) => e.data.text)
        .join(""),
    ).toBe(message.content);
    expect(message.content.toLowerCase()).toContain("acceptance");
    for (const n of [...message.content.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]))) {
      expect(message.citations.map((x: Citation) => x.n)).toContain(n);
    }
    for (const cite of message.citations) expect((await c.fetch(apiFor(cite.url))).status).toBe(200);
    // Analytics: the answer is recorded with the kind of question it was shaped for.
    const [received] = await server.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.name, "chat_response_received"))
      .orderBy(desc(analyticsEvents.createdAt))
      .limit(1);
    expect(received.properties).toMatchObject({
      threadId: t.id,
      declined: false,
      citations: message.citations.length,
      kind: "concept",
    });
  });

  it("is listed in the OpenAPI document", async () => {
    const doc = await c.json<{ paths: Record<string, Record<string, unknown>> }>("/api/openapi.json");
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        "/api/threads",
        "/api/threads/{id}",
        "/api/threads/{id}/messages",
        "/api/threads/{id}/retry",
        "/api/usage",
        "/api/realtime",
      ]),
    );
    expect(Object.keys(doc.body.paths["/api/threads/{id}/messages"])).toEqual(expect.arrayContaining(["get", "post"]));
  });

  it("answers in one JSON body with Accept: application/json", async () => {
    const t = await newThread();
    const r = await c.json<{ message: ChatMessage }>(`/api/threads/${t.id}/messages`, {
      body: { content: "What's the difference between claim preclusion and issue preclusion?" },
      headers: { accept: "application/json" },
    });
    expect(r.status).toBe(200);
    expect(r.body.message.role).toBe("assistant");
    expect(r.body.message.declined).toBe(false);
    expect(r.body.message.citations.length).toBeGreaterThan(1);
    for (const cite of r.body.message.citations) {
      expect(Object.keys(cite)).toEqual(expect.arrayContaining(["id", "kind", "title", "cite", "url"]));
    }
  });

  it("declines a question outside the library, citing nothing", async () => {
    const t = await newThread();
    const r = await c.json<{ message: ChatMessage }>(`/api/threads/${t.id}/messages`, {
      body: { content: "What is a good recipe for sourdough bread?" },
      headers: { accept: "application/json" },
    });
    expect(r.status).toBe(200);
    expect(r.body.message.declined).toBe(true);
    expect(r.body.message.citations).toEqual([]);
    expect(r.body.message.content).toMatch(/I don.t know/);
  });
});
