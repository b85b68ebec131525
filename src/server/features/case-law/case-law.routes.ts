/**
 * Case-law routes (issue 5 §1–§3, DESIGN.md §5). All need a signed-in user; opinions are the
 * shared library plus the user's own uploads (another user's upload answers 404).
 *   GET    /api/case-law/search?q=&limit=&offset=&court=&yearFrom=&yearTo=&subject=&sort=
 *          → {results:[{id,name,citation,court,year,snippet,score,…}], total, anyWords}  (stable)
 *   GET    /api/case-law?court=&yearFrom=&yearTo=&subject=&sort=name|date&limit=&offset=  browse
 *   GET    /api/case-law/facets          courts, year range, subjects (filter controls)
 *   GET    /api/case-law/:id             one opinion (Markdown body) + official brief + own briefs
 *   DELETE /api/case-law/:id             own upload (library opinions: administrators)
 *   POST   /api/case-law/import          multipart `files` (≤ 20 MB each), `subject`, `scope=library` (admins)
 *                                        → 202 {jobId}; follow GET /api/jobs/:id, whose result is the import report
 */
import { Hono } from "hono";
import { z } from "zod";
import { SUBJECT_IDS } from "../../../contract/content";
import { bodyLimit } from "../../lib/body-limit";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { nowOf, parseBody, parseQuery, requireUser } from "../../lib/http";
import { documentRoute } from "../../lib/openapi";
import { track } from "../../services/analytics";
import { importFromCourtListener, searchCourtListener } from "./courtlistener";
import { MAX_IMPORT_FILE_BYTES } from "./import.service";
import { deleteOpinion, getOpinion, listOpinions, opinionFacets, opinionForBrief } from "./opinions.service";
import { searchOpinions } from "./search.service";
import { receiveUpload, startUploadImport } from "./upload.service";

const year = z.coerce.number().int().min(1600).max(2100);
const filterShape = {
  court: z.string().trim().min(1).max(200).optional(),
  yearFrom: year.optional(),
  yearTo: year.optional(),
  subject: z.enum(SUBJECT_IDS).optional(),
};
export const searchQuery = z.object({
  q: z.string().trim().min(1, "type something to search for").max(500),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  offset: z.coerce.number().int().min(0).max(180).default(0),
  sort: z.enum(["relevance", "date"]).default("relevance"),
  ...filterShape,
});
const listQuery = z.object({
  sort: z.enum(["name", "date"]).default("name"),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  ...filterShape,
});

const hit = z.object({
  id: z.string(),
  name: z.string(),
  citation: z.string().nullable(),
  court: z.string().nullable(),
  year: z.number().nullable(),
  snippet: z.string(),
  score: z.number(),
  subjectId: z.string().nullable(),
  mine: z.boolean(),
});
const searchResponse = z.object({ results: z.array(hit), total: z.number(), anyWords: z.boolean() });
/** The import report: the `result` of the `case-law.import` job (GET /api/jobs/:id). */
export const importReportSchema = z.object({
  imported: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      citation: z.string().nullable(),
      court: z.string().nullable(),
      year: z.number().nullable(),
      status: z.enum(["created", "updated"]),
      files: z.array(z.string()),
      warnings: z.array(z.string()),
    }),
  ),
  failed: z.array(z.object({ file: z.string(), reason: z.string() })),
  counts: z.object({
    files: z.number(),
    opinions: z.number(),
    created: z.number(),
    updated: z.number(),
    failed: z.number(),
  }),
  ms: z.number(),
});

/** Total request size for an upload: up to 20 files at the per-file limit (400 MB; decision 042). */
const MAX_UPLOAD_REQUEST = 20 * MAX_IMPORT_FILE_BYTES;
const uploadLimit = bodyLimit({
  maxBytes: MAX_UPLOAD_REQUEST,
  hint: "Send up to 20 files of at most 20 MB each.",
  streamed: true,
});
const importStarted = z.object({ jobId: z.string() });

