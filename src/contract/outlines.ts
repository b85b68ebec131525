/**
 * Outlines (issue 16; SPEC.md §1 "drag-and-drop outlines", §2.3 `/outlines/*`; DESIGN.md §5).
 * An Unlimited / Trial feature (SPEC.md §6 "outline tool", feature id `outline_iq`): every route
 * answers a Free account with 403 UPGRADE_REQUIRED. Instants are ISO strings in UTC.
 *
 * An outline is a tree of entries sent flat: each entry names its `parentId` (null at the top)
 * and a `position` among its siblings (ascending). Changes go through PATCH as a list of
 * operations applied in order, all or none, guarded by the outline's `version`.
 */
import { z } from "zod";
import { instant } from "./instant";
import { defineRoute } from "./route";

/** Longest outline title, in characters. */
export const MAX_OUTLINE_TITLE = 200;
/** Deepest entry level accepted (1 = top level). The issue asks for at least 6. */
export const MAX_OUTLINE_DEPTH = 12;
/** Most entries in one outline. */
export const MAX_OUTLINE_ENTRIES = 10_000;
/** Largest entry body, in bytes of UTF-8. */
export const MAX_ENTRY_BYTES = 64 * 1024;
/** Most operations in one PATCH. */
export const MAX_OUTLINE_OPS = 5_000;

/** What an entry may embed by reference. */
export const EMBED_KINDS = ["note", "brief", "student_brief", "topic", "provision", "card"] as const;
export type EmbedKind = (typeof EMBED_KINDS)[number];

/** What an entry is in the outline's logic (decision 061); drives the attack outline and the flowchart. */
export const OUTLINE_MARKS = ["step", "rule", "element", "exception", "trigger", "issue"] as const;
export type OutlineMark = (typeof OUTLINE_MARKS)[number];

/** Between automatic version snapshots, at least this long (ms): five minutes. */
export const OUTLINE_SNAPSHOT_GAP_MS = 5 * 60 * 1000;
/** Versions kept per outline (the oldest automatic ones go first). */
export const MAX_OUTLINE_VERSIONS = 100;

const uuid = z.string().uuid("an entry id is a UUID");
const embed = z.object({ kind: z.enum(EMBED_KINDS), id: z.string().min(1).max(200) });
const mark = z.enum(OUTLINE_MARKS).nullable();
/** An embed as the server reads it: the referenced text resolved now, for the outline's owner. */
const resolvedEmbed = embed.extend({
  title: z.string().describe("what is embedded: the note's title, the case name, the topic and part…"),
  html: z.string().describe("the live text, sanitized HTML; empty when missing"),
  href: z.string().nullable().describe("where it lives in the app"),
  missing: z.boolean().describe("true when it was deleted or is not the owner's"),
});

const entry = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  position: z.number().describe("order among siblings, ascending"),
  html: z.string().describe("sanitized HTML"),
  embed: resolvedEmbed.nullable(),
  mark: mark,
  updatedAt: instant,
});
const summary = z.object({
  id: z.string(),
  title: z.string(),
  subject: z.string().describe("course or subject label"),
  subjectId: z.string().nullable().describe("official subject it was built from"),
  version: z.number().int().describe("bumped by every change; send it back with PATCH"),
  entryCount: z.number().int(),
  archivedAt: instant.nullable(),
  createdAt: instant,
  updatedAt: instant,
});
const outline = summary.extend({ entries: z.array(entry).describe("every entry, flat; parents before children") });
const summaryReply = z.object({ outline: summary });

/** One change to the tree. `afterId` null = first among the new siblings. */
export const outlineOp = z.discriminatedUnion("op", [
  z.object({
    op: z.literal("add"),
    id: uuid,
    parentId: uuid.nullable(),
    afterId: uuid.nullable(),
    html: z.string().default(""),
    embed: embed.nullable().optional(),
    mark: mark.optional(),
  }),
  z.object({
    op: z.literal("edit"),
    id: uuid,
    html: z.string().optional(),
    embed: embed.nullable().optional(),
    mark: mark.optional(),
  }),
  z.object({ op: z.literal("move"), id: uuid, parentId: uuid.nullable(), afterId: uuid.nullable() }),
  z.object({ op: z.literal("delete"), id: uuid }),
]);
export type OutlineOp = z.input<typeof outlineOp>;

