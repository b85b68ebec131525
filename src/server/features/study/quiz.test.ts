/**
 * Quizzes and the question bank through HTTP: scoring, breakdowns, resume, exam timing,
 * retry missed, ownership, tiers, and missed questions joining the shared FSRS workload.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInUser, startTestServer, type TestServer } from "../../../../tests/helpers/server";
import { decks, flashcards, questions, studyReviewLogs, studySchedules } from "../../db/schema";
import { setPlan } from "../billing/subscriptions.service";

const DAY = 86_400_000;
let clock = new Date();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" }, { now: () => clock });
});
afterAll(async () => {
  await server?.close();
});

let n = 0;
async function user(plan: "free" | "unlimited" = "unlimited"): Promise<Client> {
  const c = await signedInUser(server, `quizzer${++n}-${Date.now()}@example.com`);
  const me = await c.json<{ user: { id: string } }>("/api/me");
  await setPlan({ db: server.database.db, userId: me.body.user.id, plan, now: new Date(Date.now() + 300 * DAY) });
  return c;
}
interface Item {
  position: number;
  itemId: string;
  prompt: string;
  choices: Record<string, string>;
  choice: string | null;
  flagged: boolean;
  correctChoice?: string;
  correct?: boolean;
  explanations?: Record<string, string> | null;
  subjectId: string;
}
interface QuizView {
  quiz: {
    id: string;
    mode: string;
    total: number;
    currentIndex: number;
    submittedAt: string | null;
    remainingMs: number | null;
    timeLimitSec: number | null;
    score: number | null;
    answered: number;
  };
  items: Item[];
}
interface Results extends QuizView {
  results: {
    score: number;
    total: number;
    percent: number;
    bySubject: { id: string; name: string; correct: number; total: number }[];
    byTopic: { id: string; name: string; correct: number; total: number }[];
    missed: string[];
  };
}

async function answerKey(ids: string[]) {
  const rows = await server.database.db
    .select({ id: questions.id, answer: questions.answer })
    .from(questions)
    .where(inArray(questions.id, ids));
  return new Map(rows.map((r) => [r.id, r.answer]));
}
const wrong = (right: string) => (right === "A" ? "B" : "A");
/**
 * The body that answers an item right or wrong: `choice` for a single-answer item, `selection` for a
 * multi-select one (stored key "B,E"; a wrong selection has the same count, not the keyed set).
 */
function answerBody(right: string, correct: boolean, choices: Record<string, string>) {
  if (!right.includes(",")) return { choice: correct ? right : wrong(right) };
  const keyed = right.split(",");
  if (correct) return { selection: keyed };
  const others = Object.keys(choices).filter((k) => !keyed.includes(k));
  return { selection: [...others.slice(0, 1), ...keyed.slice(1)] };
}

