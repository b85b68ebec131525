import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, ts, updatedAt } from "./schema-columns";
import { user } from "./schema-auth";

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
  (t) => [
    index("analytics_events_name_idx").on(t.name, t.createdAt),
    // Retention pruning (ANALYTICS_RETENTION_DAYS) deletes by age.
    index("analytics_events_created_at_idx").on(t.createdAt),
    // The dashboard's "active 24 h" (users with a non-visit event since a timestamp) as an
    // index-only range scan: only the rows it counts, with the user id (decision 075).
    index("analytics_events_user_recent_idx")
      .on(t.createdAt, t.userId)
      .where(sql`${t.userId} is not null and ${t.name} <> 'visit'`),
  ],
);

/** Fixed-window counters for our own limits (per account sign-in, resend cooldown, error-log flood). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: ts("window_start").notNull(),
  count: integer("count").notNull(),
});
