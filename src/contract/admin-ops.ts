/**
 * Admin operator pages, second half of issue 17 §2 (decision 065): security, error-logs, cases,
 * askjds (the companion), price-mapping, utilities, batch-monitor; plus the public CSP report
 * endpoint and the students' thumbs on companion answers. Every `/api/admin/*` route here is
 * `auth: "admin"` (401 signed out, 404 for non-admins). Every change takes a `reason` (3–500
 * characters) and writes one audit-log row. Times are ISO 8601 UTC; latency in ms; money in cents.
 */
import { z } from "zod";
import { adminReason } from "./admin";
import { JOB_STATE_VALUES } from "./jobs";
import { listQuery, pageOf, queryFlag } from "./list";
import { defineRoute } from "./route";

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

// ── cases ─────────────────────────────────────────────────────────────────────────────────────
export const adminCaseRow = z.object({
  id: z.string(),
  caseName: z.string(),
  citation: z.string().nullable(),
  court: z.string().nullable(),
  decidedOn: z.string().nullable(),
  subjectId: z.string().nullable(),
  /** null: the shared library; else the owner's email (a student's own upload). */
  ownerEmail: z.string().nullable(),
  createdAt: iso,
});
export type AdminCaseRow = z.infer<typeof adminCaseRow>;
export const casesQuery = listQuery({
  sorts: ["createdAt", "caseName", "decidedOn"] as const,
  defaultSort: "createdAt",
  filters: { scope: z.enum(["library", "uploads"]).optional(), subject: z.string().max(100).optional() },
});

