/**
 * Ratings on FSRS (issue 6 §2, DESIGN.md §5 `POST /api/study/reviews`; decision 026, 043): one
 * rating of a card or missed question in a study session, and the outcome of a bank question
 * answered in a quiz or on the bank page, both written to `study_schedules` and logged in
 * `study_review_logs`.
 */
import { and, eq, sql } from "drizzle-orm";
import type { ItemKind } from "../../../contract/study";
import type { DbOrTx } from "../../db/client";
import { decks, flashcards, questions, studyReviewLogs, studySchedules } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { track } from "../analytics/analytics.service";
import { premiumRequired } from "../billing/entitlements";
import { type Access, accessOf } from "./access";
import { newMemory, type Policy, preview, publicSchedule, type RatingName, rate } from "./scheduler";
import { schedulePolicy } from "./study-plan.service";
import { memoryOf } from "./study-queue.service";

/**
 * Finds a card or question the user may study, or throws 404 (another student's card, or content
 * retired by the content review); 403 UPGRADE_REQUIRED for premium content without the plan.
 */
async function findItem({
  db,
  userId,
  access,
  id,
  kind,
}: {
  db: DbOrTx;
  userId: string;
  access: Access;
  id: string;
  kind?: ItemKind;
}): Promise<{ kind: ItemKind; deckId: string | null }> {
  if (kind !== "question") {
    const [c] = await db
      .select({ id: flashcards.id, deckId: flashcards.deckId, isOfficial: decks.isOfficial, isFree: decks.isFree })
      .from(flashcards)
      .innerJoin(decks, eq(decks.id, flashcards.deckId))
      .where(
        and(
          eq(flashcards.id, id),
          sql`${flashcards.retiredAt} is null`,
          sql`${decks.retiredAt} is null`,
          sql`(${decks.createdBy} = ${userId} or ${decks.isOfficial})`,
        ),
      );
    if (c) {
      if (c.isOfficial && !c.isFree && !access.officialCards) throw premiumRequired("flashcards");
      return { kind: "card", deckId: c.deckId };
    }
  }
  if (kind !== "card") {
    const [q] = await db
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.id, id), sql`${questions.retiredAt} is null`));
    if (q) {
      if (!access.questionBank) throw premiumRequired("question_bank");
      return { kind: "question", deckId: null };
    }
  }
  throw new AppError("NOT_FOUND", "No such card.");
}

/** Same instant, or both absent (`null`: the item has no schedule yet). */
const sameDue = (a: Date | null, b: Date | null) => (a === null || b === null ? a === b : a.getTime() === b.getTime());

/**
 * Applies one rating (DESIGN.md §5 `POST /api/study/reviews`) in one transaction: schedule
 * written, review logged. In cram mode nothing is written and the schedule comes back unchanged.
 * Returns `{id, due, stability, difficulty, reps, lapses, state}` plus `kind` and the next preview.
 *
 * Concurrency (decision 043): a rating is made against one schedule of the item. `expectedDue`
 * names it: the item's `due` as the client last saw it, `null` for an item never studied.
 * Without it, the schedule read when the request arrives stands in. The transaction creates the
 * schedule row if it is missing (`INSERT … ON CONFLICT DO NOTHING`) and locks it
 * (`SELECT … FOR UPDATE`), so ratings of one item, the first one included, are applied one at a
 * time. A rating whose schedule was changed by another rating in between is stale: 409 CONFLICT
 * with `details.schedule` = the current schedule in the shape of a rating's answer (with `kind`
 * and `preview`, so a study session can show the item again against it), and nothing is written.
 *
 * Errors: 404 NOT_FOUND (unknown or another user's card), 403 UPGRADE_REQUIRED (premium card on
 * Free), 409 CONFLICT (stale rating, see above).
 */