describe("quizzes", () => {
  it("exam mode: timed at 1.8 min a question, scored with per-subject and per-topic breakdowns and every explanation", async () => {
    clock = new Date("2026-09-01T15:00:00Z");
    const c = await user();
    const created = await c.json<{ id: string; total: number }>("/api/quizzes", {
      body: { source: "questions", subjects: ["contracts", "torts"], count: 10, mode: "exam", filter: "all" },
    });
    expect(created.status).toBe(201);
    expect(created.body.total).toBe(10);
    const view = await c.json<QuizView>(`/api/quizzes/${created.body.id}`);
    expect(view.body.quiz.timeLimitSec).toBe(1080);
    expect(view.body.items.every((i) => i.correctChoice === undefined)).toBe(true);
    const key = await answerKey(view.body.items.map((i) => i.itemId));
    // right on 0–5, wrong on 6–7, 8–9 unanswered
    for (const it of view.body.items.slice(0, 8)) {
      const right = key.get(it.itemId)!;
      const r = await c.json<QuizView>(`/api/quizzes/${created.body.id}/items/${it.position}`, {
        method: "PUT",
        body: answerBody(right, it.position < 6, it.choices),
      });
      expect(r.status).toBe(200);
      expect(r.body.items[it.position].correctChoice).toBeUndefined(); // exam hides answers until submit
    }
    // exam answers may change before submit
    const first = view.body.items[0];
    await c.json(`/api/quizzes/${created.body.id}/items/0`, {
      method: "PUT",
      body: answerBody(key.get(first.itemId)!, false, first.choices),
    });
    await c.json(`/api/quizzes/${created.body.id}/items/0`, {
      method: "PUT",
      body: answerBody(key.get(first.itemId)!, true, first.choices),
    });
    const res = await c.json<Results>(`/api/quizzes/${created.body.id}/submit`, { body: {} });
    expect(res.status).toBe(200);
    expect(res.body.results).toMatchObject({ score: 6, total: 10, percent: 60 });
    expect(res.body.results.missed).toHaveLength(4);
    const subjectsTotal = res.body.results.bySubject.reduce((s, g) => s + g.total, 0);
    expect(subjectsTotal).toBe(10);
    expect(res.body.results.bySubject.map((g) => g.name).every((nm) => ["Contracts", "Torts"].includes(nm))).toBe(true);
    expect(res.body.results.byTopic.reduce((s, g) => s + g.correct, 0)).toBe(6);
    for (const it of res.body.items) {
      expect(Object.keys(it.explanations ?? {})).toEqual(Object.keys(it.choices));
      expect(it.correctChoice).toBe(key.get(it.itemId));
    }
    // submitting twice is harmless; answering afterwards is refused
    expect((await c.json<Results>(`/api/quizzes/${created.body.id}/submit`, { body: {} })).body.results.score).toBe(6);
    expect(
      (await c.json(`/api/quizzes/${created.body.id}/items/9`, { method: "PUT", body: { choice: "A" } })).status,
    ).toBe(409);

    // the two wrong answers are bank attempts and come back in the shared workload the next day
    const missedList = await c.json<{ questions: { id: string; status: string }[] }>(
      "/api/question-bank?filter=missed&limit=200",
    );
    expect(missedList.body.questions.map((q) => q.id).sort()).toEqual(
      view.body.items
        .slice(6, 8)
        .map((i) => i.itemId)
        .sort(),
    );
    const unanswered = await c.json<{ total: number }>("/api/question-bank?filter=unanswered&limit=1");
    const all = await c.json<{ total: number }>("/api/question-bank?limit=1");
    expect(unanswered.body.total).toBe(all.body.total - 8);
    await c.json("/api/study/settings", { method: "PUT", body: { newPerDay: 0 } });
    expect((await c.json<{ cards: unknown[] }>("/api/study/queue")).body.cards).toHaveLength(0);
    clock = new Date(clock.getTime() + 2 * DAY);
    const q = await c.json<{
      cards: { id: string; kind: string; question: string; answer: string; choices: Record<string, string> }[];
    }>("/api/study/queue");
    expect(q.body.cards.map((x) => x.kind)).toEqual(["question", "question"]);
    expect(q.body.cards.map((x) => x.id).sort()).toEqual(missedList.body.questions.map((x) => x.id).sort());
    const rated = await c.json<{ state: string; id: string }>("/api/study/reviews", {
      body: { cardId: q.body.cards[0].id, rating: "good" },
    });
    expect(rated.status).toBe(200);
    expect(rated.body.state).toBe("review");
    expect((await c.json<{ cards: unknown[] }>("/api/study/queue")).body.cards).toHaveLength(1);

    // retry missed: a new quiz of exactly the 4 missed items
    const retry = await c.json<{ id: string; total: number }>(`/api/quizzes/${created.body.id}/retry`, { body: {} });
    expect(retry.status).toBe(201);
    const rv = await c.json<QuizView>(`/api/quizzes/${retry.body.id}`);
    expect(rv.body.items.map((i) => i.itemId).sort()).toEqual([...res.body.results.missed].sort());
    expect(rv.body.quiz.mode).toBe("exam");
  });

  it("tutor mode shows the explanation after each answer and keeps it final", async () => {
    const c = await user();
    const { body } = await c.json<{ id: string }>("/api/quizzes", {
      body: { source: "questions", format: "single", count: 5, mode: "tutor" },
    });
    const r = await c.json<QuizView>(`/api/quizzes/${body.id}/items/0`, { method: "PUT", body: { choice: "C" } });
    expect(r.body.items[0].correctChoice).toMatch(/^[ABCD]$/);
    expect(r.body.items[0].explanations?.C).toBeTruthy();
    expect(r.body.items[1].correctChoice).toBeUndefined();
    expect(r.body.quiz.remainingMs).toBeNull();
    const change = await c.json<{ error: { code: string } }>(`/api/quizzes/${body.id}/items/0`, {
      method: "PUT",
      body: { choice: "D" },
    });
    expect(change.status).toBe(409);
  });

  it("two answers to one tutor question sent at once (a double click) record one attempt", async () => {
    const c = await user();
    for (let round = 0; round < 3; round++) {
      const { body } = await c.json<{ id: string }>("/api/quizzes", {
        body: { source: "questions", format: "single", count: 5, mode: "tutor", filter: "unanswered" },
      });
      const both = await Promise.all(
        ["A", "B", "C"].map((choice) =>
          c.json<QuizView>(`/api/quizzes/${body.id}/items/0`, { method: "PUT", body: { choice } }),
        ),
      );
      expect(both.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      const view = await c.json<QuizView>(`/api/quizzes/${body.id}`);
      const history = await c.json<{ attempts: { choice: string }[] }>(
        `/api/question-bank/${view.body.items[0].itemId}`,
      );
      expect(history.body.attempts.map((a) => a.choice)).toEqual([view.body.items[0].choice]);
    }
  });

  it("an interrupted quiz resumes where it stopped, with answers and flags", async () => {
    clock = new Date("2026-09-10T10:00:00Z");
    const c = await user();
    const { body } = await c.json<{ id: string }>("/api/quizzes", {
      body: { source: "questions", format: "single", count: 6, mode: "exam", subjects: ["evidence"] },
    });
    await c.json(`/api/quizzes/${body.id}/items/0`, { method: "PUT", body: { choice: "B" } });
    await c.json(`/api/quizzes/${body.id}/items/2`, { method: "PUT", body: { flagged: true } });
    await c.json(`/api/quizzes/${body.id}/items/3`, { method: "PUT", body: { currentIndex: 3 } });
    clock = new Date(clock.getTime() + 5 * 60_000);
    const active = await c.json<{ quiz: { id: string; currentIndex: number; answered: number } }>(
      "/api/quizzes/active",
    );
    expect(active.body.quiz).toMatchObject({ id: body.id, currentIndex: 3, answered: 1 });
    const v = await c.json<QuizView>(`/api/quizzes/${body.id}`);
    expect(v.body.items[0].choice).toBe("B");
    expect(v.body.items[2].flagged).toBe(true);
    expect(v.body.quiz.remainingMs).toBe(6 * 108_000 - 5 * 60_000);
    const flagged = await c.json<{ questions: { id: string }[] }>("/api/question-bank?filter=flagged");
    expect(flagged.body.questions.map((q) => q.id)).toEqual([v.body.items[2].itemId]);
    // time runs out: the exam is submitted with what was answered
    clock = new Date(clock.getTime() + 20 * 60_000);
    const late = await c.json<{ error: { message: string } }>(`/api/quizzes/${body.id}/items/1`, {
      method: "PUT",
      body: { choice: "A" },
    });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toContain("Time is up");
    expect((await c.json<{ quiz: null }>("/api/quizzes/active")).body.quiz).toBeNull();
    const res = await c.json<Results>(`/api/quizzes/${body.id}/results`);
    expect(res.body.quiz.submittedAt).toBe(
      new Date(new Date("2026-09-10T10:00:00Z").getTime() + 6 * 108_000).toISOString(),
    );
    expect(res.body.items[1].choice).toBeNull();
  });

  it("a flashcard quiz builds four distinct choices with the card's answer among them", async () => {
    // Unlimited: quizzes are not part of Free (issue 12 item 22, SPEC.md §6); this test ran on Free before.
    const c = await user();
    const r = await c.json<{ id: string; total: number }>("/api/quizzes", {
      body: { source: "flashcards", count: 5, mode: "tutor" },
    });
    expect(r.status).toBe(201);
    const v = await c.json<QuizView>(`/api/quizzes/${r.body.id}`);
    for (const it of v.body.items) {
      const values = Object.values(it.choices);
      expect(values).toHaveLength(4);
      expect(new Set(values).size).toBe(4);
    }
    const a = await c.json<QuizView & { items: (Item & { answerText: string })[] }>(
      `/api/quizzes/${r.body.id}/items/0`,
      { method: "PUT", body: { choice: "A" } },
    );
    expect(a.body.items[0].choices[a.body.items[0].correctChoice!]).toBe(a.body.items[0].answerText);
  });

  it("validates the setup, gates the bank on Free and keeps quizzes private", async () => {
    const c = await user();
    expect((await c.json("/api/quizzes", { body: { source: "questions", count: 4, mode: "exam" } })).status).toBe(400);
    expect((await c.json("/api/quizzes", { body: { source: "questions", count: 101, mode: "exam" } })).status).toBe(
      400,
    );
    const none = await c.json<{ error: { message: string } }>("/api/quizzes", {
      body: { source: "questions", count: 5, mode: "exam", topics: ["no-such-topic"] },
    });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toContain("No questions match");
    const free = await user("free");
    const gated = await free.json<{ error: { code: string } }>("/api/quizzes", {
      body: { source: "questions", format: "single", count: 5, mode: "exam" },
    });
    expect(gated.status).toBe(403);
    expect(gated.body.error.code).toBe("UPGRADE_REQUIRED");
    expect((await free.json("/api/question-bank")).status).toBe(403);
    const { body } = await c.json<{ id: string }>("/api/quizzes", {
      body: { source: "questions", format: "single", count: 5, mode: "tutor" },
    });
    const other = await user();
    for (const r of [
      await other.json(`/api/quizzes/${body.id}`),
      await other.json(`/api/quizzes/${body.id}/items/0`, { method: "PUT", body: { choice: "A" } }),
      await other.json(`/api/quizzes/${body.id}/submit`, { body: {} }),
      await other.json(`/api/quizzes/${body.id}/results`),
      await other.json(`/api/quizzes/${body.id}/retry`, { body: {} }),
      await other.json("/api/quizzes/not-a-uuid"),
    ])
      expect(r.status).toBe(404);
    expect((await c.json<QuizView>(`/api/quizzes/${body.id}`)).body.items[0].choice).toBeNull();
    expect((await other.json<{ quiz: unknown }>("/api/quizzes/active")).body.quiz).toBeNull();
    expect((await other.json<{ quizzes: unknown[] }>("/api/quizzes")).body.quizzes).toEqual([]);
  });
});

describe("plan changes", () => {
  it("after a Trial ends, every quiz is closed (403) on every route and not offered to resume; they reopen with the plan", async () => {
    clock = new Date();
    const c = await user();
    const me = (await c.json<{ user: { id: string } }>("/api/me")).body.user.id;
    const bank = await c.json<{ id: string }>("/api/quizzes", {
      body: { source: "questions", format: "single", count: 5, mode: "tutor" },
    });
    await c.json(`/api/quizzes/${bank.body.id}/items/0`, { method: "PUT", body: { choice: "A" } });
    const cards = await c.json<{ id: string }>("/api/quizzes", {
      body: { source: "flashcards", count: 5, mode: "exam", topics: ["contracts-acceptance"] },
    });
    expect(cards.status).toBe(201);
    await setPlan({ db: server.database.db, userId: me, plan: "free", now: new Date(Date.now() + DAY) });
    for (const id of [bank.body.id, cards.body.id]) {
      for (const [method, path, body] of [
        ["GET", `/api/quizzes/${id}`],
        ["PUT", `/api/quizzes/${id}/items/1`, { choice: "B" }],
        ["POST", `/api/quizzes/${id}/submit`, {}],
        ["GET", `/api/quizzes/${id}/results`],
        ["POST", `/api/quizzes/${id}/retry`, {}],
      ] as [string, string, unknown?][]) {
        const r = await c.json<{ error: { code: string }; items?: unknown }>(path, { method, body });
        expect(r.status, `${method} ${path}`).toBe(403);
        expect(r.body.error.code).toBe("UPGRADE_REQUIRED");
        expect(r.body.items).toBeUndefined();
      }
    }
    // Issue 12 item 22 (SPEC.md §6): on Free no quiz route answers, so nothing is offered to resume
    // (was 200 with quiz: null) and a flashcard quiz of own cards and samples is refused too (was 200).
    const active = await c.json<{ error: { code: string }; quiz?: unknown }>("/api/quizzes/active");
    expect(active.status).toBe(403);
    expect(active.body.error.code).toBe("UPGRADE_REQUIRED");
    expect(active.body.quiz).toBeUndefined();
    const own = await c.json<{ error: { code: string } }>("/api/quizzes", {
      body: { source: "flashcards", count: 5, mode: "tutor" },
    });
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe("UPGRADE_REQUIRED");
    await setPlan({ db: server.database.db, userId: me, plan: "unlimited", now: new Date(Date.now() + 300 * DAY) });
    const back = await c.json<QuizView>(`/api/quizzes/${bank.body.id}`);
    expect(back.status).toBe(200);
    expect(back.body.items[0].choice).toBe("A");
    expect(back.body.items[1].choice).toBeNull();
  });
});

describe("question bank", () => {
  it("answers, history and accuracy analytics by subject and topic", async () => {
    clock = new Date("2026-10-05T12:00:00Z");
    const c = await user();
    const list = await c.json<{ questions: { id: string; subjectId: string; status: string }[] }>(
      "/api/question-bank?subject=torts&limit=3",
    );
    expect(list.body.questions).toHaveLength(3);
    const [q1, q2] = list.body.questions;
    const before = await c.json<{ question: { answer?: string } }>(`/api/question-bank/${q1.id}`);
    expect(before.body.question.answer).toBeUndefined();
    const key = await answerKey([q1.id, q2.id]);
    const r1 = await c.json<{ correct: boolean; explanations: Record<string, string> }>(
      `/api/question-bank/${q1.id}/attempts`,
      { body: { choice: key.get(q1.id) } },
    );
    expect(r1.body.correct).toBe(true);
    await c.json(`/api/question-bank/${q2.id}/attempts`, { body: { choice: wrong(key.get(q2.id)!) } });
    clock = new Date(clock.getTime() + 8 * DAY);
    await c.json(`/api/question-bank/${q2.id}/attempts`, { body: { choice: key.get(q2.id) } });
    const hist = await c.json<{ question: { answer: string }; attempts: { correct: boolean }[] }>(
      `/api/question-bank/${q2.id}`,
    );
    expect(hist.body.attempts.map((a) => a.correct)).toEqual([true, false]);
    expect(hist.body.question.answer).toBe(key.get(q2.id));
    const an = await c.json<{
      bySubject: { id: string; attempts: number; correct: number; accuracy: number }[];
      byTopic: unknown[];
      weekly: { attempts: number; correct: number }[];
    }>("/api/question-bank/analytics");
    expect(an.body.bySubject).toEqual([expect.objectContaining({ id: "torts", attempts: 3, correct: 2 })]);
    expect(an.body.weekly.reduce((s, w) => s + w.attempts, 0)).toBe(3);
    expect(an.body.weekly.filter((w) => w.attempts > 0)).toHaveLength(2);
    expect((await c.json(`/api/question-bank/nope`)).status).toBe(404);
    // another student sees none of these attempts, statuses or analytics
    const other = await user();
    const theirs = await other.json<{ question: { answer?: string }; attempts: unknown[] }>(
      `/api/question-bank/${q2.id}`,
    );
    expect(theirs.body.attempts).toEqual([]);
    expect(theirs.body.question.answer).toBeUndefined();
    expect(
      (
        await other.json<{ questions: { id: string; status: string }[] }>("/api/question-bank?subject=torts&limit=3")
      ).body.questions.map((q) => q.status),
    ).toEqual(["unanswered", "unanswered", "unanswered"]);
    expect((await other.json<{ total: number }>("/api/question-bank?filter=missed")).body.total).toBe(0);
    expect((await other.json<{ bySubject: unknown[] }>("/api/question-bank/analytics")).body.bySubject).toEqual([]);
  });

  it("simultaneous misses of one question by one student: every attempt is kept, only one is scheduled as the first outcome (decision 043)", async () => {
    clock = new Date("2026-10-20T12:00:00Z");
    const c = await user();
    const me = (await c.json<{ user: { id: string } }>("/api/me")).body.user.id;
    const [q] = (
      await c.json<{ questions: { id: string }[] }>("/api/question-bank?subject=contracts&filter=unanswered&limit=1")
    ).body.questions;
    const choice = wrong((await answerKey([q.id])).get(q.id)!);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        c.json<{ correct: boolean }>(`/api/question-bank/${q.id}/attempts`, { body: { choice } }),
      ),
    );
    expect(answers.map((a) => [a.status, a.body.correct])).toEqual(Array(6).fill([201, false]));
    expect((await c.json<{ attempts: unknown[] }>(`/api/question-bank/${q.id}`)).body.attempts).toHaveLength(6);
    const db = server.database.db;
    const logs = await db
      .select()
      .from(studyReviewLogs)
      .where(
        and(eq(studyReviewLogs.userId, me), eq(studyReviewLogs.itemType, "question"), eq(studyReviewLogs.itemId, q.id)),
      );
    const [schedule] = await db
      .select()
      .from(studySchedules)
      .where(
        and(eq(studySchedules.userId, me), eq(studySchedules.itemType, "question"), eq(studySchedules.itemId, q.id)),
      );
    // One outcome per attempt, applied one on top of the other: a single rating from New, and
    // the schedule counts every logged outcome (two first outcomes would leave reps 1 and two New logs).
    expect(logs.map((l) => l.rating)).toEqual(Array(6).fill(1));
    expect(logs.filter((l) => l.state === 0)).toHaveLength(1);
    expect(schedule).toMatchObject({ reps: 6 });
    // Simultaneous correct answers to a question never missed schedule nothing.
    const [fresh] = (
      await c.json<{ questions: { id: string }[] }>("/api/question-bank?subject=torts&filter=unanswered&limit=1")
    ).body.questions;
    const right = (await answerKey([fresh.id])).get(fresh.id)!;
    await Promise.all(
      Array.from({ length: 3 }, () => c.json(`/api/question-bank/${fresh.id}/attempts`, { body: { choice: right } })),
    );
    expect(
      await db
        .select()
        .from(studySchedules)
        .where(and(eq(studySchedules.userId, me), eq(studySchedules.itemId, fresh.id))),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(studyReviewLogs)
        .where(and(eq(studyReviewLogs.userId, me), eq(studyReviewLogs.itemId, fresh.id))),
    ).toEqual([]);
  });

  it("a question retired by the content review is no longer served, answered or rated", async () => {
    const c = await user();
    const [q] = (await c.json<{ questions: { id: string }[] }>("/api/question-bank?subject=evidence&limit=1")).body
      .questions;
    const [deck] = await server.database.db
      .select({ id: decks.id })
      .from(decks)
      .where(and(eq(decks.isOfficial, true), eq(decks.subjectId, "evidence")))
      .limit(1);
    const [card] = await server.database.db
      .select({ id: flashcards.id })
      .from(flashcards)
      .where(eq(flashcards.deckId, deck.id))
      .limit(1);
    await server.database.db.update(questions).set({ retiredAt: new Date() }).where(eq(questions.id, q.id));
    await server.database.db.update(decks).set({ retiredAt: new Date() }).where(eq(decks.id, deck.id));
    try {
      for (const [method, path, body] of [
        ["GET", `/api/question-bank/${q.id}`],
        ["POST", `/api/question-bank/${q.id}/attempts`, { choice: "A" }],
        ["PUT", `/api/question-bank/${q.id}/flag`, { flagged: true }],
        ["POST", "/api/study/reviews", { cardId: q.id, rating: "again", kind: "question" }],
        ["POST", "/api/study/reviews", { cardId: card.id, rating: "good" }],
      ] as [string, string, unknown?][]) {
        expect((await c.json(path, { method, body })).status, `${method} ${path}`).toBe(404);
      }
      expect(
        (await c.json<{ questions: { id: string }[] }>("/api/question-bank?filter=missed")).body.questions,
      ).toEqual([]);
    } finally {
      await server.database.db.update(questions).set({ retiredAt: null }).where(eq(questions.id, q.id));
      await server.database.db.update(decks).set({ retiredAt: null }).where(eq(decks.id, deck.id));
    }
  });
});
