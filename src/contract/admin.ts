/**
 * Admin routes (SPEC.md §2.5, issue 17). Every `/api/admin/*` path answers 401 UNAUTHENTICATED to
 * a signed-out caller and 404 NOT_FOUND to a signed-in non-admin (one middleware in front of the
 * admin router, src/server/features/admin/admin-gate.ts); each route is also `auth: "admin"`.
 * Every action that changes something takes a `reason` and writes an `admin_audit_log` row.
 * Lists take the one list query of src/contract/list.ts (`format=csv` for a CSV export).
 * Times are ISO 8601 UTC strings; money is integer cents.
 */
import { z } from "zod";
import { listQuery, pageOf, queryFlag } from "./list";
import { defineRoute } from "./route";
import { tierNameSchema } from "./subscription";

/** The reason every admin action requires (shown in the audit log). */
export const adminReason = z
  .string()
  .trim()
  .min(3, "say why (at least 3 characters)")
  .max(500, "at most 500 characters");

// ── audit log ───────────────────────────────────────────────────────────────
export const auditRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  reason: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a UTC day, YYYY-MM-DD");

export const auditQuery = listQuery({
  sorts: ["createdAt", "action", "actorEmail"],
  defaultSort: "createdAt",
  filters: {
    action: z.string().max(100).optional(),
    targetId: z.string().max(200).optional(),
    actor: z.string().max(320).optional(),
    from: day.optional(),
    to: day.optional(),
  },
});

// ── users ───────────────────────────────────────────────────────────────────
export const PLAN_FILTERS = ["free", "trial", "paid"] as const;
export const ADMIN_PLANS = ["free", "trial", "unlimited"] as const;

export const adminUserRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  disabled: z.boolean(),
  /** The tier now (SPEC.md §3 tier names). */
  plan: tierNameSchema,
  /** End of the current trial or paid period, when on one. */
  planEndsAt: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const usersQuery = listQuery({
  sorts: ["createdAt", "email", "name"],
  defaultSort: "createdAt",
  filters: {
    plan: z.enum(PLAN_FILTERS).optional(),
    admin: queryFlag,
    unconfirmed: queryFlag,
    disabled: queryFlag,
    /** Only accounts created in the last N days (dashboard "new this week" opens this list). */
    newDays: z.coerce.number().int().min(1).max(3650).optional(),
    /** Only accounts with activity in the last N days (dashboard "active" counters). */
    activeDays: z.coerce.number().int().min(1).max(3650).optional(),
  },
});

