/**
 * Schemas of the NextGen content files (issue 18 §2, decision 076).
 *
 * Three new kinds of official content, all YAML, validated by `content:check`:
 *
 * 1. **Multi-select questions** live in the ordinary question-set files
 *    (`content/<subject>/questions/<set-id>.yaml`, `questionSetSchema`). An item with 4–6 choices
 *    (keys A, B, C… without gaps) and `answer` as a list of two or more letters is a multi-select
 *    ("select two") item; the stem's call says how many to select. A single-letter `answer` is the
 *    classic MBE item. See `choiceItemSchema` below for the rules every choice item obeys.
 * 2. **Integrated question sets**: `content/<subject>/integrated-sets/<set-id>.yaml`
 *    (`integratedSetSchema`): one fact scenario, a document pane (statute and opinion excerpts,
 *    police report, deposition excerpt, contract clause…) and 3–8 items: choice items (single or
 *    multi-select) and short- or medium-answer items graded against a model answer and a point rubric.
 * 3. **Performance tasks**: `content/performance-tasks/<task-id>.yaml` (`performanceTaskSchema`):
 *    a task memo, a client file and a library, a time limit (90 minutes on the NextGen exam), and a
 *    point rubric with a model answer.
 *
 * Skills are NCBE's seven NextGen skill categories (NCBE, "NextGen Bar Exam Content Scope", 2023).
 * The legal-resource excerpts in documents must be our own writing or public domain (federal
 * statutes, rules, U.S. opinions); NCBE's questions are copyrighted and never copied.
 */
import { z } from "zod";
import { CHOICE_LETTERS, checkChoiceItem, SKILL_IDS } from "./choice-item";
import { DIFFICULTIES, SUBJECT_IDS } from "./content";

// The skills and the choice-item rules live in choice-item.ts (content.ts's question schema uses
// them too, and content.ts cannot import this file back); re-exported here for the NextGen schemas.
export {
  CHOICE_LETTERS,
  type ChoiceLetter,
  checkChoiceItem,
  SKILL_IDS,
  SKILL_NAMES,
  type SkillId,
} from "./choice-item";

const id = z
  .string()
  .min(2)
  .max(120)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be kebab-case: lower-case letters, digits and single hyphens");
const text = z.string().trim().min(1, "must not be empty");

// partialRecord: zod 4's record with enum keys demands every key (A–F), but an item has 4 to 6.
const choiceMap = z.partialRecord(z.enum(CHOICE_LETTERS), text);
const answerSchema = z.union([z.enum(CHOICE_LETTERS), z.array(z.enum(CHOICE_LETTERS)).min(2).max(5)]);

/** One rubric point: what a good answer says, and what it is worth (points, integer 1–5). */
export const rubricPointSchema = z.object({
  point: text.max(400),
  weight: z.number().int().min(1).max(5).default(1),
});

/** A document in an integrated set's pane or a performance task's file or library. */
export const documentKinds = [
  "statute",
  "rule",
  "opinion",
  "police-report",
  "deposition",
  "contract",
  "letter",
  "email",
  "memo",
  "record",
  "other",
] as const;
export const contentDocumentSchema = z.object({
  id,
  kind: z.enum(documentKinds),
  title: text,
  /** Markdown. Fictional documents say so in the scenario; public-domain excerpts name their source. */
  body: text,
  /** Where a public-domain excerpt comes from ("Fed. R. Evid. 803(6)", "28 U.S.C. § 1332(a)"). */
  source: text.optional(),
});

const itemBase = {
  id,
  topic: id,
  skills: z.array(z.enum(SKILL_IDS)).min(1).default(["issue-spotting"]),
  /** The question the student answers. */
  prompt: text,
};

/** A choice item inside an integrated set (single answer or multi-select). */
export const setChoiceItemSchema = z
  .object({
    ...itemBase,
    type: z.literal("choice"),
    choices: choiceMap,
    answer: answerSchema,
    explanations: choiceMap,
  })
  .superRefine(checkChoiceItem);

/**
 * A written item: short answer (a few sentences, 1–3 rubric points) or medium answer (a paragraph
 * or two, 3–8 points). Graded by the student against the rubric (and, with an LLM configured, by it).
 */
export const writtenItemSchema = z.object({
  ...itemBase,
  type: z.enum(["short-answer", "medium-answer"]),
  modelAnswer: text,
  rubric: z.array(rubricPointSchema).min(1).max(8),
});

// Discriminated by `type`, so a bad item reports its real field errors instead of "Invalid input".
export const integratedItemSchema = z.discriminatedUnion("type", [setChoiceItemSchema, writtenItemSchema]);

export const integratedSetSchema = z.object({
  id,
  subject: z.enum(SUBJECT_IDS),
  title: text,
  difficulty: z.enum(DIFFICULTIES).default("intermediate"),
  /** The common fact scenario (Markdown). */
  scenario: text,
  /** The document pane beside the questions: at least one legal resource or supplemental document. */
  documents: z.array(contentDocumentSchema).min(1).max(8),
  items: z.array(integratedItemSchema).min(3).max(8),
});

export const performanceTaskSchema = z.object({
  id,
  title: text,
  /** drafting (a contract clause, a will provision, a pleading), counseling (a client letter),
   *  persuasive (a brief) or objective (an office memo). */
  kind: z.enum(["drafting", "counseling", "persuasive", "objective"]),
  /** The doctrinal areas the task touches (for the score report). */
  subjects: z.array(z.enum(SUBJECT_IDS)).min(1),
  skills: z.array(z.enum(SKILL_IDS)).min(1),
  /** 90 on the NextGen exam. */
  minutes: z.number().int().min(15).max(180).default(90),
  /** The supervising lawyer's task memo (Markdown). */
  memo: text,
  /** The client file: facts in documents (interview notes, letters, records). */
  file: z.array(contentDocumentSchema).min(1),
  /** The library: the law the task must use (fictional statutes and cases, or public domain). */
  library: z.array(contentDocumentSchema).min(1),
  rubric: z.array(rubricPointSchema).min(4).max(20),
  modelAnswer: text,
});

export type IntegratedSet = z.infer<typeof integratedSetSchema>;
export type IntegratedItem = z.infer<typeof integratedItemSchema>;
export type PerformanceTask = z.infer<typeof performanceTaskSchema>;
export type RubricPoint = z.infer<typeof rubricPointSchema>;
export type ContentDocument = z.infer<typeof contentDocumentSchema>;
