/**
 * The study plan to exam day through HTTP against the real server (issue 18 §4, decision 080):
 * exam settings (validation, one student's settings invisible to another), the plan within the
 * student's minutes, FSRS capped at the exam, peer figures and their threshold.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, client, signedInUser, startTestServer, type TestServer } from "../../../../tests/helpers/server";
import { addDays } from "../../../domain/study-plan";
import { questionAttempts, questions, user as userTable } from "../../db/schema";
import { setPlan } from "../billing/subscriptions.service";
import { PEER_MIN_USERS } from "./study-plan.service";

const DAY = 86_400_000;
let clock = new Date("2026-12-01T15:00:00Z");
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" }, { now: () => clock });
});
afterAll(async () => {
  await server?.close();
});

let n = 0;
async function student(): Promise<{ c: Client; id: string }> {
  const c = await signedInUser(server, `plan${++n}-${Date.now()}@example.com`);
  const me = await c.json<{ user: { id: string } }>("/api/me");
  await setPlan({
    db: server.database.db,
    userId: me.body.user.id,
    plan: "unlimited",
    now: new Date(Date.now() + 900 * DAY),
  });
  return { c, id: me.body.user.id };
}
const today = () => clock.toISOString().slice(0, 10);
const putExam = (c: Client, body: Record<string, unknown>) =>
  c.json<{ exam?: Record<string, unknown>; error?: { code: string; message: string } }>("/api/study/exam", {
    method: "PUT",
    body,
  });

interface PlanDay {
  date: string;
  weekday: number;
  off: boolean;
  minutesAvailable: number;
  minutesPlanned: number;
  reviews: number;
  backlog: number;
  newCards: { subjectId: string; count: number }[];
  practice: { questions: number; topics: { topicId: string }[] } | null;
  timed: { questions: number } | null;
}
interface PlanAnswer {
  exam: { examDate: string; format: string } | null;
  plan: {
    daysLeft: number;
    minutesPerStudyDay: number;
    desiredRetention: number;
    days: PlanDay[];
    weakTopics: { topicId: string; attempts: number; correct: number }[];
    unplannedNewCards: number;
  } | null;
}

describe("exam settings", () => {
  it("refuses bad input with 400 and a field, never 500", async () => {
    const { c } = await student();
    const good = { examDate: addDays(today(), 60), format: "nextgen", weeklyHours: 6, daysOff: [0] };
    const bad: Record<string, unknown>[] = [
      { ...good, examDate: today() },
      { ...good, examDate: addDays(today(), -3) },
      { ...good, examDate: addDays(today(), 800) },
      { ...good, examDate: "2027-02-30" },
      { ...good, examDate: "next year" },
      { ...good, format: "mpre" },
      { ...good, weeklyHours: 0 },
      { ...good, weeklyHours: 81 },
      { ...good, weeklyHours: 5.5 },
      { ...good, daysOff: [0, 1, 2, 3, 4, 5, 6] },
      { ...good, daysOff: [7] },
      { ...good, daysOff: [1, 1] },
    ];
    for (const body of bad) {
      const r = await putExam(c, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error?.code).toBe("VALIDATION_FAILED");
    }
    expect((await c.json<PlanAnswer>("/api/study/exam")).body.exam).toBeNull();
  });

  it("saves, reads back and clears; another student sees none of it", async () => {
    const a = await student();
    const b = await student();
    const exam = { examDate: addDays(today(), 60), format: "nextgen", weeklyHours: 6, daysOff: [0] };
    const put = await putExam(a.c, exam);
    expect(put.status).toBe(200);
    expect((await a.c.json<{ exam: unknown }>("/api/study/exam")).body.exam).toEqual(exam);
    expect((await b.c.json<{ exam: unknown }>("/api/study/exam")).body.exam).toBeNull();
    expect((await b.c.json<PlanAnswer>("/api/study/plan")).body).toEqual({ exam: null, plan: null });
    const del = await b.c.json("/api/study/exam", { method: "DELETE" });
    expect(del.status).toBe(204);
    expect((await a.c.json<{ exam: unknown }>("/api/study/exam")).body.exam).toEqual(exam);
    expect((await a.c.json("/api/study/exam", { method: "DELETE" })).status).toBe(204);
    expect((await a.c.json<{ exam: unknown }>("/api/study/exam")).body.exam).toBeNull();
    expect((await client(server.url).json("/api/study/plan")).status).toBe(401);
  });
});

describe("the plan", () => {
  it("a NextGen exam 60 days out, 6 h a week, Sundays off: a plan whose every day stays within its hours", async () => {
    const { c } = await student();
    await putExam(c, { examDate: addDays(today(), 60), format: "nextgen", weeklyHours: 6, daysOff: [0] });
    const r = await c.json<PlanAnswer>("/api/study/plan");
    expect(r.status).toBe(200);
    const plan = r.body.plan!;
    expect(plan.daysLeft).toBe(60);
    expect(plan.minutesPerStudyDay).toBe(60);
    expect(plan.days).toHaveLength(60);
    for (const d of plan.days) {
      expect(d.minutesPlanned).toBeLessThanOrEqual(d.minutesAvailable + 1e-9);
      if (d.weekday === 0) expect(d.off).toBe(true);
    }
    // Official decks give new cards in the NextGen subjects, and the bank's topics are practised.
    expect(plan.days[0].newCards.length + (plan.days[0].off ? 1 : 0)).toBeGreaterThan(0);
    expect(plan.weakTopics.length).toBeGreaterThan(0);
    expect(plan.days.filter((d) => d.timed).length).toBe(6);
    expect(plan.desiredRetention).toBe(0.9);
  });

  it("counts the student's own work: today's due cards, the overdue backlog, new cards left, attempts per topic", async () => {
    clock = new Date("2026-12-01T15:00:00Z");
    const { c } = await student();
    const d = await c.json<{ deck: { id: string } }>("/api/study/decks", {
      body: { title: "Mine", subjectId: "professional-responsibility" },
    });
    const b = await c.json<{ ids: string[] }>(`/api/study/decks/${d.body.deck.id}/cards/bulk`, {
      body: { cards: [1, 2, 3].map((i) => ({ question: `Q${i}?`, answer: `A${i}.` })) },
    });
    expect(
      (await putExam(c, { examDate: addDays(today(), 30), format: "nextgen", weeklyHours: 70, daysOff: [] })).status,
    ).toBe(200);
    const plan = async () => (await c.json<PlanAnswer>("/api/study/plan")).body.plan!;
    const before = await plan();
    expect(before.days[0].reviews).toBe(0);
    // Card 1 rated Again: a learning step due in minutes, so one review today.
    const rate = (i: number, rating: string) =>
      c.json("/api/study/reviews", { body: { cardId: b.body.ids[i], rating } });
    expect((await rate(0, "again")).status).toBe(200);
    const afterAgain = await plan();
    expect(afterAgain.days[0].reviews).toBe(1);
    // Card 2 rated Good twice, then left for 60 days: overdue review-state work spread as backlog.
    expect((await rate(1, "good")).status).toBe(200);
    clock = new Date(clock.getTime() + 2 * DAY);
    expect((await rate(1, "good")).status).toBe(200);
    clock = new Date(clock.getTime() + 60 * DAY);
    await putExam(c, { examDate: addDays(today(), 30), format: "nextgen", weeklyHours: 70, daysOff: [] });
    const later = await plan();
    expect(later.days[0].backlog).toBeGreaterThanOrEqual(1);
    // New cards: the official ones plus our deck's one card never rated (card 3).
    const pr = (p: PlanAnswer["plan"]) =>
      p!.days.flatMap((x) => x.newCards).filter((x) => x.subjectId === "professional-responsibility");
    const prNew = (p: PlanAnswer["plan"]) => pr(p).reduce((sum, x) => sum + x.count, 0) + p!.unplannedNewCards;
    expect(prNew(before) - prNew(later)).toBe(2);
    // A missed bank question counts against its topic.
    const bank = await c.json<{ questions: { id: string; topicId: string; select: number }[] }>(
      "/api/question-bank?subject=torts&format=single",
    );
    const q = bank.body.questions[0];
    const detail = await c.json<{ question: { choices: Record<string, string> } }>(`/api/question-bank/${q.id}`);
    const letters = Object.keys(detail.body.question.choices);
    let missed = false;
    for (const l of letters) {
      const r = await c.json<{ correct: boolean }>(`/api/question-bank/${q.id}/attempts`, { body: { choice: l } });
      expect(r.status).toBe(201);
      if (!r.body.correct) {
        missed = true;
        break;
      }
    }
    expect(missed).toBe(true);
    const topic = (await plan()).weakTopics.find((t) => t.topicId === q.topicId);
    expect(topic).toMatchObject({ attempts: expect.any(Number), correct: expect.any(Number) });
    expect(topic!.attempts - topic!.correct).toBe(1);
  });

  it("ratings toward the exam: no due date past the day before it, and retention rising", async () => {
    const eve = Date.parse("2027-01-19T00:00:00Z");
    /** Easy ratings of a new card, each when due, while the exam-day cap applies (until the eve is a day away). */
    const easyRun = async (exam: boolean) => {
      clock = new Date("2026-12-01T15:00:00Z");
      const { c } = await student();
      const d = await c.json<{ deck: { id: string } }>("/api/study/decks", { body: { title: "Mine" } });
      const b = await c.json<{ ids: string[] }>(`/api/study/decks/${d.body.deck.id}/cards/bulk`, {
        body: { cards: [{ question: "Q?", answer: "A." }] },
      });
      if (exam)
        expect(
          (await putExam(c, { examDate: "2027-01-20", format: "mbe-ube", weeklyHours: 10, daysOff: [] })).status,
        ).toBe(200);
      const dues: number[] = [];
      while (clock.getTime() < eve - DAY) {
        const r = await c.json<{ due: string }>("/api/study/reviews", {
          body: { cardId: b.body.ids[0], rating: "easy" },
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        dues.push(Date.parse(r.body.due));
        clock = new Date(r.body.due);
      }
      return { c, dues };
    };
    const free = await easyRun(false);
    expect(Math.max(...free.dues)).toBeGreaterThan(eve);
    const capped = await easyRun(true);
    expect(capped.dues.length).toBeGreaterThan(1);
    expect(Math.max(...capped.dues)).toBeLessThanOrEqual(eve);
    clock = new Date("2027-01-15T15:00:00Z");
    const near = await capped.c.json<PlanAnswer>("/api/study/plan");
    clock = new Date("2026-12-01T15:00:00Z");
    const far = await capped.c.json<PlanAnswer>("/api/study/plan");
    expect(far.body.plan!.desiredRetention).toBeLessThan(near.body.plan!.desiredRetention);
    expect(near.body.plan!.desiredRetention).toBe(0.95);
  });
});

