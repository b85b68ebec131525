/**
 * Case law's wire shapes, shared by server and web: a search hit (DESIGN.md §5
 * `GET /api/case-law/search`), a CourtListener live result, and a case a note or collection
 * points at, resolved to title, citation and in-app URL; and the case-law routes (issue 5 §1–§3,
 * decision 047). Every route needs a signed-in user; opinions are the shared library plus the
 * user's own uploads (another user's upload answers 404).
 */
import { z } from "zod";
import { SUBJECT_IDS } from "./content";
import { instant } from "./instant";
import { defineRoute } from "./route";

/** What every case shows in lists and headings: its name, reporter citation, court, year and subject. */
export interface CaseHeading {
  id: string;
  name: string;
  citation: string | null;
  court: string | null;
  year: number | null;
  subjectId: string | null;
}

/** One ranked opinion (schema `searchHit` below). */
export type SearchHit = z.output<typeof searchHit>;

/** One CourtListener v4 search result (schema `liveHit` below). */
export type LiveHit = z.output<typeof liveHit>;

export const CASE_KINDS = ["opinion", "brief", "student_brief"] as const;
export type CaseKind = (typeof CASE_KINDS)[number];

/** A case as a link or collection item shows it. */
export const caseTarget = z.object({
  kind: z.enum(CASE_KINDS),
  id: z.string(),
  title: z.string(),
  citation: z.string().nullable(),
  court: z.string().nullable(),
  year: z.number().int().nullable(),
  url: z.string().describe("in-app path"),
});
export type CaseTarget = z.output<typeof caseTarget>;

const year = z.coerce.number().int().min(1600).max(2100);
const filterShape = {
  court: z.string().trim().min(1).max(200).optional(),
  yearFrom: year.optional(),
  yearTo: year.optional(),
  subject: z.enum(SUBJECT_IDS).optional(),
};
const heading = {
  id: z.string(),
  name: z.string(),
  citation: z.string().nullable(),
  court: z.string().nullable(),
  year: z.number().int().nullable(),
  subjectId: z.string().nullable(),
};
const searchHit = z.object({
  ...heading,
  snippet: z.string().describe("HTML-escaped text with the matched words in <mark>…</mark>"),
  score: z.number().describe("relevance in [0, 1)"),
  mine: z.boolean().describe("the user's own upload rather than the shared library"),
});
export const liveHit = z.object({
  clusterId: z.number().int(),
  name: z.string(),
  citation: z.string().nullable(),
  court: z.string().nullable(),
  date: z.string().nullable().describe("date filed, YYYY-MM-DD"),
  snippet: z.string().describe("escaped text; CourtListener's <mark> highlights kept"),
  url: z.string(),
  importedId: z.string().nullable().describe("set once the opinion is in the user's library"),
});
export const importedOpinion = z.object({
  id: heading.id,
  name: heading.name,
  citation: heading.citation,
  court: heading.court,
  year: heading.year,
  status: z.enum(["created", "updated"]),
  files: z.array(z.string()),
  warnings: z.array(z.string()),
});
/** The import report: the `result` of the `case-law.import` job (GET /api/jobs/:id). */
export const importReport = z.object({
  imported: z.array(importedOpinion),
  failed: z.array(z.object({ file: z.string(), reason: z.string() })),
  counts: z.object({
    files: z.number().int(),
    opinions: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    failed: z.number().int(),
  }),
  ms: z.number().describe("time taken, ms"),
});
/** The sections of an official brief as content/briefs stores them (src/contract/content.ts `briefSchema`). */
const officialBriefSections = z.looseObject({
  facts: z.string(),
  proceduralHistory: z.string(),
  issue: z.string(),
  rule: z.string(),
  holding: z.string(),
  reasoning: z.string(),
  separateOpinions: z.string().nullish(),
  takeaways: z.array(z.string()),
});
export type OfficialBriefSections = z.input<typeof officialBriefSections>;
/** An official brief beside its opinion: its heading and its sections. */
const officialBrief = officialBriefSections.extend(heading);
const opinion = z.object({
  ...heading,
  decidedOn: z.string().nullable().describe("YYYY-MM-DD"),
  body: z.string().describe("Markdown"),
  wordCount: z.number().int(),
  source: z.string().describe("the imported file names, comma-separated"),
  mine: z.boolean(),
  updatedAt: instant,
  officialBrief: officialBrief.nullable(),
  myBriefs: z.array(z.object({ id: z.string(), name: z.string(), updatedAt: instant })),
});
const tags = ["case-law"];

