/**
 * Admin endpoints (SPEC.md §2.5, issue 17); shapes in src/contract/admin.ts. Every path under
 * /api/admin is behind `adminOnly()` (401 signed out, 404 non-admin), mounted in app.ts.
 *   GET  /api/admin/overview            {users, openErrors}
 *   GET  /api/admin/audit               the audit log (list query; format=csv)
 *   GET  /api/admin/settings · PUT      site settings (reason required, audited)
 *   GET  /api/site                      public: name, support email, sign-ups, maintenance
 * Admin pages of other features register their routes in their own files under this gate.
 */
import { Hono } from "hono";
import { count } from "drizzle-orm";
import { adminApi, siteApi } from "../../../contract/admin";
import { adminAuditLog } from "../../db/schema";
import type { AppEnv } from "../../lib/context";
import { runList } from "../../lib/list-query";
import { handle } from "../../lib/route";
import { getAdminOverview } from "./admin.service";
import { actorOf, auditWhere, recordAdminAction } from "./audit.service";
import { forgetSettings, getSettings, saveSettings } from "./settings.service";
import { userRoutes } from "./users.routes";
import { dashboardRoutes } from "./dashboard.routes";

export function adminRoutes() {
  const r = new Hono<AppEnv>();
  const dbOf = (c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;

  handle(r, adminApi.overview, (c) => getAdminOverview({ db: dbOf(c) }));

  handle(r, adminApi.audit, async (c, { query }) => {
    const db = dbOf(c);
    const where = auditWhere(query);
    const t = adminAuditLog;
    return runList(c, query, {
      sorts: { createdAt: t.createdAt, action: t.action, actorEmail: t.actorEmail },
      tiebreak: t.id,
      count: async () => (await db.select({ n: count() }).from(t).where(where))[0].n,
      rows: async ({ orderBy, limit, offset }) =>
        (
          await db
            .select()
            .from(t)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset)
        ).map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      csv: {
        filename: "audit-log.csv",
        columns: [
          "createdAt",
          "actorEmail",
          "action",
          "targetType",
          "targetId",
          "targetLabel",
          "reason",
          "before",
          "after",
          "ip",
        ],
      },
    });
  });

  handle(r, adminApi.settings, (c) => getSettings(dbOf(c)));

  handle(r, adminApi.putSettings, async (c, { body: { reason, ...next } }) => {
    const actor = actorOf(c);
    const db = dbOf(c);
    await db.transaction(async (tx) => {
      const { before, after } = await saveSettings(tx, next, actor.id);
      if (Object.keys(after).length)
        await recordAdminAction(tx, actor, {
          action: "settings.update",
          targetType: "settings",
          targetId: "site",
          targetLabel: "Site settings",
          reason,
          before,
          after,
        });
    });
    // The transaction wrote through `tx`: drop the handle's cached copy so this process reads the saved values.
    forgetSettings(db);
    return getSettings(db);
  });

  userRoutes(r);
  dashboardRoutes(r);
  return r;
}

/** `GET /api/site`: public site status (outside the admin gate). */
export function siteRoutes() {
  const r = new Hono<AppEnv>();
  handle(r, siteApi.status, async (c) => {
    const s = await getSettings(c.get("deps").database.db);
    return {
      siteName: s.siteName,
      supportEmail: s.supportEmail,
      signupsOpen: s.signupsOpen,
      maintenanceMode: s.maintenanceMode,
      maintenanceMessage: s.maintenanceMessage,
    };
  });
  return r;
}
