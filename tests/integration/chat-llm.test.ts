/**
 * The chat routes with a configured LLM, against fake OpenAI-compatible and Anthropic servers on
 * 127.0.0.1 speaking their streaming protocols (issue 4 §4, §9): a good answer is stored complete
 * with its citations and unverified case names; every provider failure (401, 429, 5xx, time-out,
 * stream cut, in-stream error) keeps the question, stores no half answer as complete, gives the
 * message back, and Retry then answers.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage } from "../../src/contract/chat";
import type { Thread, Usage } from "../../src/contract/threads";
import { messageCounts, messages } from "../../src/server/db/schema";
import { setPlan } from "../../src/server/features/billing/subscriptions.service";
import { type FakeLlmServer, startFakeAnthropic, startFakeOpenAI } from "../helpers/fake-llm";
import { readSse } from "../helpers/scripted-engine";
import { type Client, signedInUser, startTestServer, type TestServer } from "../helpers/server";

const QUESTION = "What is the mailbox rule?";
const GOOD =
  "Under the mailbox rule, an acceptance is effective when it is dispatched [1]. Smith v. Jonesborough Widget Co. applied it to a lost letter.";

describe.each([
  ["openai-compatible", startFakeOpenAI],
  ["anthropic", startFakeAnthropic],
] as const)("with LLM_PROVIDER=%s", (provider, start) => {
  let fake: FakeLlmServer;
  let server: TestServer;
  let c: Client;
  let userId: string;
  let seq = 0;

  beforeAll(async () => {
    fake = await start();
    server = await startTestServer({
      RATE_LIMIT_DISABLED: "true",
      LLM_PROVIDER: provider,
      LLM_BASE_URL: fake.url,
      LLM_API_KEY: "test-key",
      LLM_MODEL: "test-model",
      LLM_TIMEOUT_MS: "600",
    });
    c = await signedInUser(server, `llm-${provider}@example.com`);
    userId = (await c.json<{ user: { id: string } }>("/api/me")).body.user.id;
    await setPlan({ db: server.database.db, userId, plan: "free" });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const newThread = async () =>
    (await c.json<{ thread: Thread }>("/api/threads", { body: { title: `t${++seq}` } })).body.thread;
  const monthCount = async () =>
    (await server.database.db.select().from(messageCounts).where(eq(messageCounts.userId, userId)))[0]?.count ?? 0;
  const rowsOf = (threadId: string) =>
    server.database.db.select().from(messages).where(eq(messages.threadId, threadId)).orderBy(messages.seq);

  it("stores a complete, cited answer and marks a case name that is not among the sources", async () => {
    fake.reply({ kind: "text", text: GOOD, chunkSize: 9 });
    const t = await newThread();
    const res = await c.fetch(`/api/threads/${t.id}/messages`, { body: { content: QUESTION } });
    const events = await readSse(res);
    expect(events.filter((e) => e.event === "delta").length).toBeGreaterThan(2);
    const done = events.at(-1)!;
    expect(done.event).toBe("done");
    const m = done.data.message as ChatMessage;
    expect(m.status).toBe("complete");
    expect(m.content).toContain("effective when it is dispatched [1]");
    expect(m.citations[0]).toMatchObject({ n: 1 });
    expect(m.unverified).toContain("Smith v. Jonesborough Widget Co.");
    const [, stored] = await rowsOf(t.id);
    expect(stored.unverified).toContain("Smith v. Jonesborough Widget Co.");
    const sent = fake.requests.at(-1)!;
    expect(JSON.stringify(sent.body)).toContain("mailbox rule");
  });

  it.each([
    ["401 (key refused)", { kind: "status", status: 401, message: "invalid api key" }, "LLM_UNAUTHORIZED", 502],
    ["429 (provider rate limit)", { kind: "status", status: 429, message: "slow down" }, "LLM_RATE_LIMITED", 503],
    ["500 (provider error)", { kind: "status", status: 500, message: "boom" }, "LLM_UNAVAILABLE", 502],
    ["no first token (time-out)", { kind: "hang" }, "LLM_TIMEOUT", 504],
  ] as const)(
    "%s: JSON %s keeps the question, stores no complete answer, refunds the message",
    async (_name, reply, code, status) => {
      const before = await monthCount();
      fake.reply(reply);
      const t = await newThread();
      const r = await c.json<{ error: { code: string; message: string } }>(`/api/threads/${t.id}/messages`, {
        body: { content: QUESTION },
        headers: { accept: "application/json" },
      });
      expect(r.status).toBe(status);
      expect(r.body.error.code).toBe(code);
      expect(r.body.error.message).toMatch(/retry/i);
      const rows = await rowsOf(t.id);
      expect(rows.map((x) => [x.role, x.status, x.errorCode])).toEqual([
        ["user", "complete", null],
        ["assistant", "error", code],
      ]);
      expect(await monthCount()).toBe(before);
    },
  );

  it.each([
    ["a stream cut mid-answer", { kind: "cut", text: GOOD }],
    ["a stall mid-answer (time-out between tokens)", { kind: "stall", text: GOOD }],
    ["an in-stream provider error", { kind: "stream-error", text: GOOD, message: "overloaded" }],
  ] as const)(
    "%s: the SSE stream ends with an error, the partial text is never stored as complete, and Retry answers",
    async (_name, reply) => {
      fake.reply(reply);
      const t = await newThread();
      const events = await readSse(await c.fetch(`/api/threads/${t.id}/messages`, { body: { content: QUESTION } }));
      const last = events.at(-1)!;
      expect(last.event).toBe("error");
      expect(last.data.error.code).toMatch(/^LLM_/);
      expect(events.some((e) => e.event === "done")).toBe(false);
      let rows = await rowsOf(t.id);
      expect(rows.filter((x) => x.role === "assistant" && x.status === "complete")).toEqual([]);
      expect(rows.find((x) => x.role === "assistant")!.content.length).toBeLessThan(GOOD.length);

      fake.reply({ kind: "text", text: GOOD });
      const retried = await c.json<{ message: ChatMessage; usage: Usage }>(`/api/threads/${t.id}/retry`, {
        method: "POST",
        headers: { accept: "application/json" },
      });
      expect(retried.status).toBe(200);
      expect(retried.body.message.status).toBe("complete");
      rows = await rowsOf(t.id);
      expect(rows.map((x) => [x.role, x.status])).toEqual([
        ["user", "complete"],
        ["assistant", "complete"],
      ]);
      const users = await server.database.db
        .select()
        .from(messages)
        .where(and(eq(messages.threadId, t.id), eq(messages.role, "user")));
      expect(users).toHaveLength(1);
    },
  );
});