export const caseLawApi = {
  search: defineRoute({
    method: "get",
    path: "/api/case-law/search",
    summary: "Full-text search of opinions, best first, with highlighted snippets (stable, DESIGN.md §5).",
    tags,
    query: z.object({
      q: z.string().trim().min(1, "type something to search for").max(500),
      limit: z.coerce.number().int().min(1).max(50).default(20),
      offset: z.coerce.number().int().min(0).max(180).default(0),
      sort: z.enum(["relevance", "date"]).default("relevance"),
      ...filterShape,
    }),
    responses: {
      200: z.object({
        results: z.array(searchHit),
        total: z.number().int().describe("matching opinions, counted up to 1,000"),
        anyWords: z.boolean().describe("no opinion had every word; the results have some of them"),
      }),
    },
    stable: true,
  }),
  list: defineRoute({
    method: "get",
    path: "/api/case-law",
    summary: "Browse opinions with filters, sorted by name or date (newest first).",
    tags,
    query: z.object({
      sort: z.enum(["name", "date"]).default("name"),
      limit: z.coerce.number().int().min(1).max(100).default(50),
      offset: z.coerce.number().int().min(0).max(100_000).default(0),
      ...filterShape,
    }),
    responses: {
      200: z.object({
        opinions: z.array(z.object({ ...heading, wordCount: z.number().int(), mine: z.boolean() })),
        total: z.number().int(),
      }),
    },
  }),
  facets: defineRoute({
    method: "get",
    path: "/api/case-law/facets",
    summary: "Courts, year range and subjects of the visible opinions (filter controls).",
    tags,
    responses: {
      200: z.object({
        courts: z.array(z.object({ court: z.string(), count: z.number().int() })),
        years: z.object({ min: z.number().int().nullable(), max: z.number().int().nullable() }),
        subjects: z.array(z.object({ subjectId: z.string(), count: z.number().int() })),
        total: z.number().int(),
        liveSearch: z.boolean().describe("CourtListener live search is configured"),
      }),
    },
  }),
  import: defineRoute({
    method: "post",
    path: "/api/case-law/import",
    summary:
      "Import opinions: multipart `files` (Markdown, text, HTML, CourtListener JSON; ≤ 20 MB each, ≤ 20 files), optional `subject`, `scope=library` for administrators (with a `reason`, 3–500 characters, kept in the admin audit log). The files stream to storage (limits enforced while streaming; a refused upload keeps nothing) and a `case-law.import` job parses them: 202 {jobId}; follow GET /api/jobs/:id, whose `result` is the import report (bad files are reported, the rest import).",
    tags,
    rawBody: {
      contentType: "multipart/form-data",
      description:
        "`files` (one or more, ≤ 20 MB each, ≤ 400 MB in all), optional `subject`, optional `scope=library` with a required `reason`",
    },
    responses: { 202: z.object({ jobId: z.string() }) },
    errors: ["BAD_REQUEST", "VALIDATION_FAILED", "FORBIDDEN", "PAYLOAD_TOO_LARGE"],
  }),
  live: defineRoute({
    method: "get",
    path: "/api/case-law/live",
    summary:
      "CourtListener v4 search (when COURTLISTENER_API_TOKEN is set, else 404); cached for an hour. 429 carries Retry-After.",
    tags,
    query: z.object({ q: z.string().trim().min(1, "type something to search for").max(300) }),
    responses: { 200: z.object({ results: z.array(liveHit) }) },
    errors: ["NOT_FOUND", "RATE_LIMITED", "UNAVAILABLE"],
  }),
  liveImport: defineRoute({
    method: "post",
    path: "/api/case-law/live/import",
    summary: "Import a CourtListener opinion cluster into your library (one click).",
    tags,
    body: z.object({ clusterId: z.number().int().positive() }),
    responses: { 200: z.object({ opinion: importedOpinion }) },
    errors: ["NOT_FOUND", "RATE_LIMITED", "UNAVAILABLE"],
  }),
  forBrief: defineRoute({
    method: "get",
    path: "/api/case-law/for-brief/:briefId",
    summary:
      "The opinion of an official brief's case that you can read (shared library or your upload), or null: where 'Write your own' starts.",
    tags,
    // Any id is answered (a NUL byte or an over-long id names no brief: null, not 404).
    params: z.object({ briefId: z.string() }),
    responses: {
      200: z.object({
        opinion: z.object({ id: z.string(), name: z.string(), citation: z.string().nullable() }).nullable(),
      }),
    },
  }),
  get: defineRoute({
    method: "get",
    path: "/api/case-law/:id",
    summary: "One opinion (Markdown body) with its official brief and the user's own briefs of it.",
    tags,
    responses: { 200: z.object({ opinion }) },
    errors: ["NOT_FOUND"],
  }),
  remove: defineRoute({
    method: "delete",
    path: "/api/case-law/:id",
    summary: "Delete an opinion you uploaded (library opinions: administrators only, else 403).",
    tags,
    responses: { 200: z.object({ ok: z.literal(true) }) },
    errors: ["NOT_FOUND", "FORBIDDEN"],
  }),
};
