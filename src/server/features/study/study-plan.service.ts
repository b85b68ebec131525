/**
 * The study plan to exam day (issue 18 §4, decision 080): exam settings (`study_exam_plans`),
 * the scheduling policy they give FSRS (desired retention rising toward the exam, no interval past
 * it), the day-by-day plan (`planStudy` in src/domain/study-plan.ts fed from the student's
 * schedules, cards and question attempts) and peer figures.
 */
import { eq, sql } from "drizzle-orm";
import { localDate, studyDay } from "../../../domain/study";
import {
  daysBetween,
  EXAM_MAX_DAYS_AHEAD,
  type ExamFormat,
  type ExamSettings,
  examIntervalCap,
  examRetention,
  OTHER_SUBJECT,
  planStudy,
} from "../../../domain/study-plan";
import { type DbOrTx, num, rows } from "../../db/client";
import { studyExamPlans } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { accessOf, cardVisible } from "./access";
import type { Policy } from "./scheduler";
import { getStudySettings } from "./study-settings.service";

const DAY = 86_400_000;

/** The student's exam settings, or null when none is set. */
export async function getExam({ db, userId }: { db: DbOrTx; userId: string }): Promise<ExamSettings | null> {
  const [row] = await db.select().from(studyExamPlans).where(eq(studyExamPlans.userId, userId));
  if (!row) return null;
  return {
    examDate: row.examDate,
    format: row.format as ExamFormat,
    weeklyHours: row.weeklyHours,
    daysOff: [...row.daysOff].sort(),
  };
}

/**
 * Saves the exam settings (shape validated by the route). The date must be after today in the
 * student's time zone and at most `EXAM_MAX_DAYS_AHEAD` days out: 400 VALIDATION_FAILED
 * otherwise, with `details.fields.examDate`.
 */
export async function putExam({
  db,
  userId,
  now,
  exam,
}: {
  db: DbOrTx;
  userId: string;
  now: Date;
  exam: ExamSettings;
}): Promise<ExamSettings> {
  const { timeZone } = await getStudySettings({ db, userId });
  const ahead = daysBetween(localDate(now, timeZone), exam.examDate);
  if (ahead < 1 || ahead > EXAM_MAX_DAYS_AHEAD) {
    const message =
      ahead < 1 ? "The exam date must be after today." : "The exam date must be at most two years from today.";
    throw new AppError("VALIDATION_FAILED", message, { fields: { examDate: message } });
  }
  const values = { ...exam, daysOff: [...new Set(exam.daysOff)].sort() };
  await db
    .insert(studyExamPlans)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: studyExamPlans.userId, set: { ...values, updatedAt: new Date() } });
  return values;
}

/** Clears the exam settings; nothing happens when none were set. */
export async function deleteExam({ db, userId }: { db: DbOrTx; userId: string }) {
  await db.delete(studyExamPlans).where(eq(studyExamPlans.userId, userId));
}

/**
 * How the student's ratings are scheduled at `now` (decision 080): their desired retention, and
 * with an exam set and still ahead, the retention of `examRetention` for the days left and the
 * interval cap of `examIntervalCap` (no due date past the day before the exam).
 */
export async function schedulePolicy({ db, userId, now }: { db: DbOrTx; userId: string; now: Date }) {
  const [settings, exam] = await Promise.all([getStudySettings({ db, userId }), getExam({ db, userId })]);
  return { settings, exam, policy: policyOf(settings, exam, now) };
}

/** The policy of `schedulePolicy` from settings already read. */
export function policyOf(
  settings: { desiredRetention: number; timeZone: string },
  exam: ExamSettings | null,
  now: Date,
): Policy {
  if (!exam) return settings.desiredRetention;
  const daysLeft = daysBetween(localDate(now, settings.timeZone), exam.examDate);
  if (daysLeft < 0) return settings.desiredRetention;
  return { retention: examRetention(settings.desiredRetention, daysLeft), cap: examIntervalCap(exam.examDate, now) };
}

/**
 * The plan from today (issue 18 §4): `{exam: null, plan: null}` without exam settings; otherwise
 * the exam and `planStudy`'s plan with today's desired retention. Reads, for studiable items only
 * (the queue's rule: visible cards, bank questions with the question bank):
 * - review-state and (re)learning items due from today to the exam, by local day; items due
 *   before today are the overdue backlog;
 * - cards never studied, by subject;
 * - the student's attempts per live topic.
 */
