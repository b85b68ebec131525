/**
 * Operator pages of the admin console (issue 17 §2, second half; decision 065):
 *  - `companion_settings`: the one stored LLM configuration (row id "default"); `api_key_enc` is
 *    AES-256-GCM under a key derived from AUTH_SECRET (src/server/ai/llm/settings.ts), never plaintext.
 *  - `companion_prompts`: versioned system prompts; the row with `active` drives the model path.
 *  - `companion_calls`: one row per model call (latency ms, ok or its LLM_* error code).
 *  - `message_feedback`: a student's thumb (+1 / −1) on a companion answer, one per message and user.
 *  - `error_groups`: the investigated flag and note of an error-log fingerprint (message + top frame).
 *  - `csp_reports`: Content-Security-Policy violation reports, each with an investigated flag and note.
 *  - `security_events`: failed and rate-limited sign-ins and admin sign-ins, with address and email.
 */
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./schema-auth";
import { createdAt, ts, updatedAt } from "./schema-columns";

export const companionSettings = pgTable("companion_settings", {
  id: text("id").primaryKey(),
  provider: text("provider").$type<"none" | "openai-compatible" | "anthropic">().notNull(),
  model: text("model"),
  baseUrl: text("base_url"),
  /** base64 of iv(12) ‖ tag(16) ‖ ciphertext; null: no key stored. */
  apiKeyEnc: text("api_key_enc"),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

export const companionPrompts = pgTable("companion_prompts", {
  id: uuid("id").primaryKey().defaultRandom(),
  version: integer("version").notNull().unique(),
  content: text("content").notNull(),
  active: boolean("active").notNull().default(false),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

export const companionCalls = pgTable(
  "companion_calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    model: text("model"),
    /** Wall time of the call, ms. */
    latencyMs: integer("latency_ms").notNull(),
    ok: boolean("ok").notNull(),
    errorCode: text("error_code"),
    createdAt: createdAt(),
  },
  (t) => [index("companion_calls_created_idx").on(t.createdAt)],
);

export const messageFeedback = pgTable(
  "message_feedback",
  {
    messageId: uuid("message_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** +1 thumbs up, −1 thumbs down. */
    thumb: smallint("thumb").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index("message_feedback_created_idx").on(t.createdAt)],
);

export const errorGroups = pgTable("error_groups", {
  fingerprint: text("fingerprint").primaryKey(),
  investigated: boolean("investigated").notNull().default(false),
  note: text("note"),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

export const cspReports = pgTable(
  "csp_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    documentUri: text("document_uri"),
    violatedDirective: text("violated_directive"),
    blockedUri: text("blocked_uri"),
    sourceFile: text("source_file"),
    lineNumber: integer("line_number"),
    raw: jsonb("raw").$type<unknown>().notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    investigated: boolean("investigated").notNull().default(false),
    note: text("note"),
    investigatedAt: ts("investigated_at"),
    createdAt: createdAt(),
  },
  (t) => [index("csp_reports_created_idx").on(t.createdAt)],
);

/** Sign-in events the security page charts: failed_sign_in, rate_limited, admin_login (auth-handler.ts). */
export const securityEvents = pgTable(
  "security_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<"failed_sign_in" | "rate_limited" | "admin_login">().notNull(),
    email: text("email"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("security_events_kind_created_idx").on(t.kind, t.createdAt)],
);
