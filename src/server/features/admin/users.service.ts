/**
 * The admin users list and user page (issue 17 §2 users), and the actions on an account. Every
 * action takes the acting admin and a reason and writes one `admin_audit_log` row in the same
 * transaction as the change (audit.service.ts).
 *
 * List: q matches the start of the email or of the name (lower-case prefix indexes
 * `user_email_prefix_idx`, `user_name_prefix_idx`); plan filter free|trial|paid against the
 * active subscription of SPEC.md §3 (period end in the future; past_due only within its grace
 * period); newest first by `user_created_at_idx`. Budget: 100,000 users filtered and sorted,
 * p95 ≤ 100 ms (bench/admin.ts).
 */
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AdminUserDetail, AdminUserRow, usersQuery } from "../../../contract/admin";
import { tierName } from "../../../domain/plans";
import type { Db, DbOrTx } from "../../db/client";
import {
  analyticsEvents,
  billingCustomers,
  caseCollections,
  messageCounts,
  messages,
  notes,
  outlines,
  profiles,
  quizSessions,
  session,
  studentBriefs,
  studyReviewLogs,
  studySchedules,
  subscriptions,
  tags,
  threads,
  user,
  adminAuditLog,
} from "../../db/schema";
import { AppError } from "../../lib/errors";
import { findSubscription, setPlan, summarize } from "../billing/subscriptions.service";
import { type AdminActor, recordAdminAction } from "./audit.service";

export type UsersQuery = z.output<typeof usersQuery>;
const DAY_MS = 86_400_000;

/** SQL: the user `u` has an active subscription matching `extra` (SPEC.md §3 rules, at `now`). */
function activeSub(now: Date, extra?: SQL): SQL {
  return sql`exists (select 1 from ${subscriptions} s where s.user_id = ${user.id}
    and s.current_period_end > ${now}
    and (s.status in ('active','trialing','trial') or (s.status = 'past_due' and s.grace_until > ${now}))
    ${extra ? sql`and ${extra}` : sql``})`;
}
const isTrialSql = sql`s.status in ('trialing','trial')`;
const isPaidSql = sql`s.status not in ('trialing','trial')`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** WHERE of the users list. */
export function usersWhere(q: UsersQuery, now: Date): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (q.q) {
    const p = `${escapeLike(q.q.toLowerCase())}%`;
    parts.push(sql`(lower(${user.email}) like ${p} or lower(${user.name}) like ${p})`);
  }
  if (q.plan === "free") parts.push(sql`not ${activeSub(now)}`);
  if (q.plan === "trial") parts.push(activeSub(now, isTrialSql));
  if (q.plan === "paid") parts.push(activeSub(now, isPaidSql));
  if (q.admin) parts.push(eq(user.isAdmin, q.admin === "true"));
  if (q.unconfirmed) parts.push(eq(user.emailVerified, q.unconfirmed !== "true"));
  if (q.disabled) parts.push(q.disabled === "true" ? isNotNull(user.disabledAt) : isNull(user.disabledAt));
  if (q.newDays) parts.push(gte(user.createdAt, new Date(now.getTime() - q.newDays * DAY_MS)));
  if (q.activeDays) {
    const since = new Date(now.getTime() - q.activeDays * DAY_MS).toISOString().slice(0, 10);
    // The user row's copy of its last active day (decision 075), not a join of `user_activity`.
    parts.push(gte(user.lastActiveDay, since));
  }
  return parts.length ? and(...parts) : undefined;
}

export const userSorts = { createdAt: user.createdAt, email: user.email, name: user.name };

const userCols = {
  id: user.id,
  email: user.email,
  name: user.name,
  createdAt: user.createdAt,
  emailVerified: user.emailVerified,
  isAdmin: user.isAdmin,
  disabledAt: user.disabledAt,
};
type UserBase = { [K in keyof typeof userCols]: (typeof user.$inferSelect)[K] };