export function caseLawRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;

  documentRoute({
    method: "get",
    path: "/api/case-law/search",
    summary: "Full-text search of opinions, best first, with highlighted snippets (stable, DESIGN.md §5).",
    tags: ["case-law"],
    auth: true,
    query: searchQuery,
    responses: {
      200: { description: "results", schema: searchResponse },
      400: { description: "empty or invalid query" },
      401: { description: "signed out" },
    },
  });
  r.get("/case-law/search", async (c) => {
    const q = parseQuery(c, searchQuery);
    const user = requireUser(c);
    const result = await searchOpinions({ db: db(c), userId: user.id, ...q });
    const filters = { court: q.court, yearFrom: q.yearFrom, yearTo: q.yearTo, subject: q.subject, sort: q.sort };
    await track(db(c), "search", user.id, { area: "case-law", q: q.q.slice(0, 200), results: result.total });
    if (q.court || q.yearFrom || q.yearTo || q.subject || q.sort !== "relevance")
      await track(db(c), "filter_applied", user.id, { area: "case-law", ...filters });
    return c.json(result);
  });

  documentRoute({
    method: "get",
    path: "/api/case-law",
    summary: "Browse opinions with filters, sorted by name or date.",
    tags: ["case-law"],
    auth: true,
    query: listQuery,
    responses: { 200: { description: "{opinions, total}" } },
  });
  r.get("/case-law", async (c) => {
    const q = parseQuery(c, listQuery);
    const user = requireUser(c);
    const { sort, limit, offset, ...filters } = q;
    if (filters.court || filters.yearFrom || filters.yearTo || filters.subject)
      await track(db(c), "filter_applied", user.id, { area: "case-law-browse", ...filters });
    return c.json(await listOpinions({ db: db(c), userId: user.id, filters, sort, limit, offset }));
  });

  documentRoute({
    method: "get",
    path: "/api/case-law/facets",
    summary: "Courts, year range and subjects of the visible opinions (filter controls).",
    tags: ["case-law"],
    auth: true,
    responses: { 200: { description: "{courts, years, subjects, total, liveSearch}" } },
  });
  r.get("/case-law/facets", async (c) => {
    const user = requireUser(c);
    const facets = await opinionFacets(db(c), user.id);
    return c.json({ ...facets, liveSearch: !!c.get("deps").env.COURTLISTENER_API_TOKEN });
  });

  documentRoute({
    method: "post",
    path: "/api/case-law/import",
    summary:
      "Import opinions: multipart `files` (Markdown, text, HTML, CourtListener JSON; ≤ 20 MB each, ≤ 20 files), optional `subject`, `scope=library` for administrators. The files stream to storage and a `case-law.import` job parses them: 202 {jobId}; follow GET /api/jobs/:id, whose `result` is the import report (bad files are reported, the rest import).",
    tags: ["case-law"],
    auth: true,
    responses: {
      202: { description: "import started", schema: importStarted },
      400: { description: "not multipart, or no files" },
      403: { description: "scope=library without being an administrator" },
      413: { description: "a file over 20 MB, or a request over 400 MB (refused while streaming; nothing is kept)" },
    },
  });
  r.post("/case-law/import", uploadLimit, async (c) => {
    const user = requireUser(c);
    const deps = c.get("deps");
    const upload = await receiveUpload({
      storage: deps.storage,
      contentType: c.req.header("content-type"),
      body: c.req.raw.body,
      maxRequestBytes: MAX_UPLOAD_REQUEST,
    });
    const jobId = await startUploadImport({ jobs: deps.jobs, upload, user });
    return c.json({ jobId } satisfies z.infer<typeof importStarted>, 202);
  });

  const live = (c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }) => {
    const env = c.get("deps").env;
    if (!env.COURTLISTENER_API_TOKEN)
      throw new AppError("NOT_FOUND", "Live search is not configured on this server (COURTLISTENER_API_TOKEN).");
    return env;
  };
  const liveQuery = z.object({ q: z.string().trim().min(1, "type something to search for").max(300) });
  documentRoute({
    method: "get",
    path: "/api/case-law/live",
    summary:
      "CourtListener v4 search (when COURTLISTENER_API_TOKEN is set); cached for an hour. 429 carries Retry-After.",
    tags: ["case-law"],
    auth: true,
    query: liveQuery,
    responses: {
      200: { description: "{results:[{clusterId,name,citation,court,date,snippet,url,importedId}]}" },
      404: { description: "live search not configured" },
      429: { description: "CourtListener is limiting requests (Retry-After)" },
      503: { description: "CourtListener unavailable" },
    },
  });
  r.get("/case-law/live", async (c) => {
    const user = requireUser(c);
    const env = live(c);
    const q = parseQuery(c, liveQuery);
    await track(db(c), "search", user.id, { area: "courtlistener", q: q.q.slice(0, 200) });
    return c.json(await searchCourtListener({ db: db(c), env, userId: user.id, q: q.q, now: nowOf(c) }));
  });

  const liveImport = z.object({ clusterId: z.number().int().positive() });
  documentRoute({
    method: "post",
    path: "/api/case-law/live/import",
    summary: "Import a CourtListener opinion cluster into your library (one click).",
    tags: ["case-law"],
    auth: true,
    body: liveImport,
    responses: {
      200: { description: "{opinion}" },
      404: { description: "not configured, or no such cluster" },
      429: { description: "rate limited (Retry-After)" },
    },
  });
  r.post("/case-law/live/import", async (c) => {
    const user = requireUser(c);
    const env = live(c);
    const b = await parseBody(c, liveImport);
    return c.json({
      opinion: await importFromCourtListener({
        db: db(c),
        env,
        userId: user.id,
        clusterId: b.clusterId,
        now: nowOf(c),
      }),
    });
  });

  documentRoute({
    method: "get",
    path: "/api/case-law/for-brief/:briefId",
    summary:
      "The opinion of an official brief's case that you can read (shared library or your upload), or null: where 'Write your own' starts.",
    tags: ["case-law"],
    auth: true,
    responses: { 200: { description: "{opinion: {id,name,citation} | null}" } },
  });
  r.get("/case-law/for-brief/:briefId", async (c) => {
    const user = requireUser(c);
    // Brief ids are slugs; anything else (a NUL byte, an over-long id) names no brief.
    const briefId = c.req.param("briefId");
    return c.json({
      opinion: /^[A-Za-z0-9_.-]{1,200}$/.test(briefId) ? await opinionForBrief(db(c), user.id, briefId) : null,
    });
  });

  documentRoute({
    method: "get",
    path: "/api/case-law/:id",
    summary: "One opinion (Markdown body) with its official brief and the user's own briefs of it.",
    tags: ["case-law"],
    auth: true,
    responses: { 200: { description: "opinion" }, 404: { description: "no such opinion (or another user's upload)" } },
  });
  r.get("/case-law/:id", async (c) => {
    const user = requireUser(c);
    return c.json({ opinion: await getOpinion(db(c), user.id, c.req.param("id")) });
  });

  documentRoute({
    method: "delete",
    path: "/api/case-law/:id",
    summary: "Delete an opinion you uploaded (library opinions: administrators only).",
    tags: ["case-law"],
    auth: true,
    responses: {
      200: { description: "deleted" },
      403: { description: "library opinion, not an administrator" },
      404: { description: "no such opinion" },
    },
  });
  r.delete("/case-law/:id", async (c) => {
    const user = requireUser(c);
    await deleteOpinion(db(c), user, c.req.param("id"));
    return c.json({ ok: true });
  });

  return r;
}
