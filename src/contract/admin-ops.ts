/**
 * Admin operator pages, second half of issue 17 §2 (decision 065): security, error-logs, cases,
 * askjds (the companion), price-mapping, utilities, batch-monitor; plus the public CSP report
 * endpoint. The cases page's routes are in admin-cases.ts, the companion's (and the students'
 * thumbs on its answers) in admin-companion.ts; `adminOpsApi` holds them all. Every `/api/admin/*` route here is
 * `auth: "admin"` (401 signed out, 404 for non-admins). Every change takes a `reason` (3–500
 * characters) and writes one audit-log row. Times are ISO 8601 UTC; latency in ms; money in cents.
 */
import { z } from "zod";
import { adminReason } from "./admin";
import { JOB_STATE_VALUES } from "./jobs";
import { listQuery, pageOf, queryFlag } from "./list";
import { adminCasesApi } from "./admin-cases";
import { adminCompanionApi } from "./admin-companion";
import { defineRoute } from "./route";

export * from "./admin-cases";
export * from "./admin-companion";

const reasonBody = z.object({ reason: adminReason });
const iso = z.string();

// ── error-logs ────────────────────────────────────────────────────────────────────────────────
export const errorGroupRow = z.object({
  /** md5 of message + top stack frame (hex). */
  fingerprint: z.string(),
  message: z.string(),
  topFrame: z.string().nullable(),
  source: z.string(),
  count: z.number().int(),
  usersAffected: z.number().int(),
  firstSeen: iso,
  lastSeen: iso,
  investigated: z.boolean(),
  note: z.string().nullable(),
});
export type ErrorGroupRow = z.infer<typeof errorGroupRow>;
export const errorGroupsQuery = listQuery({
  sorts: ["lastSeen", "firstSeen", "count", "usersAffected"] as const,
  defaultSort: "lastSeen",
  filters: { investigated: queryFlag, source: z.enum(["server", "client"]).optional() },
});

