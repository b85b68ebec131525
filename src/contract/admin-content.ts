/**
 * Admin content pages (issue 17 §2 'flashcards' and 'outlines', SPEC.md §2.5; decision 067).
 * Every route is `auth: "admin"` behind the admin gate (401 signed out, 404 non-admin). Edits of
 * official flashcards and practice questions take a `reason`, write an `admin_audit_log` row and
 * are kept as a content override (src/server/content/overrides.ts) that outlives a change of the
 * content files until an admin reverts it. Students' own cards and outlines are counted, never
 * listed with their text (they are the students' study material). Times are ISO 8601 UTC.
 */
import { z } from "zod";
import { adminReason } from "./admin";
import { DIFFICULTIES, officialQuestionRow } from "./content";
import { listQuery, pageOf, queryFlag } from "./list";
import { defineRoute } from "./route";

const iso = z.string();
const text = (max: number) => z.string().trim().min(1, "required").max(max, `at most ${max} characters`);
const tags = z.array(z.string().trim().min(1).max(60)).max(20);
const reasonBody = z.object({ reason: adminReason });
/** Content status filter: live (shown to students), retired (hidden), edited (an admin override). */
const statusFilter = z.enum(["live", "retired", "edited"]).optional();

// ── flashcards page ─────────────────────────────────────────────────────────────────────────────
export const flashcardsOverview = z.object({
  official: z.object({
    decks: z.number().int(),
    cards: z.number().int(),
    questions: z.number().int(),
    /** Official cards and questions hidden from students (retired by the files or by an admin). */
    retired: z.number().int(),
  }),
  user: z.object({ decks: z.number().int(), cards: z.number().int(), authors: z.number().int() }),
  /** Official items an admin edited or retired (content overrides). */
  edited: z.object({ cards: z.number().int(), questions: z.number().int() }),
  /** Practice questions at least one student flagged, and the flags in all. */
  flagged: z.object({ questions: z.number().int(), flags: z.number().int() }),
  /** Flashcard reviews in the last 30 days (official and own cards). */
  reviews30d: z.number().int(),
});
export type FlashcardsOverview = z.infer<typeof flashcardsOverview>;

const overrideInfo = z
  .object({ reason: z.string(), updatedAt: iso, retired: z.boolean() })
  .nullable()
  .describe("The admin override, when the item was edited or retired from the console.");

export const adminCardRow = z.object({
  id: z.string(),
  deckId: z.string(),
  deckTitle: z.string(),
  subjectId: z.string().nullable(),
  question: z.string(),
  answer: z.string(),
  difficulty: z.string(),
  tags: z.array(z.string()),
  retired: z.boolean(),
  override: overrideInfo,
  updatedAt: iso,
});
export type AdminCardRow = z.infer<typeof adminCardRow>;

export const cardsQuery = listQuery({
  sorts: ["deck", "question", "difficulty", "updatedAt"] as const,
  defaultSort: "deck",
  defaultDir: "asc",
  filters: {
    subject: z.string().max(100).optional(),
    deck: z.string().max(200).optional(),
    difficulty: z.enum(DIFFICULTIES).optional(),
    status: statusFilter,
  },
});

export const adminQuestionRow = officialQuestionRow.extend({
  retired: z.boolean(),
  /** Students who flagged it in the question bank. */
  flags: z.number().int(),
  override: overrideInfo,
});
export type AdminQuestionRow = z.infer<typeof adminQuestionRow>;

export const questionsQuery = listQuery({
  sorts: ["set", "flags", "difficulty"] as const,
  defaultSort: "set",
  defaultDir: "asc",
  filters: {
    subject: z.string().max(100).optional(),
    difficulty: z.enum(DIFFICULTIES).optional(),
    status: statusFilter,
    flagged: queryFlag,
  },
});

