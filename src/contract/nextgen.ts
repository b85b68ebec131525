/**
 * NextGen practice contract (issue 18 §2, decisions 047, 076, 079): integrated question sets and
 * performance tasks. Instants are ISO strings in UTC; durations are milliseconds; scores are in
 * rubric points (written items, tasks) or items (choice items).
 *
 * Answers are withheld until earned: an item's keyed answer and explanations (choice) or model
 * answer and rubric (written) appear only once the student has answered it; a task's rubric and
 * model answer only once the attempt is submitted (by the student, or automatically at the deadline).
 *
 * All routes need the `question_bank` feature (official practice is Unlimited and Trial, like the
 * question bank, which has no free sample): 403 UPGRADE_REQUIRED otherwise.
 */
import { z } from "zod";
import { defineRoute } from "./route";

const iso = z.string().describe("ISO 8601 instant, UTC");

/** Longest written answer to one integrated-set item, in characters (413 PAYLOAD_TOO_LARGE beyond). */
export const WRITTEN_ANSWER_MAX = 50_000;
/** Longest performance-task draft, in characters (413 PAYLOAD_TOO_LARGE beyond). */
export const TASK_DRAFT_MAX = 200_000;
/**
 * A save that reaches the server this long after the deadline still counts (a request in flight
 * when the timer ran out); later saves are refused with 409 CONFLICT `details.reason = "deadline"`.
 */
export const DEADLINE_GRACE_MS = 15_000;

export const documentSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string().describe("Markdown"),
  source: z.string().optional(),
});
export type NextgenDocument = z.infer<typeof documentSchema>;

export const rubricPointViewSchema = z.object({ point: z.string(), weight: z.number().int() });

/** The companion's grade: each rubric point met or not, with a one-line reason. Model output, unverified. */
export const aiGradeSchema = z.object({
  points: z.array(z.object({ index: z.number().int(), met: z.boolean(), reason: z.string() })),
  earned: z.number().int(),
  possible: z.number().int(),
  model: z.string(),
  gradedAt: iso,
  unverified: z.literal(true),
});
export type AiGrade = z.infer<typeof aiGradeSchema>;

/** One item of a set as the player shows it; `result` only once answered. */
export const setItemViewSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  type: z.enum(["choice", "short-answer", "medium-answer"]),
  topicId: z.string(),
  skills: z.array(z.string()),
  prompt: z.string(),
  /** Choice items: letter → text. */
  choices: z.record(z.string(), z.string()).nullable(),
  /** Choice items: how many to select (1, or 2+ for a multi-select item). */
  selectCount: z.number().int().nullable(),
  answered: z.boolean(),
  result: z
    .discriminatedUnion("type", [
      z.object({
        type: z.literal("choice"),
        selected: z.array(z.string()),
        correct: z.boolean(),
        /** Keyed letters found (feedback only; scoring is all-or-nothing, decision 076). */
        matched: z.number().int(),
        answer: z.array(z.string()),
        explanations: z.record(z.string(), z.string()),
      }),
      z.object({
        type: z.literal("written"),
        text: z.string(),
        modelAnswer: z.string(),
        rubric: z.array(rubricPointViewSchema),
        /** Rubric point indexes the student checked; null until self-graded. */
        checked: z.array(z.number().int()).nullable(),
        earned: z.number().int().nullable(),
        possible: z.number().int(),
        aiGrade: aiGradeSchema.nullable(),
      }),
    ])
    .nullable(),
});
export type SetItemView = z.infer<typeof setItemViewSchema>;

/**
 * A set's score so far. `percent` weighs every item equally: a choice item 1 or 0, a written item
 * earned / possible rubric points (0 until self-graded).
 */
export const setScoreSchema = z.object({
  answered: z.number().int(),
  total: z.number().int(),
  choiceCorrect: z.number().int(),
  choiceTotal: z.number().int(),
  rubricEarned: z.number().int(),
  rubricPossible: z.number().int(),
  /** Written items answered but not yet self-graded. */
  ungraded: z.number().int(),
  percent: z.number().int(),
  complete: z.boolean(),
});
export type SetScore = z.infer<typeof setScoreSchema>;

export const setSummarySchema = z.object({
  id: z.string(),
  subjectId: z.string(),
  title: z.string(),
  difficulty: z.string(),
  items: z.number().int(),
  documents: z.number().int(),
  /** The student's latest attempt, if any. */
  attempt: z.object({ id: z.string(), startedAt: iso, completedAt: iso.nullable(), score: setScoreSchema }).nullable(),
});
export type SetSummary = z.infer<typeof setSummarySchema>;

