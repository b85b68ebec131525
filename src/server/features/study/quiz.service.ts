/**
 * Quizzes (issue 6 §6, SPEC.md §2.3 /quiz/setup and /quiz). A quiz's items and their choices are
 * frozen at creation in `quiz_answers`, so it resumes exactly where it stopped on any device.
 * Tutor mode: each answer is final and shows its explanation at once. Exam mode: answers may
 * change until submit; the quiz is timed at 1.8 minutes a question (the MBE pace) and, once the
 * time is up, it is submitted with what was answered.
 * Bank questions answered in a quiz become attempts; a miss enters the shared FSRS workload.
 */
import { and, asc, desc, eq, inArray, isNull, like, notExists, notLike, sql } from "drizzle-orm";
import { answerLetters, type QuestionFormat } from "../../../contract/content";
import { scoreChoice } from "../../../domain/nextgen-scoring";
import { examTimeLimitSec } from "../../../domain/study";
import type { Db, DbOrTx } from "../../db/client";
import {
  decks,
  flashcards,
  questionAttempts,
  questionFlags,
  questions,
  quizAnswers,
  quizSessions,
  studyReviewLogs,
  studySchedules,
  subjects,
  topics,
} from "../../db/schema";
import { AppError } from "../../lib/errors";
import { premiumRequired } from "../billing/entitlements";
import { accessOf, cardVisible } from "./access";
import { getExam, policyOf } from "./study-plan.service";
import { scheduleQuestionOutcome } from "./study-review.service";
import { getStudySettings } from "./study-settings.service";

export interface QuizSetup {
  source: "questions" | "flashcards";
  subjects?: string[];
  topics?: string[];
  count: number;
  difficulty?: ("foundational" | "intermediate" | "advanced")[];
  filter: "all" | "unanswered" | "missed";
  /** Only single-answer (MBE) or only multi-select items; both when absent (issue 18 §2). */
  format?: "single" | "multi_select";
  mode: "tutor" | "exam";
  /** Explicit items (retry missed); overrides the other filters. */
  itemIds?: string[];
}

const KEYS = ["A", "B", "C", "D"] as const;
const quizNotFound = () => new AppError("NOT_FOUND", "No such quiz.");

/**
 * Checks and scores an answer to a choice item (decision 078). `keyed` is the stored key ("C" or
 * "B,E"); `given` is one letter or a list of letters. The letters must be offered choices, and a
 * multi-select answer must name exactly as many letters as the key (the item says "Select TWO").
 * Scoring is NCBE's all-or-nothing (`scoreChoice`, decision 076).
 * @returns the stored text of the answer ("B,E"), `correct`, `matched` (keyed letters found) and
 *   `required` (letters asked for). Errors: 400 VALIDATION_FAILED for a letter not offered or a
 *   wrong count.
 */
export function gradeChoice(choices: Record<string, string>, keyed: string, given: string | readonly string[]) {
  const letters = answerLetters(given);
  const key = answerLetters(keyed);
  const offered = Object.keys(choices);
  const bad = letters.find((l) => !offered.includes(l));
  if (bad || !letters.length) throw new AppError("VALIDATION_FAILED", `choice: must be one of ${offered.join(", ")}`);
  if (letters.length !== key.length)
    throw new AppError(
      "VALIDATION_FAILED",
      key.length > 1
        ? `selection: this item asks for exactly ${key.length} choices`
        : "choice: this item has one answer; send one letter",
    );
  return { stored: letters.join(","), ...scoreChoice(key, letters) };
}

/** The format of a stored key and how many letters it asks for. */
export const formatOf = (keyed: string) => {
  const n = answerLetters(keyed).length;
  return { format: (n > 1 ? "multi_select" : "single") as QuestionFormat, select: n };
};

function shuffle<T>(list: T[]): T[] {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}
const inList = (col: Parameters<typeof inArray>[0], v?: string[]) => (v?.length ? [inArray(col, v)] : []);

