/**
 * Tables for the study companion (issue 4), named as SPEC.md §3 names them:
 *  - `threads`: a saved conversation (title default 'New Conversation').
 *  - `messages`: one turn; `role` 'user' | 'assistant' ('assistant' marks received messages).
 *    Assistant rows also hold the citations, `declined`, the unverified case names and a
 *    `status`: 'complete', or 'error' when the provider failed or the student stopped the answer
 *    (`error_code` says which) — a half answer is never stored as complete.
 *  - `message_counts`: messages sent per user per calendar month (UTC), unique on
 *    (user_id, period_start) so the quota is one atomic conditional upsert.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { Citation } from "../../contract/chat";
import { DEFAULT_THREAD_TITLE } from "../../domain/threads";
import { user } from "./schema-auth";
import { createdAt, ts, updatedAt } from "./schema-columns";

export const threads = pgTable(
  "threads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(DEFAULT_THREAD_TITLE),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Keyset pages of the thread list (decision 044): (user_id, created_at, id), scanned backwards for newest first.
  (t) => [index("threads_user_created_id_idx").on(t.userId, t.createdAt, t.id)],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Insertion order: messages of a thread are listed by this, so equal timestamps never reorder a conversation. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    threadId: uuid("thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role").$type<"user" | "assistant">().notNull(),
    content: text("content").notNull(),
    citations: jsonb("citations").$type<Citation[]>().notNull().default(sql`'[]'::jsonb`),
    declined: boolean("declined").notNull().default(false),
    unverified: jsonb("unverified").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    status: text("status").$type<"complete" | "error">().notNull().default("complete"),
    errorCode: text("error_code"),
    createdAt: createdAt(),
  },
  (t) => [index("messages_thread_seq_idx").on(t.threadId, t.seq), index("messages_user_role_idx").on(t.userId, t.role)],
);

export const messageCounts = pgTable(
  "message_counts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    count: integer("count").notNull().default(0),
    periodStart: ts("period_start").notNull(),
    periodEnd: ts("period_end").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("message_counts_user_period_idx").on(t.userId, t.periodStart)],
);
