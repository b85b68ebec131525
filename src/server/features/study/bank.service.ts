/**
 * Question bank (issue 6 §7): browse official questions by subject and topic with the student's
 * status (unanswered, missed, flagged), answer one outside a quiz, see attempt history, and
 * accuracy analytics by subject and topic over time. An Unlimited / Trial feature.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { answerLetters, type QuestionFormat } from "../../../contract/content";
import { studyDay } from "../../../domain/study";
import { type Db, num, rows } from "../../db/client";
import { questionAttempts, questionFlags, questions, studySchedules, subjects, topics } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { formatOf, gradeChoice, recordAttempt, setFlag } from "./quiz.service";
import { getStudySettings } from "./study-settings.service";

export type BankFilter = "all" | "unanswered" | "missed" | "flagged";
/** A question's status for the student: never attempted, or the latest attempt right or wrong. */
type BankStatus = "unanswered" | "correct" | "missed";

/** Questions with the student's status; `filter` narrows to unanswered, missed (latest attempt wrong) or flagged. */
export async function listBank(opts: {
  db: Db;
  userId: string;
  subject?: string;
  topic?: string;
  filter: BankFilter;
  /** Single-answer items only, or multi-select items only (decision 078); all when absent. */
  format?: QuestionFormat;
  limit: number;
  offset: number;
}) {
  const { db, userId } = opts;
  const list = await rows<Record<string, unknown>>(
    db,
    sql`with status as (
          select q.id, q.subject_id, q.topic_id, q.difficulty, q.stem, q.call, q.answer, t.title as topic_title,
            (select count(*) from ${questionAttempts} a where a.user_id = ${userId} and a.question_id = q.id) as attempts,
            (select a.correct from ${questionAttempts} a where a.user_id = ${userId} and a.question_id = q.id order by a.answered_at desc, a.id desc limit 1) as last_correct,
            exists (select 1 from ${questionFlags} f where f.user_id = ${userId} and f.question_id = q.id) as flagged,
            (select s.due from ${studySchedules} s where s.user_id = ${userId} and s.item_type = 'question' and s.item_id = q.id) as due
          from ${questions} q left join ${topics} t on t.id = q.topic_id
          where q.retired_at is null
            ${opts.subject ? sql`and q.subject_id = ${opts.subject}` : sql``}
            ${opts.topic ? sql`and q.topic_id = ${opts.topic}` : sql``}
            ${opts.format === "multi_select" ? sql`and q.answer like '%,%'` : opts.format === "single" ? sql`and q.answer not like '%,%'` : sql``}
        )
        select *, count(*) over () as total_rows from status
        where ${opts.filter === "unanswered" ? sql`attempts = 0` : opts.filter === "missed" ? sql`last_correct = false` : opts.filter === "flagged" ? sql`flagged` : sql`true`}
        order by subject_id, topic_id, id
        limit ${opts.limit} offset ${opts.offset}`,
  );
  return {
    total: num(list[0]?.total_rows),
    questions: list.map((r) => ({
      id: String(r.id),
      subjectId: String(r.subject_id),
      topicId: String(r.topic_id),
      topicTitle: (r.topic_title as string) ?? null,
      difficulty: String(r.difficulty),
      stem: String(r.stem),
      call: String(r.call),
      ...formatOf(String(r.answer)),
      attempts: num(r.attempts),
      status: (num(r.attempts) === 0 ? "unanswered" : r.last_correct ? "correct" : "missed") as BankStatus,
      flagged: !!r.flagged,
      due: r.due ? new Date(r.due as string).toISOString() : null,
    })),
  };
}

/** A live bank question or 404 (a question retired by the content review is no longer served). */
async function question(db: Db, id: string) {
  const [q] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.id, id), isNull(questions.retiredAt)));
  if (!q) throw new AppError("NOT_FOUND", "No such question.");
  return q;
}

/** One question with the student's attempt history; the answer and explanations only once attempted. */
export async function getBankQuestion(opts: { db: Db; userId: string; id: string }) {
  const q = await question(opts.db, opts.id);
  const attempts = await opts.db
    .select({
      choice: questionAttempts.choice,
      correct: questionAttempts.correct,
      answeredAt: questionAttempts.answeredAt,
      quizSessionId: questionAttempts.quizSessionId,
    })
    .from(questionAttempts)
    .where(and(eq(questionAttempts.userId, opts.userId), eq(questionAttempts.questionId, q.id)))
    .orderBy(desc(questionAttempts.answeredAt), desc(questionAttempts.id));
  const [flag] = await opts.db
    .select()
    .from(questionFlags)
    .where(and(eq(questionFlags.userId, opts.userId), eq(questionFlags.questionId, q.id)));
  const [topic] = await opts.db.select({ title: topics.title }).from(topics).where(eq(topics.id, q.topicId));
  const seen = attempts.length > 0;
  return {
    question: {
      id: q.id,
      subjectId: q.subjectId,
      topicId: q.topicId,
      topicTitle: topic?.title ?? null,
      difficulty: q.difficulty,
      stem: q.stem,
      call: q.call,
      choices: q.choices,
      ...formatOf(q.answer),
      skills: q.skills,
      flagged: !!flag,
      ...(seen ? { answer: q.answer, answers: answerLetters(q.answer), explanations: q.explanations } : {}),
    },
    attempts: attempts.map((a) => ({
      ...a,
      selection: answerLetters(a.choice),
      answeredAt: a.answeredAt.toISOString(),
    })),
  };
}