/** Bank questions for a setup. "missed" = the latest attempt was wrong; "unanswered" = never attempted. */
async function pickQuestions(db: Db, userId: string, s: QuizSetup) {
  const where = [
    isNull(questions.retiredAt),
    ...inList(questions.subjectId, s.subjects),
    ...inList(questions.topicId, s.topics),
    ...inList(questions.difficulty, s.difficulty),
  ];
  // A multi-select key is stored as its letters joined by commas ("B,E"; decision 078).
  if (s.format === "multi_select") where.push(like(questions.answer, "%,%"));
  else if (s.format === "single") where.push(notLike(questions.answer, "%,%"));
  if (s.itemIds) where.push(inArray(questions.id, s.itemIds));
  else if (s.filter === "unanswered")
    where.push(
      notExists(
        db
          .select({ x: sql`1` })
          .from(questionAttempts)
          .where(and(eq(questionAttempts.userId, userId), eq(questionAttempts.questionId, questions.id))),
      ),
    );
  else if (s.filter === "missed")
    where.push(
      sql`(select a.correct from ${questionAttempts} a where a.user_id = ${userId} and a.question_id = ${questions.id} order by a.answered_at desc, a.id desc limit 1) = false`,
    );
  const list = await db
    .select()
    .from(questions)
    .where(and(...where))
    .orderBy(sql`random()`)
    .limit(s.count);
  return list.map((q) => ({ itemId: q.id, choices: q.choices, correctChoice: q.answer }));
}

/** Flashcards turned into four-choice items: the right answer and three answers of nearby cards (same topic, then subject). */
async function pickCards(db: Db, userId: string, s: QuizSetup, now: Date) {
  const access = await accessOf({ db, userId, now });
  const visible = cardVisible(userId, access);
  const where = [
    visible,
    ...inList(flashcards.subjectId, s.subjects),
    ...inList(flashcards.topicId, s.topics),
    ...inList(flashcards.difficulty, s.difficulty),
  ];
  if (s.itemIds) where.push(inArray(flashcards.id, s.itemIds));
  else if (s.filter === "unanswered")
    where.push(
      notExists(
        db
          .select({ x: sql`1` })
          .from(studySchedules)
          .where(
            and(
              eq(studySchedules.userId, userId),
              eq(studySchedules.itemType, "card"),
              eq(studySchedules.itemId, flashcards.id),
            ),
          ),
      ),
    );
  else if (s.filter === "missed")
    where.push(
      sql`exists (select 1 from ${studyReviewLogs} l where l.user_id = ${userId} and l.item_type = 'card' and l.item_id = ${flashcards.id} and l.rating = 1)`,
    );
  const picked = await db
    .select({
      id: flashcards.id,
      answer: flashcards.answer,
      subjectId: flashcards.subjectId,
      topicId: flashcards.topicId,
    })
    .from(flashcards)
    .innerJoin(decks, eq(decks.id, flashcards.deckId))
    .where(and(...where))
    .orderBy(sql`random()`)
    .limit(s.count);
  if (!picked.length) return [];
  const subjectsOf = [...new Set(picked.map((p) => p.subjectId).filter(Boolean))] as string[];
  const pool = await db
    .select({
      id: flashcards.id,
      answer: flashcards.answer,
      subjectId: flashcards.subjectId,
      topicId: flashcards.topicId,
    })
    .from(flashcards)
    .innerJoin(decks, eq(decks.id, flashcards.deckId))
    .where(and(visible, subjectsOf.length ? inArray(flashcards.subjectId, subjectsOf) : sql`true`))
    .orderBy(sql`random()`)
    .limit(600);
  return picked.map((card) => {
    const others = pool.filter((p) => p.id !== card.id && p.answer.trim() !== card.answer.trim());
    const ranked = [
      ...others.filter((o) => o.topicId && o.topicId === card.topicId),
      ...others.filter((o) => o.topicId !== card.topicId && o.subjectId === card.subjectId),
      ...others.filter((o) => o.subjectId !== card.subjectId),
    ];
    const distractors = [...new Map(ranked.map((o) => [o.answer, o.answer])).values()].slice(0, 3);
    const options = shuffle([card.answer, ...distractors]);
    const choices = Object.fromEntries(options.map((o, i) => [KEYS[i], o]));
    return { itemId: card.id, choices, correctChoice: KEYS[options.indexOf(card.answer)] };
  });
}

