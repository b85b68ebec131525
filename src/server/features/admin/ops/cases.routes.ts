/**
 * Routes of the admin cases page (issue 17 §2 'cases'; contract src/contract/admin-cases.ts;
 * decisions 065, 067): list, edit and delete opinions, import a server folder, and search and
 * import CourtListener opinions into the shared library when COURTLISTENER_API_TOKEN is set.
 * Every change writes one audit row with the admin's reason.
 */
import type { Hono } from "hono";
import { adminOpsApi } from "../../../../contract/admin-ops";
import type { AppEnv } from "../../../lib/context";
import { EXPORT_MAX_ROWS } from "../../../../contract/list";
import { AppError } from "../../../lib/errors";
import { nowOf } from "../../../lib/http";
import { csvResponse } from "../../../lib/list-query";
import { handle, withStatus } from "../../../lib/route";
import { importFromCourtListener, searchCourtListener } from "../../case-law/courtlistener";
import { actorOf, recordAdminAction } from "../audit.service";
import { deleteCase, importFolder, listCases, updateCase } from "./cases.service";

const windowOf = (q: { page: number; pageSize: number; format: "json" | "csv" }) =>
  q.format === "csv" ? { limit: EXPORT_MAX_ROWS, offset: 0 } : { limit: q.pageSize, offset: (q.page - 1) * q.pageSize };

/** Registers the cases page's routes on the admin operator router. */
export function casesRoutes(r: Hono<AppEnv>) {
  const dbOf = (c: { get(k: "deps"): AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;
  handle(r, adminOpsApi.cases, async (c, { query }) => {
    const { rows, total } = await listCases(dbOf(c), { ...query, ...windowOf(query) });
    if (query.format === "csv")
      return csvResponse("cases.csv", rows, [
        "id",
        "caseName",
        "citation",
        "court",
        "decidedOn",
        "subjectId",
        "ownerEmail",
        "createdAt",
      ]);
    return { rows, total, page: query.page, pageSize: query.pageSize };
  });
  handle(r, adminOpsApi.updateCase, async (c, { params, body }) => {
    const actor = actorOf(c);
    const { reason, ...patch } = body;
    return dbOf(c).transaction(async (tx) => {
      const { before, after } = await updateCase(tx, params.id, patch);
      await recordAdminAction(tx, actor, {
        action: "case.update",
        targetType: "opinion",
        targetId: params.id,
        targetLabel: before.caseName,
        reason,
        before,
        after,
      });
      return after;
    });
  });
  handle(r, adminOpsApi.deleteCase, async (c, { params, body }) => {
    const actor = actorOf(c);
    return dbOf(c).transaction(async (tx) => {
      const before = await deleteCase(tx, params.id);
      await recordAdminAction(tx, actor, {
        action: "case.delete",
        targetType: "opinion",
        targetId: params.id,
        targetLabel: before.caseName,
        reason: body.reason,
        before,
        after: null,
      });
      return { deleted: true as const };
    });
  });
  handle(r, adminOpsApi.importFolder, async (c, { body, user }) => {
    const actor = actorOf(c);
    const deps = c.get("deps");
    const started = await importFolder({
      storage: deps.storage,
      jobs: deps.jobs,
      user,
      folder: body.path,
      subject: body.subject,
    });
    await recordAdminAction(deps.database.db, actor, {
      action: "case.import-folder",
      targetType: "job",
      targetId: started.jobId,
      targetLabel: body.path,
      reason: body.reason,
      after: { files: started.files, subject: body.subject ?? null },
    });
    return withStatus(202, started);
  });

  // CourtListener (decision 024): only with a token; otherwise the routes answer 404 like the students' live search.
  const courtListener = (c: { get(k: "deps"): AppEnv["Variables"]["deps"] }) => {
    const env = c.get("deps").env;
    if (!env.COURTLISTENER_API_TOKEN)
      throw new AppError("NOT_FOUND", "CourtListener is not configured on this server (COURTLISTENER_API_TOKEN).");
    return env;
  };
  handle(r, adminOpsApi.courtListenerSearch, async (c, { query }) =>
    searchCourtListener({ db: dbOf(c), env: courtListener(c), userId: null, q: query.q, now: nowOf(c) }),
  );
  handle(r, adminOpsApi.courtListenerImport, async (c, { body }) => {
    const actor = actorOf(c);
    const opinion = await importFromCourtListener({
      db: dbOf(c),
      env: courtListener(c),
      userId: null,
      clusterId: body.clusterId,
      now: nowOf(c),
    });
    await recordAdminAction(dbOf(c), actor, {
      action: "case.import-courtlistener",
      targetType: "opinion",
      targetId: opinion.id,
      targetLabel: [opinion.name, opinion.citation].filter(Boolean).join(", "),
      reason: body.reason,
      after: { clusterId: body.clusterId, status: opinion.status },
    });
    return { opinion };
  });
}
