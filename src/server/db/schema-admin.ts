import { boolean, index, inet, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./schema-columns";
import { user } from "./schema-auth";

/**
 * Admin audit log (issue 17 §3): one row per admin action, append-only (the app has no route that
 * edits or deletes a row). `actor_email` and `target_label` are copied so a row still reads after
 * the account is deleted; `before`/`after` hold the changed fields as JSON.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    targetLabel: text("target_label"),
    reason: text("reason").notNull(),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
    ip: inet("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_audit_log_created_at_idx").on(t.createdAt),
    index("admin_audit_log_target_idx").on(t.targetId, t.createdAt),
    index("admin_audit_log_action_idx").on(t.action, t.createdAt),
  ],
);

/** Site settings edited on /admin/settings (issue 17 §2): one row per key, JSON value. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: updatedAt(),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
});

/**
 * Admin edits of official content (issue 17 §2 flashcards page, decision 067): one row per edited
 * or retired official flashcard (`kind` "flashcard") or practice question (`kind` "question").
 * `fields` holds the edited columns (camelCase, as in the content tables); `retired` hides the
 * item from students. The boot seed re-applies every row after it upserts the content files, so
 * an edit outlives a content change until an admin reverts it; `content:check --db` lists them.
 */
export const contentOverrides = pgTable(
  "content_overrides",
  {
    kind: text("kind").notNull(),
    itemId: text("item_id").notNull(),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
    retired: boolean("retired").notNull().default(false),
    reason: text("reason").notNull(),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemId] })],
);
