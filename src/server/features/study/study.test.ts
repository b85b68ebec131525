/**
 * Study mode through HTTP against the real server: queue and review (DESIGN.md §5), daily limits,
 * cram, ownership, Free gating, import/export.
 */
import { and, eq } from "drizzle-orm";
import { createEmptyCard, fsrs, Rating } from "ts-fsrs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, type Client, signedInUser, startTestServer, type TestServer } from "../../../../tests/helpers/server";
import {
  analyticsEvents,
  briefs,
  decks,
  flashcards,
  questions as questionsTable,
  studyReviewLogs,
  studySchedules,
} from "../../db/schema";
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

interface QueueCard {
  id: string;
  kind: string;
  question: string;
  answer: string;
  state: string;
  isOfficial: boolean;
  deckId: string;
  preview: Record<string, number>;
}
interface Queue {
  cards: QueueCard[];
  counts: { due: number; new: number; learning: number; reviewedToday: number };
  limits: { newLeft: number; reviewsLeft: number };
}
interface Schedule {
  id: string;
  due: string;
  stability: number;
  difficulty: number;
  reps: number;
  lapses: number;
  state: string;
  preview: Record<string, number>;
}

let n = 0;
async function user(plan: "trial" | "free" | "unlimited" = "unlimited"): Promise<{ c: Client; id: string }> {
  const c = await signedInUser(server, `student${++n}-${Date.now()}@example.com`);
  const me = await c.json<{ user: { id: string } }>("/api/me");
  if (plan !== "trial")
    await setPlan({ db: server.database.db, userId: me.body.user.id, plan, now: new Date(Date.now() + 300 * DAY) });
  return { c, id: me.body.user.id };
}
async function deckWith(c: Client, count: number, title = "Mine") {
  const d = await c.json<{ deck: { id: string } }>("/api/study/decks", { body: { title, subjectId: "contracts" } });
  expect(d.status).toBe(201);
  const cards = Array.from({ length: count }, (_, i) => ({
    question: `Q${i + 1} of ${title}`,
    answer: `A${i + 1}`,
    tags: ["t"],
  }));
  const b = await c.json<{ ids: string[] }>(`/api/study/decks/${d.body.deck.id}/cards/bulk`, { body: { cards } });
  expect(b.status).toBe(201);
  return { deckId: d.body.deck.id, cardIds: b.body.ids };
}
const review = (c: Client, cardId: string, rating: string, extra: Record<string, unknown> = {}) =>
  c.json<Schedule & { error?: { code: string } }>("/api/study/reviews", { body: { cardId, rating, ...extra } });

