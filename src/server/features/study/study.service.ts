/**
 * Study sessions on FSRS (issue 6 §2, DESIGN.md §5): settings, the daily queue, ratings and cram.
 *
 * The daily workload (decision 026): one queue holds flashcards and missed bank questions, both
 * scheduled in `study_schedules`. A session draws, in order:
 *   1. items in (re)learning whose due time is within the 20-minute learn-ahead (never capped);
 *   2. review-state items due before the end of the student's local day, oldest due first, cards
 *      and questions mixed, capped by `maxReviewsPerDay − reviews already taken today`;
 *   3. new cards, capped by `newPerDay − new cards already introduced today`.
 * Missed questions are never "new": they enter the schedule when answered wrong.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { ItemKind, QueueItem } from "../../../contract/study";
import { STUDY_DEFAULTS, LEARN_AHEAD_MS, remainingToday, studyDay } from "../../../domain/study";
import type { Db } from "../../db/client";
import { decks, flashcards, questions, studyReviewLogs, studySchedules, studySettings } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { track } from "../analytics/analytics.service";
import { type Access, accessOf, cardVisible } from "./access";
import { type MemoryState, newMemory, preview, publicSchedule, type RatingName, rate, STATE_NAMES } from "./scheduler";
import { num, rows } from "./sql";

export type { ItemKind, QueueItem };

export interface StudySettings {
  desiredRetention: number;
  newPerDay: number;
  maxReviewsPerDay: number;
  timeZone: string;
}

/** The student's settings, defaults when never saved. */
export async function getStudySettings(db: Db, userId: string): Promise<StudySettings> {
  const [row] = await db.select().from(studySettings).where(eq(studySettings.userId, userId));
  if (!row) return { ...STUDY_DEFAULTS };
  return {
    desiredRetention: row.desiredRetention,
    newPerDay: row.newPerDay,
    maxReviewsPerDay: row.maxReviewsPerDay,
    timeZone: row.timeZone,
  };
}

/** True once the student (or their browser, saving its time zone) has saved settings. */
export async function studySettingsSaved(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: studySettings.userId })
    .from(studySettings)
    .where(eq(studySettings.userId, userId));
  return !!row;
}

/** Saves settings (validated by the route). Changing retention affects future ratings only. */
export async function updateStudySettings(
  db: Db,
  userId: string,
  patch: Partial<StudySettings>,
): Promise<StudySettings> {
  const next = { ...(await getStudySettings(db, userId)), ...patch };
  await db
    .insert(studySettings)
    .values({ userId, ...next })
    .onConflictDoUpdate({ target: studySettings.userId, set: { ...next, updatedAt: new Date() } });
  return next;
}

/**
 * Ratings already given today: new cards introduced (cards only: a missed question enters the
 * schedule from state New too, but questions are never new items, decision 026) and review-state
 * items taken (cards and questions share that limit).
 */
export async function todayCounts(db: Db, userId: string, dayStart: Date) {
  const [r] = await rows<{ new_today: unknown; reviews_today: unknown; total: unknown }>(
    db,
    sql`select count(*) filter (where ${studyReviewLogs.state} = 0 and ${studyReviewLogs.itemType} = 'card') as new_today,
               count(distinct (${studyReviewLogs.itemType}, ${studyReviewLogs.itemId})) filter (where ${studyReviewLogs.state} = 2) as reviews_today,
               count(*) as total
        from ${studyReviewLogs} where ${studyReviewLogs.userId} = ${userId} and ${studyReviewLogs.reviewedAt} >= ${dayStart}`,
  );
  return { newToday: num(r?.new_today), reviewsToday: num(r?.reviews_today), ratingsToday: num(r?.total) };
}

export interface QueueFilter {
  deckIds?: string[];
  subjects?: string[];
  tags?: string[];
}

const memoryOf = (r: typeof studySchedules.$inferSelect): MemoryState => ({
  due: r.due,
  stability: r.stability,
  difficulty: r.difficulty,
  elapsedDays: r.elapsedDays,
  scheduledDays: r.scheduledDays,
  learningSteps: r.learningSteps,
  reps: r.reps,
  lapses: r.lapses,
  state: r.state,
  lastReview: r.lastReview,
});