/** Creates a quiz. Errors: 403 UPGRADE_REQUIRED (bank on Free), 400 BAD_REQUEST when nothing matches. */
export async function createQuiz(opts: { db: Db; userId: string; now: Date; setup: QuizSetup }) {
  const { db, userId, now, setup } = opts;
  if (setup.source === "questions" && !(await accessOf({ db, userId, now })).questionBank)
    throw premiumRequired("question_bank");
  const items =
    setup.source === "questions" ? await pickQuestions(db, userId, setup) : await pickCards(db, userId, setup, now);
  if (!items.length)
    throw new AppError(
      "BAD_REQUEST",
      "No questions match these choices. Widen the subjects, topics, difficulty or filter.",
    );
  return db.transaction(async (tx) => {
    const [s] = await tx
      .insert(quizSessions)
      .values({
        userId,
        source: setup.source,
        mode: setup.mode,
        config: { ...setup, itemIds: undefined },
        total: items.length,
        timeLimitSec: setup.mode === "exam" ? examTimeLimitSec(items.length) : null,
        startedAt: now,
      })
      .returning({ id: quizSessions.id });
    await tx.insert(quizAnswers).values(items.map((it, position) => ({ sessionId: s.id, position, ...it })));
    return { id: s.id, total: items.length };
  });
}

async function ownQuiz(db: Db, userId: string, id: string) {
  // Anything but a canonical UUID matches no quiz (and PostgreSQL would refuse to cast it).
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw quizNotFound();
  const [s] = await db
    .select()
    .from(quizSessions)
    .where(and(eq(quizSessions.id, id), eq(quizSessions.userId, userId)));
  if (!s) throw quizNotFound();
  return s;
}

/**
 * A quiz stays behind the plan that made it possible (SPEC.md §6, decision 025): a bank quiz needs
 * the question bank; a flashcard quiz holding premium official cards needs official flashcards.
 * After a Trial ends, such a quiz answers 403 UPGRADE_REQUIRED (nothing is deleted: it opens again
 * with the plan). Another student's quiz is 404 before this is asked.
 */
async function assertQuizAccess(db: Db, s: typeof quizSessions.$inferSelect, now: Date) {
  const access = await accessOf({ db, userId: s.userId, now });
  if (s.source === "questions") {
    if (!access.questionBank) throw premiumRequired("question_bank");
    return;
  }
  if (access.officialCards) return;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(quizAnswers)
    .innerJoin(flashcards, eq(flashcards.id, quizAnswers.itemId))
    .innerJoin(decks, eq(decks.id, flashcards.deckId))
    .where(and(eq(quizAnswers.sessionId, s.id), eq(decks.isOfficial, true), eq(decks.isFree, false)));
  if (n > 0) throw premiumRequired("flashcards");
}

const deadlineOf = (s: typeof quizSessions.$inferSelect) =>
  s.timeLimitSec ? s.startedAt.getTime() + s.timeLimitSec * 1000 : null;