describe("queue and reviews (stable surface)", () => {
  it("a new student's queue holds new cards with id, question and answer, official ones included on Trial", async () => {
    clock = new Date();
    const { c } = await user("trial");
    const q = await c.json<Queue>("/api/study/queue?limit=30");
    expect(q.status).toBe(200);
    expect(q.body.cards.length).toBe(20); // default 20 new cards a day
    for (const card of q.body.cards) {
      expect(card.id).toBeTruthy();
      expect(card.question.length).toBeGreaterThan(3);
      expect(card.answer.length).toBeGreaterThan(3);
      expect(card.state).toBe("new");
    }
    expect(q.body.cards.some((x) => x.isOfficial)).toBe(true);
  });

  it("a rating answers the new schedule, equal to ts-fsrs for the same inputs, and grows with Good", async () => {
    clock = new Date("2026-05-04T10:00:00Z");
    const { c } = await user();
    const { cardIds } = await deckWith(c, 1);
    const f = fsrs({ request_retention: 0.9, enable_fuzz: true, enable_short_term: true });
    let card = createEmptyCard(clock);
    let lastInterval = 0;
    for (let i = 0; i < 5; i++) {
      const r = await review(c, cardIds[0], "good");
      expect(r.status).toBe(200);
      card = f.next(card, clock, Rating.Good).card;
      expect(r.body).toMatchObject({
        id: cardIds[0],
        due: card.due.toISOString(),
        reps: card.reps,
        lapses: 0,
        stability: card.stability,
        difficulty: card.difficulty,
      });
      const interval = new Date(r.body.due).getTime() - clock.getTime();
      if (i >= 2) expect(interval).toBeGreaterThan(lastInterval);
      lastInterval = interval;
      clock = new Date(r.body.due);
    }
    const again = await review(c, cardIds[0], "again");
    expect(again.body.state).toBe("relearning");
    expect(again.body.lapses).toBe(1);
    expect(new Date(again.body.due).getTime() - clock.getTime()).toBeLessThanOrEqual(10 * 60_000);
  });

  it("logs every rating (state before, rating, schedule after, time taken) and honours the desired retention saved in settings", async () => {
    const t0 = new Date("2026-05-11T09:00:00Z");
    const ratings = ["good", "good", "again", "good", "good"] as const;
    const run = async (retention: number) => {
      clock = t0;
      const { c, id } = await user();
      await c.json("/api/study/settings", { method: "PUT", body: { desiredRetention: retention } });
      const { cardIds } = await deckWith(c, 1);
      const answers: Schedule[] = [];
      for (const r of ratings) {
        const res = await review(c, cardIds[0], r, { durationMs: 4200 });
        answers.push(res.body);
        clock = new Date(new Date(res.body.due).getTime() + 3_600_000);
      }
      const logs = await server.database.db
        .select()
        .from(studyReviewLogs)
        .where(eq(studyReviewLogs.userId, id))
        .orderBy(studyReviewLogs.id);
      return { answers, logs };
    };
    const normal = await run(0.9);
    expect(normal.logs.map((l) => [l.rating, l.state, l.durationMs])).toEqual([
      [3, 0, 4200], // Good on a new card
      [3, 1, 4200], // Good in learning: graduates
      [1, 2, 4200], // Again on a review card: a lapse
      [3, 3, 4200], // Good in relearning
      [3, 2, 4200],
    ]);
    expect(normal.logs.map((l) => l.due.toISOString())).toEqual(normal.answers.map((a) => a.due));
    expect(normal.answers.map((a) => a.state)).toEqual(["learning", "review", "relearning", "review", "review"]);
    expect(normal.answers[4].lapses).toBe(1);
    // The same history with a higher desired retention schedules the last review sooner, and matches ts-fsrs at 0.97.
    const strict = await run(0.97);
    const last = (x: typeof normal) => new Date(x.answers[4].due).getTime() - x.logs[4].reviewedAt.getTime();
    expect(last(strict)).toBeLessThan(last(normal));
    const f = fsrs({ request_retention: 0.97, enable_fuzz: true, enable_short_term: true });
    let card = createEmptyCard(t0);
    let at = t0;
    for (const r of ratings) {
      card = f.next(card, at, r === "good" ? Rating.Good : Rating.Again).card;
      at = new Date(card.due.getTime() + 3_600_000);
    }
    expect(strict.answers[4]).toMatchObject({
      due: card.due.toISOString(),
      stability: card.stability,
      difficulty: card.difficulty,
    });
  });

  it("rejects a bad rating and a signed-out call", async () => {
    const { c } = await user();
    const bad = await c.json<{ error: { code: string } }>("/api/study/reviews", {
      body: { cardId: "x", rating: "meh" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("VALIDATION_FAILED");
    expect((await client(server.url).json("/api/study/queue")).status).toBe(401);
  });

  it("records flashcard_created and flashcard_studied", async () => {
    const { c, id } = await user();
    const { cardIds } = await deckWith(c, 2);
    await review(c, cardIds[0], "good");
    const events = await server.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, id));
    expect(events.filter((e) => e.name === "flashcard_created")[0].properties).toMatchObject({ count: 2 });
    expect(events.filter((e) => e.name === "flashcard_studied")).toHaveLength(1);
  });
});

describe("concurrent ratings of one card (decision 043)", () => {
  type Stale = {
    error: { code: string; message: string; details: { schedule: (Schedule & { kind: string }) | null } };
  };
  const logsOf = (userId: string, cardId: string) =>
    server.database.db
      .select()
      .from(studyReviewLogs)
      .where(and(eq(studyReviewLogs.userId, userId), eq(studyReviewLogs.itemId, cardId)))
      .orderBy(studyReviewLogs.id);
  const scheduleOf = async (userId: string, cardId: string) =>
    (
      await server.database.db
        .select()
        .from(studySchedules)
        .where(
          and(
            eq(studySchedules.userId, userId),
            eq(studySchedules.itemType, "card"),
            eq(studySchedules.itemId, cardId),
          ),
        )
    )[0];

  it("eight simultaneous first ratings of a new card save exactly one rating; the other seven answer 409 CONFLICT and write nothing", async () => {
    clock = new Date("2026-06-01T09:00:00Z");
    const { c, id } = await user();
    const { cardIds } = await deckWith(c, 1);
    const card = cardIds[0];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => review(c, card, i % 2 ? "good" : "again", { expectedDue: null })),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(1);
    expect(refused.map((r) => r.status)).toEqual(Array(7).fill(409));
    const saved = ok[0].body;
    for (const r of refused) {
      const e = (r.body as unknown as Stale).error;
      expect(e.code).toBe("CONFLICT");
      expect(e.message).toBe("This card was already rated in another tab or window. This rating was not saved.");
      expect(e.details.schedule).toMatchObject({
        id: card,
        kind: "card",
        due: saved.due,
        reps: 1,
        state: saved.state,
        preview: saved.preview,
      });
    }
    // Exactly what one rating of a new card produces: one log (state New), one schedule row after one rating.
    expect(saved).toMatchObject({ state: "learning", reps: 1, lapses: 0 });
    const logs = await logsOf(id, card);
    expect(logs.map((l) => [l.state, l.due.toISOString()])).toEqual([[0, saved.due]]);
    const f = fsrs({ request_retention: 0.9, enable_fuzz: true, enable_short_term: true });
    const single = f.next(createEmptyCard(clock), clock, logs[0].rating === 1 ? Rating.Again : Rating.Good).card;
    expect(await scheduleOf(id, card)).toMatchObject({
      reps: 1,
      lapses: 0,
      state: 1,
      due: single.due,
      stability: single.stability,
      difficulty: single.difficulty,
    });
    const q = await c.json<Queue & { counts: { newToday: number } }>("/api/study/queue");
    expect(q.body.counts).toMatchObject({ reviewedToday: 1, newToday: 1 });
  });

  it("a stale rating of a scheduled card is refused the same way; the schedule the student saw is accepted", async () => {
    clock = new Date("2026-06-02T09:00:00Z");
    const { c, id } = await user();
    const { cardIds } = await deckWith(c, 1);
    const card = cardIds[0];
    const first = await review(c, card, "good", { expectedDue: null });
    expect(first.status).toBe(200);
    clock = new Date(new Date(first.body.due).getTime() + 60_000);
    const second = await review(c, card, "good", { expectedDue: first.body.due });
    expect(second.status).toBe(200);
    // A repeat of the second request (a retry, another tab) names the schedule it replaced.
    const again = await c.json<Stale>("/api/study/reviews", {
      body: { cardId: card, rating: "again", expectedDue: first.body.due },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.details.schedule).toMatchObject({ id: card, due: second.body.due, reps: 2 });
    // A first rating of a card that is no longer new is stale too.
    expect((await review(c, card, "easy", { expectedDue: null })).status).toBe(409);
    expect((await logsOf(id, card)).length).toBe(2);
    expect(await scheduleOf(id, card)).toMatchObject({ reps: 2, due: new Date(second.body.due) });
    const bad = await c.json<{ error: { code: string; message: string } }>("/api/study/reviews", {
      body: { cardId: card, rating: "good", expectedDue: "yesterday" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^expectedDue: /);
  });

  it("without expectedDue, simultaneous ratings of a new card are applied one at a time: one first rating, every saved rating logged once", async () => {
    clock = new Date("2026-06-03T09:00:00Z");
    const { c, id } = await user();
    const { cardIds } = await deckWith(c, 1);
    const card = cardIds[0];
    const answers = await Promise.all(Array.from({ length: 8 }, () => review(c, card, "good")));
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const saved = answers.filter((a) => a.status === 200).length;
    expect(saved).toBeGreaterThanOrEqual(1);
    const logs = await logsOf(id, card);
    expect(logs.filter((l) => l.state === 0)).toHaveLength(1);
    expect(logs).toHaveLength(saved);
    expect((await scheduleOf(id, card)).reps).toBe(saved);
  });
});

describe("daily limits", () => {
  it("new cards per day: the queue stops offering new cards once today's quota is used, and offers more tomorrow", async () => {
    clock = new Date("2026-06-10T12:00:00Z");
    const { c } = await user(); // Unlimited: Free may not study (issue 12 item 22)
    const { deckId } = await deckWith(c, 10);
    expect((await c.json("/api/study/settings", { method: "PUT", body: { newPerDay: 3 } })).status).toBe(200);
    const q1 = await c.json<Queue>(`/api/study/queue?decks=${deckId}`);
    expect(q1.body.cards.map((x) => x.state)).toEqual(["new", "new", "new"]);
    for (const card of q1.body.cards) await review(c, card.id, "easy");
    const q2 = await c.json<Queue>(`/api/study/queue?decks=${deckId}`);
    expect(q2.body.cards.filter((x) => x.state === "new")).toHaveLength(0);
    expect(q2.body.limits.newLeft).toBe(0);
    clock = new Date(clock.getTime() + DAY);
    const q3 = await c.json<Queue>(`/api/study/queue?decks=${deckId}`);
    expect(q3.body.cards.filter((x) => x.state === "new")).toHaveLength(3);
  });

  it("the daily allowance renews at midnight in the student's time zone, not at UTC midnight", async () => {
    const { c } = await user(); // Unlimited: Free may not study (issue 12 item 22)
    const { deckId } = await deckWith(c, 6);
    await c.json("/api/study/settings", { method: "PUT", body: { newPerDay: 2, timeZone: "America/New_York" } });
    clock = new Date("2026-06-10T22:30:00-04:00"); // 02:30 UTC on the 11th
    const first = await c.json<Queue>(`/api/study/queue?decks=${deckId}`);
    for (const card of first.body.cards) await review(c, card.id, "easy");
    clock = new Date("2026-06-10T23:59:00-04:00");
    expect((await c.json<Queue>(`/api/study/queue?decks=${deckId}`)).body.limits.newLeft).toBe(0);
    clock = new Date("2026-06-11T00:01:00-04:00");
    const next = await c.json<Queue>(`/api/study/queue?decks=${deckId}`);
    expect(next.body.limits.newLeft).toBe(2);
    expect(next.body.cards.filter((x) => x.state === "new")).toHaveLength(2);
  });

  it("maximum reviews per day caps the due reviews offered", async () => {
    clock = new Date("2026-07-01T12:00:00Z");
    const { c } = await user(); // Unlimited: Free may not study (issue 12 item 22)
    const { deckId, cardIds } = await deckWith(c, 5);
    await c.json("/api/study/settings", { method: "PUT", body: { newPerDay: 0, maxReviewsPerDay: 2 } });
    for (const id of cardIds) expect((await review(c, id, "easy")).body.state).toBe("review");
    clock = new Date(clock.getTime() + 60 * DAY);
    const q = await c.json<Queue>(`/api/study/queue?decks=${deckId}`);
    expect(q.body.cards).toHaveLength(2);
    expect(q.body.counts.due).toBe(2);
    await review(c, q.body.cards[0].id, "good");
    const q2 = await c.json<Queue>(`/api/study/queue?decks=${deckId}`);
    expect(q2.body.cards).toHaveLength(1);
    expect(q2.body.limits.reviewsLeft).toBe(1);
  });

  it("missed bank questions do not use up the new-card allowance (questions are never new)", async () => {
    clock = new Date("2026-06-20T12:00:00Z");
    const { c } = await user();
    const { deckId } = await deckWith(c, 5);
    await c.json("/api/study/settings", { method: "PUT", body: { newPerDay: 3 } });
    const bank = await c.json<{ questions: { id: string }[] }>("/api/question-bank?limit=4");
    for (const q of bank.body.questions) {
      const detail = await server.database.db
        .select({ answer: questionsTable.answer })
        .from(questionsTable)
        .where(eq(questionsTable.id, q.id));
      const wrong = detail[0].answer === "A" ? "B" : "A";
      expect((await c.json(`/api/question-bank/${q.id}/attempts`, { body: { choice: wrong } })).status).toBe(201);
    }
    const q = await c.json<Queue>(`/api/study/queue?decks=${deckId}`);
    expect(q.body.limits.newLeft).toBe(3);
    expect(q.body.cards.map((x) => x.state)).toEqual(["new", "new", "new"]);
    const ov = await c.json<{ today: { newToday: number; ratingsToday: number } }>("/api/study/overview");
    expect(ov.body.today).toMatchObject({ newToday: 0, ratingsToday: 4 });
  });

  it("validates settings", async () => {
    const { c } = await user();
    expect(
      (await c.json<{ saved: boolean; settings: { timeZone: string } }>("/api/study/settings")).body,
    ).toMatchObject({ saved: false, settings: { timeZone: "UTC", desiredRetention: 0.9 } });
    const r = await c.json<{ error: { message: string } }>("/api/study/settings", {
      method: "PUT",
      body: { desiredRetention: 1.5 },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain("desiredRetention");
    const tz = await c.json<{ error: { message: string } }>("/api/study/settings", {
      method: "PUT",
      body: { timeZone: "Mars/Olympus" },
    });
    expect(tz.status).toBe(400);
    const ok = await c.json<{ settings: { desiredRetention: number; timeZone: string } }>("/api/study/settings", {
      method: "PUT",
      body: { desiredRetention: 0.85, timeZone: "America/New_York" },
    });
    expect(ok.body.settings).toMatchObject({ desiredRetention: 0.85, timeZone: "America/New_York", newPerDay: 20 });
    expect((await c.json<{ saved: boolean }>("/api/study/settings")).body.saved).toBe(true);
  });
});

describe("cram", () => {
  it("cram ratings leave the schedule and the review log untouched", async () => {
    clock = new Date("2026-08-01T12:00:00Z");
    const { c } = await user();
    const { deckId, cardIds } = await deckWith(c, 2);
    const first = await review(c, cardIds[0], "good");
    const before = await c.json<{ cards: { id: string; due: string; reps: number; state: string }[] }>(
      `/api/study/decks/${deckId}`,
    );
    const statsBefore = await c.json<{ reviewedToday: number }>("/api/study/stats");
    const cram = await c.json<{ cards: QueueCard[] }>(`/api/study/cram?decks=${deckId}`);
    expect(cram.body.cards.map((x) => x.id).sort()).toEqual([...cardIds].sort());
    for (const id of cardIds) {
      const r = await review(c, id, "again", { mode: "cram" });
      expect(r.status).toBe(200);
      if (id === cardIds[0])
        expect(r.body).toMatchObject({ due: first.body.due, reps: first.body.reps, state: first.body.state });
      else expect(r.body.state).toBe("new");
    }
    const after = await c.json<typeof before.body>(`/api/study/decks/${deckId}`);
    expect(after.body.cards).toEqual(before.body.cards);
    expect((await c.json<{ reviewedToday: number }>("/api/study/stats")).body.reviewedToday).toBe(
      statsBefore.body.reviewedToday,
    );
  });
});

describe("ownership and tiers", () => {
  it("another student's deck and card answer 404 on every route", async () => {
    const a = await user();
    const b = await user();
    const { deckId, cardIds } = await deckWith(a.c, 1);
    const card = cardIds[0];
    const calls = [
      b.c.json(`/api/study/decks/${deckId}`),
      b.c.json(`/api/study/decks/${deckId}`, { method: "PATCH", body: { title: "x" } }),
      b.c.json(`/api/study/decks/${deckId}`, { method: "DELETE" }),
      b.c.json(`/api/study/decks/${deckId}/cards`, { body: { question: "q", answer: "a" } }),
      b.c.json(`/api/study/decks/${deckId}/cards/bulk`, { body: { cards: [{ question: "q", answer: "a" }] } }),
      b.c.json(`/api/study/decks/${deckId}/import`, { body: { text: "a,b" } }),
      b.c.json(`/api/study/decks/${deckId}/export?format=tsv&anki=1`),
      review(b.c, card, "good", { mode: "cram" }),
      review(b.c, card, "good", { kind: "card" }),
      b.c.json(`/api/study/decks/${deckId}/export`),
      b.c.json(`/api/study/cards/${card}`, { method: "PATCH", body: { question: "x" } }),
      b.c.json(`/api/study/cards/${card}`, { method: "DELETE" }),
      review(b.c, card, "good"),
    ];
    for (const r of await Promise.all(calls)) expect(r.status).toBe(404);
    // B cannot move its own card into A's deck either.
    const mine = await deckWith(b.c, 1, "B");
    expect((await b.c.json(`/api/study/cards/${mine.cardIds[0]}`, { method: "PATCH", body: { deckId } })).status).toBe(
      404,
    );
    // A's card is untouched and B's queue never shows it.
    const q = await b.c.json<Queue>("/api/study/queue?limit=200");
    expect(q.body.cards.some((x) => x.id === card)).toBe(false);
    expect((await b.c.json<Queue>(`/api/study/queue?decks=${deckId}`)).body.cards).toEqual([]);
    expect((await b.c.json<{ cards: unknown[] }>(`/api/study/cram?decks=${deckId}`)).body.cards).toEqual([]);
    expect(
      (await b.c.json<{ decks: { id: string }[] }>("/api/study/overview")).body.decks.some((d) => d.id === deckId),
    ).toBe(false);
    expect((await a.c.json<{ cards: unknown[] }>(`/api/study/decks/${deckId}`)).body.cards).toHaveLength(1);
  });

  it("moving a card: an empty or unknown deck id is refused and the card stays where it was; a real move puts it last in the new deck", async () => {
    const { c } = await user();
    const from = await deckWith(c, 2, "From");
    const to = await deckWith(c, 2, "To");
    const card = from.cardIds[0];
    const empty = await c.json<{ error: { code: string; message: string } }>(`/api/study/cards/${card}`, {
      method: "PATCH",
      body: { deckId: "" },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe("deckId: must not be empty");
    expect(
      (await c.json(`/api/study/cards/${card}`, { method: "PATCH", body: { deckId: "no-such-deck" } })).status,
    ).toBe(404);
    const still = await c.json<{ cards: { id: string }[] }>(`/api/study/decks/${from.deckId}`);
    expect(still.body.cards.map((x) => x.id)).toEqual(from.cardIds);
    const moved = await c.json<{ card: { deckId: string } }>(`/api/study/cards/${card}`, {
      method: "PATCH",
      body: { deckId: to.deckId },
    });
    expect(moved.body.card.deckId).toBe(to.deckId);
    expect(
      (await c.json<{ cards: { id: string }[] }>(`/api/study/decks/${to.deckId}`)).body.cards.map((x) => x.id),
    ).toEqual([...to.cardIds, card]);
    expect(
      (await c.json<{ cards: { id: string }[] }>(`/api/study/decks/${from.deckId}`)).body.cards.map((x) => x.id),
    ).toEqual([from.cardIds[1]]);
  });

  // Issue 12 item 22 / SPEC.md §6: flashcards and the question bank are Unlimited (and Trial) only.
  // This test replaced "Free students study their own cards and the free sample decks; premium
  // official cards are gated": Free now gets UPGRADE_REQUIRED on every study route, and the flows
  // that test ran on Free pass for a Trial student (next test).
  it("Free gets 403 UPGRADE_REQUIRED on every deck, card, queue, review, cram, import, generate and quiz route, and counts nothing to study", async () => {
    clock = new Date();
    const trial = await user("trial");
    const { deckId, cardIds } = await deckWith(trial.c, 2);
    const { c } = await user("free");
    const ov = await c.json<{ decks: { id: string; isOfficial: boolean; isFree: boolean; locked: boolean }[] }>(
      "/api/study/overview",
    );
    expect(ov.status).toBe(200);
    expect(ov.body.decks.length).toBeGreaterThan(0);
    expect(ov.body.decks.every((d) => d.locked)).toBe(true);
    const premium = ov.body.decks.find((d) => d.isOfficial && !d.isFree)!;
    const sample = ov.body.decks.find((d) => d.isOfficial && d.isFree)!;
    const sampleCard = (await trial.c.json<{ cards: { id: string }[] }>(`/api/study/decks/${sample.id}`)).body.cards[0]
      .id;
    const premiumCard = (await trial.c.json<{ cards: { id: string }[] }>(`/api/study/decks/${premium.id}`)).body
      .cards[0].id;
    const card = { question: "What is consideration?", answer: "A bargained-for exchange." };
    const calls: [string, string, unknown?][] = [
      ["POST", "/api/study/decks", { title: "Mine" }],
      ["GET", `/api/study/decks/${sample.id}`],
      ["GET", `/api/study/decks/${premium.id}`],
      ["GET", `/api/study/decks/${deckId}`],
      ["PATCH", `/api/study/decks/${deckId}`, { title: "Renamed" }],
      ["POST", `/api/study/decks/${deckId}/cards`, card],
      ["POST", `/api/study/decks/${deckId}/cards/bulk`, { cards: [card] }],
      ["POST", `/api/study/decks/${deckId}/import`, { text: "q,a\nWhat?,That." }],
      ["PATCH", `/api/study/cards/${cardIds[0]}`, { answer: "x" }],
      ["GET", "/api/study/queue"],
      ["GET", "/api/study/cram"],
      ["POST", "/api/study/reviews", { cardId: sampleCard, rating: "good" }],
      ["POST", "/api/study/reviews", { cardId: premiumCard, rating: "good" }],
      ["POST", "/api/study/reviews", { cardId: premiumCard, rating: "good", mode: "cram" }],
      [
        "POST",
        "/api/study/generate",
        { sources: [{ kind: "text", text: "Consideration is a bargained-for exchange." }] },
      ],
      ["POST", "/api/quizzes", { source: "flashcards", count: 5, mode: "tutor" }],
      ["GET", "/api/quizzes/active"],
      ["GET", "/api/quizzes"],
    ];
    for (const [method, path, body] of calls) {
      const r = await c.json<{ error?: { code: string } }>(path, { method, body });
      expect([method, path, r.status, r.body.error?.code]).toEqual([method, path, 403, "UPGRADE_REQUIRED"]);
    }
    // Still 403 through export for a premium deck (the export route stays open for own decks).
    const exp = await c.json<{ error: { code: string } }>(`/api/study/decks/${premium.id}/export`);
    expect(exp.status).toBe(403);
    expect(exp.body.error.code).toBe("UPGRADE_REQUIRED");
    const stats = await c.json<{ dueToday: number; states: Record<string, number> }>("/api/study/stats");
    expect(stats.body.dueToday).toBe(0);
    // The Trial student's deck is untouched by the refused writes.
    const mine = await trial.c.json<{ deck: { title: string }; cards: { answer: string }[] }>(
      `/api/study/decks/${deckId}`,
    );
    expect(mine.body.deck.title).toBe("Mine");
    expect(mine.body.cards.map((x) => x.answer)).toEqual(["A1", "A2"]);
  });

  it("a Trial student studies own cards, the sample decks and premium official cards (the flows Free may not run)", async () => {
    clock = new Date();
    const { c } = await user("trial");
    const { cardIds } = await deckWith(c, 2);
    await c.json("/api/study/settings", { method: "PUT", body: { newPerDay: 500 } });
    const ov = await c.json<{ decks: { id: string; isOfficial: boolean; isFree: boolean; locked: boolean }[] }>(
      "/api/study/overview",
    );
    expect(ov.body.decks.some((d) => d.locked)).toBe(false);
    const premium = ov.body.decks.find((d) => d.isOfficial && !d.isFree)!;
    const sample = ov.body.decks.find((d) => d.isOfficial && d.isFree)!;
    const q = await c.json<Queue>("/api/study/queue?limit=500");
    const decksInQueue = new Set(q.body.cards.map((x) => x.deckId));
    const premiumDeckIds = new Set(ov.body.decks.filter((d) => d.isOfficial && !d.isFree).map((d) => d.id));
    expect([...decksInQueue].some((id) => premiumDeckIds.has(id))).toBe(true);
    expect(q.body.cards.some((x) => cardIds.includes(x.id))).toBe(true);
    const opened = await c.json<{ deck: { locked: boolean }; cards: { id: string }[] }>(
      `/api/study/decks/${premium.id}`,
    );
    expect(opened.body.deck.locked).toBe(false);
    expect(opened.body.cards.length).toBeGreaterThan(0);
    const sampleCard = (await c.json<{ cards: { id: string }[] }>(`/api/study/decks/${sample.id}`)).body.cards[0].id;
    for (const id of [cardIds[0], sampleCard, opened.body.cards[0].id])
      expect((await review(c, id, "good")).status).toBe(200);
    expect((await review(c, opened.body.cards[1].id, "good", { mode: "cram" })).status).toBe(200);
    const exp = await c.fetch(`/api/study/decks/${premium.id}/export`);
    expect(exp.status).toBe(200);
    const cram = await c.json<{ cards: QueueCard[] }>("/api/study/cram?limit=500");
    expect(cram.body.cards.some((x) => premiumDeckIds.has(x.deckId))).toBe(true);
    const quiz = await c.json<{ id: string }>("/api/quizzes", {
      body: { source: "flashcards", count: 5, mode: "tutor" },
    });
    expect(quiz.status).toBe(201);
    expect((await c.json(`/api/quizzes/${quiz.body.id}`)).status).toBe(200);
  });
});

describe("statistics", () => {
  it("count only what the student can study now: after a Trial ends, every card leaves 'due today' and the card states, and comes back with the plan", async () => {
    clock = new Date("2026-09-14T12:00:00Z");
    const { c, id } = await user("trial");
    const { cardIds } = await deckWith(c, 1);
    const premium = await server.database.db
      .select({ id: flashcards.id })
      .from(flashcards)
      .innerJoin(decks, eq(decks.id, flashcards.deckId))
      .where(and(eq(decks.isOfficial, true), eq(decks.isFree, false)))
      .limit(3);
    for (const card of [...cardIds, ...premium.map((p) => p.id)])
      expect((await review(c, card, "easy")).status).toBe(200);
    clock = new Date(clock.getTime() + 60 * DAY);
    type Stats = { dueToday: number; states: { review: number }; forecast: { due: number }[] };
    const trial = await c.json<Stats>("/api/study/stats");
    expect(trial.body.dueToday).toBe(4);
    expect(trial.body.states.review).toBe(4);
    await setPlan({ db: server.database.db, userId: id, plan: "free", now: new Date(clock.getTime() + DAY) });
    // Issue 12 item 22 (SPEC.md §6): on Free nothing can be studied, own cards included, so every
    // count is 0 (was 1, the own card) and the queue is 403 UPGRADE_REQUIRED (was due: 1).
    const free = await c.json<Stats>("/api/study/stats");
    expect(free.body.dueToday).toBe(0);
    expect(free.body.states.review).toBe(0);
    const ov = await c.json<{ decks: { due: number; locked: boolean }[] }>("/api/study/overview");
    expect(ov.body.decks.filter((d) => !d.locked).reduce((n, d) => n + d.due, 0)).toBe(free.body.dueToday);
    const queue = await c.json<{ error: { code: string } }>("/api/study/queue");
    expect(queue.status).toBe(403);
    expect(queue.body.error.code).toBe("UPGRADE_REQUIRED");
    await setPlan({
      db: server.database.db,
      userId: id,
      plan: "unlimited",
      now: new Date(clock.getTime() + 300 * DAY),
    });
    expect((await c.json<Stats>("/api/study/stats")).body.dueToday).toBe(4);
  });
});

describe("the content API keeps the same tiers", () => {
  it("a premium deck's cards and the question bank are not readable through /api/decks/:id or /api/questions without the plan", async () => {
    const free = await user("free");
    const paid = await user();
    const anon = client(server.url);
    const list = await anon.json<{ decks: { id: string; isFree: boolean }[] }>("/api/decks");
    expect(list.status).toBe(200);
    const premium = list.body.decks.find((d) => !d.isFree)!.id;
    const sample = list.body.decks.find((d) => d.isFree)!.id;
    for (const c of [free.c, anon]) {
      const r = await c.json<{ error: { code: string }; cards?: unknown }>(`/api/decks/${premium}`);
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe("UPGRADE_REQUIRED");
      expect(r.body.cards).toBeUndefined();
      expect((await c.json<{ cards: unknown[] }>(`/api/decks/${sample}`)).body.cards.length).toBeGreaterThan(0);
    }
    expect((await paid.c.json<{ cards: unknown[] }>(`/api/decks/${premium}`)).body.cards.length).toBeGreaterThan(0);
    expect((await anon.json("/api/questions")).status).toBe(401);
    const gated = await free.c.json<{ error: { code: string }; questions?: unknown }>("/api/questions?subject=torts");
    expect(gated.status).toBe(403);
    expect(gated.body.questions).toBeUndefined();
    const open = await paid.c.json<{ questions: { answer: string; explanations: Record<string, string> }[] }>(
      "/api/questions?subject=torts",
    );
    expect(open.body.questions.length).toBeGreaterThan(0);
  });
});

describe("import and export", () => {
  const tricky = (i: number) => ({
    question: `Card ${i}: "quoted", comma, and\ttab — ünïcode ✓ 法律 ${i}`,
    answer: `Line one of ${i}\nLine two, with "quotes"\n\tindented`,
  });
  const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;

  it("imports a 1,000-card CSV with quotes, tabs, new lines and Unicode, and exports it back", async () => {
    const { c } = await user();
    const { deckId } = await deckWith(c, 0 || 1, "Import");
    const lines = ["front,back,tags"];
    for (let i = 0; i < 1000; i++)
      lines.push([quote(tricky(i).question), quote(tricky(i).answer), quote(`tag_${i % 7} bulk`)].join(","));
    const r = await c.json<{ imported: number }>(`/api/study/decks/${deckId}/import`, {
      body: { text: lines.join("\r\n") },
    });
    expect(r.status).toBe(201);
    expect(r.body.imported).toBe(1000);
    const deck = await c.json<{ cards: { question: string; answer: string; tags: string[] }[] }>(
      `/api/study/decks/${deckId}`,
    );
    expect(deck.body.cards).toHaveLength(1001);
    expect(deck.body.cards[1 + 537]).toMatchObject({ ...tricky(537), tags: [`tag ${537 % 7}`, "bulk"] });
    const exp = await c.fetch(`/api/study/decks/${deckId}/export?format=tsv`);
    expect(exp.headers.get("content-type")).toContain("text/tab-separated-values");
    const tsv = await exp.text();
    const other = await deckWith(c, 1, "Round trip");
    const again = await c.json<{ imported: number }>(`/api/study/decks/${other.deckId}/import`, {
      body: { text: tsv },
    });
    expect(again.body.imported).toBe(1001);
  });

  it("a broken file reports its line and imports nothing", async () => {
    const { c } = await user();
    const { deckId } = await deckWith(c, 1, "Broken");
    const lines: string[] = [];
    for (let i = 0; i < 1000; i++) lines.push(`${quote(tricky(i).question)},${quote(tricky(i).answer)}`);
    lines[600] = "a front without a back";
    // each tricky row spans 3 physical lines, so row 601 starts on line 1801
    const r = await c.json<{ error: { code: string; message: string; details: { line: number } } }>(
      `/api/study/decks/${deckId}/import`,
      { body: { text: lines.join("\n") } },
    );
    expect(r.status).toBe(400);
    expect(r.body.error.details.line).toBe(1801);
    expect(r.body.error.message).toMatch(/^Line 1801: /);
    const deck = await c.json<{ cards: unknown[] }>(`/api/study/decks/${deckId}`);
    expect(deck.body.cards).toHaveLength(1);
  });
});

describe("card generation", () => {
  it("drafts from an official brief and topic, from a student's own brief, never from another student's", async () => {
    const a = await user();
    const b = await user();
    const aId = (await a.c.json<{ user: { id: string } }>("/api/me")).body.user.id;
    await server.database.db.insert(briefs).values({
      id: `own-brief-${aId}`,
      name: "Smith v. Jones",
      subjectId: "torts",
      body: {
        issue: "<p>Was the contact offensive?</p>",
        rule: "<p>A contact is offensive if it offends a reasonable sense of dignity.</p>",
        holding: "<p>Yes.</p>",
      },
      isOfficial: false,
      createdBy: aId,
    });
    const r = await a.c.json<{
      drafts: {
        question: string;
        answer: string;
        kind: string;
        source: { type: string; title: string };
        subjectId: string;
      }[];
      llm: string;
    }>("/api/study/generate", {
      body: {
        sources: [
          { type: "brief", id: "hadley-v-baxendale" },
          { type: "topic", id: "contracts-offer" },
          { type: "brief", id: `own-brief-${aId}` },
          {
            type: "text",
            title: "Notes",
            text: "<p>Assault is an act intended to cause apprehension of imminent contact.</p>",
          },
        ],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.llm).toBe("off");
    const hadley = r.body.drafts.filter((d) => d.source.title === "Hadley v. Baxendale");
    expect(hadley.map((d) => d.kind).slice(0, 2)).toEqual(["rule", "holding"]);
    expect(hadley[0].subjectId).toBe("contracts");
    expect(r.body.drafts.some((d) => d.source.type === "topic" && d.kind === "elements")).toBe(true);
    expect(r.body.drafts.find((d) => d.source.title === "Smith v. Jones" && d.kind === "rule")?.answer).toBe(
      "A contact is offensive if it offends a reasonable sense of dignity.",
    );
    expect(r.body.drafts.find((d) => d.source.type === "text")).toMatchObject({
      kind: "definition",
      question: "What is assault?",
    });
    expect(
      (await b.c.json("/api/study/generate", { body: { sources: [{ type: "brief", id: `own-brief-${aId}` }] } }))
        .status,
    ).toBe(404);
    // save reviewed drafts: all or nothing
    const { deckId } = await deckWith(a.c, 0 || 1, "Generated");
    const saved = await a.c.json<{ ids: string[] }>(`/api/study/decks/${deckId}/cards/bulk`, {
      body: {
        source: "generated",
        cards: hadley.map((d) => ({ question: d.question, answer: d.answer, tags: ["generated"] })),
      },
    });
    expect(saved.body.ids).toHaveLength(hadley.length);
    const bad = await a.c.json(`/api/study/decks/${deckId}/cards/bulk`, {
      body: {
        cards: [
          { question: "ok", answer: "ok" },
          { question: "", answer: "x" },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect((await a.c.json<{ cards: unknown[] }>(`/api/study/decks/${deckId}`)).body.cards).toHaveLength(
      1 + hadley.length,
    );
  });

  it("drafts from a case brief the student wrote (student_briefs), never from another student's", async () => {
    const { c } = await user("trial");
    const other = await user("trial");
    const created = await c.json<{ brief: { id: string } }>("/api/student-briefs", {
      body: {
        name: "Roe v. Doe",
        subjectId: "torts",
        sections: {
          issue: "<p>Was the touching a battery?</p>",
          rule: "<p>A battery is an intentional harmful or offensive contact with the person of another.</p>",
          holding: "<p>Yes: the touching was offensive.</p>",
          takeaways:
            "<ul><li><p>Intent to contact suffices.</p></li><li><p>In the problem's state a battery claim is barred after two years.</p></li></ul>",
        },
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.brief.id;
    const r = await c.json<{
      drafts: {
        question: string;
        answer: string;
        kind: string;
        subjectId: string | null;
        source: { type: string; id: string; title: string };
      }[];
    }>("/api/study/generate", { body: { sources: [{ type: "brief", id: id.toUpperCase() }] } });
    expect(r.status).toBe(200);
    expect(r.body.drafts.find((d) => d.kind === "rule")).toMatchObject({
      answer: "A battery is an intentional harmful or offensive contact with the person of another.",
      subjectId: "torts",
      source: { type: "brief", id, title: "Roe v. Doe" },
    });
    // Each takeaway (one per list item) is its own sentence to cloze.
    expect(r.body.drafts.find((d) => d.kind === "cloze")).toMatchObject({
      question: "In the problem's state a battery claim is barred after […]",
      answer: "two years",
    });
    // Section HTML becomes plain sentences: the issue keeps its question mark, with no stray period.
    expect(r.body.drafts.find((d) => d.kind === "holding")?.question).toBe("Roe v. Doe: Was the touching a battery?");
    expect((await other.c.json("/api/study/generate", { body: { sources: [{ type: "brief", id }] } })).status).toBe(
      404,
    );
  });

  it("drafts cards from the student's own saved note, never from another student's", async () => {
    const { c } = await user("trial");
    const other = await user("trial");
    const html =
      "<h2>Consideration</h2><p>Consideration is a bargained-for exchange of a legal detriment or a promise. A promise to make a gift is not enforceable without consideration.</p>";
    const note = (await c.json<{ note: { id: string } }>("/api/notes", { body: { title: "Contracts class", html } }))
      .body.note;
    const r = await c.json<{ drafts: { question: string; source: { type: string; id: string; title: string } }[] }>(
      "/api/study/generate",
      { body: { sources: [{ type: "note", id: note.id }] } },
    );
    expect(r.status).toBe(200);
    expect(r.body.drafts.length).toBeGreaterThan(0);
    expect(r.body.drafts[0].source).toEqual({ type: "note", id: note.id, title: "Contracts class" });
    expect(r.body.drafts.map((d) => d.question).join(" ")).toMatch(/consideration/i);
    const stolen = await other.c.json<{ error: { code: string } }>("/api/study/generate", {
      body: { sources: [{ type: "note", id: note.id }] },
    });
    expect(stolen.status).toBe(404);
    const bad = await c.json<{ error: { code: string } }>("/api/study/generate", {
      body: { sources: [{ type: "note", id: "not-a-note" }] },
    });
    expect(bad.status).toBe(400);
    // A uuid written in upper case is the same note.
    expect(
      (await c.json("/api/study/generate", { body: { sources: [{ type: "note", id: note.id.toUpperCase() }] } }))
        .status,
    ).toBe(200);
  });

  it("says when no LLM is configured and drafts by extraction (the LLM path: tests/integration/study-generate-llm.test.ts)", async () => {
    const { c } = await user();
    const none = await c.json<{ llm: string; drafts: unknown[] }>("/api/study/generate", {
      body: { useLlm: true, sources: [{ type: "topic", id: "contracts-offer" }] },
    });
    expect(none.body.llm).toBe("unavailable");
    expect(none.body.drafts.length).toBeGreaterThan(2);
  });
});
