/**
 * Case-law routes (issue 5 §1–§3, DESIGN.md §5). All need a signed-in user; opinions are the
 * shared library plus the user's own uploads (another user's upload answers 404).
 *   GET    /api/case-law/search?q=&limit=&offset=&court=&yearFrom=&yearTo=&subject=&sort=
 *          → {results:[{id,name,citation,court,year,snippet,score,…}], total, anyWords}  (stable)
 *   GET    /api/case-law?court=&yearFrom=&yearTo=&subject=&sort=name|date&limit=&offset=  browse
 *   GET    /api/case-law/facets          courts, year range, subjects (filter controls)
 *   GET    /api/case-law/:id             one opinion (Markdown body) + official brief + own briefs
 *   DELETE /api/case-law/:id             own upload (library opinions: administrators)
 *   POST   /api/case-law/import          multipart `files` (≤ 20 MB each), `subject`, `scope=library` + `reason` (admins, audited)
 *                                        → 202 {jobId}; follow GET /api/jobs/:id, whose result is the import report
 */
import { Hono } from "hono";
import { caseLawApi } from "../../../contract/case-law";
import { bodyLimit } from "../../lib/body-limit";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { nowOf } from "../../lib/http";
import { handle, withStatus } from "../../lib/route";
import { actorOf, recordAdminAction } from "../admin/audit.service";
import { track } from "../analytics/analytics.service";
import { importFromCourtListener, searchCourtListener } from "./courtlistener";
import { MAX_IMPORT_FILE_BYTES } from "./import.service";
import { deleteOpinion, getOpinion, listOpinions, opinionFacets, opinionForBrief } from "./opinions.service";
import { searchOpinions } from "./search.service";
import { receiveUpload, startUploadImport } from "./upload.service";

/** Total request size for an upload: up to 20 files at the per-file limit (400 MB; decision 042). */
const MAX_UPLOAD_REQUEST = 20 * MAX_IMPORT_FILE_BYTES;
const uploadLimit = bodyLimit({
  maxBytes: MAX_UPLOAD_REQUEST,
  hint: "Send up to 20 files of at most 20 MB each.",
  streamed: true,
});

export function caseLawRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;

  handle(r, caseLawApi.search, async (c, { user, query: q }) => {
    const result = await searchOpinions({ db: db(c), userId: user.id, ...q });
    const filters = { court: q.court, yearFrom: q.yearFrom, yearTo: q.yearTo, subject: q.subject, sort: q.sort };
    await track({
      db: db(c),
      name: "search",
      userId: user.id,
      properties: { area: "case-law", q: q.q.slice(0, 200), results: result.total },
    });
    if (q.court || q.yearFrom || q.yearTo || q.subject || q.sort !== "relevance")
      await track({ db: db(c), name: "filter_applied", userId: user.id, properties: { area: "case-law", ...filters } });
    return result;
  });

  handle(r, caseLawApi.list, async (c, { user, query }) => {
    const { sort, limit, offset, ...filters } = query;
    if (filters.court || filters.yearFrom || filters.yearTo || filters.subject)
      await track({
        db: db(c),
        name: "filter_applied",
        userId: user.id,
        properties: { area: "case-law-browse", ...filters },
      });
    return listOpinions({ db: db(c), userId: user.id, filters, sort, limit, offset });
  });

  handle(r, caseLawApi.facets, async (c, { user }) => {
    const facets = await opinionFacets({ db: db(c), userId: user.id });
    return { ...facets, liveSearch: !!c.get("deps").env.COURTLISTENER_API_TOKEN };
  });

  handle(
    r,
    caseLawApi.import,
    async (c, { user }) => {
      const deps = c.get("deps");
      const upload = await receiveUpload({
        storage: deps.storage,
        contentType: c.req.header("content-type"),
        body: c.req.raw.body,
        maxRequestBytes: MAX_UPLOAD_REQUEST,
      });
      const jobId = await startUploadImport({ jobs: deps.jobs, upload, user });
      if (upload.fields.scope === "library")
        await recordAdminAction(deps.database.db, actorOf(c), {
          action: "case.import-upload",
          targetType: "job",
          targetId: jobId,
          targetLabel: upload.files
            .map((f) => f.name)
            .join(", ")
            .slice(0, 200),
          reason: upload.fields.reason ?? "",
          after: { files: upload.files.length, subject: upload.fields.subject || null },
        });
      return withStatus(202, { jobId });
    },
    { middleware: [uploadLimit] },
  );

  const live = (c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }) => {
    const env = c.get("deps").env;
    if (!env.COURTLISTENER_API_TOKEN)
      throw new AppError("NOT_FOUND", "Live search is not configured on this server (COURTLISTENER_API_TOKEN).");
    return env;
  };

  handle(r, caseLawApi.live, async (c, { user, query }) => {
    const env = live(c);
    await track({
      db: db(c),
      name: "search",
      userId: user.id,
      properties: { area: "courtlistener", q: query.q.slice(0, 200) },
    });
    return searchCourtListener({ db: db(c), env, userId: user.id, q: query.q, now: nowOf(c) });
  });

  handle(r, caseLawApi.liveImport, async (c, { user, body }) => ({
    opinion: await importFromCourtListener({
      db: db(c),
      env: live(c),
      userId: user.id,
      clusterId: body.clusterId,
      now: nowOf(c),
    }),
  }));

  handle(r, caseLawApi.forBrief, async (c, { user, params }) => ({
    // Brief ids are slugs; anything else (a NUL byte, an over-long id) names no brief.
    opinion: /^[A-Za-z0-9_.-]{1,200}$/.test(params.briefId)
      ? await opinionForBrief({ db: db(c), userId: user.id, briefId: params.briefId })
      : null,
  }));

  handle(r, caseLawApi.get, async (c, { user, params }) => ({
    opinion: await getOpinion({ db: db(c), userId: user.id, id: params.id }),
  }));

  handle(r, caseLawApi.remove, async (c, { user, params }) => {
    await deleteOpinion({ db: db(c), user, id: params.id });
    return { ok: true as const };
  });

  return r;
}
