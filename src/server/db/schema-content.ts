/** Official content tables (subjects, topics, case briefs, decks, cards, questions, templates), seeded from content/. */
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { user } from "./schema-auth";
import { createdAt, ts, updatedAt } from "./schema-columns";

const retiredAt = () => ts("retired_at");

export const subjects = pgTable("subjects", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  shortName: text("short_name").notNull(),
  description: text("description").notNull(),
  sortOrder: integer("sort_order").notNull(),
  retiredAt: retiredAt(),
});

export const topics = pgTable(
  "topics",
  {
    id: text("id").primaryKey(),
    subjectId: text("subject_id").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    rule: text("rule").notNull(),
    /** elements, exceptions, positions, provisions, cases, traps, related */
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    isOfficial: boolean("is_official").notNull().default(true),
    contentHash: text("content_hash").notNull(),
    retiredAt: retiredAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("topics_subject_idx").on(t.subjectId)],
);

/** Case briefs: official (is_official, no owner) and, from issue 5, students' own. */
export const briefs = pgTable(
  "briefs",
  {
    id: text("id").primaryKey(),
    subjectId: text("subject_id"),
    name: text("name").notNull(),
    citation: text("citation"),
    court: text("court"),
    year: integer("year"),
    topicIds: text("topic_ids").array().notNull().default(sql`'{}'::text[]`),
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    isOfficial: boolean("is_official").notNull().default(false),
    createdBy: text("created_by").references(() => user.id, { onDelete: "cascade" }),
    contentHash: text("content_hash"),
    retiredAt: retiredAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("briefs_subject_idx").on(t.subjectId), index("briefs_created_by_idx").on(t.createdBy)],
);

export const decks = pgTable(
  "decks",
  {
    id: text("id").primaryKey(),
    subjectId: text("subject_id"),
    topicId: text("topic_id"),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    isOfficial: boolean("is_official").notNull().default(false),
    isFree: boolean("is_free").notNull().default(false),
    createdBy: text("created_by").references(() => user.id, { onDelete: "cascade" }),
    retiredAt: retiredAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("decks_created_by_idx").on(t.createdBy)],
);

