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
import { notesApi } from "../../../contract/notes";
import { bodyLimit } from "../../lib/body-limit";
import type { AppEnv } from "../../lib/context";
import { nowOf } from "../../lib/http";
import { handle, withStatus } from "../../lib/route";
import { track } from "../analytics/analytics.service";
import { findCases } from "./case-links.service";
import "./companion-sources";
import {
  createNote,
  deleteNote,
  exportNoteMarkdown,
  getNote,
  listBacklinks,
  listNotes,
  NOTE_TOO_LARGE,
  restoreNote,
  updateNote,
} from "./notes.service";
import { createTag, deleteTag, listTags, renameTag } from "./tags.service";
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from "./templates.service";

/**
 * JSON bodies of note routes: a little over the 1 MB note limit (room for the JSON around the
 * HTML), so the 413 names the note rule (decision 042).
 */
const noteBodyLimit = bodyLimit({ maxBytes: 1024 * 1024 + 64 * 1024, message: NOTE_TOO_LARGE });

export function notesRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;
  const gated = { feature: "notes" as const };
  const limited = { ...gated, middleware: [noteBodyLimit] };

  handle(
    r,
    notesApi.create,
    async (c, { user, body }) =>
      withStatus(201, { note: await createNote({ db: db(c), userId: user.id, ...body, now: nowOf(c) }) }),
    limited,
  );

  handle(
    r,
    notesApi.list,
    async (c, { user, query: q }) => {
      if (q.q?.trim())
        await track({
          db: db(c),
          name: "search",
          userId: user.id,
          properties: { area: "notes", q: q.q.slice(0, 200) },
        });
      if (q.tag)
        await track({ db: db(c), name: "filter_applied", userId: user.id, properties: { area: "notes", tag: q.tag } });
      return listNotes({ db: db(c), userId: user.id, ...q, now: nowOf(c) });
    },
    gated,
  );

  handle(
    r,
    notesApi.get,
    async (c, { user, params }) => ({ note: await getNote({ db: db(c), userId: user.id, id: params.id }) }),
    gated,
  );

  handle(
    r,
    notesApi.update,
    async (c, { user, params, body }) => ({
      note: await updateNote({ db: db(c), userId: user.id, id: params.id, ...body, now: nowOf(c) }),
    }),
    limited,
  );

  handle(
    r,
    notesApi.remove,
    async (c, { user, params }) => ({
      ok: true as const,
      ...(await deleteNote({ db: db(c), userId: user.id, id: params.id, now: nowOf(c) })),
    }),
    gated,
  );

  handle(
    r,
    notesApi.restore,
    async (c, { user, params }) => ({
      note: await restoreNote({ db: db(c), userId: user.id, id: params.id, now: nowOf(c) }),
    }),
    gated,
  );

  handle(
    r,
    notesApi.exportMarkdown,
    async (c, { user, params }) => {
      const { filename, markdown } = await exportNoteMarkdown({
        db: db(c),
        userId: user.id,
        id: params.id,
        origin: c.get("deps").appUrl,
      });
      return c.body(markdown, 200, {
        "content-type": "text/markdown; charset=utf-8",
        "content-disposition": `attachment; filename="${filename.replace(/"/g, "")}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      });
    },
    gated,
  );

  handle(r, notesApi.tags, async (c, { user }) => ({ tags: await listTags({ db: db(c), userId: user.id }) }), gated);
  handle(
    r,
    notesApi.createTag,
    async (c, { user, body }) =>
      withStatus(201, { tag: await createTag({ db: db(c), userId: user.id, name: body.name }) }),
    gated,
  );
  handle(
    r,
    notesApi.renameTag,
    async (c, { user, params, body }) => ({
      tag: await renameTag({ db: db(c), userId: user.id, id: params.id, name: body.name }),
    }),
    gated,
  );
  handle(
    r,
    notesApi.deleteTag,
    async (c, { user, params }) => {
      await deleteTag({ db: db(c), userId: user.id, id: params.id });
      return { ok: true as const };
    },
    gated,
  );

  handle(
    r,
    notesApi.templates,
    async (c, { user }) => ({ templates: await listTemplates({ db: db(c), userId: user.id }) }),
    gated,
  );
  handle(
    r,
    notesApi.createTemplate,
    async (c, { user, body }) =>
      withStatus(201, { template: await createTemplate({ db: db(c), userId: user.id, template: body }) }),
    limited,
  );
  handle(
    r,
    notesApi.updateTemplate,
    async (c, { user, params, body }) => ({
      template: await updateTemplate({ db: db(c), userId: user.id, id: params.id, changes: body }),
    }),
    limited,
  );
  handle(
    r,
    notesApi.deleteTemplate,
    async (c, { user, params }) => {
      await deleteTemplate({ db: db(c), userId: user.id, id: params.id });
      return { ok: true as const };
    },
    gated,
  );

  // Every plan: the case picker serves collections too.
  handle(r, notesApi.findCases, async (c, { user, query }) => ({
    cases: await findCases({ db: db(c), userId: user.id, q: query.q }),
  }));
  handle(
    r,
    notesApi.backlinks,
    async (c, { user, query }) => ({
      notes: await listBacklinks({ db: db(c), userId: user.id, kind: query.kind, targetId: query.id }),
    }),
    gated,
  );

  return r;
}
