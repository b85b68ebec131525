/**
 * Database schema (drizzle, PostgreSQL 15 features only so PGlite and PostgreSQL agree).
 * Table and column names follow SPEC.md §3; better-auth's tables are `user`, `session`,
 * `account`, `verification`. Timestamps are timestamptz (UTC); money is integer cents.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";

import { createdAt, ts, updatedAt } from "./schema-columns";

// ── better-auth ──────────────────────────────────────────────────────────────
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** SPEC.md §3 user metadata `is_admin`. */
  isAdmin: boolean("is_admin").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: ts("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: ts("access_token_expires_at"),
    refreshTokenExpiresAt: ts("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: ts("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** better-auth's per-IP limiter (storage "database") so limits hold across app processes. */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ── product ─────────────────────────────────────────────────────────────────
/** SPEC.md §3 Profile: id equals the user id. */
export const profiles = pgTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  lifetimeMessageCount: integer("lifetime_message_count").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** SPEC.md §3 Subscription. `status`: trialing | active | canceled | past_due | expired. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    priceId: text("price_id"),
    productId: text("product_id"),
    interval: text("interval"),
    intervalCount: integer("interval_count"),
    stripeCustomerId: text("stripe_customer_id"),
    createdAt: createdAt(),
    currentPeriodEnd: ts("current_period_end"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    trialEnd: ts("trial_end"),
  },
  (t) => [index("subscriptions_user_id_idx").on(t.userId)],
);

/** SPEC.md §3 Error log. */
export const errorLogs = pgTable(
  "error_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    message: text("message").notNull(),
    stackTrace: text("stack_trace"),
    investigated: boolean("investigated").notNull().default(false),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    source: text("source").notNull().default("server"),
    url: text("url"),
    createdAt: createdAt(),
  },
  (t) => [index("error_logs_created_at_idx").on(t.createdAt)],
);

/** SPEC.md §7 analytics events (signed_up, logged_in, …). */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    properties: jsonb("properties").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("analytics_events_name_idx").on(t.name, t.createdAt)],
);

/** Fixed-window counters for our own limits (per account sign-in, resend cooldown, error-log flood). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: ts("window_start").notNull(),
  count: integer("count").notNull(),
});

/** SPEC.md §3 Pricing entry; read by GET /api/pricing with the §9 fallback. */
export const pricing = pgTable("pricing", {
  id: text("id").primaryKey(),
  tierName: text("tier_name").notNull(),
  intervalType: text("interval_type").notNull(),
  displayPriceCents: integer("display_price_cents").notNull(),
  displayCurrency: text("display_currency").notNull().default("USD"),
  formattedPrice: text("formatted_price").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

// ── official content (issue 3) ───────────────────────────────────────────────
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
    answer: text("answer").notNull(),
    explanations: jsonb("explanations").$type<Record<string, string>>().notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
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

// ── feature tables, one file per feature (kept apart so features can be built in parallel) ──
export * from "./schema-chat";
export * from "./schema-jobs";
export * from "./schema-library";
export * from "./schema-study";