/** Adds each user's tier and plan end, from one query over the page's subscriptions. */
async function withPlans(db: DbOrTx, rows: UserBase[], now: Date): Promise<AdminUserRow[]> {
  const subs = rows.length
    ? await db
        .select()
        .from(subscriptions)
        .where(
          inArray(
            subscriptions.userId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(desc(subscriptions.createdAt))
    : [];
  return rows.map((r) => {
    const mine = subs.filter((s) => s.userId === r.id);
    const active = mine.find((s) => tierName(s, now) !== "Free") ?? null;
    return {
      id: r.id,
      email: r.email,
      name: r.name,
      createdAt: r.createdAt.toISOString(),
      emailVerified: r.emailVerified,
      isAdmin: r.isAdmin,
      disabled: r.disabledAt !== null,
      plan: tierName(active, now),
      planEndsAt: active?.currentPeriodEnd?.toISOString() ?? null,
    };
  });
}

/** One page of users (rows with plan) for the list query `q`. */
export async function listUserRows(
  db: DbOrTx,
  where: SQL | undefined,
  window: { orderBy: SQL[]; limit: number; offset: number },
  now: Date,
): Promise<AdminUserRow[]> {
  const rows = await db
    .select(userCols)
    .from(user)
    .where(where)
    .orderBy(...window.orderBy)
    .limit(window.limit)
    .offset(window.offset);
  return withPlans(db, rows, now);
}

export async function countUsers(db: DbOrTx, where: SQL | undefined): Promise<number> {
  return (await db.select({ n: count() }).from(user).where(where))[0].n;
}

async function userOr404(db: DbOrTx, id: string): Promise<UserBase> {
  const [row] = await db.select(userCols).from(user).where(eq(user.id, id));
  if (!row) throw new AppError("NOT_FOUND", "No account with this id.");
  return row;
}

const n = async (p: Promise<{ n: number }[]>) => (await p)[0]?.n ?? 0;

/** The user page: profile, subscriptions, usage, sessions, recent activity (event names only), audit rows. */
export async function getUserDetail(db: DbOrTx, id: string, now: Date): Promise<AdminUserDetail> {
  const base = await userOr404(db, id);
  const [row] = await withPlans(db, [base], now);
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, id));
  const subs = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, id))
    .orderBy(desc(subscriptions.createdAt))
    .limit(20);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [counted] = await db
    .select({ count: messageCounts.count })
    .from(messageCounts)
    .where(and(eq(messageCounts.userId, id), eq(messageCounts.periodStart, monthStart)));
  const sessions = await db
    .select()
    .from(session)
    .where(and(eq(session.userId, id), gte(session.expiresAt, now)))
    .orderBy(desc(session.createdAt))
    .limit(20);
  const activity = await db
    .select({ name: analyticsEvents.name, createdAt: analyticsEvents.createdAt })
    .from(analyticsEvents)
    .where(eq(analyticsEvents.userId, id))
    .orderBy(desc(analyticsEvents.createdAt))
    .limit(25);
  const audit = await db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.targetId, id))
    .orderBy(desc(adminAuditLog.createdAt))
    .limit(25);
  return {
    user: {
      ...row,
      disabledAt: base.disabledAt?.toISOString() ?? null,
      firstName: profile?.firstName ?? "",
      lastName: profile?.lastName ?? "",
    },
    subscriptions: subs.map((s) => ({
      id: s.id,
      status: s.status,
      priceId: s.priceId,
      createdAt: s.createdAt.toISOString(),
      currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
      trialEnd: s.trialEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      stripeCustomerId: s.stripeCustomerId,
    })),
    usage: {
      messagesThisMonth: counted?.count ?? 0,
      lifetimeMessages: profile?.lifetimeMessageCount ?? 0,
      threads: await n(db.select({ n: count() }).from(threads).where(eq(threads.userId, id))),
      notes: await n(db.select({ n: count() }).from(notes).where(eq(notes.userId, id))),
      outlines: await n(db.select({ n: count() }).from(outlines).where(eq(outlines.userId, id))),
      reviews: await n(db.select({ n: count() }).from(studyReviewLogs).where(eq(studyReviewLogs.userId, id))),
    },
    sessions: sessions.map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
    })),
    activity: activity.map((a) => ({ name: a.name, createdAt: a.createdAt.toISOString() })),
    audit: audit.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
  };
}

/** Plan shown in the audit log's before/after. */
async function planOf(db: DbOrTx, id: string, now: Date) {
  const s = summarize(await findSubscription(db as Db, id, now), now);
  return { plan: s.tierName, endsAt: s.current_period_end };
}

export interface PatchUser {
  plan?: "free" | "trial" | "unlimited";
  planEndsAt?: string;
  isAdmin?: boolean;
  disabled?: boolean;
  reason: string;
}

/**
 * Applies the changes of PATCH /api/admin/users/:id, one audit row each. Returns whether the
 * user's sessions must be dropped from every process's cache (admin flag or sign-in changed).
 * 409 CONFLICT: an admin revoking their own admin flag or disabling themselves; a plan end
 * in the past.
 */
