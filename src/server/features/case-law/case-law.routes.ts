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
 */
import { type Context, Hono } from "hono";
import { z } from "zod";
import { caseLawApi } from "../../../contract/case-law";
import { SUBJECT_IDS } from "../../../contract/content";
import { bodyLimit } from "../../lib/body-limit";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { nowOf } from "../../lib/http";
import { type HandlerInput, handle } from "../../lib/route";
import { track } from "../analytics/analytics.service";
import { importFromCourtListener, searchCourtListener } from "./courtlistener";
import { type ImportFile, importOpinions, MAX_IMPORT_FILE_BYTES } from "./import.service";
import { deleteOpinion, getOpinion, listOpinions, opinionFacets, opinionForBrief } from "./opinions.service";
import { searchOpinions } from "./search.service";

/** Total request size for an upload: up to 20 files at the per-file limit (400 MB; decision 042). */
const MAX_UPLOAD_REQUEST = 20 * MAX_IMPORT_FILE_BYTES;
const uploadLimit = bodyLimit({ maxBytes: MAX_UPLOAD_REQUEST, hint: "Send up to 20 files of at most 20 MB each." });

export function caseLawRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;

  handle(r, caseLawApi.search, async (c, { user, query: q }) => {
    const result = await searchOpinions({ db: db(c), userId: user.id, ...q });
    const filters = { court: q.court, yearFrom: q.yearFrom, yearTo: q.yearTo, subject: q.subject, sort: q.sort };
    await track(db(c), "search", user.id, { area: "case-law", q: q.q.slice(0, 200), results: result.total });
    if (q.court || q.yearFrom || q.yearTo || q.subject || q.sort !== "relevance")
      await track(db(c), "filter_applied", user.id, { area: "case-law", ...filters });
    return result;
  });

  handle(r, caseLawApi.list, async (c, { user, query }) => {
    const { sort, limit, offset, ...filters } = query;
    if (filters.court || filters.yearFrom || filters.yearTo || filters.subject)
      await track(db(c), "filter_applied", user.id, { area: "case-law-browse", ...filters });
    return listOpinions({ db: db(c), userId: user.id, filters, sort, limit, offset });
  });

  handle(r, caseLawApi.facets, async (c, { user }) => {
    const facets = await opinionFacets({ db: db(c), userId: user.id });
    return { ...facets, liveSearch: !!c.get("deps").env.COURTLISTENER_API_TOKEN };
  });

  const importFiles = async (c: Context<AppEnv>, { user }: HandlerInput<typeof caseLawApi.import>) => {
    let form: Record<string, string | File | (string | File)[]>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      throw new AppError("BAD_REQUEST", "Send the files as multipart/form-data in the field 'files'.");
    }
    const list = ([] as (string | File)[]).concat(form.files ?? []).filter((f): f is File => typeof f !== "string");
    if (!list.length) throw new AppError("VALIDATION_FAILED", "files: choose at least one file to import.");
    const big = list.find((f) => f.size > MAX_IMPORT_FILE_BYTES);
    if (big)
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        `${big.name} is ${(big.size / 1048576).toFixed(1)} MB; files can be up to 20 MB.`,
      );
    const subject =
      typeof form.subject === "string" && form.subject ? z.enum(SUBJECT_IDS).safeParse(form.subject) : null;
    if (subject && !subject.success) throw new AppError("VALIDATION_FAILED", "subject: not a known subject.");
    const library = form.scope === "library";
    if (library && !user.isAdmin)
      throw new AppError("FORBIDDEN", "Only an administrator can import into the shared library.");
    const files: ImportFile[] = await Promise.all(
      list.map(async (f) => ({ name: f.name || "upload", content: new Uint8Array(await f.arrayBuffer()) })),
    );
    const report = await importOpinions({
      db: db(c),
      files,
      ownerId: library ? null : user.id,
      subjectId: subject?.data ?? null,
    });
    return report;
  };
  handle(r, caseLawApi.import, importFiles, { middleware: [uploadLimit] });

  const live = (c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }) => {
    const env = c.get("deps").env;
    if (!env.COURTLISTENER_API_TOKEN)
      throw new AppError("NOT_FOUND", "Live search is not configured on this server (COURTLISTENER_API_TOKEN).");
    return env;
  };

  handle(r, caseLawApi.live, async (c, { user, query }) => {
    const env = live(c);
    await track(db(c), "search", user.id, { area: "courtlistener", q: query.q.slice(0, 200) });
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
