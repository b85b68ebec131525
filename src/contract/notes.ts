/**
 * Notes, tags, note templates and case links (SPEC.md §2.3, §6; issue 5 §5; DESIGN.md §5).
 * Notes are an Unlimited / Trial feature: every route here but the case search answers a Free
 * account with 403 UPGRADE_REQUIRED (the server mounts them with `feature: "notes"`).
 * Instants are ISO strings in UTC.
 */
import { z } from "zod";
import { CASE_KINDS } from "./case-law";
import { instant } from "./instant";
import { defineRoute } from "./route";

/** Longest note or template title, in characters. */
export const MAX_NOTE_TITLE = 200;

const title = z.string().max(MAX_NOTE_TITLE, `at most ${MAX_NOTE_TITLE} characters`);
const tagNames = z.array(z.string().trim().min(1).max(40, "a tag name has at most 40 characters")).max(30);
const tagBody = z.object({
  name: z.string().trim().min(1, "a tag needs a name").max(40, "a tag name has at most 40 characters"),
});
const templateBody = z.object({
  title: z.string().trim().min(1, "a template needs a title").max(MAX_NOTE_TITLE),
  description: z.string().max(500).default(""),
  html: z.string().min(1),
});

const tagRef = z.object({ id: z.string(), name: z.string() });
const noteLink = z.object({
  kind: z.enum(CASE_KINDS),
  id: z.string(),
  title: z.string(),
  citation: z.string().nullable(),
  url: z.string(),
});
const note = z.object({
  id: z.string(),
  title: z.string(),
  html: z.string().describe("sanitized HTML"),
  version: z.number().int().describe("bumped by every save; send it back to refuse a stale save"),
  tags: z.array(tagRef),
  links: z.array(noteLink).describe("the cases the note links to that the user can see"),
  createdAt: instant,
  updatedAt: instant,
});
const noteSummary = z.object({
  id: z.string(),
  title: z.string(),
  version: z.number().int(),
  createdAt: instant,
  updatedAt: instant,
  excerpt: z.string().describe("the first 220 characters of the text"),
  snippet: z.string().nullable().describe("with `q`: escaped text, matches in <mark>…</mark>"),
  tags: z.array(tagRef),
});
const template = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  html: z.string(),
  isOfficial: z.boolean(),
});
const ok = z.object({ ok: z.literal(true) });
const noteReply = z.object({ note });
const tags = ["notes"];

