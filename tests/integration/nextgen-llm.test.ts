/**
 * "Grade with the companion" (issue 18 §2, decision 079) against the fake OpenAI-compatible
 * server (tests/helpers/fake-llm.ts): the model receives the rubric, the model answer and the
 * student's answer; its points come back with a reason each, marked unverified, and never replace
 * the student's own grade. A reply that is not JSON is a clear LLM error.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SetView, TaskAttempt, TaskView } from "../../src/contract/nextgen";
import { setPlan } from "../../src/server/features/billing/subscriptions.service";
import { type FakeLlmServer, fakeOpenAIEnv, startFakeOpenAI } from "../helpers/fake-llm";
import { type Client, signedInUser, startTestServer, type TestServer } from "../helpers/server";

const SET = "evidence-sample-delivery-log";
const TASK = "pt-sample-security-deposit";
let llm: FakeLlmServer;
let server: TestServer;
let ada: Client;

beforeAll(async () => {
  llm = await startFakeOpenAI();
  server = await startTestServer(fakeOpenAIEnv(llm));
  ada = await signedInUser(server, "ada-nextgen-llm@example.com");
  const me = await ada.json<{ user: { id: string } }>("/api/me");
  await setPlan({
    db: server.database.db,
    userId: me.body.user.id,
    plan: "unlimited",
    now: new Date(Date.now() + 300 * 86_400_000),
  });
}, 240_000);
afterAll(async () => {
  await server?.close();
  await llm?.close();
});

type ItemReply = { item: SetView["items"][number] };

describe("grading with the companion", () => {
  it("grades a written item point by point, unverified, beside the student's own grade", async () => {
    const v = await ada.json<SetView>(`/api/nextgen/sets/${SET}`);
    expect(v.body.companionGrading).toBe(true);
    const q3 = v.body.items[2].id;
    const answer = "Two layers: Reyes's record fits 803(6); the neighbor's statement needs its own exception.";
    await ada.json(`/api/nextgen/sets/${SET}/items/${q3}`, { method: "PUT", body: { text: answer } });
    await ada.json(`/api/nextgen/sets/${SET}/items/${q3}/grade`, { method: "PUT", body: { checked: [1] } });
    llm.reply({
      kind: "text",
      text: '```json\n{"points":[{"index":0,"met":true,"reason":"Names both layers of hearsay."},{"index":1,"met":true,"reason":"Says the record fits 803(6)."},{"index":2,"met":false,"reason":"Does not say the neighbor had no business duty."},{"index":9,"met":true,"reason":"bogus"}]}\n```',
    });
    const r = await ada.json<ItemReply>(`/api/nextgen/sets/${SET}/items/${q3}/companion-grade`, { method: "POST" });
    expect(r.status).toBe(200);
    const result = r.body.item.result;
    if (result?.type !== "written") throw new Error("expected a written result");
    expect(result.aiGrade).toMatchObject({
      unverified: true,
      model: "test-model",
      earned: 3,
      possible: 5,
      points: [
        { index: 0, met: true, reason: "Names both layers of hearsay." },
        { index: 1, met: true },
        { index: 2, met: false, reason: "Does not say the neighbor had no business duty." },
      ],
    });
    expect(result.aiGrade?.points).toHaveLength(3);
    // The student's own grade is untouched.
    expect(result).toMatchObject({ checked: [1], earned: 1 });
    const sent = JSON.stringify(llm.requests[llm.requests.length - 1].body);
    expect(sent).toContain("Johnson v. Lutz"); // the model answer
    expect(sent).toContain("0. (2 pt) Identifies two layers of hearsay");
    expect(sent).toContain("the neighbor's statement needs its own exception");
  });

  it("grades a submitted performance task and reports an unreadable reply clearly", async () => {
    const a = await ada.json<TaskAttempt>(`/api/nextgen/tasks/${TASK}/attempts`, { method: "POST" });
    const url = `/api/nextgen/task-attempts/${a.body.id}`;
    const early = await ada.json(`${url}/companion-grade`, { method: "POST" });
    expect(early.status).toBe(409);
    await ada.json(`${url}/submit`, {
      method: "POST",
      body: { draft: "Oakview missed the 30-day deadline, so it forfeited the deposit.", version: 0 },
    });
    llm.reply({ kind: "text", text: "I think the answer is decent." });
    const bad = await ada.json<{ error: { code: string; message: string } }>(`${url}/companion-grade`, {
      method: "POST",
    });
    expect(bad.status).toBe(502);
    expect(bad.body.error.code).toBe("LLM_UNAVAILABLE");
    llm.reply({
      kind: "text",
      text: '{"points":[{"index":0,"met":true,"reason":"States the 30-day rule."},{"index":1,"met":true,"reason":"Concludes the deposit is forfeited."}]}',
    });
    const ok = await ada.json<TaskAttempt>(`${url}/companion-grade`, { method: "POST" });
    expect(ok.status).toBe(200);
    expect(ok.body.aiGrade).toMatchObject({ unverified: true, earned: 6, possible: 12 });
    expect(ok.body.aiGrade?.points).toHaveLength(6);
    expect(ok.body.aiGrade?.points[5]).toMatchObject({ met: false, reason: "The model did not assess this point." });
    const view = await ada.json<TaskView>(`/api/nextgen/tasks/${TASK}`);
    expect(view.body.attempt?.aiGrade?.earned).toBe(6);
  });
});
