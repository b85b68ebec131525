/**
 * Card generation through the configured LLM (issue 6 §4), against the fake OpenAI-compatible
 * server on 127.0.0.1 (tests/helpers/fake-llm.ts): with LLM_PROVIDER set, "Use the language
 * model" sends the source to the model and returns its cards as drafts; a provider failure is
 * a clear error and nothing is saved.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeLlmServer, fakeOpenAIEnv, startFakeOpenAI } from "../helpers/fake-llm";
import { type Client, signedInUser, startTestServer, type TestServer } from "../helpers/server";

let llm: FakeLlmServer;
let server: TestServer;
let ada: Client;

beforeAll(async () => {
  llm = await startFakeOpenAI();
  server = await startTestServer(fakeOpenAIEnv(llm));
  ada = await signedInUser(server, "ada-cards@example.com");
});
afterAll(async () => {
  await server?.close();
  await llm?.close();
});

type Generated = {
  llm: string;
  drafts: {
    question: string;
    answer: string;
    kind: string;
    topicId: string | null;
    source: { type: string; id: string | null };
  }[];
  error?: { code: string; message: string };
};

describe("POST /api/study/generate with a configured model", () => {
  it("sends the topic to the model and returns the model's cards as drafts", async () => {
    llm.reply({
      kind: "text",
      text: '```json\n[{"question":"What makes a communication an offer?","answer":"A manifestation of willingness to bargain, with definite terms, that justifies the offeree in understanding assent is invited."}]\n```',
    });
    const r = await ada.json<Generated>("/api/study/generate", {
      body: { useLlm: true, sources: [{ type: "topic", id: "contracts-offer" }] },
    });
    expect(r.status).toBe(200);
    expect(r.body.llm).toBe("used");
    expect(r.body.drafts).toEqual([
      expect.objectContaining({
        question: "What makes a communication an offer?",
        kind: "llm",
        topicId: "contracts-offer",
        source: expect.objectContaining({ type: "topic", id: "contracts-offer" }),
      }),
    ]);
    const sent = JSON.stringify(llm.requests[llm.requests.length - 1].body);
    expect(sent).toContain("Offer");
  });

  it("drafts by extraction when the student does not ask for the model", async () => {
    const before = llm.requests.length;
    const r = await ada.json<Generated>("/api/study/generate", {
      body: { useLlm: false, sources: [{ type: "topic", id: "contracts-offer" }] },
    });
    expect(r.status).toBe(200);
    expect(r.body.llm).toBe("off");
    expect(r.body.drafts.length).toBeGreaterThan(2);
    expect(r.body.drafts.every((d) => d.kind !== "llm")).toBe(true);
    expect(llm.requests.length).toBe(before);
  });

  it("turns a provider failure into a clear error", async () => {
    llm.reply({ kind: "status", status: 401, message: "bad key" });
    const r = await ada.json<Generated>("/api/study/generate", {
      body: { useLlm: true, sources: [{ type: "topic", id: "contracts-offer" }] },
    });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(600);
    expect(r.status).not.toBe(500);
    expect(r.body.error?.code).toMatch(/^LLM_/);
  });
});