/** Item content (stem/call for questions, the card's question for flashcards) by id. */
async function contentOf(db: Db, source: string, ids: string[]) {
  const map = new Map<
    string,
    {
      prompt: string;
      call: string | null;
      explanations: Record<string, string> | null;
      answerText: string | null;
      subjectId: string | null;
      topicId: string | null;
    }
  >();
  if (!ids.length) return map;
  if (source === "questions") {
    for (const q of await db.select().from(questions).where(inArray(questions.id, ids)))
      map.set(q.id, {
        prompt: q.stem,
        call: q.call,
        explanations: q.explanations,
        answerText: null,
        subjectId: q.subjectId,
        topicId: q.topicId,
      });
  } else {
    for (const c of await db.select().from(flashcards).where(inArray(flashcards.id, ids)))
      map.set(c.id, {
        prompt: c.question,
        call: null,
        explanations: null,
        answerText: c.answer,
        subjectId: c.subjectId,
        topicId: c.topicId,
      });
  }
  return map;
}

/** Submits when the exam time is up (called on every read and write of an exam). */
async function expireIfDue(db: Db, s: typeof quizSessions.$inferSelect, now: Date) {
  const deadline = deadlineOf(s);
  if (!s.submittedAt && deadline !== null && now.getTime() >= deadline) {
    await finish(db, s, new Date(deadline));
    return true;
  }
  return false;
}

/**
 * The quiz as the player shows it: every item with its choices, the student's choice and flag;
 * correct answers and explanations only for answered tutor items or after submission.
 */
export async function getQuiz(opts: { db: Db; userId: string; id: string; now: Date }) {
  let s = await ownQuiz(opts.db, opts.userId, opts.id);
  await assertQuizAccess(opts.db, s, opts.now);
  if (await expireIfDue(opts.db, s, opts.now)) s = await ownQuiz(opts.db, opts.userId, opts.id);
  const answers = await opts.db
    .select()
    .from(quizAnswers)
    .where(eq(quizAnswers.sessionId, s.id))
    .orderBy(asc(quizAnswers.position));
  const content = await contentOf(
    opts.db,
    s.source,
    answers.map((a) => a.itemId),
  );
  const flagged =
    s.source === "questions"
      ? new Set(
          (
            await opts.db
              .select({ id: questionFlags.questionId })
              .from(questionFlags)
              .where(eq(questionFlags.userId, opts.userId))
          ).map((f) => f.id),
        )
      : new Set<string>();
  const deadline = deadlineOf(s);
  return {
    quiz: {
      id: s.id,
      source: s.source as QuizSetup["source"],
      mode: s.mode as QuizSetup["mode"],
      total: s.total,
      currentIndex: s.currentIndex,
      startedAt: s.startedAt.toISOString(),
      submittedAt: s.submittedAt?.toISOString() ?? null,
      timeLimitSec: s.timeLimitSec,
      remainingMs: deadline === null || s.submittedAt ? null : Math.max(0, deadline - opts.now.getTime()),
      score: s.score,
      answered: answers.filter((a) => a.choice).length,
    },
    items: answers.map((a) => {
      const c = content.get(a.itemId);
      const reveal = !!s.submittedAt || (s.mode === "tutor" && !!a.choice);
      return {
        position: a.position,
        itemId: a.itemId,
        prompt: c?.prompt ?? "(This item was removed.)",
        call: c?.call ?? null,
        choices: a.choices,
        choice: a.choice,
        selection: a.choice ? answerLetters(a.choice) : [],
        ...formatOf(a.correctChoice),
        flagged: a.flagged || flagged.has(a.itemId),
        subjectId: c?.subjectId ?? null,
        topicId: c?.topicId ?? null,
        ...(reveal
          ? {
              correctChoice: a.correctChoice,
              answers: answerLetters(a.correctChoice),
              matched: a.choice ? scoreChoice(answerLetters(a.correctChoice), answerLetters(a.choice)).matched : 0,
              correct: a.choice ? scoreChoice(answerLetters(a.correctChoice), answerLetters(a.choice)).correct : false,
              explanations: c?.explanations ?? null,
              answerText: c?.answerText ?? null,
            }
          : {}),
      };
    }),
  };
}