// ── askjds (companion) ────────────────────────────────────────────────────────────────────────
export const LLM_PROVIDERS = ["none", "openai-compatible", "anthropic"] as const;
export const companionSettingsView = z.object({
  /** stored: saved on this page; environment: the LLM_* variables (nothing saved yet). */
  source: z.enum(["stored", "environment"]),
  provider: z.enum(LLM_PROVIDERS),
  model: z.string().nullable(),
  baseUrl: z.string().nullable(),
  /** Whether an API key is stored; the key itself never leaves the server. */
  apiKeySet: z.boolean(),
  updatedAt: iso.nullable(),
});
export const companionPromptRow = z.object({
  id: z.string(),
  version: z.number().int(),
  content: z.string(),
  active: z.boolean(),
  createdAt: iso,
});
export const companionQualityDay = z.object({
  day: z.string(),
  answers: z.number().int(),
  declines: z.number().int(),
  citations: z.number().int(),
  thumbsUp: z.number().int(),
  thumbsDown: z.number().int(),
  llmCalls: z.number().int(),
  llmErrors: z.number().int(),
  /** Median model-call latency that day (ms), null without calls. */
  medianLatencyMs: z.number().int().nullable(),
});
export type CompanionQualityDay = z.infer<typeof companionQualityDay>;

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
  // cases
  cases: defineRoute({
    method: "get",
    path: "/api/admin/cases",
    auth: "admin",
    summary: "Admins only: opinions of the case-law library and students' uploads; q searches name and citation.",
    tags: ["admin"],
    query: casesQuery,
    responses: { 200: pageOf(adminCaseRow) },
  }),
  updateCase: defineRoute({
    method: "patch",
    path: "/api/admin/cases/:id",
    auth: "admin",
    summary:
      "Admins only: edits an opinion's metadata (case name, citation, court, decision date YYYY-MM-DD, subject). Audited.",
    tags: ["admin"],
    body: z.object({
      caseName: z.string().trim().min(1).max(300).optional(),
      citation: z.string().trim().max(200).nullable().optional(),
      court: z.string().trim().max(200).nullable().optional(),
      decidedOn: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, "a date YYYY-MM-DD")
        .nullable()
        .optional(),
      subjectId: z.string().max(100).nullable().optional(),
      reason: adminReason,
    }),
    responses: { 200: adminCaseRow },
    errors: ["NOT_FOUND"],
  }),
  deleteCase: defineRoute({
    method: "delete",
    path: "/api/admin/cases/:id",
    auth: "admin",
    summary: "Admins only: deletes an opinion (library or upload) and its search entries. Audited.",
    tags: ["admin"],
    body: reasonBody,
    responses: { 200: z.object({ deleted: z.literal(true) }) },
    errors: ["NOT_FOUND"],
  }),
  importFolder: defineRoute({
    method: "post",
    path: "/api/admin/cases/import-folder",
    auth: "admin",
    summary:
      "Admins only: imports the opinion files (.md .txt .html .json, ≤ 20 MB each, at most 2,000) of a folder on the server into the shared library as a case-law.import job → 202 {jobId, files}; follow GET /api/jobs/:id. Audited.",
    tags: ["admin"],
    body: z.object({
      path: z.string().trim().min(1).max(1000),
      subject: z.string().max(100).optional(),
      reason: adminReason,
    }),
    responses: { 202: z.object({ jobId: z.string(), files: z.number().int() }) },
    errors: ["NOT_FOUND"],
  }),
  // askjds
  companion: defineRoute({
    method: "get",
    path: "/api/admin/companion",
    auth: "admin",
    summary:
      "Admins only: the companion's LLM settings (never the API key: only whether one is stored), its system prompt versions and the built-in prompt.",
    tags: ["admin"],
    responses: {
      200: z.object({
        settings: companionSettingsView,
        prompts: z.array(companionPromptRow),
        builtInPrompt: z.string(),
      }),
    },
  }),
  saveCompanion: defineRoute({
    method: "put",
    path: "/api/admin/companion/settings",
    auth: "admin",
    summary:
      "Admins only: saves provider, model, base URL and API key (omit apiKey to keep the stored one, null to remove it). The key is stored encrypted with a key derived from AUTH_SECRET and never answered. Audited (without the key).",
    tags: ["admin"],
    body: z.object({
      provider: z.enum(LLM_PROVIDERS),
      model: z.string().trim().max(200).nullable(),
      baseUrl: z.url().max(500).nullable(),
      apiKey: z.string().max(500).nullable().optional(),
      reason: adminReason,
    }),
    responses: { 200: companionSettingsView },
  }),
  testCompanion: defineRoute({
    method: "post",
    path: "/api/admin/companion/test",
    auth: "admin",
    summary:
      "Admins only: sends one prompt to the configured provider (stored settings, else the environment) with the active system prompt; answers its text and latency, or the provider's error.",
    tags: ["admin"],
    body: z.object({ prompt: z.string().trim().min(1).max(4000) }),
    responses: {
      200: z.object({
        ok: z.boolean(),
        provider: z.string(),
        model: z.string().nullable(),
        text: z.string(),
        latencyMs: z.number().int(),
        error: z.object({ code: z.string(), message: z.string() }).nullable(),
      }),
    },
  }),
  addPrompt: defineRoute({
    method: "post",
    path: "/api/admin/companion/prompts",
    auth: "admin",
    summary: "Admins only: saves a new system prompt version (optionally making it active). Audited.",
    tags: ["admin"],
    body: z.object({
      content: z.string().trim().min(20).max(20_000),
      activate: z.boolean().default(true),
      reason: adminReason,
    }),
    responses: { 200: z.object({ prompts: z.array(companionPromptRow) }) },
  }),
  activatePrompt: defineRoute({
    method: "post",
    path: "/api/admin/companion/prompts/:id/activate",
    auth: "admin",
    summary:
      "Admins only: makes a prompt version the active one; id `builtin` returns to the built-in prompt. Audited.",
    tags: ["admin"],
    body: reasonBody,
    responses: { 200: z.object({ prompts: z.array(companionPromptRow) }) },
    errors: ["NOT_FOUND"],
  }),
  companionQuality: defineRoute({
    method: "get",
    path: "/api/admin/companion/quality",
    auth: "admin",
    summary:
      "Admins only: the companion per UTC day over the last `days` (7–90): answers, declines, citations, students' thumbs up/down, model calls, LLM errors, median latency (ms).",
    tags: ["admin"],
    query: z.object({ days: z.coerce.number().int().min(7).max(90).default(30) }),
    responses: { 200: z.object({ days: z.array(companionQualityDay) }) },
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

/** Students' thumbs on companion answers (feeds the askjds quality figures). */
export const feedbackApi = {
  set: defineRoute({
    method: "put",
    path: "/api/chat/messages/:id/feedback",
    summary:
      "Your thumb on one of the companion's answers in your own thread: 1 up, -1 down, 0 removes it. Another user's message is 404.",
    tags: ["chat"],
    body: z.object({ thumb: z.union([z.literal(1), z.literal(-1), z.literal(0)]) }),
    responses: { 200: z.object({ thumb: z.number().int() }) },
    errors: ["NOT_FOUND"],
  }),
};