export const adminUserDetailSchema = z.object({
  user: adminUserRowSchema.extend({ disabledAt: z.string().nullable(), firstName: z.string(), lastName: z.string() }),
  subscriptions: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      priceId: z.string().nullable(),
      createdAt: z.string(),
      currentPeriodEnd: z.string().nullable(),
      trialEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      stripeCustomerId: z.string().nullable(),
    }),
  ),
  usage: z.object({
    messagesThisMonth: z.number().int(),
    lifetimeMessages: z.number().int(),
    threads: z.number().int(),
    notes: z.number().int(),
    outlines: z.number().int(),
    reviews: z.number().int(),
  }),
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      expiresAt: z.string(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  /** Newest analytics events (names and times only: events never hold message text or note content). */
  activity: z.array(z.object({ name: z.string(), createdAt: z.string() })),
  audit: z.array(auditRowSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const userPatchBody = z
  .object({
    /** New plan; `planEndsAt` sets the end of a trial or Unlimited grant (default: 7 / 30 days). */
    plan: z.enum(ADMIN_PLANS).optional(),
    planEndsAt: z.iso.datetime({ offset: true }).optional(),
    isAdmin: z.boolean().optional(),
    /** true: sign-in refused and every session ended; false: sign-in allowed again. */
    disabled: z.boolean().optional(),
    reason: adminReason,
  })
  .refine((b) => b.plan !== undefined || b.isAdmin !== undefined || b.disabled !== undefined, {
    message: "nothing to change: give plan, isAdmin or disabled",
  });

const reasonBody = z.object({ reason: adminReason });
const okSchema = z.object({ ok: z.literal(true) });

// ── settings ────────────────────────────────────────────────────────────────
export const siteSettingsSchema = z.object({
  siteName: z.string().trim().min(1).max(80),
  supportEmail: z.email().max(320),
  signupsOpen: z.boolean(),
  maintenanceMode: z.boolean(),
  /** Shown in the banner while maintenance mode is on. */
  maintenanceMessage: z.string().trim().max(300),
  /** Days of the no-card trial a new account gets (SPEC.md §1 default 7). */
  trialDays: z.number().int().min(0).max(90),
  /** Free-plan AI messages per month (SPEC.md §6 default 10). */
  freeMessageLimit: z.number().int().min(0).max(10_000),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** What every visitor may know: name, support address, sign-ups, maintenance (banner). */
export const siteStatusSchema = siteSettingsSchema.pick({
  siteName: true,
  supportEmail: true,
  signupsOpen: true,
  maintenanceMode: true,
  maintenanceMessage: true,
});

// ── dashboard ───────────────────────────────────────────────────────────────
const series = z.array(z.object({ day: z.string(), value: z.number() }));
export const dashboardSchema = z.object({
  range: z.union([z.literal(7), z.literal(30), z.literal(90)]),
  users: z.object({
    total: z.number().int(),
    newThisWeek: z.number().int(),
    active24h: z.number().int(),
    active7d: z.number().int(),
    active30d: z.number().int(),
  }),
  plans: z.object({ Free: z.number().int(), Trial: z.number().int(), paid: z.number().int() }),
  /** Share (0–1) of accounts whose trial ended that went on to a paid plan; null with no ended trial. */
  trialConversion: z.number().nullable(),
  /** Monthly recurring revenue in cents from active paid subscriptions (yearly ÷ 12). */
  mrrCents: z.number().int(),
  /** Paid subscriptions canceled in the last 30 days ÷ paid at its start; null with none. */
  churn30d: z.number().nullable(),
  openErrors: z.number().int(),
  failingJobs: z.number().int(),
  charts: z.object({
    signups: series,
    activeUsers: series,
    messages: series,
    reviews: series,
  }),
  funnel: z.array(z.object({ step: z.string(), count: z.number().int() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const adminApi = {
  overview: defineRoute({
    method: "get",
    path: "/api/admin/overview",
    auth: "admin",
    summary: "Admins only: counts of users and uninvestigated error logs.",
    tags: ["admin"],
    responses: { 200: z.object({ users: z.number().int(), openErrors: z.number().int() }) },
    errors: ["NOT_FOUND"],
  }),
  dashboard: defineRoute({
    method: "get",
    path: "/api/admin/dashboard",
    auth: "admin",
    summary:
      "Admins only: the dashboard's counters (users, plans, trial conversion, MRR in cents, churn, open errors, failing jobs), daily series over the last 7/30/90 UTC days and the funnel visit → sign-up → confirmed → active in week 1 → paid.",
    tags: ["admin"],
    query: z.object({ range: z.enum(["7", "30", "90"]).default("30") }),
    responses: { 200: dashboardSchema },
    errors: ["NOT_FOUND"],
  }),
  audit: defineRoute({
    method: "get",
    path: "/api/admin/audit",
    auth: "admin",
    summary:
      "Admins only: the audit log, newest first by default; filters q (actor, target, reason), action, targetId, actor, from/to (UTC days). format=csv exports it. Read-only: no route edits or deletes a row.",
    tags: ["admin"],
    query: auditQuery,
    responses: { 200: pageOf(auditRowSchema) },
    errors: ["NOT_FOUND"],
    stable: true,
  }),
  users: defineRoute({
    method: "get",
    path: "/api/admin/users",
    auth: "admin",
    summary:
      "Admins only: accounts, newest first by default. q matches the start of the email or the name; filters plan (free|trial|paid), admin, unconfirmed, disabled, newDays, activeDays; sort createdAt|email|name; format=csv exports.",
    tags: ["admin"],
    query: usersQuery,
    responses: { 200: pageOf(adminUserRowSchema) },
    errors: ["NOT_FOUND"],
    stable: true,
  }),
  user: defineRoute({
    method: "get",
    path: "/api/admin/users/:id",
    auth: "admin",
    summary:
      "Admins only: one account with profile, subscriptions, usage, sessions, recent activity and its audit rows.",
    tags: ["admin"],
    responses: { 200: adminUserDetailSchema },
    errors: ["NOT_FOUND"],
  }),
  patchUser: defineRoute({
    method: "patch",
    path: "/api/admin/users/:id",
    auth: "admin",
    summary:
      "Admins only: change plan (free|trial|unlimited, optional planEndsAt), make or revoke admin, disable or enable sign-in (disabling ends every session). reason is required; one audit row per change. An admin cannot revoke their own admin flag or disable themselves (409).",
    tags: ["admin"],
    body: userPatchBody,
    responses: { 200: adminUserDetailSchema },
    errors: ["NOT_FOUND", "CONFLICT"],
    stable: true,
  }),
  extendTrial: defineRoute({
    method: "post",
    path: "/api/admin/users/:id/extend-trial",
    auth: "admin",
    summary: "Admins only: adds `days` (1–365) to the account's trial (a new trial from now when none is running).",
    tags: ["admin"],
    body: z.object({ days: z.number().int().min(1).max(365), reason: adminReason }),
    responses: { 200: adminUserDetailSchema },
    errors: ["NOT_FOUND", "CONFLICT"],
  }),
  revokeSessions: defineRoute({
    method: "post",
    path: "/api/admin/users/:id/revoke-sessions",
    auth: "admin",
    summary: "Admins only: ends every session of the account (it must sign in again).",
    tags: ["admin"],
    body: reasonBody,
    responses: { 200: z.object({ revoked: z.number().int() }) },
    errors: ["NOT_FOUND"],
  }),
  resendConfirmation: defineRoute({
    method: "post",
    path: "/api/admin/users/:id/resend-confirmation",
    auth: "admin",
    summary: "Admins only: emails the account a new confirmation link. 409 when already confirmed.",
    tags: ["admin"],
    body: reasonBody,
    responses: { 200: okSchema },
    errors: ["NOT_FOUND", "CONFLICT"],
  }),
  exportUser: defineRoute({
    method: "post",
    path: "/api/admin/users/:id/export",
    auth: "admin",
    summary:
      "Admins only: the account's data as one JSON document (profile, subscriptions, threads with messages, notes, outlines, study reviews, analytics events). Audited.",
    tags: ["admin"],
    body: reasonBody,
    responses: { 200: z.record(z.string(), z.unknown()) },
    errors: ["NOT_FOUND"],
  }),
  deleteUser: defineRoute({
    method: "delete",
    path: "/api/admin/users/:id",
    auth: "admin",
    summary:
      "Admins only: deletes the account and everything it owns (cascade). `confirmEmail` must repeat its email. An admin cannot delete themselves (409).",
    tags: ["admin"],
    body: z.object({ reason: adminReason, confirmEmail: z.string().max(320) }),
    responses: { 200: okSchema },
    errors: ["NOT_FOUND", "CONFLICT"],
  }),
  setAdmin: defineRoute({
    method: "post",
    path: "/api/admin/set-admin",
    auth: "admin",
    summary:
      "Admins only (SPEC.md §2.5 set-admin form): makes the account with this email an administrator. 404 when no account has it.",
    tags: ["admin"],
    body: z.object({ email: z.email().max(320), reason: adminReason }),
    responses: { 200: z.object({ id: z.string(), email: z.string(), isAdmin: z.literal(true), changed: z.boolean() }) },
    errors: ["NOT_FOUND"],
  }),
  settings: defineRoute({
    method: "get",
    path: "/api/admin/settings",
    auth: "admin",
    summary: "Admins only: the site settings (defaults until saved).",
    tags: ["admin"],
    responses: { 200: siteSettingsSchema },
    errors: ["NOT_FOUND"],
  }),
  putSettings: defineRoute({
    method: "put",
    path: "/api/admin/settings",
    auth: "admin",
    summary:
      "Admins only: saves the site settings; reason required; the audit row holds the changed fields before/after.",
    tags: ["admin"],
    body: siteSettingsSchema.extend({ reason: adminReason }),
    responses: { 200: siteSettingsSchema },
    errors: ["NOT_FOUND"],
  }),
};

export const siteApi = {
  status: defineRoute({
    method: "get",
    path: "/api/site",
    auth: "public",
    summary:
      "Anyone: site name, support email, whether sign-ups are open and whether maintenance mode is on (the app shows a banner and refuses students' changes with 503 MAINTENANCE).",
    tags: ["admin"],
    responses: { 200: siteStatusSchema },
  }),
};