/**
 * Saves the student's place, an answer or a flag. Errors: 404 (not theirs), 409 CONFLICT when the
 * quiz was submitted or its time is up, or a tutor answer is changed, 400 for a choice not offered.
 */
export async function answerQuiz(opts: {
  db: Db;
  userId: string;
  id: string;
  now: Date;
  position: number;
  choice?: string;
  /** A multi-select item's letters; `choice` answers a single-answer item. */
  selection?: string[];
  flagged?: boolean;
  currentIndex?: number;
}) {
  const { db, userId, now } = opts;
  const s = await ownQuiz(db, userId, opts.id);
  await assertQuizAccess(db, s, now);
  if (await expireIfDue(db, s, now))
    throw new AppError("CONFLICT", "Time is up: your exam was submitted with the answers you gave.");
  if (s.submittedAt) throw new AppError("CONFLICT", "This quiz was already submitted.");
  if (opts.currentIndex !== undefined && opts.currentIndex >= s.total)
    throw new AppError("VALIDATION_FAILED", `currentIndex: must be below ${s.total}`);
  const [a] = await db
    .select()
    .from(quizAnswers)
    .where(and(eq(quizAnswers.sessionId, s.id), eq(quizAnswers.position, opts.position)));
  if (!a) throw new AppError("NOT_FOUND", "No such question in this quiz.");
  const patch: Partial<typeof quizAnswers.$inferInsert> = {};
  const given = opts.selection ?? opts.choice;
  if (given !== undefined) {
    const graded = gradeChoice(a.choices, a.correctChoice, given);
    if (s.mode === "tutor" && a.choice)
      throw new AppError("CONFLICT", "In tutor mode an answer is final once its explanation is shown.");
    Object.assign(patch, { choice: graded.stored, correct: graded.correct, answeredAt: now });
  }
  if (opts.flagged !== undefined) patch.flagged = opts.flagged;
  // The session row is locked so that two answers to one tutor item (a double click) and an answer
  // racing a submit are applied one after the other, each seeing what the other wrote.
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ submittedAt: quizSessions.submittedAt })
      .from(quizSessions)
      .where(eq(quizSessions.id, s.id))
      .for("update");
    if (locked.submittedAt) throw new AppError("CONFLICT", "This quiz was already submitted.");
    if (s.mode === "tutor" && patch.choice) {
      const [current] = await tx
        .select({ choice: quizAnswers.choice })
        .from(quizAnswers)
        .where(and(eq(quizAnswers.sessionId, s.id), eq(quizAnswers.position, opts.position)));
      if (current.choice)
        throw new AppError("CONFLICT", "In tutor mode an answer is final once its explanation is shown.");
    }
    if (Object.keys(patch).length)
      await tx
        .update(quizAnswers)
        .set(patch)
        .where(and(eq(quizAnswers.sessionId, s.id), eq(quizAnswers.position, opts.position)));
    await tx
      .update(quizSessions)
      .set({ currentIndex: opts.currentIndex ?? opts.position })
      .where(eq(quizSessions.id, s.id));
    if (s.source === "questions" && opts.flagged !== undefined)
      await setFlag({ db: tx, userId, questionId: a.itemId, flagged: opts.flagged });
    if (s.mode === "tutor" && patch.choice && s.source === "questions") {
      await recordAttempt({
        db: tx,
        userId,
        questionId: a.itemId,
        choice: patch.choice,
        correct: !!patch.correct,
        quizSessionId: s.id,
        now,
      });
    }
  });
  return getQuiz({ db, userId, id: s.id, now });
}

/** Flags (or unflags) a bank question for the student; idempotent. */
export async function setFlag({
  db,
  userId,
  questionId,
  flagged,
}: {
  db: DbOrTx;
  userId: string;
  questionId: string;
  flagged: boolean;
}) {
  if (flagged) await db.insert(questionFlags).values({ userId, questionId }).onConflictDoNothing();
  else
    await db
      .delete(questionFlags)
      .where(and(eq(questionFlags.userId, userId), eq(questionFlags.questionId, questionId)));
}

