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
import { answerLetters } from "../../../contract/content";
import type { ItemKind, QueueItem } from "../../../contract/study";
import { LEARN_AHEAD_MS, remainingToday, studyDay } from "../../../domain/study";
import { type DbOrTx, num, rows } from "../../db/client";
import { decks, flashcards, questions, studyReviewLogs, studySchedules } from "../../db/schema";
import { type Access, accessOf, cardVisible } from "./access";
import { type MemoryState, type Policy, preview, STATE_NAMES } from "./scheduler";
import { schedulePolicy } from "./study-plan.service";

export type { ItemKind, QueueItem };

/**
 * Ratings already given today: new cards introduced (cards only: a missed question enters the
 * schedule from state New too, but questions are never new items, decision 026) and review-state
 * items taken (cards and questions share that limit).
 */
export async function todayCounts({ db, userId, dayStart }: { db: DbOrTx; userId: string; dayStart: Date }) {
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

/** The FSRS memory state of a `study_schedules` row. */
export const memoryOf = (r: typeof studySchedules.$inferSelect): MemoryState => ({
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
  retention: Policy,
): QueueItem {
  const m = memoryOf(s);
  const correct = q.answer;
  return {
    id: q.id,
    kind: "question",
    question: `${q.stem}\n\n${q.call}`,
    // A multi-select key ("B,E") shows each keyed choice with its explanation.
    answer: answerLetters(correct)
      .map((k) => `${k}. ${q.choices[k]}\n\n${q.explanations[k]}`)
      .join("\n\n"),
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
  db: DbOrTx;
  userId: string;
  now: Date;
  limit: number;
  filter?: QueueFilter;
  access?: Access;
}) {
  const { db, userId, now, limit } = opts;
  const filter = opts.filter ?? {};
  const access = opts.access ?? (await accessOf({ db, userId, now }));
  const { settings, policy } = await schedulePolicy({ db, userId, now });
  const day = studyDay(now, settings.timeZone);
  const done = await todayCounts({ db, userId, dayStart: day.start });
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

  // Previews follow the exam-day policy, as the rating will (decision 080).
  const retention = policy;
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

/** Cards for cram mode: every visible card matching the filter, in random order, schedule untouched. */
export async function cramCards(opts: { db: DbOrTx; userId: string; now: Date; limit: number; filter?: QueueFilter }) {
  const access = await accessOf(opts);
  const { policy } = await schedulePolicy(opts);
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
      preview: preview(m, opts.now, policy),
    };
  });
}
