/**
 * The companion with a model, against fake OpenAI-compatible and Anthropic servers on 127.0.0.1
 * that speak each provider's streaming protocol (tests/helpers/fake-llm.ts), over the real seeded
 * content on a booted server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeLlmServer, startFakeAnthropic, startFakeOpenAI } from "../../../../tests/helpers/fake-llm";
import { startTestServer, type TestServer } from "../../../../tests/helpers/server";
import { parseEnv } from "../../env";
import { AppError } from "../../lib/errors";
import { createAnswerEngine, createLlmClient } from "../index";
import type { AnswerEvent, AnswerInput } from "../types";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const QUESTION = "Does the attorney-client privilege survive the client's death?";
type Done = Extract<AnswerEvent, { type: "done" }>;

async function run(engine: ReturnType<typeof createAnswerEngine>, input: Partial<AnswerInput> = {}) {
  const events: AnswerEvent[] = [];
  let error: unknown = null;
  try {
    for await (const ev of engine.answer({ userId: "", question: QUESTION, history: [], ...input })) events.push(ev);
  } catch (err) {
    error = err;
  }
  const done = events.find((e) => e.type === "done") as Done | undefined;
  const deltas = events.filter((e) => e.type === "delta").map((e) => (e as { text: string }).text);
  return { events, done, deltas, error };
}

describe.each([
  ["openai-compatible", startFakeOpenAI],
  ["anthropic", startFakeAnthropic],
] as const)("%s provider", (provider, start) => {
  let fake: FakeLlmServer;
  let engine: ReturnType<typeof createAnswerEngine>;
  beforeAll(async () => {
    fake = await start();
    const env = parseEnv({
      LLM_PROVIDER: provider,
      LLM_BASE_URL: fake.url,
      LLM_API_KEY: "test-key",
      LLM_MODEL: "test-model",
      // Long enough for a loaded 2-core machine to stream a normal answer (400 ms failed once with the
      // browser tests running beside it), short enough for the time-out tests.
      LLM_TIMEOUT_MS: "1500",
    });
    engine = createAnswerEngine({ db: server.database.db, env });
    await engine.warm();
    // One answer before the timed tests, by an engine with a long time-out: the provider's first
    // request loads its SDK code and opens the connection, which on a loaded 2-core machine (the
    // PostgreSQL vitest pass of CI) once took longer than the 1.5 s time-out itself and failed the
    // first test as LLM_TIMEOUT (stop 34).
    fake.reply({ kind: "text", text: "Warm-up answer [1]." });
    const warmEngine = createAnswerEngine({ db: server.database.db, env: { ...env, LLM_TIMEOUT_MS: 30_000 } });
    const warm = await run(warmEngine);
    if (warm.error) throw warm.error;
  });
  afterAll(() => fake?.close());

  it("sends the numbered sources, streams the answer and lists the sources it cited", async () => {
    fake.reply({
      kind: "text",
      text: "**Yes.** The privilege survives the client's death [1]. The Supreme Court so held in *Swidler & Berlin v. United States* [2].",
    });
    const before = fake.requests.length;
    const { events, done, deltas, error } = await run(engine);
    expect(error).toBeNull();
    expect(events[0].type).toBe("sources");
    const offered = (events[0] as { citations: { n: number; id: string }[] }).citations;
    expect(offered[0]).toMatchObject({ n: 1, id: "evidence-attorney-client-privilege" });
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join("")).toBe(done!.content);
    expect(done!.declined).toBe(false);
    expect(done!.unverified).toEqual([]);
    expect(done!.citations.map((c) => c.n)).toEqual([1, 2]);
    expect(done!.citations[1].id).toBe(offered.find((c) => c.n === 2)!.id);

    const req = fake.requests[before];
    expect(req.body.model).toBe("test-model");
    expect(req.body.stream).toBe(true);
    const messages = req.body.messages as { role: string; content: unknown }[];
    const user = JSON.stringify(messages.at(-1));
    expect(user).toContain("[1] Outline: Attorney-Client Privilege");
    expect(user).toContain(QUESTION.replace(/'/g, "'"));
    if (provider === "openai-compatible") {
      expect(req.path).toBe("/v1/chat/completions");
      expect(req.headers.authorization).toBe("Bearer test-key");
      expect(messages[0]).toMatchObject({ role: "system" });
      expect(String(messages[0].content)).toContain("Cite every sentence");
    } else {
      expect(req.path).toBe("/v1/messages");
      expect(req.headers["x-api-key"]).toBe("test-key");
      expect(JSON.stringify(req.body.system)).toContain("Cite every sentence");
    }
  });

  it("removes citation markers that point at no given source", async () => {
    fake.reply({ kind: "text", text: "It survives death [1]. Some say otherwise [9]. Compare [2, 17].", chunkSize: 3 });
    const { done, deltas } = await run(engine);
    expect(done!.content).not.toMatch(/\[9\]|\[17\]/);
    expect(deltas.join("")).not.toMatch(/\[9\]|\[17\]/);
    expect(done!.content).toContain("[1]");
    // Issue 13 §7: the sentence is marked, so source 2 does not seem to back the invented part alone.
    expect(done!.content).toContain("Compare [2] (unverified: there is no source 17).");
    expect(done!.content).toContain("Some say otherwise (unverified: there is no source 9).");
    expect(done!.unverified).toEqual(["(unverified: there is no source 9)", "(unverified: there is no source 17)"]);
    expect(done!.invalidMarkers).toEqual([9, 17]);
    expect(done!.citations.map((c) => c.n)).toEqual([1, 2]);
  });

  it("marks case names that are not among the sources as unverified", async () => {
    fake.reply({
      kind: "text",
      text: "The privilege survives death [1], as *Swidler & Berlin v. United States* held [2]; see also Marbury v. Madison and In re Grand Jury Subpoena.",
    });
    const { done } = await run(engine);
    expect(done!.unverified).toEqual(["Marbury v. Madison", "In re Grand Jury Subpoena"]);
  });

  it.each([
    [401, "LLM_UNAUTHORIZED"],
    [429, "LLM_RATE_LIMITED"],
    [500, "LLM_UNAVAILABLE"],
    [503, "LLM_UNAVAILABLE"],
  ])("maps HTTP %i to %s without a done event", async (status, code) => {
    fake.reply({ kind: "status", status });
    const { done, error } = await run(engine);
    expect(done).toBeUndefined();
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(code);
    expect((error as AppError).message).toMatch(/question is saved/);
  });

  it("times out when the provider never answers", async () => {
    fake.reply({ kind: "hang" });
    const t0 = Date.now();
    const { done, error } = await run(engine);
    expect(done).toBeUndefined();
    expect((error as AppError).code).toBe("LLM_TIMEOUT");
    // Issue 13 §7: the message names LLM_TIMEOUT_MS (1,500 ms here), not a fixed 45 seconds.
    expect((error as AppError).message).toContain("within 1.5 seconds");
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it("times out when the stream goes silent mid-answer, after the deltas already sent", async () => {
    fake.reply({
      kind: "stall",
      text: "The privilege survives the client's death, and the rest of this answer never arrives [1].",
    });
    const { done, deltas, error } = await run(engine);
    expect(deltas.length).toBeGreaterThan(0);
    expect(done).toBeUndefined();
    expect((error as AppError).code).toBe("LLM_TIMEOUT");
  });

  it("reports a stream cut mid-answer as interrupted, never as a finished answer", async () => {
    fake.reply({
      kind: "cut",
      text: "The privilege survives the client's death, and this sentence is cut in the middle of [1].",
    });
    const { done, deltas, error } = await run(engine);
    expect(deltas.length).toBeGreaterThan(0);
    expect(done).toBeUndefined();
    expect((error as AppError).code).toBe("LLM_INTERRUPTED");
  });

  it("reports the provider's in-stream error event as interrupted", async () => {
    fake.reply({
      kind: "stream-error",
      text: "The privilege survives the client's death, and then the provider fails [1].",
    });
    const { done, error } = await run(engine);
    expect(done).toBeUndefined();
    expect((error as AppError).code).toBe("LLM_INTERRUPTED");
  });

  it("declines below the relevance threshold without calling the model", async () => {
    const before = fake.requests.length;
    const { done } = await run(engine, { question: "How do I make sourdough bread at home?" });
    expect(done!.declined).toBe(true);
    expect(done!.citations).toEqual([]);
    expect(fake.requests.length).toBe(before);
  });

  it("keeps a bracketed year, flags a future-dated citation, and alternates turns after a failed answer", async () => {
    fake.reply({
      kind: "text",
      text: "The privilege survives death [1]; compare Carlill [1893] 1 Q.B. 256 and a case at 999 F.4th 1 (2099) [2].",
      chunkSize: 4,
    });
    const before = fake.requests.length;
    const history: AnswerInput["history"] = [
      { role: "user", content: "What is the attorney-client privilege?" },
      { role: "assistant", content: "It protects confidential communications [1]." },
      { role: "user", content: "Does it cover the accountant? (this answer failed)" },
    ];
    const { done, deltas } = await run(engine, { history });
    expect(deltas.join("")).toContain("[1893] 1 Q.B. 256");
    expect(done!.content).toContain("[1893] 1 Q.B. 256");
    expect(done!.invalidMarkers).toBeUndefined();
    expect(done!.unverified).toContain("999 F.4th 1 (2099)");
    const roles = (fake.requests[before].body.messages as { role: string }[])
      .map((m) => m.role)
      .filter((r) => r !== "system");
    for (let i = 1; i < roles.length; i++) expect(roles[i]).not.toBe(roles[i - 1]);
    expect(roles.at(-1)).toBe("user");
  });

  it("sends the conversation within its token budget, oldest turns dropped first, old markers stripped", async () => {
    fake.reply({ kind: "text", text: "Yes [1]." });
    const before = fake.requests.length;
    const long = "x".repeat(12_000);
    const history: AnswerInput["history"] = [
      { role: "user", content: `An old question ${long}` },
      { role: "assistant", content: "An old answer [3]." },
      { role: "user", content: "What is the attorney-client privilege?" },
      { role: "assistant", content: "It protects confidential communications [1][2]." },
    ];
    await run(engine, { history });
    const sent = JSON.stringify(fake.requests[before].body.messages);
    expect(sent).not.toContain("An old question");
    expect(sent).toContain("What is the attorney-client privilege?");
    expect(sent).toContain("It protects confidential communications.");
    expect(sent).not.toContain("communications [1]");
  });

  it("gives other features a plain completion through createLlmClient, with the same errors", async () => {
    const env = parseEnv({
      LLM_PROVIDER: provider,
      LLM_BASE_URL: fake.url,
      LLM_API_KEY: "test-key",
      LLM_MODEL: "test-model",
      LLM_TIMEOUT_MS: "400",
    });
    const llm = createLlmClient(env)!;
    fake.reply({ kind: "text", text: "A drafted flashcard." });
    await expect(llm.complete({ system: "Draft.", prompt: "Hearsay" })).resolves.toBe("A drafted flashcard.");
    fake.reply({ kind: "status", status: 401 });
    await expect(llm.complete({ system: "Draft.", prompt: "Hearsay" })).rejects.toMatchObject({
      code: "LLM_UNAUTHORIZED",
    });
  });
});

describe("without a provider", () => {
  it("createLlmClient is null and the engine composes answers", async () => {
    expect(createLlmClient(parseEnv({}))).toBeNull();
  });
  it("a connection refused is LLM_UNAVAILABLE", async () => {
    const env = parseEnv({
      LLM_PROVIDER: "openai-compatible",
      LLM_BASE_URL: "http://127.0.0.1:9/v1",
      LLM_MODEL: "m",
      LLM_TIMEOUT_MS: "2000",
    });
    const engine = createAnswerEngine({ db: server.database.db, env });
    const { error } = await run(engine);
    expect((error as AppError).code).toBe("LLM_UNAVAILABLE");
  });
});
