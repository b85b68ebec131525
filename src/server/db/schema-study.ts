/**
 * Tables for study mode (issue 6): per-student FSRS schedules of cards and missed questions,
 * the review log, study settings, quiz sessions and answers, question attempts and flags.
 *
 * Students' own decks and cards reuse `decks` / `flashcards` (schema.ts) with `created_by` set
 * and `is_official = false` (decision 025). `item_type` is 'card' (flashcards.id) or 'question'
 * (questions.id): both share one schedule table so they share one daily workload (decision 026).
 */
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./schema-auth";
import { createdAt, ts, updatedAt } from "./schema-columns";

const userRef = () =>
  text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });

/** FSRS memory state of one item for one student (ts-fsrs `Card` fields). */
export const studySchedules = pgTable(
  "study_schedules",
  {
    userId: userRef(),
    /** 'card' | 'question' */
    itemType: text("item_type").notNull(),
    itemId: text("item_id").notNull(),
    due: ts("due").notNull(),
    stability: doublePrecision("stability").notNull(),
    difficulty: doublePrecision("difficulty").notNull(),
    elapsedDays: integer("elapsed_days").notNull().default(0),
    scheduledDays: integer("scheduled_days").notNull().default(0),
    learningSteps: integer("learning_steps").notNull().default(0),
    reps: integer("reps").notNull().default(0),
    lapses: integer("lapses").notNull().default(0),
    /** ts-fsrs State: 0 New, 1 Learning, 2 Review, 3 Relearning. */
    state: smallint("state").notNull().default(0),
    lastReview: ts("last_review"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemType, t.itemId] }),
    index("study_schedules_user_state_due_idx").on(t.userId, t.itemType, t.state, t.due),
  ],
);

/** One row per rating (cram ratings are not logged: they do not touch the schedule). */
export const studyReviewLogs = pgTable(
  "study_review_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef(),
    itemType: text("item_type").notNull(),
    itemId: text("item_id").notNull(),
    /** 1 Again, 2 Hard, 3 Good, 4 Easy. */
    rating: smallint("rating").notNull(),
    /** State before this review (0 New … 3 Relearning). */
    state: smallint("state").notNull(),
    /** Schedule after the review. */
    due: ts("due").notNull(),
    stability: doublePrecision("stability").notNull(),
    difficulty: doublePrecision("difficulty").notNull(),
    elapsedDays: integer("elapsed_days").notNull(),
    scheduledDays: integer("scheduled_days").notNull(),
    durationMs: integer("duration_ms"),
    reviewedAt: ts("reviewed_at").notNull(),
  },
  (t) => [
    index("study_review_logs_user_time_idx").on(t.userId, t.reviewedAt),
    index("study_review_logs_item_idx").on(t.userId, t.itemType, t.itemId),
  ],
);

/** Per-student settings; defaults apply when no row exists. */
export const studySettings = pgTable("study_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  desiredRetention: real("desired_retention").notNull().default(0.9),
  newPerDay: integer("new_per_day").notNull().default(20),
  maxReviewsPerDay: integer("max_reviews_per_day").notNull().default(200),
  /** IANA zone the study day is counted in (the browser's, saved with the settings). */
  timeZone: text("time_zone").notNull().default("UTC"),
  updatedAt: updatedAt(),
});

/** A quiz (SPEC §2.3 /quiz): its questions are fixed at creation; state lives here so it resumes. */
export const quizSessions = pgTable(
  "quiz_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    /** 'questions' | 'flashcards' */
    source: text("source").notNull(),
    /** 'tutor' | 'exam' */
    mode: text("mode").notNull(),
    /** The setup that produced it (subjects, topics, difficulty, filter, count). */
    config: jsonb("config").$type<Record<string, unknown>>().notNull(),
    total: integer("total").notNull(),
    currentIndex: integer("current_index").notNull().default(0),
    /** Exam mode: seconds allowed (1.8 min a question); null in tutor mode. */
    timeLimitSec: integer("time_limit_sec"),
    startedAt: createdAt(),
    submittedAt: ts("submitted_at"),
    score: integer("score"),
  },
  (t) => [index("quiz_sessions_user_idx").on(t.userId, t.startedAt)],
);