/** Choices or explanations keyed A–F (4 to 6 of them; the server checks them against the item, decision 078). */
const abcd = (max: number) => z.partialRecord(z.enum(["A", "B", "C", "D", "E", "F"]), text(max));
const letter = z.enum(["A", "B", "C", "D", "E", "F"]);
export const cardPatchBody = z
  .object({
    question: text(2000).optional(),
    answer: text(4000).optional(),
    difficulty: z.enum(DIFFICULTIES).optional(),
    tags: tags.optional(),
    reason: adminReason,
  })
  .refine((b) => b.question ?? b.answer ?? b.difficulty ?? b.tags, {
    message: "nothing to change: give question, answer, difficulty or tags",
  });
export const questionPatchBody = z
  .object({
    stem: text(6000).optional(),
    call: text(1000).optional(),
    choices: abcd(1000).optional(),
    /** One letter, or two or more for a multi-select ("select two") item. */
    answer: z.union([letter, z.array(letter).min(2).max(5)]).optional(),
    explanations: abcd(2000).optional(),
    difficulty: z.enum(DIFFICULTIES).optional(),
    tags: tags.optional(),
    reason: adminReason,
  })
  .refine((b) => b.stem ?? b.call ?? b.choices ?? b.answer ?? b.explanations ?? b.difficulty ?? b.tags, {
    message: "nothing to change: give stem, call, choices, answer, explanations, difficulty or tags",
  });

// ── outlines page ───────────────────────────────────────────────────────────────────────────────
export const ANALYSIS_STATES = ["queued", "running", "done", "failed"] as const;
export const outlinesOverview = z.object({
  outlines: z.object({
    total: z.number().int(),
    archived: z.number().int(),
    /** Deleted and still restorable (24 hours). */
    deleted: z.number().int(),
    authors: z.number().int(),
    entries: z.number().int(),
    createdLast7d: z.number().int(),
  }),
  analyses: z.object({
    total: z.number().int(),
    last7d: z.number().int(),
    byState: z.object({
      queued: z.number().int(),
      running: z.number().int(),
      done: z.number().int(),
      failed: z.number().int(),
    }),
  }),
});
export type OutlinesOverview = z.infer<typeof outlinesOverview>;

export const adminAnalysisRow = z.object({
  id: z.string(),
  title: z.string(),
  format: z.string(),
  fileName: z.string().nullable(),
  subjectId: z.string().nullable(),
  ownerEmail: z.string(),
  state: z.enum(ANALYSIS_STATES),
  /** The background job behind it (batch monitor), when one ran. */
  jobId: z.string().nullable(),
  jobState: z.string().nullable(),
  attempts: z.number().int().nullable(),
  error: z.string().nullable(),
  runs: z.number().int(),
  createdAt: iso,
  finishedAt: iso.nullable(),
});
export type AdminAnalysisRow = z.infer<typeof adminAnalysisRow>;

export const analysesQuery = listQuery({
  sorts: ["createdAt", "finishedAt", "title"] as const,
  defaultSort: "createdAt",
  filters: { state: z.enum(ANALYSIS_STATES).optional(), fileFormat: z.string().max(20).optional() },
});

const idParams = z.object({ id: z.string().min(1).max(200) });

