/**
 * Routes of the admin operator pages, second half of issue 17 §2 (contract: src/contract/admin-ops.ts;
 * decision 065): error-logs, batch-monitor, price-mapping, security, utilities here; the cases
 * page in cases.routes.ts and the companion page in companion.routes.ts. All `/api/admin/*` routes are `auth: "admin"`; every change writes one audit row
 * (`recordAdminAction`) with the admin's reason. Also the public CSP report endpoint and the
 * students' thumbs on companion answers.
 */
import { Hono } from "hono";
import { adminOpsApi } from "../../../../contract/admin-ops";
import { CLIENT_IP_HEADER } from "../../../auth/auth";
import { bodyLimit } from "../../../lib/body-limit";
import type { AppEnv } from "../../../lib/context";
import { AppError } from "../../../lib/errors";
import { consumeRateLimit } from "../../../lib/rate-limit";
import { handle } from "../../../lib/route";
import { csvResponse } from "../../../lib/list-query";
import { EXPORT_MAX_ROWS } from "../../../../contract/list";
import { setPrice } from "../../billing/pricing.service";
import { clearPublicPageCache } from "../../public/render-page";
import { actorOf, recordAdminAction } from "../audit.service";
import { getErrorGroup, listErrorGroups, markErrorGroup } from "./error-groups.service";
import { jobOwnerEmail, jobRow, jobsSummary, listJobs } from "./jobs.service";
import { deletePrice, getPrice, listPrices, setPriceActive } from "./prices.service";
import {
  CSP_REPORT_MAX_BYTES,
  listCspReports,
  markCspReport,
  securityOverview,
  storeCspReports,
} from "./security.service";
import { casesRoutes } from "./cases.routes";
import { companionRoutes } from "./companion.routes";
import { backupResponse, diagnostics, rebuildSearch, reseed, sendTestMail } from "./utilities.service";

const windowOf = (q: { page: number; pageSize: number; format: "json" | "csv" }) =>
  q.format === "csv" ? { limit: EXPORT_MAX_ROWS, offset: 0 } : { limit: q.pageSize, offset: (q.page - 1) * q.pageSize };