export async function studyPlan({ db, userId, now }: { db: DbOrTx; userId: string; now: Date }) {
  const { settings, exam, policy } = await schedulePolicy({ db, userId, now });
  if (!exam) return { exam: null, plan: null };
  const access = await accessOf({ db, userId, now });
  const today = localDate(now, settings.timeZone);
  const day = studyDay(now, settings.timeZone);
  const horizon = new Date(day.start.getTime() + Math.max(1, daysBetween(today, exam.examDate)) * DAY);
  const visible = cardVisible(userId, access);

  const bucket = (due: ReturnType<typeof sql>, state: ReturnType<typeof sql>) =>
    sql`case when ${state} = 2 and ${due} < ${day.start} then -1
             when ${due} < ${day.start} then 0
             else floor((date_part('epoch', ${due}) - ${day.start.getTime() / 1000}::float8) / 86400)::int end`;
  const [cardRows, questionRows, topicRows] = await Promise.all([
    // One pass over the visible cards and their schedules: never-studied cards by subject, and
    // scheduled ones due before the exam by local day (-1: overdue reviews).
    rows<{ subject: unknown; d: unknown; n: unknown }>(
      db,
      sql`select case when s.item_id is null then coalesce(flashcards.subject_id, ${OTHER_SUBJECT}) end as subject,
                 case when s.item_id is not null and s.state <> 0 and s.due < ${horizon} then ${bucket(sql`s.due`, sql`s.state`)} end as d,
                 count(*) as n
          from flashcards join decks on decks.id = flashcards.deck_id
          left join study_schedules s on s.user_id = ${userId} and s.item_type = 'card' and s.item_id = flashcards.id
          where ${visible}
          group by 1, 2`,
    ),
    access.questionBank
      ? rows<{ d: unknown; n: unknown }>(
          db,
          sql`select ${bucket(sql`s.due`, sql`s.state`)} as d, count(*) as n
              from study_schedules s join questions q on q.id = s.item_id
              where s.user_id = ${userId} and s.item_type = 'question' and s.state <> 0 and s.due < ${horizon}
                and q.retired_at is null
              group by 1`,
        )
      : Promise.resolve([]),
    // Every live topic with the student's attempts on its questions (one round trip).
    rows<{ id: unknown; subject_id: unknown; title: unknown; n: unknown; correct: unknown }>(
      db,
      sql`select t.id, t.subject_id, t.title, a.n, a.correct
          from topics t left join (
            select q.topic_id, count(*) as n, count(*) filter (where a.correct) as correct
            from question_attempts a join questions q on q.id = a.question_id
            where a.user_id = ${userId} group by q.topic_id
          ) a on a.topic_id = t.id
          where t.retired_at is null order by t.subject_id, t.id`,
    ),
  ]);

  const daysLeft = Math.max(0, daysBetween(today, exam.examDate));
  const dueByDay = Array.from({ length: daysLeft }, () => 0);
  let overdue = 0;
  const newBySubject: Record<string, number> = {};
  for (const r of [...cardRows, ...questionRows]) {
    if ("subject" in r && r.subject != null) {
      newBySubject[String(r.subject)] = num(r.n);
      continue;
    }
    if (r.d == null) continue;
    const d = num(r.d);
    if (d < 0) overdue += num(r.n);
    else if (d < daysLeft) dueByDay[d] += num(r.n);
  }
  const topics = topicRows.map((t) => ({
    topicId: String(t.id),
    subjectId: String(t.subject_id),
    title: String(t.title),
    attempts: num(t.n),
    correct: num(t.correct),
  }));
  const plan = planStudy({ today, exam, dueByDay, overdue, newBySubject, topics, newPerDay: settings.newPerDay });
  return {
    exam,
    plan: {
      ...plan,
      desiredRetention: typeof policy === "number" ? policy : policy.retention,
    },
  };
}

/** Peer figures appear only when at least this many other students answered the questions. */
export const PEER_MIN_USERS = 20;

/**
 * Peer figures (issue 18 §4, decision 080): for the questions the student answered, their
 * accuracy against everyone else's on the same questions, overall and by subject. Every user's
 * first attempt at a question counts (retries would flatter). A peer figure is given only for a
 * group that at least `PEER_MIN_USERS` distinct other students answered; below that `peers` and
 * `peerUsers` are null. Only aggregates leave the query; no other student's row or id.
 * Uses `question_attempts_question_idx` (question, user, time) for the other students' attempts.
 */
export async function peerFigures({ db, userId }: { db: DbOrTx; userId: string }) {
  const list = await rows<{
    subject_id: unknown;
    questions: unknown;
    mine_n: unknown;
    mine_ok: unknown;
    peer_n: unknown;
    peer_ok: unknown;
    peer_users: unknown;
  }>(
    db,
    sql`with mine as (
          select distinct on (a.question_id) a.question_id, a.correct
          from question_attempts a where a.user_id = ${userId}
          order by a.question_id, a.answered_at, a.id
        ),
        peers as (
          select distinct on (a.question_id, a.user_id) a.question_id, a.user_id, a.correct
          from mine m join question_attempts a on a.question_id = m.question_id and a.user_id <> ${userId}
          order by a.question_id, a.user_id, a.answered_at, a.id
        ),
        per_q as (
          select m.question_id, m.correct, count(p.user_id) as pn, count(p.user_id) filter (where p.correct) as pok
          from mine m left join peers p on p.question_id = m.question_id group by m.question_id, m.correct
        ),
        agg as (
          select q.subject_id, count(*) as questions, count(*) as mine_n, count(*) filter (where per_q.correct) as mine_ok,
                 sum(pn) as peer_n, sum(pok) as peer_ok
          from per_q join questions q on q.id = per_q.question_id
          group by rollup (q.subject_id)
        ),
        pu as (
          select q.subject_id, count(distinct p.user_id) as n
          from peers p join questions q on q.id = p.question_id
          group by rollup (q.subject_id)
        )
        select agg.*, coalesce(pu.n, 0) as peer_users
        from agg left join pu on pu.subject_id is not distinct from agg.subject_id`,
  );
  const figure = (r: (typeof list)[number]) => {
    const users = num(r.peer_users);
    const enough = users >= PEER_MIN_USERS && num(r.peer_n) > 0;
    return {
      subjectId: r.subject_id == null ? null : String(r.subject_id),
      questions: num(r.questions),
      you: num(r.mine_n) ? num(r.mine_ok) / num(r.mine_n) : 0,
      peers: enough ? num(r.peer_ok) / num(r.peer_n) : null,
      peerUsers: enough ? users : null,
    };
  };
  const overallRow = list.find((r) => r.subject_id == null);
  return {
    threshold: PEER_MIN_USERS,
    overall: overallRow && num(overallRow.questions) > 0 ? figure(overallRow) : null,
    bySubject: list
      .filter((r) => r.subject_id != null)
      .map(figure)
      .sort((a, b) => String(a.subjectId).localeCompare(String(b.subjectId))),
  };
}