export const adminContentApi = {
  flashcardsOverview: defineRoute({
    method: "get",
    path: "/api/admin/flashcards/overview",
    auth: "admin",
    summary:
      "Admins only: counts of official decks, cards and questions, students' own decks, cards and authors, admin-edited items, flagged questions and reviews in the last 30 days.",
    tags: ["admin"],
    responses: { 200: flashcardsOverview },
  }),
  cards: defineRoute({
    method: "get",
    path: "/api/admin/flashcards",
    auth: "admin",
    summary:
      "Admins only: official flashcards; q searches question, answer and deck title; filters subject, deck, difficulty, status (live|retired|edited); format=csv exports.",
    tags: ["admin"],
    query: cardsQuery,
    responses: { 200: pageOf(adminCardRow) },
  }),
  patchCard: defineRoute({
    method: "patch",
    path: "/api/admin/flashcards/:id",
    auth: "admin",
    params: idParams,
    summary:
      "Admins only: edits an official flashcard (question, answer, difficulty, tags). Kept as an override of the content file until reverted; audited with before/after.",
    tags: ["admin"],
    body: cardPatchBody,
    responses: { 200: adminCardRow },
    errors: ["NOT_FOUND"],
  }),
  retireCard: defineRoute({
    method: "delete",
    path: "/api/admin/flashcards/:id",
    auth: "admin",
    params: idParams,
    summary:
      "Admins only: retires an official flashcard (students no longer see or study it; their review history is kept). Revert brings it back. Audited.",
    tags: ["admin"],
    body: reasonBody,
    responses: { 200: adminCardRow },
    errors: ["NOT_FOUND"],
  }),
  revertCard: defineRoute({
    method: "post",
    path: "/api/admin/flashcards/:id/revert",
    auth: "admin",
    params: idParams,
    summary:
      "Admins only: drops the admin override of an official flashcard and restores the content file's version (retired if the file no longer has it). 409 when there is no override. Audited.",
    tags: ["admin"],
    body: reasonBody,
    responses: { 200: adminCardRow },
    errors: ["NOT_FOUND", "CONFLICT"],
  }),
  questions: defineRoute({
    method: "get",
    path: "/api/admin/questions",
    auth: "admin",
    summary:
      "Admins only: official practice questions with the number of students who flagged each; q searches stem, call and id; filters subject, difficulty, status (live|retired|edited), flagged; format=csv exports.",
    tags: ["admin"],
    query: questionsQuery,
    responses: { 200: pageOf(adminQuestionRow) },
  }),
  patchQuestion: defineRoute({
    method: "patch",
    path: "/api/admin/questions/:id",
    auth: "admin",
    params: idParams,
    summary:
      "Admins only: edits an official practice question (stem, call, choices A–F, answer (a letter, or a list for a multi-select item), explanations, difficulty, tags); 400 VALIDATION_FAILED when the edited item breaks the choice-item rules. Kept as an override until reverted; audited.",
    tags: ["admin"],
    body: questionPatchBody,
    responses: { 200: adminQuestionRow },
    errors: ["NOT_FOUND"],
  }),
  retireQuestion: defineRoute({
    method: "delete",
    path: "/api/admin/questions/:id",
    auth: "admin",
    params: idParams,
    summary: "Admins only: retires an official practice question (left out of quizzes and the bank). Audited.",
    tags: ["admin"],
    body: reasonBody,
    responses: { 200: adminQuestionRow },
    errors: ["NOT_FOUND"],
  }),
  revertQuestion: defineRoute({
    method: "post",
    path: "/api/admin/questions/:id/revert",
    auth: "admin",
    params: idParams,
    summary:
      "Admins only: drops the admin override of a practice question and restores the content file's version. 409 when there is no override. Audited.",
    tags: ["admin"],
    body: reasonBody,
    responses: { 200: adminQuestionRow },
    errors: ["NOT_FOUND", "CONFLICT"],
  }),
  outlinesOverview: defineRoute({
    method: "get",
    path: "/api/admin/outlines/overview",
    auth: "admin",
    summary:
      "Admins only: outline counts (total, archived, deleted, authors, entries, new in 7 days) and OutlineIQ analyses by state.",
    tags: ["admin"],
    responses: { 200: outlinesOverview },
  }),
  analyses: defineRoute({
    method: "get",
    path: "/api/admin/outline-analyses",
    auth: "admin",
    summary:
      "Admins only: OutlineIQ analyses, newest first, with their owner and background job state; q searches title, file name and owner email; filters state, fileFormat (docx|pdf|md|txt|outline); format=csv exports.",
    tags: ["admin"],
    query: analysesQuery,
    responses: { 200: pageOf(adminAnalysisRow) },
  }),
};
