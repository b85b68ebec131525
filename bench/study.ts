/**
 * Study benchmarks (issue 6 §10), called from bench/run.ts and runnable alone
 * (`npx tsx bench/study.ts`): on a fresh PGlite with the official content seeded, one student
 * with 20,000 own cards (16,000 scheduled, due dates spread over ±60 days) and 100,000 review-log
 * rows, it times building the study queue (GET /api/study/queue's service, limit 100) and one
 * rating (POST /api/study/reviews' service: read, FSRS, upsert, log) — p50/p95 over repeated runs —
 * and the day's plan to a NextGen exam 60 days out (GET /api/study/plan's service, decision 080),
 * with 2,000 question attempts on top: p50/p95 over 60 runs (10 warm-up), target p95 ≤ 100 ms.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadContent } from "../src/server/content/load";
import { seedContent } from "../src/server/content/seed";
import { openDatabase } from "../src/server/db/client";
import {
  decks,
  flashcards,
  questionAttempts,
  questions,
  studyReviewLogs,
  studySchedules,
  user,
} from "../src/server/db/schema";
import { setPlan } from "../src/server/features/billing/subscriptions.service";
import { putExam, studyPlan } from "../src/server/features/study/study-plan.service";
import { buildQueue } from "../src/server/features/study/study-queue.service";
import { recordReview } from "../src/server/features/study/study-review.service";

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const DAY = 86_400_000;

export async function benchStudy(): Promise<[string, string, string][]> {
  const dir = mkdtempSync(join(tmpdir(), "lexmate-bench-study-"));
  const database = await openDatabase({ dataDir: dir });
  try {
    const db = database.db;
    await seedContent(db, loadContent(resolve("content")).corpus);
    const userId = randomUUID();
    await db
      .insert(user)
      .values({ id: userId, name: "Bench", email: `bench-${userId}@example.com`, emailVerified: true });
    const now = new Date("2026-06-01T12:00:00Z");
    // Flashcards are an Unlimited / Trial feature (SPEC.md §6): a Free student's queue is empty.
    await setPlan({ db, userId, plan: "unlimited", now: new Date("2026-05-25T12:00:00Z") });
    const deckIds = Array.from({ length: 40 }, () => randomUUID());
    await db
      .insert(decks)
      .values(deckIds.map((id, i) => ({ id, title: `Deck ${i}`, subjectId: "torts", createdBy: userId })));
    const cardIds: string[] = [];
    for (let i = 0; i < 20_000; i += 1000) {
      const chunk = Array.from({ length: 1000 }, (_, j) => {
        const id = randomUUID();
        cardIds.push(id);
        return {
          id,
          deckId: deckIds[(i + j) % 40],
          question: `Question ${i + j}: what is the rule?`,
          answer: `Answer ${i + j}`,
          subjectId: "torts",
          createdBy: userId,
          position: i + j,
        };
      });
      await db.insert(flashcards).values(chunk);
    }
    for (let i = 0; i < 16_000; i += 1000) {
      await db.insert(studySchedules).values(
        cardIds.slice(i, i + 1000).map((id, j) => ({
          userId,
          itemType: "card",
          itemId: id,
          due: new Date(now.getTime() + (((i + j) % 121) - 60) * DAY),
          stability: 5 + ((i + j) % 50),
          difficulty: 5,
          reps: 3,
          lapses: (i + j) % 3,
          state: (i + j) % 10 === 0 ? 3 : 2,
          lastReview: new Date(now.getTime() - 10 * DAY),
        })),
      );
    }
    for (let i = 0; i < 100_000; i += 2000) {
      await db.insert(studyReviewLogs).values(
        Array.from({ length: 2000 }, (_, j) => ({
          userId,
          itemType: "card",
          itemId: cardIds[(i + j) % 16_000],
          rating: 1 + ((i + j) % 4),
          state: 2,
          due: now,
          stability: 10,
          difficulty: 5,
          elapsedDays: 3,
          scheduledDays: 5,
          reviewedAt: new Date(now.getTime() - ((i + j) % 365) * DAY - 3_600_000),
        })),
      );
    }
    await database.exec("ANALYZE");

    const queueMs: number[] = [];
    let size = 0;
    for (let i = 0; i < 60; i++) {
      const t = performance.now();
      const q = await buildQueue({ db, userId, now, limit: 100 });
      if (i >= 10) queueMs.push(performance.now() - t);
      size = q.cards.length;
    }
    const rateMs: number[] = [];
    for (let i = 0; i < 60; i++) {
      const t = performance.now();
      await recordReview({
        db,
        userId,
        now: new Date(now.getTime() + i * 1000),
        itemId: cardIds[i * 7],
        rating: (["again", "hard", "good", "easy"] as const)[i % 4],
      });
      if (i >= 10) rateMs.push(performance.now() - t);
    }
    // The plan (issue 18 §4): an exam 60 days out and 2,000 question attempts over the bank.
    await putExam({
      db,
      userId,
      now,
      exam: { examDate: "2026-07-31", format: "nextgen", weeklyHours: 15, daysOff: [0] },
    });
    const qids = await db.select({ id: questions.id }).from(questions);
    if (qids.length) {
      await db.insert(questionAttempts).values(
        Array.from({ length: 2000 }, (_, i) => ({
          userId,
          questionId: qids[i % qids.length].id,
          choice: "A",
          correct: i % 3 !== 0,
          answeredAt: new Date(now.getTime() - (i % 90) * DAY),
        })),
      );
    }
    await database.exec("ANALYZE");
    const planMs: number[] = [];
    let planDays = 0;
    for (let i = 0; i < 60; i++) {
      const t = performance.now();
      const p = await studyPlan({ db, userId, now });
      if (i >= 10) planMs.push(performance.now() - t);
      planDays = p.plan?.days.length ?? 0;
    }
    return [
      [
        `the day's plan, 20,000 cards + 100,000 review logs + 2,000 attempts (${planDays} days) p50 / p95`,
        `${pct(planMs, 50).toFixed(1)} / ${pct(planMs, 95).toFixed(1)} ms`,
        "p95 ≤ 100 ms",
      ],
      [
        `study queue, 20,000 cards + 100,000 review logs (limit 100, got ${size}) p50 / p95`,
        `${pct(queueMs, 50).toFixed(1)} / ${pct(queueMs, 95).toFixed(1)} ms`,
        "p95 ≤ 50 ms",
      ],
      [
        "one rating (FSRS + schedule upsert + review log) p50 / p95",
        `${pct(rateMs, 50).toFixed(1)} / ${pct(rateMs, 95).toFixed(1)} ms`,
        "—",
      ],
    ];
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchStudy()) console.log(r.join("  "));
}