/** One bank answer: the attempt row and its FSRS outcome (shared workload). */
export async function recordAttempt({
  db,
  userId,
  ...attempt
}: {
  db: DbOrTx;
  userId: string;
  questionId: string;
  choice: string;
  correct: boolean;
  quizSessionId: string | null;
  now: Date;
}) {
  await recordAttempts({ db, userId, attempts: [attempt] });
}

/**
 * Several bank answers of one student (a submitted exam-mode quiz or exam session), each as
 * `recordAttempt` records one, at its own `now`. The student's study settings and exam are read
 * once; each answer's scheduling policy is derived from them for its own time (`policyOf`).
 */
export async function recordAttempts({
  db,
  userId,
  attempts,
}: {
  db: DbOrTx;
  userId: string;
  attempts: { questionId: string; choice: string; correct: boolean; quizSessionId: string | null; now: Date }[];
}) {
  if (!attempts.length) return;
  const [settings, exam] = await Promise.all([getStudySettings({ db, userId }), getExam({ db, userId })]);
  for (const { questionId, choice, correct, quizSessionId, now } of attempts) {
    await db.insert(questionAttempts).values({ userId, questionId, choice, correct, quizSessionId, answeredAt: now });
    const policy = policyOf(settings, exam, now);
    await scheduleQuestionOutcome({ tx: db, userId, questionId, correct, now, retention: policy });
  }
}

async function finish(db: Db, s: typeof quizSessions.$inferSelect, at: Date) {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(quizSessions).where(eq(quizSessions.id, s.id)).for("update");
    if (locked.submittedAt) return;
    const answers = await tx.select().from(quizAnswers).where(eq(quizAnswers.sessionId, s.id));
    // All-or-nothing (decision 076): stored answers and keys are sorted letter lists, so equality is a full match.
    const score = answers.filter((a) => a.choice && a.choice === a.correctChoice).length;
    if (s.mode === "exam" && s.source === "questions")
      await recordAttempts({
        db: tx,
        userId: s.userId,
        attempts: answers.flatMap((a) =>
          a.choice
            ? [
                {
                  questionId: a.itemId,
                  choice: a.choice,
                  correct: a.choice === a.correctChoice,
                  quizSessionId: s.id,
                  now: a.answeredAt ?? at,
                },
              ]
            : [],
        ),
      });
    await tx.update(quizSessions).set({ submittedAt: at, score }).where(eq(quizSessions.id, s.id));
  });
}

/** Submits a quiz (idempotent). Unanswered items count as wrong in the score. */
export async function submitQuiz(opts: { db: Db; userId: string; id: string; now: Date }) {
  const s = await ownQuiz(opts.db, opts.userId, opts.id);
  await assertQuizAccess(opts.db, s, opts.now);
  if (!(await expireIfDue(opts.db, s, opts.now)) && !s.submittedAt) await finish(opts.db, s, opts.now);
  return quizResults(opts);
}