const tags = ["outlines"];

export const outlinesApi = {
  list: defineRoute({
    method: "get",
    path: "/api/outlines",
    summary: "The user's outlines (no entries), last edited first; q searches titles and subjects (stable).",
    tags,
    query: z.object({
      q: z.string().max(200).optional(),
      archived: z.enum(["true", "false"]).default("false").describe("true: only archived outlines"),
    }),
    responses: { 200: z.object({ outlines: z.array(summary) }) },
    stable: true,
  }),
  create: defineRoute({
    method: "post",
    path: "/api/outlines",
    summary:
      "Create an outline: blank; from an official subject skeleton (its topics as top-level headings); from notes (by tag or picked) and briefs, each embedded under its topic's heading; or from a pasted syllabus / table of contents (stable).",
    tags,
    body: z.object({
      title: z.string().max(MAX_OUTLINE_TITLE).default(""),
      subject: z.string().max(120).default(""),
      from: z
        .discriminatedUnion("kind", [
          z.object({ kind: z.literal("blank") }),
          z.object({ kind: z.literal("subject"), subjectId: z.string().min(1).max(100) }),
          z
            .object({
              kind: z.literal("notes"),
              subjectId: z.string().min(1).max(100).optional().describe("also lay out this subject's skeleton"),
              tagIds: z.array(z.string().uuid()).max(50).default([]).describe("notes with any of these tags"),
              noteIds: z.array(z.string().uuid()).max(500).default([]).describe("notes picked one by one"),
              briefs: z
                .array(z.object({ kind: z.enum(["brief", "student_brief"]), id: z.string().min(1).max(200) }))
                .max(500)
                .default([]),
            })
            .describe("notes and briefs referenced (not copied) under the heading of their topic"),
          z.object({
            kind: z.literal("syllabus"),
            text: z.string().min(1).max(200_000).describe("a pasted syllabus or table of contents"),
          }),
        ])
        .default({ kind: "blank" }),
    }),
    responses: { 201: summaryReply },
    errors: ["NOT_FOUND"],
    stable: true,
  }),
  get: defineRoute({
    method: "get",
    path: "/api/outlines/:id",
    summary: "One outline with its whole tree (stable).",
    tags,
    responses: { 200: z.object({ outline }) },
    errors: ["NOT_FOUND"],
    stable: true,
  }),
  update: defineRoute({
    method: "patch",
    path: "/api/outlines/:id",
    summary:
      "Change an outline: title, subject, archive/restore, and tree operations (add, edit, move subtree, delete subtree), all or none. A stale `version` is refused with 409 CONFLICT, details.version = the current one; a move into its own subtree is 400 (stable).",
    tags,
    body: z.object({
      version: z.number().int().positive().max(2_147_483_647),
      title: z.string().max(MAX_OUTLINE_TITLE).optional(),
      subject: z.string().max(120).optional(),
      archived: z.boolean().optional(),
      ops: z.array(outlineOp).max(MAX_OUTLINE_OPS).default([]),
      tab: z.string().max(64).optional().describe("the sending tab's id, echoed in the realtime event"),
    }),
    responses: { 200: summaryReply },
    errors: ["NOT_FOUND", "CONFLICT", "VALIDATION_FAILED", "PAYLOAD_TOO_LARGE"],
    stable: true,
  }),
  remove: defineRoute({
    method: "delete",
    path: "/api/outlines/:id",
    summary: "Delete an outline (restorable for 24 hours with POST …/restore) (stable).",
    tags,
    responses: { 200: z.object({ ok: z.literal(true), restoreUntil: instant }) },
    errors: ["NOT_FOUND"],
    stable: true,
  }),
  restore: defineRoute({
    method: "post",
    path: "/api/outlines/:id/restore",
    summary: "Undo a delete (within 24 hours).",
    tags,
    responses: { 200: summaryReply },
    errors: ["NOT_FOUND"],
  }),
  duplicate: defineRoute({
    method: "post",
    path: "/api/outlines/:id/duplicate",
    summary: "Copy an outline and its whole tree; the copy is titled '… (copy)'.",
    tags,
    responses: { 201: summaryReply },
    errors: ["NOT_FOUND"],
  }),
  topics: defineRoute({
    method: "get",
    path: "/api/outlines/:id/topics",
    summary:
      "The official topic each top-level entry is about (its embedded topic, or its words matched to a topic title of the outline's subject, abbreviations such as IIED written out), with the official rule, elements and exceptions: the attack outline shows them where the student has none.",
    tags,
    responses: {
      200: z.object({
        topics: z.array(
          z.object({
            entryId: z.string(),
            topicId: z.string(),
            title: z.string(),
            rule: z.string(),
            elements: z.array(z.string()),
            exceptions: z.array(z.string()),
            href: z.string().describe("the topic's page"),
          }),
        ),
      }),
    },
    errors: ["NOT_FOUND"],
  }),
  export: defineRoute({
    method: "get",
    path: "/api/outlines/:id/export",
    summary:
      "Download an outline: md (nested list numbered I. A. 1. a. (i)), docx (Word heading styles and multi-level numbering I. A. 1. a. (i) (a)) or pdf (index page with page numbers, thumb tab per top-level section) (stable).",
    tags,
    query: z.object({ format: z.enum(["docx", "pdf", "md"]).default("md") }),
    responses: {
      200: {
        contentType: "text/markdown",
        description:
          "md: `# Title`, then the tree as a nested list; docx: application/vnd.openxmlformats-officedocument.wordprocessingml.document; pdf: application/pdf",
      },
    },
    errors: ["NOT_FOUND", "VALIDATION_FAILED"],
    stable: true,
  }),
};