export async function patchUser(
  db: Db,
  actor: AdminActor,
  id: string,
  p: PatchUser,
  now: Date,
): Promise<{ sessionsChanged: boolean }> {
  if (id === actor.id && (p.isAdmin === false || p.disabled === true))
    throw new AppError("CONFLICT", "You cannot revoke your own admin access or disable your own sign-in.");
  if (p.planEndsAt && new Date(p.planEndsAt).getTime() <= now.getTime())
    throw new AppError("CONFLICT", "The plan's end date must be in the future.");
  let sessionsChanged = false;
  await db.transaction(async (tx) => {
    const base = await userOr404(tx, id);
    const label = base.email;
    if (p.plan !== undefined) {
      const before = await planOf(tx, id, now);
      await setPlan({ db: tx, userId: id, plan: p.plan, now });
      if (p.planEndsAt && p.plan !== "free") {
        const end = new Date(p.planEndsAt);
        await tx
          .update(subscriptions)
          .set({ currentPeriodEnd: end, ...(p.plan === "trial" ? { trialEnd: end } : {}) })
          .where(and(eq(subscriptions.userId, id), sql`${subscriptions.status} in ('active','trialing')`));
      }
      const after = await planOf(tx, id, now);
      await recordAdminAction(tx, actor, {
        action: "user.plan.change",
        targetType: "user",
        targetId: id,
        targetLabel: label,
        reason: p.reason,
        before,
        after,
      });
    }
    if (p.isAdmin !== undefined && p.isAdmin !== base.isAdmin) {
      await tx.update(user).set({ isAdmin: p.isAdmin, updatedAt: now }).where(eq(user.id, id));
      await recordAdminAction(tx, actor, {
        action: p.isAdmin ? "user.admin.grant" : "user.admin.revoke",
        targetType: "user",
        targetId: id,
        targetLabel: label,
        reason: p.reason,
        before: { isAdmin: base.isAdmin },
        after: { isAdmin: p.isAdmin },
      });
      sessionsChanged = true;
    }
    if (p.disabled !== undefined && p.disabled !== (base.disabledAt !== null)) {
      await tx
        .update(user)
        .set({ disabledAt: p.disabled ? now : null, updatedAt: now })
        .where(eq(user.id, id));
      // Disabling ends every session at once; sign-in is refused from now on (auth/auth.ts).
      if (p.disabled) await tx.delete(session).where(eq(session.userId, id));
      await recordAdminAction(tx, actor, {
        action: p.disabled ? "user.disable" : "user.enable",
        targetType: "user",
        targetId: id,
        targetLabel: label,
        reason: p.reason,
        before: { disabled: base.disabledAt !== null },
        after: { disabled: p.disabled },
      });
      sessionsChanged = true;
    }
  });
  return { sessionsChanged };
}

/** Adds `days` to the running trial, or starts one of `days` from now. 409 when the account is on a paid plan. */
export async function extendTrial(db: Db, actor: AdminActor, id: string, days: number, reason: string, now: Date) {
  await db.transaction(async (tx) => {
    const base = await userOr404(tx, id);
    const before = await planOf(tx, id, now);
    if (before.plan !== "Free" && before.plan !== "Trial")
      throw new AppError("CONFLICT", "This account is on a paid plan: there is no trial to extend.");
    if (before.plan === "Trial") {
      const current = new Date(before.endsAt!);
      const end = new Date(current.getTime() + days * DAY_MS);
      await tx
        .update(subscriptions)
        .set({ currentPeriodEnd: end, trialEnd: end })
        .where(
          and(
            eq(subscriptions.userId, id),
            sql`${subscriptions.status} in ('trialing','trial')`,
            gte(subscriptions.currentPeriodEnd, now),
          ),
        );
    } else {
      const end = new Date(now.getTime() + days * DAY_MS);
      await tx
        .insert(subscriptions)
        .values({ userId: id, status: "trialing", priceId: "trial", currentPeriodEnd: end, trialEnd: end });
    }
    const after = await planOf(tx, id, now);
    await recordAdminAction(tx, actor, {
      action: "user.trial.extend",
      targetType: "user",
      targetId: id,
      targetLabel: base.email,
      reason,
      before,
      after: { ...after, days },
    });
  });
}

