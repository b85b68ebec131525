/**
 * NextGen multi-select ("select two") items through HTTP (decision 078): the question bank's
 * answer flow, all-or-nothing scoring with "n of m found", the count check, the format filter,
 * quizzes in tutor and exam mode, and the attempts the statistics count.
 */
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInUser, startTestServer, type TestServer } from "../../../../tests/helpers/server";
import { questions } from "../../db/schema";
import { setPlan } from "../billing/subscriptions.service";

const DAY = 86_400_000;
let server: TestServer;
const TOPIC = "torts-ms-fixture";
const ids = [1, 2, 3, 4, 5].map((i) => `torts-ms-fixture-${i}`);
const six = { A: "a", B: "b", C: "c", D: "d", E: "e", F: "f" };

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" });
  // Five multi-select items in a topic of their own (the official files may hold none yet).
  await server.database.db.insert(questions).values(
    ids.map((id, i) => ({
      id,
      setId: "torts-ms-fixture",
      subjectId: "torts",
      topicId: TOPIC,
      difficulty: "intermediate",
      stem: `Fixture stem ${i}.`,
      call: "Which TWO of the following are correct?",
      choices: six,
      answer: "B,E",
      explanations: Object.fromEntries(Object.keys(six).map((k) => [k, `Why ${k}.`])),
      skills: ["issue-spotting", "investigation"],
      position: i,
    })),
  );
}, 400_000);
afterAll(async () => {
  await server?.database.db.delete(questions).where(inArray(questions.id, ids));
  await server?.close();
});

let n = 0;
async function user(): Promise<Client> {
  const c = await signedInUser(server, `ms${++n}-${Date.now()}@example.com`);
  const me = await c.json<{ user: { id: string } }>("/api/me");
  await setPlan({
    db: server.database.db,
    userId: me.body.user.id,
    plan: "unlimited",
    now: new Date(Date.now() + 300 * DAY),
  });
  return c;
}

interface Attempt {
  correct: boolean;
  answer: string;
  answers: string[];
  matched: number;
  required: number;
  explanations: Record<string, string>;
}