function cardFilters(f: QueueFilter) {
  const w = [];
  if (f.deckIds?.length)
    w.push(
      sql`${flashcards.deckId} in (${sql.join(
        f.deckIds.map((d) => sql`${d}`),
        sql`, `,
      )})`,
    );
  if (f.subjects?.length)
    w.push(
      sql`${flashcards.subjectId} in (${sql.join(
        f.subjects.map((d) => sql`${d}`),
        sql`, `,
      )})`,
    );
  if (f.tags?.length)
    w.push(
      sql`${flashcards.tags} && ARRAY[${sql.join(
        f.tags.map((d) => sql`${d}`),
        sql`, `,
      )}]::text[]`,
    );
  return w;
}

const cardCols = {
  id: flashcards.id,
  question: flashcards.question,
  answer: flashcards.answer,
  deckId: flashcards.deckId,
  subjectId: flashcards.subjectId,
  topicId: flashcards.topicId,
  tags: flashcards.tags,
  isOfficial: flashcards.isOfficial,
};

/** Questions join the workload only when no deck or tag was chosen (they belong to no deck). */
const questionsIncluded = (f: QueueFilter, access: Access) =>
  access.questionBank && !f.deckIds?.length && !f.tags?.length;

function questionItem(
  q: typeof questions.$inferSelect,
  s: typeof studySchedules.$inferSelect,
  now: Date,
  retention: number,
): QueueItem {
  const m = memoryOf(s);
  const correct = q.answer;
  return {
    id: q.id,
    kind: "question",
    question: `${q.stem}\n\n${q.call}`,
    answer: `${correct}. ${q.choices[correct]}\n\n${q.explanations[correct]}`,
    deckId: null,
    subjectId: q.subjectId,
    topicId: q.topicId,
    tags: q.tags,
    isOfficial: true,
    state: STATE_NAMES[m.state],
    due: m.due.toISOString(),
    choices: q.choices,
    correctChoice: correct,
    explanations: q.explanations,
    preview: preview(m, now, retention, false),
  };
}

/**
 * Builds today's queue: learning items, then due reviews, then new cards (see the file comment),
 * at most `limit` items. Also returns the counts a study screen shows.
 */