/** Ends every session of the account; returns how many there were. */
export async function revokeSessions(db: Db, actor: AdminActor, id: string, reason: string): Promise<number> {
  return db.transaction(async (tx) => {
    const base = await userOr404(tx, id);
    const gone = await tx.delete(session).where(eq(session.userId, id)).returning({ id: session.id });
    await recordAdminAction(tx, actor, {
      action: "user.sessions.revoke",
      targetType: "user",
      targetId: id,
      targetLabel: base.email,
      reason,
      before: { sessions: gone.length },
      after: { sessions: 0 },
    });
    return gone.length;
  });
}

/** The account's data as one JSON document (GDPR-style export). Audited. */
export async function exportUser(
  db: Db,
  actor: AdminActor,
  id: string,
  reason: string,
): Promise<Record<string, unknown>> {
  const base = await userOr404(db, id);
  const by = <T extends { userId: unknown }>(t: T) => eq(t.userId as never, id);
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, id));
  const myThreads = await db.select().from(threads).where(by(threads));
  const doc = {
    exportedAt: new Date().toISOString(),
    user: base,
    profile: profile ?? null,
    subscriptions: await db.select().from(subscriptions).where(by(subscriptions)),
    billingCustomers: await db.select().from(billingCustomers).where(by(billingCustomers)),
    threads: myThreads,
    messages: await db.select().from(messages).where(by(messages)),
    messageCounts: await db.select().from(messageCounts).where(by(messageCounts)),
    notes: await db.select().from(notes).where(by(notes)),
    tags: await db.select().from(tags).where(by(tags)),
    studentBriefs: await db.select().from(studentBriefs).where(by(studentBriefs)),
    caseCollections: await db.select().from(caseCollections).where(by(caseCollections)),
    outlines: await db.select().from(outlines).where(by(outlines)),
    studySchedules: await db.select().from(studySchedules).where(by(studySchedules)),
    studyReviewLogs: await db.select().from(studyReviewLogs).where(by(studyReviewLogs)),
    quizSessions: await db.select().from(quizSessions).where(by(quizSessions)),
    analyticsEvents: await db.select().from(analyticsEvents).where(by(analyticsEvents)),
  };
  await recordAdminAction(db, actor, {
    action: "user.export",
    targetType: "user",
    targetId: id,
    targetLabel: base.email,
    reason,
  });
  return JSON.parse(JSON.stringify(doc));
}

/** Deletes the account and everything it owns (foreign keys cascade). 409 for oneself or a wrong confirmation. */
export async function deleteUser(db: Db, actor: AdminActor, id: string, reason: string, confirmEmail: string) {
  if (id === actor.id) throw new AppError("CONFLICT", "You cannot delete your own account from the console.");
  await db.transaction(async (tx) => {
    const base = await userOr404(tx, id);
    if (confirmEmail.trim().toLowerCase() !== base.email.toLowerCase())
      throw new AppError("CONFLICT", "Type the account's email address to confirm the deletion.");
    await recordAdminAction(tx, actor, {
      action: "user.delete",
      targetType: "user",
      targetId: id,
      targetLabel: base.email,
      reason,
      before: { email: base.email, name: base.name, createdAt: base.createdAt.toISOString() },
      after: null,
    });
    await tx.delete(user).where(eq(user.id, id));
  });
}

/** Makes the account with `email` an admin (SPEC.md §2.5 set-admin). 404 when none has it. */
export async function setAdminByEmail(db: Db, actor: AdminActor, email: string, reason: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select(userCols).from(user).where(sql`lower(${user.email}) = ${email.trim().toLowerCase()}`);
    if (!row) throw new AppError("NOT_FOUND", "No account uses this email address.");
    if (!row.isAdmin) {
      await tx.update(user).set({ isAdmin: true }).where(eq(user.id, row.id));
      await recordAdminAction(tx, actor, {
        action: "user.admin.grant",
        targetType: "user",
        targetId: row.id,
        targetLabel: row.email,
        reason,
        before: { isAdmin: false },
        after: { isAdmin: true },
      });
    }
    return { id: row.id, email: row.email, isAdmin: true as const, changed: !row.isAdmin };
  });
}

/** The audit row of a resent confirmation (the email itself goes through better-auth). */
export async function auditResend(db: DbOrTx, actor: AdminActor, id: string, reason: string) {
  const base = await userOr404(db, id);
  if (base.emailVerified) throw new AppError("CONFLICT", "This account has already confirmed its email.");
  await recordAdminAction(db, actor, {
    action: "user.confirmation.resend",
    targetType: "user",
    targetId: id,
    targetLabel: base.email,
    reason,
  });
  return base.email;
}