const versionSummary = z.object({
  id: z.string(),
  number: z.number().int(),
  reason: z.enum(["auto", "manual", "restore"]).describe("restore: the state just before a restore"),
  label: z.string(),
  title: z.string(),
  entryCount: z.number().int(),
  createdAt: instant,
});
const versionEntry = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  position: z.number(),
  html: z.string(),
  embed: embed.nullable(),
  mark: mark,
});

/** Version history (issue 16 §6, decision 061). */
export const outlineVersionsApi = {
  list: defineRoute({
    method: "get",
    path: "/api/outlines/:id/versions",
    summary: "The outline's saved versions, newest first (no entries).",
    tags,
    responses: { 200: z.object({ versions: z.array(versionSummary) }) },
    errors: ["NOT_FOUND"],
  }),
  create: defineRoute({
    method: "post",
    path: "/api/outlines/:id/versions",
    summary: "Save the outline as it is now as a version, on demand.",
    tags,
    body: z.object({ label: z.string().max(120).default("") }),
    responses: { 201: z.object({ version: versionSummary }) },
    errors: ["NOT_FOUND"],
  }),
  get: defineRoute({
    method: "get",
    path: "/api/outlines/:id/versions/:versionId",
    summary: "One saved version with its whole tree, flat (for the side-by-side view).",
    tags,
    responses: { 200: z.object({ version: versionSummary.extend({ entries: z.array(versionEntry) }) }) },
    errors: ["NOT_FOUND"],
  }),
  restore: defineRoute({
    method: "post",
    path: "/api/outlines/:id/versions/:versionId/restore",
    summary:
      "Make a saved version the current outline, as a new version: the present state is saved first (reason restore), nothing is lost. Guarded by `version` like PATCH (409 CONFLICT).",
    tags,
    body: z.object({ version: z.number().int().positive().max(2_147_483_647), tab: z.string().max(64).optional() }),
    responses: { 200: summaryReply },
    errors: ["NOT_FOUND", "CONFLICT"],
  }),
};
/** An outline without its entries (for other contract files, e.g. the import route). */
export const outlineSummarySchema = summary;
