/**
 * NextGen exam mode's contract (issue 18 §3, decisions 047, 076, 078): a timed session mixing
 * stand-alone choice items (single and multi-select), integrated-set items and a performance task
 * in the exam's proportions (about 40 % of the time multiple choice, 25 % integrated sets, a third
 * performance tasks), with flags, a review screen, auto-submit at the deadline, and a report by
 * area (subject) and by skill. Instants are ISO strings in UTC; durations are milliseconds.
 * Every route needs the `question_bank` feature (403 UPGRADE_REQUIRED); another student's session is 404.
 */
import { z } from "zod";
import { SUBJECT_IDS } from "./content";
import { defineRoute } from "./route";

const iso = z.string().describe("ISO 8601 instant, UTC");

/** Session lengths: minutes of the whole session and how many of each kind it holds. */
export const EXAM_LENGTHS = {
  short: { label: "Short — 60 min", minutes: 60, questions: 14, sets: 1, tasks: 0 },
  half: { label: "Half day — 3 h", minutes: 180, questions: 40, sets: 2, tasks: 1 },
} as const;
export type ExamLength = keyof typeof EXAM_LENGTHS;

export const EXAM_ITEM_KINDS = ["question", "set-choice", "set-written", "task"] as const;

const rubricPoint = z.object({ point: z.string(), weight: z.number().int() });
const doc = z.object({ id: z.string(), kind: z.string(), title: z.string(), body: z.string() });

export const examItemSchema = z.object({
  position: z.number().int(),
  kind: z.enum(EXAM_ITEM_KINDS),
  refId: z.string(),
  subjectId: z.string().nullable(),
  skills: z.array(z.string()),
  /** The set this item belongs to (its scenario and documents are in `sets`). */
  setId: z.string().nullable(),
  prompt: z.string(),
  call: z.string().nullable(),
  choices: z.record(z.string(), z.string()).nullable(),
  /** Choice items: letters to select (1, or 2+ for a multi-select item); null for written items. */
  select: z.number().int().nullable(),
  /** The selection ("B,E") or the written text; null when unanswered. */
  response: z.string().nullable(),
  flagged: z.boolean(),
  /** After submission only. */
  review: z
    .object({
      answers: z.array(z.string()).nullable(),
      correct: z.boolean().nullable(),
      matched: z.number().int().nullable(),
      explanations: z.record(z.string(), z.string()).nullable(),
      modelAnswer: z.string().nullable(),
      rubric: z.array(rubricPoint).nullable(),
      rubricChecked: z.array(z.number().int()).nullable(),
      earned: z.number().nullable(),
      possible: z.number().nullable(),
    })
    .optional(),
});

export const examViewSchema = z.object({
  exam: z.object({
    id: z.string(),
    length: z.string(),
    subjects: z.array(z.string()),
    total: z.number().int(),
    currentIndex: z.number().int(),
    startedAt: iso,
    deadline: iso,
    submittedAt: iso.nullable(),
    remainingMs: z.number().nullable().describe("time left; null once submitted"),
    answered: z.number().int(),
    flagged: z.number().int(),
  }),
  sets: z.array(z.object({ id: z.string(), title: z.string(), scenario: z.string(), documents: z.array(doc) })),
  tasks: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      memo: z.string(),
      file: z.array(doc),
      library: z.array(doc),
    }),
  ),
  items: z.array(examItemSchema),
});

const score = z.object({
  id: z.string(),
  name: z.string(),
  earned: z.number(),
  possible: z.number(),
  /** Written items not yet self-graded (their points are not in `earned`/`possible`). */
  ungraded: z.number().int(),
});
export const examReportSchema = examViewSchema.extend({
  report: z.object({
    earned: z.number(),
    possible: z.number(),
    percent: z.number().describe("0–100 of the graded points, rounded"),
    choice: z.object({ correct: z.number().int(), total: z.number().int() }),
    byArea: z.array(score),
    bySkill: z.array(score),
  }),
});

export const examSetupBody = z.object({
  length: z.enum(Object.keys(EXAM_LENGTHS) as [ExamLength, ...ExamLength[]]),
  subjects: z.array(z.enum(SUBJECT_IDS)).min(1).max(SUBJECT_IDS.length).optional(),
});
export const examItemBody = z
  .object({
    /** A choice item's letters (exactly as many as it asks for). */
    selection: z
      .array(z.enum(["A", "B", "C", "D", "E", "F"]))
      .min(1)
      .max(6)
      .optional(),
    /** A written item's or the task's text. */
    text: z.string().max(200_000).optional(),
    flagged: z.boolean().optional(),
    currentIndex: z.number().int().min(0).max(500).optional(),
  })
  .refine((b) => [b.selection, b.text, b.flagged, b.currentIndex].some((v) => v !== undefined), {
    message: "nothing to save: give selection, text, flagged or currentIndex",
  });
export const examGradeBody = z.object({
  /** Indexes of the rubric points the answer meets. */
  checked: z.array(z.number().int().min(0).max(50)).max(50),
});

const exam = ["exam"];
const gone = ["NOT_FOUND", "UPGRADE_REQUIRED"] as const;
export const examApi = {
  create: defineRoute({
    method: "post",
    path: "/api/exams",
    summary:
      "Start a NextGen exam session (short: 60 min; half: 3 h) from the bank's choice items, integrated sets and performance tasks in the chosen subjects. 400 BAD_REQUEST when nothing matches.",
    tags: exam,
    body: examSetupBody,
    responses: { 201: z.object({ id: z.string(), total: z.number().int() }) },
    errors: ["UPGRADE_REQUIRED", "BAD_REQUEST"],
  }),
  list: defineRoute({
    method: "get",
    path: "/api/exams",
    summary: "The student's last 10 exam sessions.",
    tags: exam,
    responses: {
      200: z.object({
        exams: z.array(
          z.object({
            id: z.string(),
            length: z.string(),
            total: z.number().int(),
            startedAt: iso,
            deadline: iso,
            submittedAt: iso.nullable(),
          }),
        ),
      }),
    },
  }),
  get: defineRoute({
    method: "get",
    path: "/api/exams/:id",
    summary: "A session: items, responses, flags, time left. Past the deadline it is submitted first.",
    tags: exam,
    responses: { 200: examViewSchema },
    errors: [...gone],
  }),
  answer: defineRoute({
    method: "put",
    path: "/api/exams/:id/items/:position",
    summary:
      "Save a selection, a written answer, a flag or the place. 409 CONFLICT once submitted or past the deadline; 400 for letters not offered or the wrong count.",
    tags: exam,
    body: examItemBody,
    responses: { 200: examViewSchema },
    errors: [...gone, "CONFLICT"],
  }),
  submit: defineRoute({
    method: "post",
    path: "/api/exams/:id/submit",
    summary: "Submit (idempotent); returns the report.",
    tags: exam,
    responses: { 200: examReportSchema },
    errors: [...gone],
  }),
  report: defineRoute({
    method: "get",
    path: "/api/exams/:id/report",
    summary: "Score by area and by skill with every item's review. 409 CONFLICT before submission.",
    tags: exam,
    responses: { 200: examReportSchema },
    errors: [...gone, "CONFLICT"],
  }),
  grade: defineRoute({
    method: "put",
    path: "/api/exams/:id/items/:position/grade",
    summary:
      "Self-grade a written item or the task against its rubric (after submission). 409 before; 400 for a choice item.",
    tags: exam,
    body: examGradeBody,
    responses: { 200: examReportSchema },
    errors: [...gone, "CONFLICT"],
  }),
};