/** One row per question of a quiz, in order; choices are frozen (flashcard quizzes build them). */
export const quizAnswers = pgTable(
  "quiz_answers",
  {
    sessionId: uuid("session_id")
      .notNull()
      .references(() => quizSessions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** questions.id or flashcards.id, per the session's source. */
    itemId: text("item_id").notNull(),
    choices: jsonb("choices").$type<Record<string, string>>().notNull(),
    correctChoice: text("correct_choice").notNull(),
    choice: text("choice"),
    correct: boolean("correct"),
    flagged: boolean("flagged").notNull().default(false),
    answeredAt: ts("answered_at"),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.position] })],
);

/** Every answer a student gave to a bank question (quiz or bank page). */
export const questionAttempts = pgTable(
  "question_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: userRef(),
    questionId: text("question_id").notNull(),
    choice: text("choice").notNull(),
    correct: boolean("correct").notNull(),
    quizSessionId: uuid("quiz_session_id"),
    answeredAt: ts("answered_at").notNull().default(sql`now()`),
  },
  (t) => [
    index("question_attempts_user_q_idx").on(t.userId, t.questionId, t.answeredAt),
    index("question_attempts_user_time_idx").on(t.userId, t.answeredAt),
    /** Peer figures (decision 080): everyone's first attempts at the questions a student answered. */
    index("question_attempts_question_idx").on(t.questionId, t.userId, t.answeredAt),
  ],
);

export const questionFlags = pgTable(
  "question_flags",
  {
    userId: userRef(),
    questionId: text("question_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] })],
);

/**
 * A student's exam (issue 18 §4, decision 080): the date, the format and the time they give it.
 * No row: no exam set (the study home offers to set one).
 */
export const studyExamPlans = pgTable("study_exam_plans", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** YYYY-MM-DD, the exam's first day. */
  examDate: text("exam_date").notNull(),
  /** 'mbe-ube' | 'nextgen' */
  format: text("format").notNull(),
  weeklyHours: integer("weekly_hours").notNull(),
  /** Weekdays without study, 0 = Sunday … 6 = Saturday. */
  daysOff: smallint("days_off").array().notNull().default(sql`'{}'::smallint[]`),
  updatedAt: updatedAt(),
});

/**
 * NextGen exam mode (issue 18 §3, decision 078): one timed session mixing stand-alone choice
 * items, integrated-set items and a performance task. `deadline` is the server's clock for the
 * whole session (it survives reloads); past it, the next read submits the session.
 */
export const examSessions = pgTable(
  "exam_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    /** { length: 'short' | 'half', subjects: string[] } */
    config: jsonb("config").$type<Record<string, unknown>>().notNull(),
    total: integer("total").notNull(),
    currentIndex: integer("current_index").notNull().default(0),
    startedAt: createdAt(),
    deadline: ts("deadline").notNull(),
    submittedAt: ts("submitted_at"),
  },
  (t) => [index("exam_sessions_user_idx").on(t.userId, t.startedAt)],
);

/**
 * One item of an exam session, in order. `kind`: 'question' (questions.id), 'set-choice' and
 * 'set-written' (integrated_set_items.id, `set_id` its set), 'task' (performance_tasks.id).
 * Choice items freeze `choices` and `key` ("C" or "B,E"); `response` is the selection ("B,E") or
 * the written text. Written items and the task are scored by the student's rubric self-grade
 * (`rubric_checked`, indexes of the points met) after submission.
 */
export const examItems = pgTable(
  "exam_items",
  {
    sessionId: uuid("session_id")
      .notNull()
      .references(() => examSessions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind").notNull(),
    refId: text("ref_id").notNull(),
    setId: text("set_id"),
    choices: jsonb("choices").$type<Record<string, string>>(),
    key: text("key"),
    response: text("response"),
    correct: boolean("correct"),
    flagged: boolean("flagged").notNull().default(false),
    rubricChecked: integer("rubric_checked").array(),
    answeredAt: ts("answered_at"),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.position] })],
);