/** Score, per-subject and per-topic breakdown and every item with its explanation. 409 before submission. */
export async function quizResults(opts: { db: Db; userId: string; id: string; now: Date }) {
  const view = await getQuiz(opts);
  if (!view.quiz.submittedAt) throw new AppError("CONFLICT", "Submit the quiz to see its results.");
  const subjectIds = [...new Set(view.items.map((i) => i.subjectId).filter(Boolean))] as string[];
  const topicIds = [...new Set(view.items.map((i) => i.topicId).filter(Boolean))] as string[];
  const [subjectRows, topicRows] = await Promise.all([
    subjectIds.length
      ? opts.db.select({ id: subjects.id, name: subjects.name }).from(subjects).where(inArray(subjects.id, subjectIds))
      : [],
    topicIds.length
      ? opts.db.select({ id: topics.id, name: topics.title }).from(topics).where(inArray(topics.id, topicIds))
      : [],
  ]);
  const group = (key: "subjectId" | "topicId", names: { id: string; name: string }[]) => {
    const m = new Map<string, { id: string; name: string; correct: number; total: number }>();
    for (const it of view.items) {
      const id = it[key] ?? "none";
      const g = m.get(id) ?? {
        id,
        name: names.find((n) => n.id === id)?.name ?? (id === "none" ? "Unsorted" : id),
        correct: 0,
        total: 0,
      };
      g.total++;
      if (it.correct) g.correct++;
      m.set(id, g);
    }
    return [...m.values()].sort((a, b) => a.correct / a.total - b.correct / b.total || b.total - a.total);
  };
  const missed = view.items.filter((i) => !i.correct).map((i) => i.itemId);
  return {
    ...view,
    results: {
      score: view.quiz.score ?? 0,
      total: view.quiz.total,
      percent: Math.round(((view.quiz.score ?? 0) / view.quiz.total) * 100),
      bySubject: group("subjectId", subjectRows),
      byTopic: group("topicId", topicRows),
      missed,
    },
  };
}

/** A new quiz of the missed (or unanswered) items of a submitted one, same source and mode. */
export async function retryMissed(opts: { db: Db; userId: string; id: string; now: Date }) {
  const r = await quizResults(opts);
  if (!r.results.missed.length) throw new AppError("BAD_REQUEST", "Nothing to retry: every answer was right.");
  const s = await ownQuiz(opts.db, opts.userId, opts.id);
  const config = s.config as unknown as QuizSetup;
  return createQuiz({
    db: opts.db,
    userId: opts.userId,
    now: opts.now,
    setup: {
      ...config,
      mode: s.mode as QuizSetup["mode"],
      source: s.source as QuizSetup["source"],
      count: r.results.missed.length,
      itemIds: r.results.missed,
    },
  });
}

/**
 * The latest unfinished quiz (to resume), or null. An exam past its time is submitted first; a
 * quiz the student's plan no longer opens is not offered.
 */
export async function activeQuiz(opts: { db: Db; userId: string; now: Date }) {
  const [s] = await opts.db
    .select()
    .from(quizSessions)
    .where(and(eq(quizSessions.userId, opts.userId), isNull(quizSessions.submittedAt)))
    .orderBy(desc(quizSessions.startedAt))
    .limit(1);
  if (!s) return null;
  try {
    await assertQuizAccess(opts.db, s, opts.now);
  } catch (e) {
    if (e instanceof AppError && e.code === "UPGRADE_REQUIRED") return null;
    throw e;
  }
  if (await expireIfDue(opts.db, s, opts.now)) return null;
  const [{ n }] = await opts.db
    .select({ n: sql<number>`count(*)::int` })
    .from(quizAnswers)
    .where(and(eq(quizAnswers.sessionId, s.id), sql`${quizAnswers.choice} is not null`));
  return {
    id: s.id,
    source: s.source as QuizSetup["source"],
    mode: s.mode as QuizSetup["mode"],
    total: s.total,
    answered: n,
    currentIndex: s.currentIndex,
    startedAt: s.startedAt.toISOString(),
  };
}

/** Recent quizzes for the setup page. */
export async function recentQuizzes({ db, userId }: { db: Db; userId: string }) {
  const list = await db
    .select()
    .from(quizSessions)
    .where(eq(quizSessions.userId, userId))
    .orderBy(desc(quizSessions.startedAt))
    .limit(10);
  return list.map((s) => ({
    id: s.id,
    source: s.source as QuizSetup["source"],
    mode: s.mode as QuizSetup["mode"],
    total: s.total,
    score: s.score,
    startedAt: s.startedAt.toISOString(),
    submittedAt: s.submittedAt?.toISOString() ?? null,
  }));
}
