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