export function adminOpsRoutes() {
  const r = new Hono<AppEnv>();
  const dbOf = (c: { get(k: "deps"): AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;

  // ── error-logs ──
  handle(r, adminOpsApi.errorGroups, async (c, { query }) => {
    const { rows, total } = await listErrorGroups(dbOf(c), { ...query, ...windowOf(query) });
    if (query.format === "csv")
      return csvResponse("error-groups.csv", rows, [
        "fingerprint",
        "message",
        "topFrame",
        "source",
        "count",
        "usersAffected",
        "firstSeen",
        "lastSeen",
        "investigated",
        "note",
      ]);
    return { rows, total, page: query.page, pageSize: query.pageSize };
  });
  handle(r, adminOpsApi.errorGroup, (c, { params }) => getErrorGroup(dbOf(c), params.fingerprint));
  handle(r, adminOpsApi.markErrorGroup, async (c, { params, body }) => {
    const actor = actorOf(c);
    return dbOf(c).transaction(async (tx) => {
      const { before, after } = await markErrorGroup(tx, params.fingerprint, { ...body, by: actor.id });
      await recordAdminAction(tx, actor, {
        action: body.investigated ? "error-group.investigate" : "error-group.reopen",
        targetType: "error-group",
        targetId: params.fingerprint,
        targetLabel: before.message.slice(0, 200),
        reason: body.reason,
        before: { investigated: before.investigated, note: before.note },
        after: { investigated: after.investigated, note: after.note },
      });
      return after;
    });
  });

  // ── batch-monitor ──
  handle(r, adminOpsApi.jobsSummary, (c) => jobsSummary(dbOf(c)));
  handle(r, adminOpsApi.jobs, async (c, { query }) => {
    const { rows, total } = await listJobs(dbOf(c), { ...query, ...windowOf(query) });
    if (query.format === "csv")
      return csvResponse("jobs.csv", rows, [
        "id",
        "kind",
        "state",
        "progress",
        "attempts",
        "maxAttempts",
        "error",
        "ownerEmail",
        "createdAt",
        "finishedAt",
      ]);
    return { rows, total, page: query.page, pageSize: query.pageSize };
  });
  for (const [def, verb] of [
    [adminOpsApi.retryJob, "retry"],
    [adminOpsApi.cancelJob, "cancel"],
  ] as const) {
    handle(r, def, async (c, { params, body }) => {
      const actor = actorOf(c);
      const { jobs, database } = c.get("deps");
      const before = await jobs.get(params.id).catch(() => null);
      if (!before) throw new AppError("NOT_FOUND", "No such job.");
      const ok =
        verb === "retry"
          ? ["failed", "cancelled"].includes(before.state)
          : ["queued", "running"].includes(before.state);
      if (!ok)
        throw new AppError(
          "CONFLICT",
          verb === "retry"
            ? `Only a failed or cancelled job can be retried; this one is ${before.state}.`
            : `This job has already ${before.state === "succeeded" ? "succeeded" : "ended"}.`,
        );
      const after = verb === "retry" ? await jobs.retry(params.id) : await jobs.cancel(params.id);
      if (!after) throw new AppError("NOT_FOUND", "No such job.");
      await recordAdminAction(database.db, actor, {
        action: `job.${verb}`,
        targetType: "job",
        targetId: params.id,
        targetLabel: before.kind,
        reason: body.reason,
        before: { state: before.state, attempts: before.attempts, error: before.error },
        after: { state: after.state, attempts: after.attempts },
      });
      return jobRow(after, await jobOwnerEmail(database.db, params.id));
    });
  }

  // ── price-mapping ──
  handle(r, adminOpsApi.prices, async (c) => ({ rows: await listPrices(dbOf(c)) }));
  handle(r, adminOpsApi.setPrice, async (c, { body }) => {
    const actor = actorOf(c);
    return dbOf(c).transaction(async (tx) => {
      const id = `${body.tier}-${body.interval}`;
      const before = await getPrice(tx, id).catch(() => null);
      try {
        await setPrice(tx as never, { ...body, providerPriceId: body.providerPriceId ?? null });
      } catch (err) {
        if ((err as { code?: string }).code === "23505")
          throw new AppError("CONFLICT", "That Stripe price id is already mapped to another row.");
        throw new AppError("VALIDATION_FAILED", (err as Error).message);
      }
      const after = await getPrice(tx, id);
      await recordAdminAction(tx, actor, {
        action: before ? "price.update" : "price.add",
        targetType: "price",
        targetId: id,
        targetLabel: `${after.tierName} ${after.intervalType}`,
        reason: body.reason,
        before,
        after,
      });
      return after;
    });
  });
  handle(r, adminOpsApi.togglePrice, async (c, { params, body }) => {
    const actor = actorOf(c);
    return dbOf(c).transaction(async (tx) => {
      const before = await getPrice(tx, params.id);
      const after = await setPriceActive(tx, params.id, body.active);
      await recordAdminAction(tx, actor, {
        action: body.active ? "price.activate" : "price.deactivate",
        targetType: "price",
        targetId: params.id,
        targetLabel: `${after.tierName} ${after.intervalType}`,
        reason: body.reason,
        before: { active: before.active },
        after: { active: after.active },
      });
      return after;
    });
  });
  handle(r, adminOpsApi.deletePrice, async (c, { params, body }) => {
    const actor = actorOf(c);
    return dbOf(c).transaction(async (tx) => {
      const before = await getPrice(tx, params.id);
      await deletePrice(tx, params.id);
      await recordAdminAction(tx, actor, {
        action: "price.delete",
        targetType: "price",
        targetId: params.id,
        targetLabel: `${before.tierName} ${before.intervalType}`,
        reason: body.reason,
        before,
        after: null,
      });
      return { deleted: true as const };
    });
  });
  handle(r, adminOpsApi.clearPricingCache, async (c, { body }) => {
    const actor = actorOf(c);
    const pages = clearPublicPageCache();
    await recordAdminAction(dbOf(c), actor, {
      action: "pricing.cache.clear",
      targetType: "pricing",
      targetLabel: "Public pricing pages",
      reason: body.reason,
      before: { cachedPages: pages },
      after: { cachedPages: 0 },
    });
    return { cleared: true as const };
  });

  casesRoutes(r);
  companionRoutes(r);

  // ── security ──
  handle(r, adminOpsApi.security, (c) => securityOverview(dbOf(c), c.get("deps").now?.() ?? new Date()));
  handle(r, adminOpsApi.cspReports, async (c, { query }) => {
    const { rows, total } = await listCspReports(dbOf(c), { ...query, ...windowOf(query) });
    if (query.format === "csv")
      return csvResponse("csp-reports.csv", rows, [
        "id",
        "createdAt",
        "documentUri",
        "violatedDirective",
        "blockedUri",
        "sourceFile",
        "lineNumber",
        "ip",
        "investigated",
        "note",
      ]);
    return { rows, total, page: query.page, pageSize: query.pageSize };
  });
  handle(r, adminOpsApi.markCsp, async (c, { params, body }) => {
    const actor = actorOf(c);
    return dbOf(c).transaction(async (tx) => {
      const { before, after } = await markCspReport(tx, params.id, body);
      await recordAdminAction(tx, actor, {
        action: body.investigated ? "csp-report.investigate" : "csp-report.reopen",
        targetType: "csp-report",
        targetId: params.id,
        targetLabel: `${before.violatedDirective ?? "?"} ${before.blockedUri ?? ""}`.trim(),
        reason: body.reason,
        before: { investigated: before.investigated, note: before.note },
        after: { investigated: after.investigated, note: after.note },
      });
      return after;
    });
  });
  handle(
    r,
    adminOpsApi.cspReport,
    async (c) => {
      const deps = c.get("deps");
      const ip = c.req.header(CLIENT_IP_HEADER) ?? null;
      const limit = await consumeRateLimit({
        db: deps.database.db,
        key: `csp:${ip ?? "unknown"}`,
        limit: 30,
        windowMs: 60_000,
      });
      if (limit.allowed) {
        let body: unknown = null;
        try {
          body = JSON.parse(await c.req.text());
        } catch {
          body = null;
        }
        await storeCspReports(deps.database.db, body, { ip, userAgent: c.req.header("user-agent") ?? null }).catch(
          (err) => deps.logger.warn({ err }, "could not store a CSP report"),
        );
      }
      return c.body(null, 204);
    },
    { middleware: [bodyLimit({ maxBytes: CSP_REPORT_MAX_BYTES, message: "A CSP report can be up to 16 KB." })] },
  );

  // ── utilities ──
  handle(r, adminOpsApi.diagnostics, (c) => diagnostics(c.get("deps")));
  handle(r, adminOpsApi.testMail, async (c, { body }) => {
    const actor = actorOf(c);
    const out = await sendTestMail(c.get("deps"), body.to);
    await recordAdminAction(dbOf(c), actor, {
      action: "utilities.test-mail",
      targetType: "mail",
      targetLabel: body.to,
      reason: body.reason,
      after: { transport: out.transport },
    });
    return out;
  });
  handle(r, adminOpsApi.rebuildSearch, async (c, { body }) => {
    const actor = actorOf(c);
    const out = await rebuildSearch(dbOf(c));
    await recordAdminAction(dbOf(c), actor, {
      action: "utilities.rebuild-search",
      targetType: "database",
      targetLabel: "Search indexes",
      reason: body.reason,
      after: out,
    });
    return out;
  });
  handle(r, adminOpsApi.reseed, async (c, { body }) => {
    const actor = actorOf(c);
    const out = await reseed(c.get("deps"));
    await recordAdminAction(dbOf(c), actor, {
      action: "utilities.reseed",
      targetType: "content",
      targetLabel: "Official content",
      reason: body.reason,
      after: out,
    });
    return out;
  });
  handle(r, adminOpsApi.backup, async (c, { query }) => {
    const actor = actorOf(c);
    const res = await backupResponse(c.get("deps"));
    await recordAdminAction(dbOf(c), actor, {
      action: "utilities.backup",
      targetType: "database",
      targetLabel: "Database backup",
      reason: query.reason,
    });
    return res;
  });
  return r;
}