// ── batch-monitor ─────────────────────────────────────────────────────────────────────────────
export const adminJobRow = z.object({
  id: z.string(),
  kind: z.string(),
  state: z.enum(JOB_STATE_VALUES),
  progress: z.number().int(),
  message: z.string(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  ownerEmail: z.string().nullable(),
  createdAt: iso,
  startedAt: iso.nullable(),
  finishedAt: iso.nullable(),
});
export type AdminJobRow = z.infer<typeof adminJobRow>;
export const jobsQuery = listQuery({
  sorts: ["createdAt", "kind", "state", "attempts"] as const,
  defaultSort: "createdAt",
  filters: { state: z.enum(JOB_STATE_VALUES).optional(), kind: z.string().max(100).optional() },
});

// ── price-mapping ─────────────────────────────────────────────────────────────────────────────
export const priceRow = z.object({
  id: z.string(),
  tierName: z.string(),
  intervalType: z.string(),
  displayPriceCents: z.number().int(),
  displayCurrency: z.string(),
  formattedPrice: z.string(),
  providerPriceId: z.string().nullable(),
  active: z.boolean(),
  sortOrder: z.number().int(),
});
export type PriceRow = z.infer<typeof priceRow>;

// ── security ──────────────────────────────────────────────────────────────────────────────────
export const cspReportRow = z.object({
  id: z.string(),
  documentUri: z.string().nullable(),
  violatedDirective: z.string().nullable(),
  blockedUri: z.string().nullable(),
  sourceFile: z.string().nullable(),
  lineNumber: z.number().int().nullable(),
  ip: z.string().nullable(),
  investigated: z.boolean(),
  note: z.string().nullable(),
  createdAt: iso,
});
export type CspReportRow = z.infer<typeof cspReportRow>;
export const cspQuery = listQuery({
  sorts: ["createdAt"] as const,
  defaultSort: "createdAt",
  filters: { investigated: queryFlag },
});
const countRow = z.object({ key: z.string(), count: z.number().int() });
export const securityOverview = z.object({
  days: z.array(z.object({ day: z.string(), failedSignIns: z.number().int(), rateLimited: z.number().int() })),
  topIps: z.array(countRow),
  topAccounts: z.array(countRow),
  /** Accounts whose sign-in is currently refused from some address (10 attempts in the 15-minute window), or disabled. */
  lockedAccounts: z.array(z.object({ email: z.string(), reason: z.string(), until: iso.nullable() })),
  activeSessions: z.number().int(),
  recentSessions: z.array(
    z.object({
      email: z.string(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
      createdAt: iso,
      expiresAt: iso,
    }),
  ),
  adminLogins: z.array(z.object({ email: z.string(), ip: z.string().nullable(), createdAt: iso })),
});

// ── utilities ─────────────────────────────────────────────────────────────────────────────────
const check = z.object({ ok: z.boolean(), detail: z.string() });
export const diagnostics = z.object({
  version: z.string(),
  node: z.string(),
  uptimeSeconds: z.number().int(),
  database: check.extend({ kind: z.string(), latencyMs: z.number().int() }),
  storage: check.extend({ kind: z.string() }),
  mail: check.extend({ transport: z.string() }),
  jobs: check.extend({ queued: z.number().int(), running: z.number().int(), failed: z.number().int() }),
  disk: check.extend({ freeBytes: z.number().nullable(), totalBytes: z.number().nullable() }),
  llm: check.extend({ provider: z.string() }),
});

export const adminOpsApi = {
  ...adminCasesApi,
  ...adminCompanionApi,
  // error-logs
  errorGroups: defineRoute({
    method: "get",
    path: "/api/admin/error-groups",
    auth: "admin",
    summary:
      "Admins only: error_logs grouped by fingerprint (message + top stack frame): count, users affected, first/last seen, investigated flag and note. Filters investigated, source; format=csv exports.",
    tags: ["admin"],
    query: errorGroupsQuery,
    responses: { 200: pageOf(errorGroupRow) },
  }),
  errorGroup: defineRoute({
    method: "get",
    path: "/api/admin/error-groups/:fingerprint",
    auth: "admin",
    summary: "Admins only: one error group with its latest stack trace and its 20 latest occurrences.",
    tags: ["admin"],
    responses: {
      200: errorGroupRow.extend({
        stackTrace: z.string().nullable(),
        recent: z.array(
          z.object({ id: z.string(), createdAt: iso, url: z.string().nullable(), userEmail: z.string().nullable() }),
        ),
      }),
    },
    errors: ["NOT_FOUND"],
  }),
  markErrorGroup: defineRoute({
    method: "patch",
    path: "/api/admin/error-groups/:fingerprint",
    auth: "admin",
    summary:
      "Admins only: marks an error group investigated (or not) with a note; every error log of the group takes the flag. Audited.",
    tags: ["admin"],
    body: z.object({ investigated: z.boolean(), note: z.string().trim().max(2000).default(""), reason: adminReason }),
    responses: { 200: errorGroupRow },
    errors: ["NOT_FOUND"],
  }),
  // batch-monitor
  jobsSummary: defineRoute({
    method: "get",
    path: "/api/admin/jobs/summary",
    auth: "admin",
    summary: "Admins only: how many background jobs are in each state.",
    tags: ["admin"],
    responses: { 200: z.record(z.enum(JOB_STATE_VALUES), z.number().int()) },
  }),
  jobs: defineRoute({
    method: "get",
    path: "/api/admin/jobs",
    auth: "admin",
    summary:
      "Admins only: background jobs with progress, attempts and errors; filters state, kind; q searches kind and error.",
    tags: ["admin"],
    query: jobsQuery,
    responses: { 200: pageOf(adminJobRow) },
  }),
  retryJob: defineRoute({
    method: "post",
    path: "/api/admin/jobs/:id/retry",
    auth: "admin",
    summary:
      "Admins only: puts a failed or cancelled job back in the queue (attempts reset). 409 in any other state. Audited.",
    tags: ["admin"],
    body: reasonBody,
    responses: { 200: adminJobRow },
    errors: ["NOT_FOUND", "CONFLICT"],
  }),
  cancelJob: defineRoute({
    method: "post",
    path: "/api/admin/jobs/:id/cancel",
    auth: "admin",
    summary: "Admins only: cancels a queued job at once, or asks a running one to stop. 409 once finished. Audited.",
    tags: ["admin"],
    body: reasonBody,
    responses: { 200: adminJobRow },
    errors: ["NOT_FOUND", "CONFLICT"],
  }),
  // price-mapping
  prices: defineRoute({
    method: "get",
    path: "/api/admin/prices",
    auth: "admin",
    summary: "Admins only: every row of the price mapping (active or not), as /api/pricing and checkout read it.",
    tags: ["admin"],
    responses: { 200: z.object({ rows: z.array(priceRow) }) },
  }),
  setPrice: defineRoute({
    method: "post",
    path: "/api/admin/prices",
    auth: "admin",
    summary:
      "Admins only: adds or replaces the row <tier>-<interval> (as `prices:set`): tier free|premium|unlimited, interval month|year, cents, currency, optional Stripe price id. Audited.",
    tags: ["admin"],
    body: z.object({
      tier: z.enum(["free", "premium", "unlimited"]),
      interval: z.enum(["month", "year"]),
      cents: z.number().int().min(0).max(100_000_000),
      currency: z.string().regex(/^[A-Za-z]{3}$/, "an ISO 4217 code, e.g. USD"),
      providerPriceId: z
        .string()
        .trim()
        .regex(/^price_\w+$/, "a Stripe price id starts with price_")
        .nullable()
        .optional(),
      reason: adminReason,
    }),
    responses: { 200: priceRow },
  }),
  togglePrice: defineRoute({
    method: "patch",
    path: "/api/admin/prices/:id",
    auth: "admin",
    summary: "Admins only: turns a price row on or off (an inactive row is not offered or charged). Audited.",
    tags: ["admin"],
    body: z.object({ active: z.boolean(), reason: adminReason }),
    responses: { 200: priceRow },
    errors: ["NOT_FOUND"],
  }),
  deletePrice: defineRoute({
    method: "delete",
    path: "/api/admin/prices/:id",
    auth: "admin",
    summary: "Admins only: deletes a price row. Audited.",
    tags: ["admin"],
    body: reasonBody,
    responses: { 200: z.object({ deleted: z.literal(true) }) },
    errors: ["NOT_FOUND"],
  }),
  clearPricingCache: defineRoute({
    method: "post",
    path: "/api/admin/prices/clear-cache",
    auth: "admin",
    summary:
      "Admins only: drops the cached public pricing pages and plan prices so the next request reads the table. Audited.",
    tags: ["admin"],
    body: reasonBody,
    responses: { 200: z.object({ cleared: z.literal(true) }) },
  }),
  // security
  security: defineRoute({
    method: "get",
    path: "/api/admin/security",
    auth: "admin",
    summary:
      "Admins only: failed sign-ins and rate-limited sign-ins per UTC day (30 days), top addresses and accounts (7 days), locked accounts, active sessions, recent admin sign-ins.",
    tags: ["admin"],
    responses: { 200: securityOverview },
  }),
  cspReports: defineRoute({
    method: "get",
    path: "/api/admin/security/csp",
    auth: "admin",
    summary: "Admins only: Content-Security-Policy violation reports received at /api/csp-report.",
    tags: ["admin"],
    query: cspQuery,
    responses: { 200: pageOf(cspReportRow) },
  }),
  markCsp: defineRoute({
    method: "patch",
    path: "/api/admin/security/csp/:id",
    auth: "admin",
    summary: "Admins only: marks a CSP report investigated (or not) with a note. Audited.",
    tags: ["admin"],
    body: z.object({ investigated: z.boolean(), note: z.string().trim().max(2000).default(""), reason: adminReason }),
    responses: { 200: cspReportRow },
    errors: ["NOT_FOUND"],
  }),
  cspReport: defineRoute({
    method: "post",
    path: "/api/csp-report",
    auth: "public",
    summary:
      "Browsers' Content-Security-Policy violation reports (report-uri: application/csp-report; report-to: application/reports+json). ≤ 16 KB, 30 a minute per address (extra reports are dropped). 204.",
    tags: ["security"],
    rawBody: {
      contentType: "application/csp-report",
      description: "a CSP violation report (or a Reporting API batch)",
    },
    responses: { 204: { contentType: "none", description: "accepted (or dropped over the limit)" } },
    errors: ["PAYLOAD_TOO_LARGE"],
  }),
  // utilities
  diagnostics: defineRoute({
    method: "get",
    path: "/api/admin/utilities/diagnostics",
    auth: "admin",
    summary: "Admins only: database, storage, mail, jobs, disk, LLM and version checks.",
    tags: ["admin"],
    responses: { 200: diagnostics },
  }),
  testMail: defineRoute({
    method: "post",
    path: "/api/admin/utilities/test-mail",
    auth: "admin",
    summary: "Admins only: sends a test email to `to` through the configured mail transport. Audited.",
    tags: ["admin"],
    body: z.object({ to: z.email(), reason: adminReason }),
    responses: { 200: z.object({ sent: z.literal(true), transport: z.string() }) },
  }),
  rebuildSearch: defineRoute({
    method: "post",
    path: "/api/admin/utilities/rebuild-search",
    auth: "admin",
    summary:
      "Admins only: rebuilds the case-law search index and the companion's index now; answers the time taken (ms). Audited.",
    tags: ["admin"],
    body: reasonBody,
    responses: { 200: z.object({ ms: z.number().int() }) },
  }),
  reseed: defineRoute({
    method: "post",
    path: "/api/admin/utilities/reseed",
    auth: "admin",
    summary:
      "Admins only: reloads the content files into the database (the boot-time seed, idempotent); answers the time (ms). Audited.",
    tags: ["admin"],
    body: reasonBody,
    responses: { 200: z.object({ ms: z.number().int() }) },
  }),
  backup: defineRoute({
    method: "get",
    path: "/api/admin/utilities/backup",
    auth: "admin",
    summary:
      "Admins only: a database backup download: PGlite's data directory as .tar.gz, or pg_dump's plain SQL when the server runs PostgreSQL and pg_dump is installed (409 otherwise). Audited.",
    tags: ["admin"],
    query: z.object({ reason: adminReason }),
    responses: { 200: { contentType: "application/octet-stream", description: "the backup file" } },
    errors: ["CONFLICT"],
  }),
};
