/**
 * Outline routes (issue 16; SPEC.md §2.3, §6; DESIGN.md §5). An Unlimited / Trial feature
 * (`outline_iq`): a Free account gets 403 UPGRADE_REQUIRED on every route here.
 *   GET    /api/outlines?q=&archived=true|false          → {outlines}                     (stable)
 *   POST   /api/outlines {title?, subject?, from?}       → 201 {outline}                  (stable)
 *   GET    /api/outlines/:id                             → {outline: {…, entries}}        (stable)
 *   PATCH  /api/outlines/:id {version, title?, subject?, archived?, ops?} → {outline} | 409 (stable)
 *   DELETE /api/outlines/:id                             → {ok, restoreUntil}             (stable)
 *   POST   /api/outlines/:id/restore                     → {outline}  (undo a delete)
 *   POST   /api/outlines/:id/duplicate                   → 201 {outline}
 *   GET    /api/outlines/:id/versions                    → {versions}  (history, newest first)
 *   POST   /api/outlines/:id/versions {label?}           → 201 {version}  (save now)
 *   GET    /api/outlines/:id/versions/:versionId         → {version: {…, entries}}
 *   POST   /api/outlines/:id/versions/:versionId/restore {version, tab?} → {outline} | 409
 * Every change (PATCH, version restore) is published on the realtime bus as `outline.updated`
 * (the user's other tabs reload the tree; decision 061).
 *   GET    /api/outlines/:id/export?format=md|docx|pdf   → the file as an attachment      (stable)
 *   GET    /api/outlines/:id/topics                      → {topics} (official topic per top-level entry)
 */
import { Hono } from "hono";
import { outlinesApi, outlineVersionsApi } from "../../../contract/outlines";
import { bodyLimit } from "../../lib/body-limit";
import type { AppEnv } from "../../lib/context";
import { nowOf } from "../../lib/http";
import { handle, withStatus } from "../../lib/route";
import { exportOutlineFile } from "./outline-export";
import { outlineOfficialTopics } from "./outline-topics.service";
import { updateOutline } from "./outline-tree.service";
import { createVersion, getVersion, listVersions, restoreVersion } from "./outline-versions.service";
import {
  createOutline,
  deleteOutline,
  duplicateOutline,
  getOutline,
  listOutlines,
  restoreOutline,
} from "./outlines.service";

/** A PATCH may carry a whole pasted outline of operations: 8 MB. */
const patchLimit = bodyLimit({
  maxBytes: 8 * 1024 * 1024,
  message: "This change is larger than 8 MB. Save it in parts.",
});

export function outlinesRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;
  const gated = { feature: "outline_iq" as const };

  handle(
    r,
    outlinesApi.list,
    async (c, { user, query }) => ({
      outlines: await listOutlines({
        db: db(c),
        userId: user.id,
        q: query.q,
        archived: query.archived === "true",
        now: nowOf(c),
      }),
    }),
    gated,
  );
  handle(
    r,
    outlinesApi.create,
    async (c, { user, body }) =>
      withStatus(201, { outline: await createOutline({ db: db(c), userId: user.id, ...body, now: nowOf(c) }) }),
    gated,
  );
  handle(
    r,
    outlinesApi.get,
    async (c, { user, params }) => ({ outline: await getOutline({ db: db(c), userId: user.id, id: params.id }) }),
    gated,
  );
  const published = async <T extends { id: string; version: number }>(
    c: { get: (k: "deps") => AppEnv["Variables"]["deps"] },
    userId: string,
    outline: T,
    tab: string | undefined,
  ) => {
    await c.get("deps").realtime.publish(userId, {
      type: "outline.updated",
      outlineId: outline.id,
      version: outline.version,
      tab: tab ?? null,
    });
    return { outline };
  };
  handle(
    r,
    outlinesApi.update,
    async (c, { user, params, body }) => {
      const { tab, ...rest } = body;
      const outline = await updateOutline({ db: db(c), userId: user.id, id: params.id, ...rest, now: nowOf(c) });
      return published(c, user.id, outline, tab);
    },
    { ...gated, middleware: [patchLimit] },
  );
  handle(
    r,
    outlineVersionsApi.list,
    async (c, { user, params }) => ({ versions: await listVersions({ db: db(c), userId: user.id, id: params.id }) }),
    gated,
  );
  handle(
    r,
    outlineVersionsApi.create,
    async (c, { user, params, body }) =>
      withStatus(201, {
        version: await createVersion({ db: db(c), userId: user.id, id: params.id, label: body.label, now: nowOf(c) }),
      }),
    gated,
  );
  handle(
    r,
    outlineVersionsApi.get,
    async (c, { user, params }) => ({
      version: await getVersion({ db: db(c), userId: user.id, id: params.id, versionId: params.versionId }),
    }),
    gated,
  );
  handle(
    r,
    outlineVersionsApi.restore,
    async (c, { user, params, body }) => {
      const outline = await restoreVersion({
        db: db(c),
        userId: user.id,
        id: params.id,
        versionId: params.versionId,
        version: body.version,
        now: nowOf(c),
      });
      return published(c, user.id, outline, body.tab);
    },
    gated,
  );
  handle(
    r,
    outlinesApi.remove,
    async (c, { user, params }) => ({
      ok: true as const,
      ...(await deleteOutline({ db: db(c), userId: user.id, id: params.id, now: nowOf(c) })),
    }),
    gated,
  );
  handle(
    r,
    outlinesApi.restore,
    async (c, { user, params }) => ({
      outline: await restoreOutline({ db: db(c), userId: user.id, id: params.id, now: nowOf(c) }),
    }),
    gated,
  );
  handle(
    r,
    outlinesApi.duplicate,
    async (c, { user, params }) =>
      withStatus(201, {
        outline: await duplicateOutline({ db: db(c), userId: user.id, id: params.id, now: nowOf(c) }),
      }),
    gated,
  );
  handle(
    r,
    outlinesApi.topics,
    async (c, { user, params }) => ({
      topics: await outlineOfficialTopics({ db: db(c), userId: user.id, id: params.id }),
    }),
    gated,
  );
  handle(
    r,
    outlinesApi.export,
    async (c, { user, params, query }) => {
      const { filename, contentType, body } = await exportOutlineFile({
        db: db(c),
        userId: user.id,
        id: params.id,
        format: query.format,
        origin: c.get("deps").appUrl,
      });
      return c.body(typeof body === "string" ? body : new Uint8Array(body), 200, {
        "content-type": contentType,
        "content-disposition": `attachment; filename="${filename.replace(/"/g, "")}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      });
    },
    gated,
  );
  return r;
}