describe("peer figures", () => {
  it(`appear only once ${PEER_MIN_USERS} other students answered the same questions, aggregates only`, async () => {
    const db = server.database.db;
    const { c, id } = await student();
    const qs = await db.select({ id: questions.id, subjectId: questions.subjectId }).from(questions).limit(4);
    expect(qs.length).toBe(4);
    const at = new Date("2026-11-01T10:00:00Z");
    // The student: 3 of 4 right on the first attempt (a later retry does not count).
    await db
      .insert(questionAttempts)
      .values([
        ...qs.map((q, i) => ({ userId: id, questionId: q.id, choice: "A", correct: i > 0, answeredAt: at })),
        { userId: id, questionId: qs[0].id, choice: "B", correct: true, answeredAt: new Date(at.getTime() + DAY) },
      ]);
    const others = Array.from({ length: PEER_MIN_USERS }, () => randomUUID());
    await db
      .insert(userTable)
      .values(others.map((u) => ({ id: u, name: "Peer", email: `${u}@example.com`, emailVerified: true })));
    // One fewer than the threshold answered: no peer figure.
    await db
      .insert(questionAttempts)
      .values(
        others
          .slice(1)
          .flatMap((u) =>
            qs.map((q) => ({ userId: u, questionId: q.id, choice: "A", correct: false, answeredAt: at })),
          ),
      );
    let r = await c.json<{
      threshold: number;
      overall: { you: number; peers: number | null; peerUsers: number | null; questions: number } | null;
    }>("/api/study/peers");
    expect(r.status).toBe(200);
    expect(r.body.threshold).toBe(PEER_MIN_USERS);
    expect(r.body.overall).toMatchObject({ questions: 4, you: 0.75, peers: null, peerUsers: null });
    // The last one answers (right, twice: the first attempt counts).
    await db.insert(questionAttempts).values([
      ...qs.map((q) => ({ userId: others[0], questionId: q.id, choice: "A", correct: true, answeredAt: at })),
      ...qs.map((q) => ({
        userId: others[0],
        questionId: q.id,
        choice: "B",
        correct: false,
        answeredAt: new Date(at.getTime() + DAY),
      })),
    ]);
    r = await c.json("/api/study/peers");
    expect(r.body.overall).toMatchObject({ questions: 4, you: 0.75, peerUsers: PEER_MIN_USERS });
    expect(r.body.overall?.peers).toBeCloseTo(4 / (4 * PEER_MIN_USERS), 9);
    // A peer sees their own figure, never the student's attempts.
    const fresh = await student();
    const mine = await fresh.c.json<{ overall: unknown; bySubject: unknown[] }>("/api/study/peers");
    expect(mine.body).toEqual({ threshold: PEER_MIN_USERS, overall: null, bySubject: [] });
  });
});