export async function recordReview(opts: {
  db: DbOrTx;
  userId: string;
  now: Date;
  itemId: string;
  rating: RatingName;
  kind?: ItemKind;
  cram?: boolean;
  durationMs?: number;
  expectedDue?: Date | null;
}) {
  const { db, userId, now, itemId, rating } = opts;
  const access = await accessOf({ db, userId, now });
  const item = await findItem({ db, userId, access, id: itemId, kind: opts.kind });
  // Desired retention, rising toward the student's exam, and no interval past it (decision 080).
  const { policy: retention } = await schedulePolicy({ db, userId, now });
  const shortTerm = item.kind === "card";
  const key = and(
    eq(studySchedules.userId, userId),
    eq(studySchedules.itemType, item.kind),
    eq(studySchedules.itemId, itemId),
  );

  if (opts.cram) {
    const [row] = await db.select().from(studySchedules).where(key);
    const m = row ? memoryOf(row) : null;
    await track({
      db,
      name: "flashcard_studied",
      userId,
      properties: { cardId: itemId, kind: item.kind, rating, mode: "cram" },
    });
    return {
      ...publicSchedule(itemId, m ?? newMemory(now)),
      kind: item.kind,
      cram: true as const,
      preview: preview(m, now, retention, shortTerm),
    };
  }

  const basis =
    opts.expectedDue !== undefined
      ? opts.expectedDue
      : ((await db.select({ due: studySchedules.due }).from(studySchedules).where(key))[0]?.due ?? null);
  const result = await db.transaction(async (tx) => {
    // A row to lock even for the first rating; a concurrent first rating waits here for ours.
    const created = await tx
      .insert(studySchedules)
      .values({ userId, itemType: item.kind, itemId, ...newMemory(now) })
      .onConflictDoNothing()
      .returning({ itemId: studySchedules.itemId });
    const [row] = await tx.select().from(studySchedules).where(key).for("update");
    // The card was deleted between the insert and the lock (the schedule went with it).
    if (!row) throw new AppError("NOT_FOUND", "No such card.");
    const before = created.length ? null : memoryOf(row);
    if (!sameDue(basis, before?.due ?? null)) {
      const what = item.kind === "card" ? "card" : "question";
      throw new AppError(
        "CONFLICT",
        `This ${what} was already rated in another tab or window. This rating was not saved.`,
        {
          schedule: before
            ? {
                ...publicSchedule(itemId, before),
                kind: item.kind,
                preview: preview(before, now, retention, shortTerm),
              }
            : null,
        },
      );
    }
    const { next, previousState } = rate(before, rating, now, retention, shortTerm);
    const values = { ...next, lastReview: next.lastReview ?? now };
    await tx.update(studySchedules).set(values).where(key);
    await tx.insert(studyReviewLogs).values({
      userId,
      itemType: item.kind,
      itemId,
      rating: ["again", "hard", "good", "easy"].indexOf(rating) + 1,
      state: previousState,
      due: next.due,
      stability: next.stability,
      difficulty: next.difficulty,
      elapsedDays: next.elapsedDays,
      scheduledDays: next.scheduledDays,
      durationMs: opts.durationMs ?? null,
      reviewedAt: now,
    });
    return next;
  });
  await track({
    db,
    name: "flashcard_studied",
    userId,
    properties: { cardId: itemId, kind: item.kind, rating, deckId: item.deckId },
  });
  return { ...publicSchedule(itemId, result), kind: item.kind, preview: preview(result, now, retention, shortTerm) };
}

/**
 * Records the outcome of a bank question answered outside a study session (quiz or bank page):
 * a miss rates it Again (entering or re-entering the shared workload); a correct answer rates a
 * question already in the workload Good; a correct answer to an unscheduled question changes nothing.
 * Writes the `study_schedules` row and one `study_review_logs` row (rating 1 or 3, `state` = the
 * state before this answer); returns nothing.
 *
 * Must run inside the caller's transaction (`tx`), together with the attempt it scores.
 * Concurrency (decision 043, as for `recordReview`): a miss creates the schedule row if missing
 * (`INSERT … ON CONFLICT DO NOTHING`), then the row is locked (`SELECT … FOR UPDATE`), so two
 * answers of one question by one student are scheduled one after the other: only the answer
 * whose transaction inserted the row rates the question from New, the other rates on top of it.
 * Answers are never refused here (each one is a real attempt): there is no stale answer.
 */
export async function scheduleQuestionOutcome({
  tx,
  userId,
  questionId,
  correct,
  now,
  retention,
}: {
  tx: DbOrTx;
  userId: string;
  questionId: string;
  correct: boolean;
  now: Date;
  /** The student's scheduling policy (`schedulePolicy`, decision 080). */
  retention: Policy;
}) {
  const key = and(
    eq(studySchedules.userId, userId),
    eq(studySchedules.itemType, "question"),
    eq(studySchedules.itemId, questionId),
  );
  // A correct answer never creates a schedule; a miss makes sure there is a row to lock.
  const created = correct
    ? []
    : await tx
        .insert(studySchedules)
        .values({ userId, itemType: "question", itemId: questionId, ...newMemory(now) })
        .onConflictDoNothing()
        .returning({ itemId: studySchedules.itemId });
  const [row] = await tx.select().from(studySchedules).where(key).for("update");
  if (!row) return;
  const before = created.length ? null : memoryOf(row);
  const { next, previousState } = rate(before, correct ? "good" : "again", now, retention, false);
  await tx.update(studySchedules).set(next).where(key);
  await tx.insert(studyReviewLogs).values({
    userId,
    itemType: "question",
    itemId: questionId,
    rating: correct ? 3 : 1,
    state: previousState,
    due: next.due,
    stability: next.stability,
    difficulty: next.difficulty,
    elapsedDays: next.elapsedDays,
    scheduledDays: next.scheduledDays,
    reviewedAt: now,
  });
}