export const setViewSchema = z.object({
  set: z.object({
    id: z.string(),
    subjectId: z.string(),
    title: z.string(),
    difficulty: z.string(),
    scenario: z.string().describe("Markdown"),
    documents: z.array(documentSchema),
  }),
  attempt: z.object({ id: z.string(), startedAt: iso, completedAt: iso.nullable() }).nullable(),
  items: z.array(setItemViewSchema),
  score: setScoreSchema,
  /** Whether "Grade with the companion" is offered (a model is configured). */
  companionGrading: z.boolean(),
});
export type SetView = z.infer<typeof setViewSchema>;

const itemAnswerBody = z.union([
  z
    .object({
      selected: z
        .array(z.enum(["A", "B", "C", "D", "E", "F"]))
        .min(1)
        .max(6),
    })
    .strict(),
  z.object({ text: z.string() }).strict(),
]);
const checkedBody = z.object({ checked: z.array(z.number().int().min(0).max(50)).max(50) });
const itemReply = z.object({ item: setItemViewSchema, score: setScoreSchema });

export const taskSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.string(),
  subjectIds: z.array(z.string()),
  skills: z.array(z.string()),
  minutes: z.number().int(),
  attempt: z
    .object({
      id: z.string(),
      status: z.enum(["in-progress", "submitted"]),
      deadline: iso,
      submittedAt: iso.nullable(),
      earned: z.number().int().nullable(),
      possible: z.number().int(),
    })
    .nullable(),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;

/** A performance-task attempt; `rubric` and `modelAnswer` only once submitted. */
export const taskAttemptSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  status: z.enum(["in-progress", "submitted"]),
  draft: z.string(),
  /** Rises with each saved draft; send it back with the next save (409 CONFLICT when stale). */
  version: z.number().int(),
  startedAt: iso,
  deadline: iso,
  /** Time left on the server's clock (0 once past the deadline). */
  remainingMs: z.number().int(),
  submittedAt: iso.nullable(),
  autoSubmitted: z.boolean(),
  updatedAt: iso,
  rubric: z.array(rubricPointViewSchema).nullable(),
  modelAnswer: z.string().nullable(),
  checked: z.array(z.number().int()).nullable(),
  earned: z.number().int().nullable(),
  possible: z.number().int(),
  aiGrade: aiGradeSchema.nullable(),
});
export type TaskAttempt = z.infer<typeof taskAttemptSchema>;

export const taskViewSchema = z.object({
  task: z.object({
    id: z.string(),
    title: z.string(),
    kind: z.string(),
    subjectIds: z.array(z.string()),
    skills: z.array(z.string()),
    minutes: z.number().int(),
    memo: z.string().describe("Markdown"),
    file: z.array(documentSchema),
    library: z.array(documentSchema),
  }),
  /** The student's latest attempt (in progress or submitted), if any. */
  attempt: taskAttemptSchema.nullable(),
  companionGrading: z.boolean(),
});
export type TaskView = z.infer<typeof taskViewSchema>;

const sets = ["NextGen integrated sets"];
const tasks = ["NextGen performance tasks"];
const gated = ["UPGRADE_REQUIRED", "NOT_FOUND"] as const;

