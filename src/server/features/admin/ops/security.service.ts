/**
 * The security page (issue 17 §2): sign-in events (`security_events`, written by
 * auth/auth-handler.ts), the sign-in limits in force (`rate_limits` keys `signin:<email>:<address>`,
 * decision 050), sessions, and Content-Security-Policy reports (`csp_reports`).
 */
import { and, count, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import type { CspReportRow } from "../../../../contract/admin-ops";
import { type DbOrTx, num, rows } from "../../../db/client";
import { cspReports, securityEvents, session, user } from "../../../db/schema";
import { AppError } from "../../../lib/errors";

const ACCOUNT_SIGNIN_LIMIT = 10;
const WINDOW_MS = 15 * 60_000;
const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** Records one sign-in event; never throws (a failed write is only logged by the caller). */
export async function recordSecurityEvent(
  db: DbOrTx,
  e: { kind: "failed_sign_in" | "rate_limited" | "admin_login"; email: string | null; ip: string | null },
): Promise<void> {
  await db
    .insert(securityEvents)
    .values({ kind: e.kind, email: e.email?.slice(0, 320) ?? null, ip: e.ip?.slice(0, 64) ?? null });
}

/** The security page's overview (see the contract's `securityOverview`). */
export async function securityOverview(db: DbOrTx, now = new Date()) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29));
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
  const [perDay, topIps, topAccounts, limits, [active], recent, admins] = await Promise.all([
    rows<{ day: string; failed: unknown; limited: unknown }>(db, sqlDays(start)),
    rows<{ key: string | null; n: unknown }>(db, sqlTop("ip", weekAgo)),
    rows<{ key: string | null; n: unknown }>(db, sqlTop("email", weekAgo)),
    rows<{ key: string; window_start: Date | string; count: unknown }>(
      db,
      sqlLocked(new Date(now.getTime() - WINDOW_MS)),
    ),
    db.select({ n: count() }).from(session).where(gt(session.expiresAt, now)),
    db
      .select({
        email: user.email,
        ip: session.ipAddress,
        userAgent: session.userAgent,
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(gt(session.expiresAt, now))
      .orderBy(desc(session.createdAt))
      .limit(20),
    db
      .select({ email: securityEvents.email, ip: securityEvents.ip, createdAt: securityEvents.createdAt })
      .from(securityEvents)
      .where(eq(securityEvents.kind, "admin_login"))
      .orderBy(desc(securityEvents.createdAt))
      .limit(20),
  ]);
  const byDay = new Map(perDay.map((r) => [r.day, r]));
  const days = [];
  for (let i = 0; i < 30; i++) {
    const day = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    days.push({ day, failedSignIns: num(byDay.get(day)?.failed), rateLimited: num(byDay.get(day)?.limited) });
  }
  const locked = new Map<string, { email: string; reason: string; until: string | null }>();
  for (const l of limits) {
    const [, email, address] = /^signin:(.+):([^:]*)$/.exec(l.key) ?? [];
    if (!email) continue;
    const until = new Date(new Date(l.window_start).getTime() + WINDOW_MS).toISOString();
    locked.set(`${email}:${address}`, {
      email,
      reason: `${num(l.count)} sign-in attempts from ${address || "one address"}`,
      until,
    });
  }
  return {
    days,
    topIps: topIps.map((r) => ({ key: r.key ?? "unknown", count: num(r.n) })),
    topAccounts: topAccounts.map((r) => ({ key: r.key ?? "unknown", count: num(r.n) })),
    lockedAccounts: [...locked.values()],
    activeSessions: active.n,
    recentSessions: recent.map((s) => ({ ...s, createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt) })),
    adminLogins: admins.map((a) => ({ email: a.email ?? "unknown", ip: a.ip, createdAt: iso(a.createdAt) })),
  };
}