export async function buildQueue(opts: {
  db: Db;
  userId: string;
  now: Date;
  limit: number;
  filter?: QueueFilter;
  access?: Access;
}) {
  const { db, userId, now, limit } = opts;
  const filter = opts.filter ?? {};
  const access = opts.access ?? (await accessOf(db, userId, now));
  const settings = await getStudySettings(db, userId);
  const day = studyDay(now, settings.timeZone);
  const done = await todayCounts(db, userId, day.start);
  const left = remainingToday(settings, done);
  const ahead = new Date(now.getTime() + LEARN_AHEAD_MS);
  const withQuestions = questionsIncluded(filter, access);
  const visible = cardVisible(userId, access);
  const extra = cardFilters(filter);

  /**
   * Scheduled cards in due order. Walks the (user, type, state, due) index in batches and looks
   * the cards up by primary key, so the cost follows `n`, not the size of the collection
   * (a join let the planner scan every flashcard: bench/study.ts).
   */
  const scheduledCards = async (where: ReturnType<typeof sql>, n: number) => {
    const out: (Record<keyof typeof cardCols, unknown> & { s: typeof studySchedules.$inferSelect })[] = [];
    const batch = Math.max(50, n * 2);
    for (let offset = 0; n > 0 && out.length < n; offset += batch) {
      const sched = await db
        .select()
        .from(studySchedules)
        .where(and(eq(studySchedules.userId, userId), eq(studySchedules.itemType, "card"), where))
        .orderBy(studySchedules.due)
        .limit(batch)
        .offset(offset);
      if (!sched.length) break;
      const cards = await db
        .select(cardCols)
        .from(flashcards)
        .innerJoin(decks, eq(decks.id, flashcards.deckId))
        .where(
          and(
            inArray(
              flashcards.id,
              sched.map((r) => r.itemId),
            ),
            visible,
            ...extra,
          ),
        );
      const byId = new Map(cards.map((c) => [c.id, c]));
      for (const r of sched) {
        const c = byId.get(r.itemId);
        if (c && out.length < n) out.push({ ...c, s: r });
      }
      if (sched.length < batch) break;
    }
    return out as unknown as ({ s: typeof studySchedules.$inferSelect } & {
      id: string;
      question: string;
      answer: string;
      deckId: string;
      subjectId: string | null;
      topicId: string | null;
      tags: string[];
      isOfficial: boolean;
    })[];
  };
  const scheduledQuestions = (where: ReturnType<typeof sql>, n: number) =>
    !withQuestions || n <= 0
      ? Promise.resolve([])
      : db
          .select({ q: questions, s: studySchedules })
          .from(studySchedules)
          .innerJoin(questions, eq(questions.id, studySchedules.itemId))
          .where(
            and(
              eq(studySchedules.userId, userId),
              eq(studySchedules.itemType, "question"),
              where,
              sql`${questions.retiredAt} is null`,
              ...(filter.subjects?.length
                ? [
                    sql`${questions.subjectId} in (${sql.join(
                      filter.subjects.map((d) => sql`${d}`),
                      sql`, `,
                    )})`,
                  ]
                : []),
            ),
          )
          .orderBy(studySchedules.due)
          .limit(n);

  const learningWhere = sql`${studySchedules.state} in (1, 3) and ${studySchedules.due} <= ${ahead}`;
  const reviewWhere = sql`${studySchedules.state} = 2 and ${studySchedules.due} < ${day.end}`;
  const reviewCap = Math.min(limit, left.reviews);
  const [lc, lq, rc, rq] = await Promise.all([
    scheduledCards(learningWhere, limit),
    scheduledQuestions(learningWhere, limit),
    scheduledCards(reviewWhere, reviewCap),
    scheduledQuestions(reviewWhere, reviewCap),
  ]);

  const retention = settings.desiredRetention;
  const cardItem = (r: (typeof lc)[number]): QueueItem => {
    const m = memoryOf(r.s);
    const { s: _s, ...c } = r;
    return {
      ...c,
      kind: "card",
      state: STATE_NAMES[m.state],
      due: m.due.toISOString(),
      preview: preview(m, now, retention),
    };
  };
  const byDue = (a: QueueItem, b: QueueItem) => (a.due ?? "").localeCompare(b.due ?? "");
  const learning = [...lc.map(cardItem), ...lq.map((r) => questionItem(r.q, r.s, now, retention))].sort(byDue);
  const reviews = [...rc.map(cardItem), ...rq.map((r) => questionItem(r.q, r.s, now, retention))]
    .sort(byDue)
    .slice(0, reviewCap);
  const items = [...learning, ...reviews].slice(0, limit);

  const newCap = Math.min(limit - items.length, left.newCards);
  if (newCap > 0) {
    const fresh = await db
      .select(cardCols)
      .from(flashcards)
      .innerJoin(decks, eq(decks.id, flashcards.deckId))
      .where(
        and(
          visible,
          ...extra,
          sql`not exists (select 1 from ${studySchedules} where ${studySchedules.userId} = ${userId} and ${studySchedules.itemType} = 'card' and ${studySchedules.itemId} = ${flashcards.id})`,
        ),
      )
      .orderBy(decks.isOfficial, flashcards.deckId, flashcards.position, flashcards.createdAt)
      .limit(newCap);
    const p = preview(null, now, retention);
    for (const c of fresh) items.push({ ...c, kind: "card", state: "new", due: null, preview: p });
  }
  return {
    cards: items,
    counts: {
      learning: learning.length,
      due: reviews.length,
      new: items.filter((i) => i.state === "new").length,
      reviewedToday: done.ratingsToday,
      newToday: done.newToday,
      reviewsToday: done.reviewsToday,
    },
    limits: {
      newPerDay: settings.newPerDay,
      maxReviewsPerDay: settings.maxReviewsPerDay,
      newLeft: left.newCards,
      reviewsLeft: left.reviews,
    },
    dayEnd: day.end.toISOString(),
  };
}