export const notesApi = {
  create: defineRoute({
    method: "post",
    path: "/api/notes",
    summary: "Create a note; html is sanitized (stable).",
    tags,
    body: z.object({ title: title.default(""), html: z.string().default(""), tags: tagNames.optional() }),
    responses: { 201: noteReply },
    errors: ["PAYLOAD_TOO_LARGE"],
    stable: true,
  }),
  list: defineRoute({
    method: "get",
    path: "/api/notes",
    summary: "The user's notes (no bodies): full-text search (q), tag filter, sort.",
    tags,
    query: z.object({
      q: z.string().max(500).optional(),
      tag: z.string().max(40).optional(),
      sort: z.enum(["updated", "created", "title"]).default("updated"),
      limit: z.coerce.number().int().min(1).max(200).default(100),
      offset: z.coerce.number().int().min(0).default(0),
    }),
    responses: { 200: z.object({ notes: z.array(noteSummary), total: z.number().int() }) },
  }),
  get: defineRoute({
    method: "get",
    path: "/api/notes/:id",
    summary: "One note with its tags and case links (stable).",
    tags,
    responses: { 200: noteReply },
    errors: ["NOT_FOUND"],
    stable: true,
  }),
  update: defineRoute({
    method: "patch",
    path: "/api/notes/:id",
    summary:
      "Save a note. With `version`, a stale save is refused: 409 CONFLICT with details.note = the newer note (stable).",
    tags,
    body: z.object({
      title: title.optional(),
      html: z.string().optional(),
      tags: tagNames.optional(),
      version: z.number().int().positive().max(2_147_483_647).optional(),
    }),
    responses: { 200: noteReply },
    errors: ["NOT_FOUND", "CONFLICT", "PAYLOAD_TOO_LARGE"],
    stable: true,
  }),
  remove: defineRoute({
    method: "delete",
    path: "/api/notes/:id",
    summary: "Delete a note (restorable for 24 hours) (stable).",
    tags,
    responses: { 200: z.object({ ok: z.literal(true), restoreUntil: instant }) },
    errors: ["NOT_FOUND"],
    stable: true,
  }),
  restore: defineRoute({
    method: "post",
    path: "/api/notes/:id/restore",
    summary: "Undo a delete (within 24 hours).",
    tags,
    responses: { 200: noteReply },
    errors: ["NOT_FOUND"],
  }),
  exportMarkdown: defineRoute({
    method: "get",
    path: "/api/notes/:id/export.md",
    summary: "A note as a Markdown file (attachment).",
    tags,
    responses: { 200: { contentType: "text/markdown", description: "`# Title`, a tags line, the body" } },
    errors: ["NOT_FOUND"],
  }),
  tags: defineRoute({
    method: "get",
    path: "/api/tags",
    summary: "The user's note tags with counts of their notes.",
    tags,
    responses: {
      200: z.object({ tags: z.array(tagRef.extend({ count: z.number().int() })) }),
    },
  }),
  createTag: defineRoute({
    method: "post",
    path: "/api/tags",
    summary: "Create a tag.",
    tags,
    body: tagBody,
    responses: { 201: z.object({ tag: tagRef.extend({ count: z.number().int() }) }) },
    errors: ["CONFLICT"],
  }),
  renameTag: defineRoute({
    method: "patch",
    path: "/api/tags/:id",
    summary: "Rename a tag.",
    tags,
    body: tagBody,
    responses: { 200: z.object({ tag: tagRef }) },
    errors: ["NOT_FOUND", "CONFLICT"],
  }),
  deleteTag: defineRoute({
    method: "delete",
    path: "/api/tags/:id",
    summary: "Delete a tag (notes keep their text).",
    tags,
    responses: { 200: ok },
    errors: ["NOT_FOUND"],
  }),
  templates: defineRoute({
    method: "get",
    path: "/api/note-templates",
    summary: "Note templates: official ones and the user's own.",
    tags,
    responses: { 200: z.object({ templates: z.array(template) }) },
  }),
  createTemplate: defineRoute({
    method: "post",
    path: "/api/note-templates",
    summary: "Save your own note template (sanitized HTML).",
    tags,
    body: templateBody,
    responses: { 201: z.object({ template }) },
    errors: ["PAYLOAD_TOO_LARGE"],
  }),
  updateTemplate: defineRoute({
    method: "patch",
    path: "/api/note-templates/:id",
    summary: "Edit one of your templates.",
    tags,
    body: templateBody.partial(),
    responses: { 200: z.object({ template }) },
    errors: ["NOT_FOUND", "PAYLOAD_TOO_LARGE"],
  }),
  deleteTemplate: defineRoute({
    method: "delete",
    path: "/api/note-templates/:id",
    summary: "Delete one of your templates.",
    tags,
    responses: { 200: ok },
    errors: ["NOT_FOUND"],
  }),
  findCases: defineRoute({
    method: "get",
    path: "/api/case-links/search",
    summary: "Cases to link or collect: opinions, official briefs, your briefs (every plan).",
    tags,
    query: z.object({ q: z.string().trim().min(1).max(200) }),
    responses: {
      200: z.object({
        cases: z.array(
          z.object({
            kind: z.enum(CASE_KINDS),
            id: z.string(),
            title: z.string(),
            citation: z.string().nullable(),
            year: z.number().int().nullable(),
            url: z.string(),
          }),
        ),
      }),
    },
  }),
  backlinks: defineRoute({
    method: "get",
    path: "/api/case-links/backlinks",
    summary: "Your notes that link to a case.",
    tags,
    query: z.object({ kind: z.enum(CASE_KINDS), id: z.string().min(1).max(120) }),
    responses: {
      200: z.object({
        notes: z.array(z.object({ id: z.string(), title: z.string(), updatedAt: instant, excerpt: z.string() })),
      }),
    },
  }),
};
