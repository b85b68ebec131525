import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, ts, updatedAt } from "./schema-columns";

// ── better-auth ──────────────────────────────────────────────────────────────
export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    /** SPEC.md §3 user metadata `is_admin`. */
    isAdmin: boolean("is_admin").notNull().default(false),
    /** Sign-in disabled by an administrator (issue 17): refused at sign-in, existing sessions ended. */
    disabledAt: ts("disabled_at"),
    /**
     * The user's last UTC day with an event (a copy of `user_activity.last_active_day`, written by
     * `track()` in the same statements; decision 075): the users list's "active in N days" filter
     * reads it from the row it already scans instead of joining `user_activity`. Null: never active.
     */
    lastActiveDay: date("last_active_day", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The admin users list (issue 17): newest first, prefix search on email and name.
    index("user_created_at_idx").on(t.createdAt),
    index("user_email_prefix_idx").on(sql`lower(${t.email}) text_pattern_ops`),
    index("user_name_prefix_idx").on(sql`lower(${t.name}) text_pattern_ops`),
    // Sort by name (decision 068: the list walks this index instead of sorting 100,000 rows).
    index("user_name_idx").on(t.name),
    // The 'disabled' filter counts a few rows, not the whole table (decision 068).
    index("user_disabled_idx").on(t.disabledAt).where(sql`${t.disabledAt} is not null`),
    // "Active in N days" (decision 075).
    index("user_last_active_day_idx").on(t.lastActiveDay),
  ],
);

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
