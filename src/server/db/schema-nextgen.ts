/**
 * Students' NextGen work (issue 18 §2, decision 079): attempts of integrated question sets (one
 * row per attempt, one row per answered item) and of performance tasks (a draft with a version,
 * a server-side deadline, the self-grade). Every row belongs to one user; routes scope by it.
 */
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./schema-auth";
import { ts, updatedAt } from "./schema-columns";

const userRef = () =>
  text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });

/**
 * The companion's grade of a written answer: the rubric points it found met, each with a
 * one-line reason, and the model that graded. Unverified: shown as the model's opinion.
 */
export type AiRubricGrade = {
  points: { index: number; met: boolean; reason: string }[];
  model: string;
  gradedAt: string;
};

/** A student's attempt of an integrated set (integrated_sets.id). Several per set over time. */
export const integratedSetAttempts = pgTable(
  "integrated_set_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    setId: text("set_id").notNull(),
    startedAt: ts("started_at").notNull().defaultNow(),
    /** Set when every item is answered (and every written item self-graded). */
    completedAt: ts("completed_at"),
  },
  (t) => [index("integrated_set_attempts_user_idx").on(t.userId, t.setId, t.startedAt)],
);

/**
 * One answered item of an attempt. Choice items: `selected` letters, `correct`. Written items:
 * `text`, then `rubric_checked` (indexes of the rubric points the student checked) and
 * `earned`/`possible` in rubric points; `ai_grade` when the companion graded it.
 */
export const integratedItemAnswers = pgTable(
  "integrated_item_answers",
  {
    attemptId: uuid("attempt_id")
      .notNull()
      .references(() => integratedSetAttempts.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    selected: text("selected").array(),
    correct: boolean("correct"),
    text: text("text"),
    rubricChecked: integer("rubric_checked").array(),
    earned: integer("earned"),
    possible: integer("possible"),
    aiGrade: jsonb("ai_grade").$type<AiRubricGrade>(),
    answeredAt: ts("answered_at").notNull().defaultNow(),
    gradedAt: ts("graded_at"),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.itemId] })],
);

/**
 * A student's performance-task attempt. `deadline` = started_at + the task's minutes, fixed by
 * the server at start; a save after it is refused and the attempt counts as submitted
 * (`auto_submitted`). `version` rises with each saved draft (stale writes get 409).
 */
export const performanceTaskAttempts = pgTable(
  "performance_task_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef(),
    taskId: text("task_id").notNull(),
    draft: text("draft").notNull().default(""),
    version: integer("version").notNull().default(0),
    startedAt: ts("started_at").notNull().defaultNow(),
    deadline: ts("deadline").notNull(),
    submittedAt: ts("submitted_at"),
    autoSubmitted: boolean("auto_submitted").notNull().default(false),
    rubricChecked: integer("rubric_checked").array(),
    earned: integer("earned"),
    possible: integer("possible"),
    aiGrade: jsonb("ai_grade").$type<AiRubricGrade>(),
    gradedAt: ts("graded_at"),
    updatedAt: updatedAt(),
  },
  (t) => [index("performance_task_attempts_user_idx").on(t.userId, t.taskId, t.startedAt)],
);
