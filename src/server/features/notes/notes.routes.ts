/**
 * Notes routes (SPEC.md §2.3, §6; issue 5 §5; DESIGN.md §5). Notes are an Unlimited / Trial
 * feature: a Free account gets 403 UPGRADE_REQUIRED on every route here.
 *   POST   /api/notes {title, html, tags?}                 → 201 {note}                  (stable)
 *   GET    /api/notes?q=&tag=&sort=updated|created|title    → {notes, total}
 *   GET    /api/notes/:id                                   → {note}                      (stable)
 *   PATCH  /api/notes/:id {title?, html?, tags?, version?}  → {note} | 409 {details.note} (stable)
 *   DELETE /api/notes/:id                                   → {ok, restoreUntil}          (stable)
 *   POST   /api/notes/:id/restore                           → {note}  (undo a delete)
 *   GET    /api/notes/:id/export.md                         → text/markdown attachment
 *   GET/POST /api/tags, PATCH/DELETE /api/tags/:id           tags (create, rename, delete)
 *   GET/POST /api/note-templates, PATCH/DELETE /api/note-templates/:id   official + own templates
 *   GET    /api/case-links/search?q=                        cases to mention in a note
 *   GET    /api/case-links/backlinks?kind=&id=              the user's notes linking to a case
 */
import { Hono } from "hono";
import { z } from "zod";
import { bodyLimit } from "../../lib/body-limit";
import type { AppEnv } from "../../lib/context";
import { nowOf, parseBody, parseQuery, requireFeature, requireUser } from "../../lib/http";
import { documentRoute } from "../../lib/openapi";
import { track } from "../analytics/analytics.service";
import { findCases } from "./case-links.service";
import "./companion-sources";
import {
  backlinks,
  createNote,
  deleteNote,
  exportNoteMarkdown,
  getNote,
  listNotes,
  MAX_TITLE,
  NOTE_TOO_LARGE,
  restoreNote,
  updateNote,
} from "./notes.service";
import { createTag, deleteTag, listTags, renameTag } from "./tags.service";
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from "./templates.service";