/**
 * Finds a card or question the user may study, or throws 404 (another student's card, or content
 * retired by the content review); 403 UPGRADE_REQUIRED for premium content without the plan.
 */
async function findItem(
  db: Db,
  userId: string,
  access: Access,
  id: string,
  kind?: ItemKind,
): Promise<{ kind: ItemKind; deckId: string | null }> {
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
      if (c.isOfficial && !c.isFree && !access.officialCards)
        throw new AppError("UPGRADE_REQUIRED", "Official flashcards are part of Unlimited. Upgrade to study them.", {
          feature: "flashcards",
        });
      return { kind: "card", deckId: c.deckId };
    }
  }
  if (kind !== "card") {
    const [q] = await db
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.id, id), sql`${questions.retiredAt} is null`));
    if (q) {
      if (!access.questionBank)
        throw new AppError("UPGRADE_REQUIRED", "The question bank is part of Unlimited. Upgrade to use it.", {
          feature: "question_bank",
        });
      return { kind: "question", deckId: null };
    }
  }
  throw new AppError("NOT_FOUND", "No such card.");
}

/** Questions are scheduled in whole days (no minute learning steps): a miss returns the next day. */
const retentionFor = (s: StudySettings) => s.desiredRetention;

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
  db: Db;
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
  const access = await accessOf(db, userId, now);
  const item = await findItem(db, userId, access, itemId, opts.kind);
  const settings = await getStudySettings(db, userId);
  const retention = retentionFor(settings);
  const shortTerm = item.kind === "card";
  const key = and(
    eq(studySchedules.userId, userId),
    eq(studySchedules.itemType, item.kind),
    eq(studySchedules.itemId, itemId),
  );

  if (opts.cram) {
    const [row] = await db.select().from(studySchedules).where(key);
    const m = row ? memoryOf(row) : null;
    await track(db, "flashcard_studied", userId, { cardId: itemId, kind: item.kind, rating, mode: "cram" });
    return {
      ...publicSchedule(itemId, m ?? newMemory(now)),
      kind: item.kind,
      cram: true,
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
  await track(db, "flashcard_studied", userId, { cardId: itemId, kind: item.kind, rating, deckId: item.deckId });
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
export async function scheduleQuestionOutcome(
  tx: Db,
  userId: string,
  questionId: string,
  correct: boolean,
  now: Date,
  retention: number,
) {
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
  await tx
    .insert(studyReviewLogs)
    .values({
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

/** Cards for cram mode: every visible card matching the filter, in random order, schedule untouched. */
export async function cramCards(opts: { db: Db; userId: string; now: Date; limit: number; filter?: QueueFilter }) {
  const access = await accessOf(opts.db, opts.userId, opts.now);
  const settings = await getStudySettings(opts.db, opts.userId);
  const list = await opts.db
    .select({ ...cardCols, s: studySchedules })
    .from(flashcards)
    .innerJoin(decks, eq(decks.id, flashcards.deckId))
    .leftJoin(
      studySchedules,
      and(
        eq(studySchedules.userId, opts.userId),
        eq(studySchedules.itemType, "card"),
        eq(studySchedules.itemId, flashcards.id),
      ),
    )
    .where(and(cardVisible(opts.userId, access), ...cardFilters(opts.filter ?? {})))
    .orderBy(sql`random()`)
    .limit(opts.limit);
  return list.map(({ s, ...c }): QueueItem => {
    const m = s ? memoryOf(s) : null;
    return {
      ...c,
      kind: "card",
      state: STATE_NAMES[m?.state ?? 0],
      due: m?.due.toISOString() ?? null,
      preview: preview(m, opts.now, settings.desiredRetention),
    };
  });
}