function sqlDays(start: Date): SQL {
  return sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
      count(*) filter (where kind = 'failed_sign_in') as failed, count(*) filter (where kind = 'rate_limited') as limited
    from security_events where created_at >= ${start} and kind in ('failed_sign_in', 'rate_limited') group by 1`;
}
function sqlTop(col: "ip" | "email", since: Date): SQL {
  return sql`select ${sql.raw(col)} as key, count(*) as n from security_events
    where created_at >= ${since} and kind in ('failed_sign_in', 'rate_limited') group by 1 order by 2 desc, 1 limit 10`;
}
function sqlLocked(windowFrom: Date): SQL {
  return sql`select key, window_start, count from rate_limits
    where key like 'signin:%' and count >= ${ACCOUNT_SIGNIN_LIMIT} and window_start > ${windowFrom} order by window_start desc limit 100`;
}

const cspRow = (r: typeof cspReports.$inferSelect): CspReportRow => ({
  id: r.id,
  documentUri: r.documentUri,
  violatedDirective: r.violatedDirective,
  blockedUri: r.blockedUri,
  sourceFile: r.sourceFile,
  lineNumber: r.lineNumber,
  ip: r.ip,
  investigated: r.investigated,
  note: r.note,
  createdAt: r.createdAt.toISOString(),
});

/** One page of CSP reports, newest first by default. */
export async function listCspReports(
  db: DbOrTx,
  f: { investigated?: "true" | "false"; dir: "asc" | "desc"; limit: number; offset: number },
): Promise<{ rows: CspReportRow[]; total: number }> {
  const where = f.investigated ? eq(cspReports.investigated, f.investigated === "true") : undefined;
  const [list, [total]] = await Promise.all([
    db
      .select()
      .from(cspReports)
      .where(where)
      .orderBy(f.dir === "asc" ? cspReports.createdAt : desc(cspReports.createdAt), cspReports.id)
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(cspReports).where(where),
  ]);
  return { rows: list.map(cspRow), total: total.n };
}

/** Marks a report; returns it before and after. NOT_FOUND otherwise. */
export async function markCspReport(db: DbOrTx, id: string, m: { investigated: boolean; note: string }) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError("NOT_FOUND", "No such report.");
  const [before] = await db.select().from(cspReports).where(eq(cspReports.id, id));
  if (!before) throw new AppError("NOT_FOUND", "No such report.");
  const [after] = await db
    .update(cspReports)
    .set({ investigated: m.investigated, note: m.note || null, investigatedAt: m.investigated ? new Date() : null })
    .where(and(eq(cspReports.id, id)))
    .returning();
  return { before: cspRow(before), after: cspRow(after) };
}

/** The largest report body accepted (bytes). */
export const CSP_REPORT_MAX_BYTES = 16 * 1024;

const str = (v: unknown, max = 2000) => (typeof v === "string" && v ? v.slice(0, max) : null);

/**
 * Stores the violations of one report body: `{"csp-report": {...}}` (report-uri) or an array of
 * Reporting API reports `[{type: "csp-violation", body: {...}}]` (report-to). At most 20 per body.
 * Returns how many were stored.
 */
export async function storeCspReports(
  db: DbOrTx,
  body: unknown,
  meta: { ip: string | null; userAgent: string | null },
) {
  const items: Record<string, unknown>[] = [];
  if (Array.isArray(body)) {
    for (const r of body.slice(0, 20))
      if (
        r &&
        typeof r === "object" &&
        (r as { type?: unknown }).type === "csp-violation" &&
        typeof (r as { body?: unknown }).body === "object"
      )
        items.push((r as { body: Record<string, unknown> }).body);
  } else if (body && typeof body === "object" && typeof (body as Record<string, unknown>)["csp-report"] === "object") {
    items.push((body as Record<string, Record<string, unknown>>)["csp-report"]);
  }
  for (const r of items) {
    const line = r["line-number"] ?? r.lineNumber;
    await db.insert(cspReports).values({
      documentUri: str(r["document-uri"] ?? r.documentURL),
      violatedDirective: str(r["violated-directive"] ?? r["effective-directive"] ?? r.effectiveDirective, 200),
      blockedUri: str(r["blocked-uri"] ?? r.blockedURL),
      sourceFile: str(r["source-file"] ?? r.sourceFile),
      lineNumber: typeof line === "number" && Number.isInteger(line) ? line : null,
      raw: r,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    });
  }
  return items.length;
}
