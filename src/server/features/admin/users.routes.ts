/**
 * Admin user routes (issue 17 §2 users, set-admin; DESIGN.md §5):
 *   GET    /api/admin/users                    list query (q, plan, admin, unconfirmed, disabled, newDays, activeDays; format=csv)
 *   GET    /api/admin/users/:id                the user page
 *   PATCH  /api/admin/users/:id                {plan?, planEndsAt?, isAdmin?, disabled?, reason}
 *   POST   /api/admin/users/:id/extend-trial   {days, reason}
 *   POST   /api/admin/users/:id/revoke-sessions · resend-confirmation · export   {reason}
 *   DELETE /api/admin/users/:id                {reason, confirmEmail}
 *   POST   /api/admin/set-admin                {email, reason}
 * Every change writes an audit row; a change to the admin flag or sign-in drops the user's cached
 * sessions on every process (realtime `session.revoked`).
 */
import type { Context, Hono } from "hono";
import { adminApi } from "../../../contract/admin";
import type { AppEnv } from "../../lib/context";
import { nowOf } from "../../lib/http";
import { runList } from "../../lib/list-query";
import { handle } from "../../lib/route";
import { actorOf } from "./audit.service";
import {
  auditResend,
  countUsers,
  deleteUser,
  exportUser,
  extendTrial,
  getUserDetail,
  listUserRows,
  patchUser,
  revokeSessions,
  setAdminByEmail,
  userSorts,
  usersWhere,
} from "./users.service";
import { user } from "../../db/schema";

const dbOf = (c: Context<AppEnv>) => c.get("deps").database.db;
const dropCachedSessions = (c: Context<AppEnv>, userId: string) =>
  c.get("deps").realtime.announce({ type: "session.revoked", userId });

export function userRoutes(r: Hono<AppEnv>) {
  handle(r, adminApi.users, async (c, { query }) => {
    const db = dbOf(c);
    const now = nowOf(c);
    const where = usersWhere(query, now);
    return runList(c, query, {
      sorts: userSorts,
      tiebreak: user.id,
      count: () => countUsers(db, where),
      rows: (w) => listUserRows(db, where, w, now),
      csv: {
        filename: "users.csv",
        columns: ["id", "email", "name", "createdAt", "emailVerified", "isAdmin", "disabled", "plan", "planEndsAt"],
      },
    });
  });

  handle(r, adminApi.user, (c, { params }) => getUserDetail(dbOf(c), params.id, nowOf(c)));

  handle(r, adminApi.patchUser, async (c, { params, body }) => {
    const { sessionsChanged } = await patchUser(dbOf(c), actorOf(c), params.id, body, nowOf(c));
    if (sessionsChanged) await dropCachedSessions(c, params.id);
    return getUserDetail(dbOf(c), params.id, nowOf(c));
  });

  handle(r, adminApi.extendTrial, async (c, { params, body }) => {
    await extendTrial(dbOf(c), actorOf(c), params.id, body.days, body.reason, nowOf(c));
    return getUserDetail(dbOf(c), params.id, nowOf(c));
  });

  handle(r, adminApi.revokeSessions, async (c, { params, body }) => {
    const revoked = await revokeSessions(dbOf(c), actorOf(c), params.id, body.reason);
    await dropCachedSessions(c, params.id);
    return { revoked };
  });

  handle(r, adminApi.resendConfirmation, async (c, { params, body }) => {
    const deps = c.get("deps");
    const email = await auditResend(dbOf(c), actorOf(c), params.id, body.reason);
    await deps.auth.api.sendVerificationEmail({ body: { email }, headers: new Headers() });
    return { ok: true as const };
  });

  handle(r, adminApi.exportUser, async (c, { params, body }) => {
    const doc = await exportUser(dbOf(c), actorOf(c), params.id, body.reason);
    c.header("content-disposition", `attachment; filename="user-${params.id}.json"`);
    return doc;
  });

  handle(r, adminApi.deleteUser, async (c, { params, body }) => {
    await deleteUser(dbOf(c), actorOf(c), params.id, body.reason, body.confirmEmail);
    await dropCachedSessions(c, params.id);
    return { ok: true as const };
  });

  handle(r, adminApi.setAdmin, async (c, { body }) => {
    const out = await setAdminByEmail(dbOf(c), actorOf(c), body.email, body.reason);
    if (out.changed) await dropCachedSessions(c, out.id);
    return out;
  });
}
