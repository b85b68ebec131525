/**
 * The admin audit log (issue 17 §3): `recordAdminAction()` is called by every admin action, in
 * the action's own transaction where it has one, so an action and its row commit together.
 * Rows are never updated or deleted by the app (no route does; the table is append-only).
 */
import { and, eq, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { adminAuditLog } from "../../db/schema";
import type { Context } from "hono";
import type { AppEnv } from "../../lib/context";
import { CLIENT_IP_HEADER } from "../../auth/auth";
import { AppError } from "../../lib/errors";

/** Who acts and from where: the signed-in admin and the client address of the request. */
export interface AdminActor {
  id: string;
  email: string;
  ip: string | null;
}

/** The acting admin of a request (the admin gate has already checked the flag). */
export function actorOf(c: Context<AppEnv>): AdminActor {
  const user = c.get("user");
  if (!user?.isAdmin) throw new AppError("NOT_FOUND", "No such API route.");
  const ip = c.req.header(CLIENT_IP_HEADER) ?? null;
  return { id: user.id, email: user.email, ip: ip && /^[0-9a-fA-F:.]+$/.test(ip) ? ip : null };
}

export interface AdminAction {
  /** Dotted verb, e.g. `user.plan.change`, `user.disable`, `settings.update`. */
  action: string;
  targetType: "user" | "settings" | string;
  targetId?: string | null;
  /** Human label kept with the row (e.g. the user's email), readable after the target is gone. */
  targetLabel?: string | null;
  /** Required: why the admin did it (trimmed, 3–500 characters; VALIDATION_FAILED otherwise). */
  reason: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Appends one audit row. Throws VALIDATION_FAILED when the reason is missing or blank (routes
 * validate it first with `adminReason`; this guards callers that are not routes, e.g. the CLI).
 */
export async function recordAdminAction(db: DbOrTx, actor: AdminActor, a: AdminAction): Promise<void> {
  const reason = a.reason?.trim() ?? "";
  if (reason.length < 3)
    throw new AppError("VALIDATION_FAILED", "reason: say why (at least 3 characters)", {
      issues: [{ path: "reason", message: "say why (at least 3 characters)" }],
    });
  await db.insert(adminAuditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: a.action,
    targetType: a.targetType,
    targetId: a.targetId ?? null,
    targetLabel: a.targetLabel ?? null,
    reason: reason.slice(0, 500),
    before: a.before ?? null,
    after: a.after ?? null,
    ip: actor.ip,
  });
}

/** Filters of the audit-log list: text (actor, target label or reason), action, target id, UTC day range. */
export function auditWhere(f: {
  q?: string;
  action?: string;
  targetId?: string;
  actor?: string;
  from?: string;
  to?: string;
}): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    parts.push(
      or(
        ilike(adminAuditLog.actorEmail, like),
        ilike(adminAuditLog.targetLabel, like),
        ilike(adminAuditLog.reason, like),
      ),
    );
  }
  if (f.action) parts.push(eq(adminAuditLog.action, f.action));
  if (f.targetId) parts.push(eq(adminAuditLog.targetId, f.targetId));
  if (f.actor) parts.push(eq(adminAuditLog.actorEmail, f.actor));
  if (f.from) parts.push(gte(adminAuditLog.createdAt, new Date(`${f.from}T00:00:00Z`)));
  if (f.to) parts.push(lt(adminAuditLog.createdAt, new Date(new Date(`${f.to}T00:00:00Z`).getTime() + 86_400_000)));
  return parts.length ? and(...parts) : undefined;
}
