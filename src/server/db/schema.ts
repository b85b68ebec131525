/**
 * Database schema (drizzle, PostgreSQL 15 features only so PGlite and PostgreSQL agree).
 * Table and column names follow SPEC.md §3; better-auth's tables are `user`, `session`,
 * `account`, `verification`. Timestamps are timestamptz (UTC); money is integer cents.
 *
 * This file is the barrel: one file per feature, each importing only `schema-auth` (and
 * `schema-columns`), so no schema file imports this one and there is no import circle.
 */
export * from "./schema-account";
export * from "./schema-admin";
export * from "./schema-analytics";
export * from "./schema-auth";
export * from "./schema-billing";
export * from "./schema-chat";
export * from "./schema-content";
export * from "./schema-courses";
export * from "./schema-jobs";
export * from "./schema-library";
export * from "./schema-outlines";
export * from "./schema-study";
export * from "./schema-outline-analyses";
export * from "./schema-admin-ops";
export * from "./schema-nextgen";