/** SPEC.md §3 Flashcard: is_official (shown as 'premium'), created_by. */
export const flashcards = pgTable(
  "flashcards",
  {
    id: text("id").primaryKey(),
    deckId: text("deck_id").notNull(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    subjectId: text("subject_id"),
    topicId: text("topic_id"),
    difficulty: text("difficulty").notNull().default("intermediate"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    isOfficial: boolean("is_official").notNull().default(false),
    createdBy: text("created_by").references(() => user.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    retiredAt: retiredAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("flashcards_deck_idx").on(t.deckId), index("flashcards_created_by_idx").on(t.createdBy)],
);

export const questions = pgTable(
  "questions",
  {
    id: text("id").primaryKey(),
    setId: text("set_id").notNull(),
    subjectId: text("subject_id").notNull(),
    topicId: text("topic_id").notNull(),
    difficulty: text("difficulty").notNull(),
    stem: text("stem").notNull(),
    call: text("call").notNull(),
    choices: jsonb("choices").$type<Record<string, string>>().notNull(),
    /** One letter ("C"), or a multi-select item's keyed letters sorted and comma-joined ("B,E"); decision 078. */
    answer: text("answer").notNull(),
    explanations: jsonb("explanations").$type<Record<string, string>>().notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** NextGen skill categories (SKILL_IDS); the seed writes issue-spotting when the file names none. */
    skills: text("skills").array().notNull().default(sql`'{issue-spotting}'::text[]`),
    position: integer("position").notNull().default(0),
    retiredAt: retiredAt(),
  },
  (t) => [index("questions_subject_idx").on(t.subjectId, t.topicId)],
);

export const noteTemplates = pgTable("note_templates", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  html: text("html").notNull(),
  isOfficial: boolean("is_official").notNull().default(false),
  createdBy: text("created_by").references(() => user.id, { onDelete: "cascade" }),
  retiredAt: retiredAt(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const demoFlashcards = pgTable("demo_flashcards", {
  id: text("id").primaryKey(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  subject: text("subject").notNull(),
  difficulty: text("difficulty").notNull(),
  isPremium: boolean("is_premium").notNull().default(false),
  tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
  position: integer("position").notNull().default(0),
});

/** One row a content kind: the hash of what was last seeded, so an unchanged boot skips work. */
export const contentState = pgTable(
  "content_state",
  { kind: text("kind").notNull(), hash: text("hash").notNull(), seededAt: createdAt() },
  (t) => [primaryKey({ columns: [t.kind] })],
);

/**
 * NextGen integrated question sets (decision 076, tables decision 079): one row per set file
 * (`content/<subject>/integrated-sets/<id>.yaml`). `documents` is the document pane, in order:
 * `[{ id, kind, title, body (Markdown), source? }]`. Items are rows of `integrated_set_items`.
 */
export const integratedSets = pgTable(
  "integrated_sets",
  {
    id: text("id").primaryKey(),
    subjectId: text("subject_id").notNull(),
    title: text("title").notNull(),
    difficulty: text("difficulty").notNull(),
    scenario: text("scenario").notNull(),
    documents: jsonb("documents")
      .$type<{ id: string; kind: string; title: string; body: string; source?: string }[]>()
      .notNull(),
    /** Order of the set within its subject (file order). */
    position: integer("position").notNull().default(0),
    contentHash: text("content_hash").notNull(),
    retiredAt: retiredAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("integrated_sets_subject_idx").on(t.subjectId)],
);

/**
 * One item of an integrated set. `type` is 'choice' | 'short-answer' | 'medium-answer'. Choice
 * items carry `choices`, `answer` (the keyed letters, always a list: one letter for a
 * single-answer item) and `explanations`; written items carry `model_answer` and `rubric`
 * (`[{ point, weight }]`). Ids are unique across all sets (content:check).
 */
export const integratedSetItems = pgTable(
  "integrated_set_items",
  {
    id: text("id").primaryKey(),
    setId: text("set_id").notNull(),
    position: integer("position").notNull(),
    type: text("type").notNull(),
    topicId: text("topic_id").notNull(),
    skills: text("skills").array().notNull().default(sql`'{}'::text[]`),
    prompt: text("prompt").notNull(),
    choices: jsonb("choices").$type<Record<string, string>>(),
    answer: text("answer").array(),
    explanations: jsonb("explanations").$type<Record<string, string>>(),
    modelAnswer: text("model_answer"),
    rubric: jsonb("rubric").$type<{ point: string; weight: number }[]>(),
    retiredAt: retiredAt(),
  },
  (t) => [index("integrated_set_items_set_idx").on(t.setId, t.position)],
);

/**
 * NextGen performance tasks (decision 076, tables decision 079), one row per
 * `content/performance-tasks/<id>.yaml`. `file` and `library` are document lists like
 * `integrated_sets.documents`; `rubric` is `[{ point, weight }]`; `minutes` the time allowed.
 */
export const performanceTasks = pgTable("performance_tasks", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  kind: text("kind").notNull(),
  subjectIds: text("subject_ids").array().notNull(),
  skills: text("skills").array().notNull(),
  minutes: integer("minutes").notNull(),
  memo: text("memo").notNull(),
  file: jsonb("file").$type<{ id: string; kind: string; title: string; body: string; source?: string }[]>().notNull(),
  library: jsonb("library")
    .$type<{ id: string; kind: string; title: string; body: string; source?: string }[]>()
    .notNull(),
  rubric: jsonb("rubric").$type<{ point: string; weight: number }[]>().notNull(),
  modelAnswer: text("model_answer").notNull(),
  position: integer("position").notNull().default(0),
  contentHash: text("content_hash").notNull(),
  retiredAt: retiredAt(),
  updatedAt: updatedAt(),
});