const title = z.string().max(MAX_TITLE, `at most ${MAX_TITLE} characters`);
const tagNames = z.array(z.string().trim().min(1).max(40, "a tag name has at most 40 characters")).max(30);
const createBody = z.object({ title: title.default(""), html: z.string().default(""), tags: tagNames.optional() });
const patchBody = z.object({
  title: title.optional(),
  html: z.string().optional(),
  tags: tagNames.optional(),
  version: z.number().int().positive().optional(),
});
const listQuery = z.object({
  q: z.string().max(500).optional(),
  tag: z.string().max(40).optional(),
  sort: z.enum(["updated", "created", "title"]).default("updated"),
  limit: z.coerce.number().int().min(1).max(200).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
const tagBody = z.object({
  name: z.string().trim().min(1, "a tag needs a name").max(40, "a tag name has at most 40 characters"),
});
const templateBody = z.object({
  title: z.string().trim().min(1, "a template needs a title").max(MAX_TITLE),
  description: z.string().max(500).default(""),
  html: z.string().min(1),
});
const templatePatch = templateBody.partial();
const backlinkQuery = z.object({ kind: z.enum(["opinion", "brief", "student_brief"]), id: z.string().min(1).max(120) });

const noteSchema = z.object({
  id: z.string(),
  title: z.string(),
  html: z.string(),
  version: z.number(),
  tags: z.array(z.object({ id: z.string(), name: z.string() })),
  links: z.array(
    z.object({ kind: z.string(), id: z.string(), title: z.string(), citation: z.string().nullable(), url: z.string() }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/**
 * JSON bodies of note routes: a little over the 1 MB note limit (room for the JSON around the
 * HTML), so the 413 names the note rule (decision 042).
 */
const noteBodyLimit = bodyLimit({ maxBytes: 1024 * 1024 + 64 * 1024, message: NOTE_TOO_LARGE });

export function notesRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;
  const tags = ["notes"];
  const gated = { 403: { description: "UPGRADE_REQUIRED: notes are part of Unlimited and Trial" } };

  documentRoute({
    method: "post",
    path: "/api/notes",
    summary: "Create a note; html is sanitized (stable).",
    tags,
    auth: true,
    body: createBody,
    responses: {
      201: { description: "{note}", schema: z.object({ note: noteSchema }) },
      413: { description: "body over 1 MB" },
      ...gated,
    },
  });
  r.post("/notes", noteBodyLimit, async (c) => {
    const user = await requireFeature(c, "notes");
    const b = await parseBody(c, createBody);
    return c.json({ note: await createNote({ db: db(c), userId: user.id, ...b, now: nowOf(c) }) }, 201);
  });

  documentRoute({
    method: "get",
    path: "/api/notes",
    summary: "The user's notes: full-text search (q), tag filter, sort.",
    tags,
    auth: true,
    query: listQuery,
    responses: { 200: { description: "{notes, total}" }, ...gated },
  });
  r.get("/notes", async (c) => {
    const user = await requireFeature(c, "notes");
    const q = parseQuery(c, listQuery);
    if (q.q?.trim()) await track(db(c), "search", user.id, { area: "notes", q: q.q.slice(0, 200) });
    if (q.tag) await track(db(c), "filter_applied", user.id, { area: "notes", tag: q.tag });
    return c.json(await listNotes({ db: db(c), userId: user.id, ...q, now: nowOf(c) }));
  });

  documentRoute({
    method: "get",
    path: "/api/notes/:id",
    summary: "One note with its tags and case links (stable).",
    tags,
    auth: true,
    responses: {
      200: { description: "{note}", schema: z.object({ note: noteSchema }) },
      404: { description: "no such note" },
      ...gated,
    },
  });
  r.get("/notes/:id", async (c) => {
    const user = await requireFeature(c, "notes");
    return c.json({ note: await getNote(db(c), user.id, c.req.param("id")) });
  });

  documentRoute({
    method: "patch",
    path: "/api/notes/:id",
    summary:
      "Save a note. With `version`, a stale save is refused: 409 CONFLICT with details.note = the newer note (stable).",
    tags,
    auth: true,
    body: patchBody,
    responses: {
      200: { description: "{note}" },
      404: { description: "no such note" },
      409: { description: "stale version" },
      413: { description: "body over 1 MB" },
      ...gated,
    },
  });
  r.patch("/notes/:id", noteBodyLimit, async (c) => {
    const user = await requireFeature(c, "notes");
    const b = await parseBody(c, patchBody);
    return c.json({
      note: await updateNote({ db: db(c), userId: user.id, id: c.req.param("id"), ...b, now: nowOf(c) }),
    });
  });

  documentRoute({
    method: "delete",
    path: "/api/notes/:id",
    summary: "Delete a note (restorable for 24 hours) (stable).",
    tags,
    auth: true,
    responses: { 200: { description: "{ok, restoreUntil}" }, 404: { description: "no such note" }, ...gated },
  });
  r.delete("/notes/:id", async (c) => {
    const user = await requireFeature(c, "notes");
    return c.json({ ok: true, ...(await deleteNote(db(c), user.id, c.req.param("id"), nowOf(c))) });
  });

  documentRoute({
    method: "post",
    path: "/api/notes/:id/restore",
    summary: "Undo a delete (within 24 hours).",
    tags,
    auth: true,
    responses: { 200: { description: "{note}" }, 404: { description: "not deleted, or too late" }, ...gated },
  });
  r.post("/notes/:id/restore", async (c) => {
    const user = await requireFeature(c, "notes");
    return c.json({ note: await restoreNote(db(c), user.id, c.req.param("id"), nowOf(c)) });
  });

  documentRoute({
    method: "get",
    path: "/api/notes/:id/export.md",
    summary: "A note as a Markdown file.",
    tags,
    auth: true,
    responses: { 200: { description: "text/markdown" }, 404: { description: "no such note" }, ...gated },
  });
  r.get("/notes/:id/export.md", async (c) => {
    const user = await requireFeature(c, "notes");
    const { filename, markdown } = await exportNoteMarkdown(db(c), user.id, c.req.param("id"), c.get("deps").appUrl);
    return c.body(markdown, 200, {
      "content-type": "text/markdown; charset=utf-8",
      "content-disposition": `attachment; filename="${filename.replace(/"/g, "")}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    });
  });

  documentRoute({
    method: "get",
    path: "/api/tags",
    summary: "The user's note tags with counts.",
    tags,
    auth: true,
    responses: { 200: { description: "{tags}" }, ...gated },
  });
  r.get("/tags", async (c) => {
    const user = await requireFeature(c, "notes");
    return c.json({ tags: await listTags(db(c), user.id) });
  });
  documentRoute({
    method: "post",
    path: "/api/tags",
    summary: "Create a tag.",
    tags,
    auth: true,
    body: tagBody,
    responses: { 201: { description: "{tag}" }, 409: { description: "a tag with that name exists" }, ...gated },
  });
  r.post("/tags", async (c) => {
    const user = await requireFeature(c, "notes");
    const b = await parseBody(c, tagBody);
    return c.json({ tag: await createTag(db(c), user.id, b.name) }, 201);
  });
  documentRoute({
    method: "patch",
    path: "/api/tags/:id",
    summary: "Rename a tag.",
    tags,
    auth: true,
    body: tagBody,
    responses: {
      200: { description: "{tag}" },
      404: { description: "no such tag" },
      409: { description: "a tag with that name exists" },
      ...gated,
    },
  });
  r.patch("/tags/:id", async (c) => {
    const user = await requireFeature(c, "notes");
    const b = await parseBody(c, tagBody);
    return c.json({ tag: await renameTag(db(c), user.id, c.req.param("id"), b.name) });
  });
  documentRoute({
    method: "delete",
    path: "/api/tags/:id",
    summary: "Delete a tag (notes keep their text).",
    tags,
    auth: true,
    responses: { 200: { description: "ok" }, 404: { description: "no such tag" }, ...gated },
  });
  r.delete("/tags/:id", async (c) => {
    const user = await requireFeature(c, "notes");
    await deleteTag(db(c), user.id, c.req.param("id"));
    return c.json({ ok: true });
  });

  documentRoute({
    method: "get",
    path: "/api/note-templates",
    summary: "Note templates: official ones and the user's own.",
    tags,
    auth: true,
    responses: { 200: { description: "{templates}" }, ...gated },
  });
  r.get("/note-templates", async (c) => {
    const user = await requireFeature(c, "notes");
    return c.json({ templates: await listTemplates(db(c), user.id) });
  });
  documentRoute({
    method: "post",
    path: "/api/note-templates",
    summary: "Save your own note template (sanitized HTML).",
    tags,
    auth: true,
    body: templateBody,
    responses: { 201: { description: "{template}" }, ...gated },
  });
  r.post("/note-templates", noteBodyLimit, async (c) => {
    const user = await requireFeature(c, "notes");
    const b = await parseBody(c, templateBody);
    return c.json({ template: await createTemplate(db(c), user.id, b) }, 201);
  });
  documentRoute({
    method: "patch",
    path: "/api/note-templates/:id",
    summary: "Edit one of your templates.",
    tags,
    auth: true,
    body: templatePatch,
    responses: { 200: { description: "{template}" }, 404: { description: "not yours or no such template" }, ...gated },
  });
  r.patch("/note-templates/:id", noteBodyLimit, async (c) => {
    const user = await requireFeature(c, "notes");
    const b = await parseBody(c, templatePatch);
    return c.json({ template: await updateTemplate(db(c), user.id, c.req.param("id"), b) });
  });
  documentRoute({
    method: "delete",
    path: "/api/note-templates/:id",
    summary: "Delete one of your templates.",
    tags,
    auth: true,
    responses: { 200: { description: "ok" }, 404: { description: "not yours or no such template" }, ...gated },
  });
  r.delete("/note-templates/:id", async (c) => {
    const user = await requireFeature(c, "notes");
    await deleteTemplate(db(c), user.id, c.req.param("id"));
    return c.json({ ok: true });
  });

  documentRoute({
    method: "get",
    path: "/api/case-links/search",
    summary: "Cases to link or collect: opinions, official briefs, your briefs (every plan).",
    tags,
    auth: true,
    query: z.object({ q: z.string() }),
    responses: { 200: { description: "{cases}" } },
  });
  r.get("/case-links/search", async (c) => {
    const user = requireUser(c);
    const { q } = parseQuery(c, z.object({ q: z.string().trim().min(1).max(200) }));
    return c.json({ cases: await findCases(db(c), user.id, q) });
  });
  documentRoute({
    method: "get",
    path: "/api/case-links/backlinks",
    summary: "Your notes that link to a case.",
    tags,
    auth: true,
    query: backlinkQuery,
    responses: { 200: { description: "{notes}" }, ...gated },
  });
  r.get("/case-links/backlinks", async (c) => {
    const user = await requireFeature(c, "notes");
    const q = parseQuery(c, backlinkQuery);
    return c.json({ notes: await backlinks(db(c), user.id, q.kind, q.id) });
  });

  return r;
}
