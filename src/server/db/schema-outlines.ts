/**
 * Outlines (issue 16, SPEC.md §1 "drag-and-drop outlines", §2.3 `/outlines/*`): a student's
 * outline and its tree of entries. Every row belongs to one user through `outlines.user_id`;
 * every query filters on it (another user's outline is a 404).
 *
 * The tree is an adjacency list: `parent_id` (null at the top level) and a fractional `position`
 * among siblings (double precision; a move or insert takes the midpoint of its neighbours, and a
 * parent's children are renumbered 1, 2, 3… when two neighbours get closer than 1e-9). Moving a
 * subtree rewrites one row: its root's parent and position.
 */
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./schema-auth";
import { createdAt, ts, updatedAt } from "./schema-columns";

export const outlines = pgTable(
  "outlines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** Course or subject label the student files it under ("Torts", "Civ Pro — Prof. Lee"). */
    subject: text("subject").notNull().default(""),
    /** Official subject id the outline was built from, when it was (`torts`). */
    subjectId: text("subject_id"),
    /** Bumped by every change; a change naming an older version is refused (409). */
    version: integer("version").notNull().default(1),
    entryCount: integer("entry_count").notNull().default(0),
    archivedAt: ts("archived_at"),
    /** Deleted outlines can be restored for 24 hours (undo), then are purged. */
    deletedAt: ts("deleted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("outlines_user_idx").on(t.userId, t.updatedAt)],
);

export const outlineEntries = pgTable(
  "outline_entries",
  {
    /**
     * Chosen by the client (a UUID) so an editor can refer to an entry before the save returns;
     * unique within its outline (the key is outline_id + id, so no id can collide across users).
     */
    id: uuid("id").notNull(),
    outlineId: uuid("outline_id")
      .notNull()
      .references(() => outlines.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id"),
    position: doublePrecision("position").notNull(),
    /** Sanitized HTML (src/server/lib/sanitize.ts, the notes sanitizer). */
    html: text("html").notNull().default(""),
    text: text("text").notNull().default(""),
    /** Embed by reference: note | brief | student_brief | topic | provision | card. */
    embedKind: text("embed_kind"),
    embedId: text("embed_id"),
    /**
     * What the entry is in the outline's logic (decision 061): step (a flowchart step), rule,
     * element, exception, trigger (trigger facts) or issue; null = an ordinary entry.
     */
    mark: text("mark"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.outlineId, t.id] }),
    index("outline_entries_outline_idx").on(t.outlineId, t.parentId, t.position),
  ],
);

/** One entry as a version snapshot stores it (decision 061). */
export interface OutlineSnapshotEntry {
  id: string;
  parentId: string | null;
  position: number;
  html: string;
  embedKind: string | null;
  embedId: string | null;
  mark: string | null;
}

/**
 * Version history (issue 16 §6, decision 061): the whole tree as it was, taken automatically
 * before the first change after a quiet spell (at most one per OUTLINE_SNAPSHOT_GAP_MS), on
 * demand, and before a restore. `number` counts up per outline from 1.
 */
export const outlineVersions = pgTable(
  "outline_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    outlineId: uuid("outline_id")
      .notNull()
      .references(() => outlines.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    /** auto | manual | restore (the state just before a restore) */
    reason: text("reason").notNull(),
    label: text("label").notNull().default(""),
    title: text("title").notNull(),
    entryCount: integer("entry_count").notNull(),
    entries: jsonb("entries").$type<OutlineSnapshotEntry[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("outline_versions_outline_idx").on(t.outlineId, t.number)],
);