export const nextgenApi = {
  listSets: defineRoute({
    method: "get",
    path: "/api/nextgen/sets",
    summary: "Integrated question sets (optionally of one subject), each with the student's latest attempt.",
    tags: sets,
    query: z.object({ subject: z.string().max(100).optional() }),
    responses: { 200: z.object({ sets: z.array(setSummarySchema) }) },
    errors: ["UPGRADE_REQUIRED"],
  }),
  getSet: defineRoute({
    method: "get",
    path: "/api/nextgen/sets/:id",
    summary:
      "A set: scenario, documents and items; an item's answer, explanations, model answer and rubric only once answered in the latest attempt.",
    tags: sets,
    responses: { 200: setViewSchema },
    errors: [...gated],
  }),
  restartSet: defineRoute({
    method: "post",
    path: "/api/nextgen/sets/:id/attempts",
    summary: "Start the set over: a new attempt with no answers (earlier attempts are kept).",
    tags: sets,
    responses: { 201: setViewSchema },
    errors: [...gated],
  }),
  answerItem: defineRoute({
    method: "put",
    path: "/api/nextgen/sets/:id/items/:itemId",
    summary:
      "Answer an item once: `selected` letters for a choice item (scored all-or-nothing, returns the keyed answer and explanations), or `text` for a written item (up to 50,000 characters; returns the model answer and rubric). 409 CONFLICT when already answered.",
    tags: sets,
    body: itemAnswerBody,
    responses: { 200: itemReply },
    errors: [...gated, "CONFLICT", "PAYLOAD_TOO_LARGE", "BAD_REQUEST"],
  }),
  gradeItem: defineRoute({
    method: "put",
    path: "/api/nextgen/sets/:id/items/:itemId/grade",
    summary:
      "Self-grade an answered written item: the rubric point indexes met; earned = the sum of their weights. 409 CONFLICT before it is answered.",
    tags: sets,
    body: checkedBody,
    responses: { 200: itemReply },
    errors: [...gated, "CONFLICT", "BAD_REQUEST"],
  }),
  companionGradeItem: defineRoute({
    method: "post",
    path: "/api/nextgen/sets/:id/items/:itemId/companion-grade",
    summary:
      "Ask the configured model which rubric points an answered written item meets, with a one-line reason each (unverified). 409 CONFLICT without a model or before the item is answered.",
    tags: sets,
    responses: { 200: itemReply },
    errors: [
      ...gated,
      "CONFLICT",
      "LLM_UNAVAILABLE",
      "LLM_TIMEOUT",
      "LLM_RATE_LIMITED",
      "LLM_UNAUTHORIZED",
      "LLM_INTERRUPTED",
    ],
  }),

  listTasks: defineRoute({
    method: "get",
    path: "/api/nextgen/tasks",
    summary: "Performance tasks, each with the student's latest attempt.",
    tags: tasks,
    responses: { 200: z.object({ tasks: z.array(taskSummarySchema) }) },
    errors: ["UPGRADE_REQUIRED"],
  }),
  getTask: defineRoute({
    method: "get",
    path: "/api/nextgen/tasks/:id",
    summary:
      "A task's memo, file and library, with the latest attempt (an attempt past its deadline is submitted automatically).",
    tags: tasks,
    responses: { 200: taskViewSchema },
    errors: [...gated],
  }),
  startTask: defineRoute({
    method: "post",
    path: "/api/nextgen/tasks/:id/attempts",
    summary:
      "Start the task: the server fixes the deadline (now + the task's minutes). With an attempt in progress, returns it (200) instead of starting another.",
    tags: tasks,
    responses: { 200: taskAttemptSchema, 201: taskAttemptSchema },
    errors: [...gated],
  }),
  saveDraft: defineRoute({
    method: "put",
    path: "/api/nextgen/task-attempts/:attemptId/draft",
    summary:
      "Autosave the draft (up to 200,000 characters). `version` is the one last read; a stale version is 409 CONFLICT with the stored draft in `details.attempt`. After the deadline, 409 CONFLICT `details.reason = deadline`: the attempt is submitted with the draft as last saved.",
    tags: tasks,
    body: z.object({ draft: z.string(), version: z.number().int().min(0) }),
    responses: { 200: taskAttemptSchema },
    errors: ["NOT_FOUND", "UPGRADE_REQUIRED", "CONFLICT", "PAYLOAD_TOO_LARGE"],
  }),
  submitTask: defineRoute({
    method: "post",
    path: "/api/nextgen/task-attempts/:attemptId/submit",
    summary:
      "Submit (idempotent). With `draft` and `version`, saves the final draft first (same rules as the autosave). Returns the attempt with the rubric and model answer.",
    tags: tasks,
    body: z.object({ draft: z.string().optional(), version: z.number().int().min(0).optional() }),
    responses: { 200: taskAttemptSchema },
    errors: ["NOT_FOUND", "UPGRADE_REQUIRED", "CONFLICT", "PAYLOAD_TOO_LARGE"],
  }),
  gradeTask: defineRoute({
    method: "put",
    path: "/api/nextgen/task-attempts/:attemptId/grade",
    summary: "Self-grade a submitted attempt: the rubric point indexes met. 409 CONFLICT before submission.",
    tags: tasks,
    body: checkedBody,
    responses: { 200: taskAttemptSchema },
    errors: ["NOT_FOUND", "UPGRADE_REQUIRED", "CONFLICT", "BAD_REQUEST"],
  }),
  companionGradeTask: defineRoute({
    method: "post",
    path: "/api/nextgen/task-attempts/:attemptId/companion-grade",
    summary:
      "Ask the configured model which rubric points a submitted attempt meets, with a one-line reason each (unverified). 409 CONFLICT without a model or before submission.",
    tags: tasks,
    responses: { 200: taskAttemptSchema },
    errors: [
      "NOT_FOUND",
      "UPGRADE_REQUIRED",
      "CONFLICT",
      "LLM_UNAVAILABLE",
      "LLM_TIMEOUT",
      "LLM_RATE_LIMITED",
      "LLM_UNAUTHORIZED",
      "LLM_INTERRUPTED",
    ],
  }),
} as const;