/**
 * Answers a bank question (`choice`: one letter; `selection`: a multi-select item's letters, exactly
 * as many as it asks for): records the attempt (choice stored as "B,E") and its FSRS outcome;
 * returns the key, the explanations and how many keyed letters were found. All-or-nothing scoring
 * (decision 076). Errors: 404 unknown or retired question, 400 VALIDATION_FAILED (see `gradeChoice`).
 */
export async function answerBankQuestion(opts: {
  db: Db;
  userId: string;
  id: string;
  choice?: string;
  selection?: string[];
  now: Date;
}) {
  const q = await question(opts.db, opts.id);
  const graded = gradeChoice(q.choices, q.answer, opts.selection ?? opts.choice ?? []);
  const correct = graded.correct;
  await opts.db.transaction(async (tx) =>
    recordAttempt({
      db: tx,
      userId: opts.userId,
      questionId: q.id,
      choice: graded.stored,
      correct,
      quizSessionId: null,
      now: opts.now,
    }),
  );
  return {
    correct,
    answer: q.answer,
    answers: answerLetters(q.answer),
    matched: graded.matched,
    required: graded.required,
    explanations: q.explanations,
  };
}

export async function flagBankQuestion(opts: { db: Db; userId: string; id: string; flagged: boolean }) {
  await question(opts.db, opts.id);
  await setFlag({ db: opts.db, userId: opts.userId, questionId: opts.id, flagged: opts.flagged });
  return { flagged: opts.flagged };
}

/**
 * Accuracy analytics: totals by subject and by topic (all time), and by subject per week for the
 * last 12 weeks (7-day steps back from the end of the student's local today).
 */
export async function bankAnalytics(opts: { db: Db; userId: string; now: Date }) {
  const { db, userId, now } = opts;
  const settings = await getStudySettings({ db, userId });
  const day = studyDay(now, settings.timeZone);
  const weekStart = new Date(day.end.getTime() - 12 * 7 * 86_400_000);
  const [bySubject, byTopic, weekly, totals] = await Promise.all([
    rows<Record<string, unknown>>(
      db,
      sql`select q.subject_id as id, s.name, count(*) as attempts, count(*) filter (where a.correct) as correct, count(distinct a.question_id) as questions
          from ${questionAttempts} a join ${questions} q on q.id = a.question_id left join ${subjects} s on s.id = q.subject_id
          where a.user_id = ${userId} group by q.subject_id, s.name order by s.name`,
    ),
    rows<Record<string, unknown>>(
      db,
      sql`select q.topic_id as id, t.title as name, q.subject_id, count(*) as attempts, count(*) filter (where a.correct) as correct
          from ${questionAttempts} a join ${questions} q on q.id = a.question_id left join ${topics} t on t.id = q.topic_id
          where a.user_id = ${userId} group by q.topic_id, t.title, q.subject_id order by (count(*) filter (where a.correct))::float / count(*), count(*) desc`,
    ),
    rows<Record<string, unknown>>(
      db,
      sql`select floor(extract(epoch from (a.answered_at - ${weekStart}::timestamptz)) / 604800)::int as w, q.subject_id, count(*) as attempts, count(*) filter (where a.correct) as correct
          from ${questionAttempts} a join ${questions} q on q.id = a.question_id
          where a.user_id = ${userId} and a.answered_at >= ${weekStart} group by 1, 2 order by 1`,
    ),
    db.select({ n: sql<number>`count(*)::int` }).from(questions).where(isNull(questions.retiredAt)),
  ]);
  const acc = (r: Record<string, unknown>) => ({
    attempts: num(r.attempts),
    correct: num(r.correct),
    accuracy: num(r.attempts) ? num(r.correct) / num(r.attempts) : null,
  });
  const weeks = Array.from({ length: 12 }, (_, i) => ({
    weekStart: new Date(weekStart.getTime() + i * 7 * 86_400_000).toISOString().slice(0, 10),
    bySubject: {} as Record<string, { attempts: number; correct: number }>,
    attempts: 0,
    correct: 0,
  }));
  for (const r of weekly) {
    const w = weeks[num(r.w)];
    if (!w) continue;
    w.bySubject[String(r.subject_id)] = { attempts: num(r.attempts), correct: num(r.correct) };
    w.attempts += num(r.attempts);
    w.correct += num(r.correct);
  }
  return {
    questionCount: totals[0]?.n ?? 0,
    bySubject: bySubject.map((r) => ({
      id: String(r.id),
      name: (r.name as string) ?? String(r.id),
      questions: num(r.questions),
      ...acc(r),
    })),
    byTopic: byTopic.map((r) => ({
      id: String(r.id),
      name: (r.name as string) ?? String(r.id),
      subjectId: String(r.subject_id),
      ...acc(r),
    })),
    weekly: weeks.map((w) => ({ ...w, accuracy: w.attempts ? w.correct / w.attempts : null })),
  };
}
