/**
 * The admin cases page (issue 17 §2 'cases'; decisions 065, 067): the case-law library listed,
 * edited and deleted, imports from a folder on the server, and CourtListener search and import
 * into the shared library when COURTLISTENER_API_TOKEN is set. `auth: "admin"`; every change
 * takes a `reason` and writes an audit row. Part of `adminOpsApi` (admin-ops.ts).
 */
import { z } from "zod";
import { adminReason } from "./admin";
import { listQuery, pageOf } from "./list";
import { liveHit, importedOpinion } from "./case-law";
import { defineRoute } from "./route";

const reasonBody = z.object({ reason: adminReason });
const iso = z.string();

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

export const adminCasesApi = {
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
  courtListenerSearch: defineRoute({
    method: "get",
    path: "/api/admin/cases/courtlistener",
    auth: "admin",
    summary:
      "Admins only: CourtListener v4 opinion search (404 when COURTLISTENER_API_TOKEN is not set); `importedId` marks hits already in the shared library. 429 carries Retry-After.",
    tags: ["admin"],
    query: z.object({ q: z.string().trim().min(1, "type something to search for").max(300) }),
    responses: { 200: z.object({ results: z.array(liveHit) }) },
    errors: ["NOT_FOUND", "RATE_LIMITED", "UNAVAILABLE"],
  }),
  courtListenerImport: defineRoute({
    method: "post",
    path: "/api/admin/cases/courtlistener/import",
    auth: "admin",
    summary:
      "Admins only: imports one CourtListener opinion cluster (all its opinions) into the shared library every student searches (re-importing updates it). 404 when CourtListener is not configured. Audited.",
    tags: ["admin"],
    body: z.object({ clusterId: z.number().int().positive().max(2_000_000_000), reason: adminReason }),
    responses: { 200: z.object({ opinion: importedOpinion }) },
    errors: ["NOT_FOUND", "RATE_LIMITED", "UNAVAILABLE"],
  }),
};