describe("multi-select items", () => {
  it("the bank: format and count shown before answering, all-or-nothing scoring, history as letters", async () => {
    const c = await user();
    const before = await c.json<{ question: Record<string, unknown> }>(`/api/question-bank/${ids[0]}`);
    expect(before.status).toBe(200);
    expect(before.body.question).toMatchObject({ format: "multi_select", select: 2 });
    expect(before.body.question.answers).toBeUndefined();
    expect(before.body.question.skills).toEqual(["issue-spotting", "investigation"]);

    // A letter not offered, one letter, or three letters: 400, nothing recorded.
    for (const body of [{ selection: ["B", "G"] }, { choice: "B" }, { selection: ["A", "B", "E"] }, {}]) {
      const r = await c.json(`/api/question-bank/${ids[0]}/attempts`, { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const half = await c.json<Attempt>(`/api/question-bank/${ids[0]}/attempts`, { body: { selection: ["E", "A"] } });
    expect(half.status).toBe(201);
    expect(half.body).toMatchObject({ correct: false, answer: "B,E", answers: ["B", "E"], matched: 1, required: 2 });
    expect(Object.keys(half.body.explanations)).toHaveLength(6);
    const full = await c.json<Attempt>(`/api/question-bank/${ids[0]}/attempts`, { body: { selection: ["E", "B"] } });
    expect(full.body).toMatchObject({ correct: true, matched: 2 });

    const after = await c.json<{
      question: { answers: string[] };
      attempts: { choice: string; selection: string[]; correct: boolean }[];
    }>(`/api/question-bank/${ids[0]}`);
    expect(after.body.question.answers).toEqual(["B", "E"]);
    expect(after.body.attempts.map((a) => [a.choice, a.selection, a.correct])).toEqual([
      ["B,E", ["B", "E"], true],
      ["A,E", ["A", "E"], false],
    ]);
    // The accuracy statistics count only the full match as correct.
    const stats = await c.json<{ byTopic: { id: string; attempts: number; correct: number }[] }>(
      "/api/question-bank/analytics",
    );
    expect(stats.body.byTopic.find((t) => t.id === TOPIC)).toMatchObject({ attempts: 2, correct: 1 });
  });

  it("the bank's format filter and the single-answer items unchanged", async () => {
    const c = await user();
    const multi = await c.json<{ total: number; questions: { id: string; format: string; select: number }[] }>(
      "/api/question-bank?subject=torts&format=multi_select&limit=200",
    );
    expect(multi.status).toBe(200);
    expect(multi.body.questions.map((q) => q.id)).toEqual(expect.arrayContaining(ids));
    expect(multi.body.questions.every((q) => q.format === "multi_select" && q.select >= 2)).toBe(true);
    const single = await c.json<{ questions: { id: string; format: string; select: number }[] }>(
      "/api/question-bank?subject=torts&format=single&limit=5",
    );
    expect(single.body.questions.length).toBeGreaterThan(0);
    expect(single.body.questions.every((q) => q.format === "single" && q.select === 1)).toBe(true);
    const one = single.body.questions[0].id;
    const r = await c.json<Attempt>(`/api/question-bank/${one}/attempts`, { body: { choice: "A" } });
    expect(r.status).toBe(201);
    expect(r.body.required).toBe(1);
    expect(r.body.answers).toEqual([r.body.answer]);
    expect(r.body.correct).toBe(r.body.answer === "A");
    // The content API gives the list form beside the old one.
    const official = await c.json<{ questions: { id: string; answer: string; answers: string[]; format: string }[] }>(
      `/api/questions?topic=${TOPIC}`,
    );
    expect(official.body.questions[0]).toMatchObject({ answer: "B,E", answers: ["B", "E"], format: "multi_select" });
  });

  it("a quiz setup can take only multi-select items or only single-answer ones", async () => {
    const c = await user();
    for (const [format, expected] of [
      ["multi_select", "multi_select"],
      ["single", "single"],
    ] as const) {
      const q = await c.json<{ id: string }>("/api/quizzes", {
        body: { source: "questions", subjects: ["torts"], count: 5, mode: "exam", format },
      });
      expect(q.status).toBe(201);
      const view = await c.json<{ items: { format: string }[] }>(`/api/quizzes/${q.body.id}`);
      expect(view.body.items.length).toBe(5);
      expect(view.body.items.every((i) => i.format === expected)).toBe(true);
    }
    const bad = await c.json("/api/quizzes", {
      body: { source: "questions", count: 5, mode: "exam", format: "essay" },
    });
    expect(bad.status).toBe(400);
  });

  it("a tutor quiz takes a selection once and reveals the key; an exam quiz lets it change and scores on submit", async () => {
    const c = await user();
    const tutor = await c.json<{ id: string }>("/api/quizzes", {
      body: { source: "questions", topics: [TOPIC], count: 5, mode: "tutor", filter: "all" },
    });
    expect(tutor.status).toBe(201);
    const view = await c.json<{ items: { position: number; select: number; format: string; answers?: string[] }[] }>(
      `/api/quizzes/${tutor.body.id}`,
    );
    expect(view.body.items[0]).toMatchObject({ select: 2, format: "multi_select" });
    expect(view.body.items[0].answers).toBeUndefined();
    const tooFew = await c.json(`/api/quizzes/${tutor.body.id}/items/0`, { method: "PUT", body: { selection: ["B"] } });
    expect(tooFew.status).toBe(400);
    const answered = await c.json<{
      items: { choice: string; selection: string[]; answers: string[]; matched: number; correct: boolean }[];
    }>(`/api/quizzes/${tutor.body.id}/items/0`, { method: "PUT", body: { selection: ["B", "C"] } });
    expect(answered.status).toBe(200);
    expect(answered.body.items[0]).toMatchObject({
      choice: "B,C",
      selection: ["B", "C"],
      answers: ["B", "E"],
      matched: 1,
      correct: false,
    });
    const again = await c.json(`/api/quizzes/${tutor.body.id}/items/0`, {
      method: "PUT",
      body: { selection: ["B", "E"] },
    });
    expect(again.status).toBe(409);

    const exam = await c.json<{ id: string }>("/api/quizzes", {
      body: { source: "questions", topics: [TOPIC], count: 5, mode: "exam", filter: "all" },
    });
    await c.json(`/api/quizzes/${exam.body.id}/items/0`, { method: "PUT", body: { selection: ["A", "B"] } });
    await c.json(`/api/quizzes/${exam.body.id}/items/0`, { method: "PUT", body: { selection: ["B", "E"] } });
    await c.json(`/api/quizzes/${exam.body.id}/items/1`, { method: "PUT", body: { selection: ["B", "F"] } });
    const results = await c.json<{ results: { score: number; total: number } }>(`/api/quizzes/${exam.body.id}/submit`, {
      body: {},
    });
    expect(results.body.results).toMatchObject({ score: 1, total: 5 });
  });
});
