/**
 * Outline import and OutlineIQ analyses (issue 16 §5, §7; DESIGN.md §5 keeps
 * `POST /api/outline-analyses` (multipart `file`, or JSON `{outlineId}`) and
 * `GET /api/outline-analyses/:id` → `{id, state}`, then `{id, state: "done", coverage, rules,
 * citations}`). Unlimited / Trial (`outline_iq`): Free gets 403 UPGRADE_REQUIRED.
 * Instants are ISO strings in UTC. Decision 062.
 */
import { z } from "zod";
import { instant } from "./instant";
import { outlineSummarySchema } from "./outlines";
import { defineRoute } from "./route";

/** Largest outline file accepted, in bytes (20 MB). */
export const MAX_OUTLINE_FILE_BYTES = 20 * 1024 * 1024;
/** Longest pasted syllabus, in characters. */
export const MAX_SYLLABUS_CHARS = 20_000;

export const ANALYSIS_STATES = ["queued", "running", "done", "failed"] as const;

const line = z.object({
  line: z.number().int().describe("1-based line of the outline text"),
  depth: z.number().int(),
  text: z.string(),
  page: z.number().int().nullable().describe("PDF page"),
  entryId: z.string().nullable().describe("the outline entry, for an own outline"),
});
const topicCoverage = z.object({
  topicId: z.string(),
  title: z.string(),
  status: z.enum(["covered", "thin", "missing"]),
  line: z.number().int().nullable(),
  words: z.number().int(),
  covered: z.number().int().describe("official elements and exceptions the section mentions"),
  total: z.number().int(),
  percent: z.number().int().describe("covered / total, 0–100"),
});
const coverage = z.object({
  topics: z.array(topicCoverage),
  syllabus: z
    .array(z.object({ item: z.string(), status: z.enum(["covered", "missing"]), line: z.number().int().nullable() }))
    .nullable(),
});
const rule = z.object({
  topicId: z.string(),
  title: z.string(),
  line: z.number().int(),
  statement: z.string(),
  missingElements: z.array(z.string()),
  missingExceptions: z.array(z.string()),
  officialRule: z.string(),
  source: z.string().describe("the official source the comparison cites"),
});
const citation = z.object({
  line: z.number().int(),
  cited: z.string().describe("as written in the outline"),
  name: z.string(),
  citation: z.string().nullable(),
  year: z.number().int().nullable(),
  status: z.enum(["verified", "corrected", "unverified"]),
  wrong: z.array(z.enum(["citation", "year"])),
  match: z
    .object({
      kind: z.enum(["brief", "student_brief", "opinion"]),
      id: z.string(),
      name: z.string(),
      citation: z.string().nullable(),
      year: z.number().int().nullable(),
    })
    .nullable()
    .describe("the known case: link /cases/:id (briefs) or /case-law/:id (opinions)"),
});
const contradiction = z.object({
  topicId: z.string(),
  title: z.string(),
  line: z.number().int(),
  outlineText: z.string(),
  note: z.object({ id: z.string(), title: z.string() }),
  noteText: z.string(),
  why: z.string(),
});
const gap = z.object({
  id: z.string(),
  kind: z.enum(["topic", "thin", "element", "exception", "syllabus"]),
  topicId: z.string().nullable(),
  topicTitle: z.string().nullable(),
  text: z.string(),
  question: z.string(),
  answer: z.string(),
});

const analysisSummary = z.object({
  id: z.string(),
  state: z.enum(ANALYSIS_STATES),
  jobId: z.string().nullable().describe("follow GET /api/jobs/:id for progress"),
  title: z.string(),
  format: z.enum(["docx", "pdf", "md", "txt", "outline"]),
  outlineId: z.string().nullable(),
  subjectId: z.string().nullable(),
  error: z.string().nullable(),
  runs: z.number().int(),
  counts: z
    .object({
      missingTopics: z.number().int(),
      thinTopics: z.number().int(),
      missingElements: z.number().int(),
      unverifiedCitations: z.number().int(),
      correctedCitations: z.number().int(),
      contradictions: z.number().int(),
    })
    .nullable(),
  createdAt: instant,
  finishedAt: instant.nullable(),
});
export const analysisDetail = analysisSummary.extend({
  syllabus: z.string(),
  subject: z.object({ id: z.string(), name: z.string() }).nullable(),
  lineCount: z.number().int().nullable(),
  wordCount: z.number().int().nullable(),
  lines: z.array(line).nullable(),
  coverage: coverage.nullable(),
  rules: z.array(rule).nullable(),
  citations: z.array(citation).nullable(),
  contradictions: z.array(contradiction).nullable(),
  gaps: z.array(gap).nullable(),
});
const started = z.object({ id: z.string(), state: z.enum(ANALYSIS_STATES), jobId: z.string() });

const tags = ["outlines"];
const FILE_TYPES = "DOCX, PDF (with a text layer, not encrypted), Markdown or plain text, up to 20 MB";

export const outlineIoApi = {
  import: defineRoute({
    method: "post",
    path: "/api/outlines/import",
    summary: `Import an outline file as a new outline: multipart \`file\` (${FILE_TYPES}); headings, numbering (I. A. 1. a. (i)) and indentation become the tree.`,
    tags,
    rawBody: { contentType: "multipart/form-data", description: "`file`: the outline file" },
    responses: { 201: z.object({ outline: outlineSummarySchema }) },
    errors: ["BAD_REQUEST", "VALIDATION_FAILED", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE", "UPGRADE_REQUIRED"],
  }),
  start: defineRoute({
    method: "post",
    path: "/api/outline-analyses",
    summary: `Analyse an outline (OutlineIQ): multipart \`file\` (${FILE_TYPES}) with optional \`subjectId\` and \`syllabus\`, or JSON {outlineId, subjectId?, syllabus?} for an own outline. The file streams to storage; an \`outline.analysis\` job does the work: 202 {id, state, jobId} (stable).`,
    tags,
    rawBody: {
      contentType: "multipart/form-data",
      description: "`file`, optional `subjectId`, `syllabus`; or application/json {outlineId, subjectId?, syllabus?}",
    },
    responses: { 202: started },
    errors: [
      "BAD_REQUEST",
      "VALIDATION_FAILED",
      "NOT_FOUND",
      "PAYLOAD_TOO_LARGE",
      "UNSUPPORTED_MEDIA_TYPE",
      "UPGRADE_REQUIRED",
    ],
    stable: true,
  }),
  list: defineRoute({
    method: "get",
    path: "/api/outline-analyses",
    summary: "The user's analyses, newest first (no report).",
    tags,
    responses: { 200: z.object({ analyses: z.array(analysisSummary) }) },
    errors: ["UPGRADE_REQUIRED"],
  }),
  get: defineRoute({
    method: "get",
    path: "/api/outline-analyses/:id",
    summary:
      "One analysis: {id, state}, and when done the report anchored to the outline's lines: coverage (official topics, syllabus), rules (missing elements and exceptions with the official source), citations (verified | corrected with the right citation | unverified), contradictions with the student's notes, gaps (stable).",
    tags,
    responses: { 200: analysisDetail },
    errors: ["NOT_FOUND", "UPGRADE_REQUIRED"],
    stable: true,
  }),
  rerun: defineRoute({
    method: "post",
    path: "/api/outline-analyses/:id/rerun",
    summary: "Run an analysis again (an own outline is read afresh, after edits): 202 {id, state, jobId}.",
    tags,
    body: z.object({ syllabus: z.string().max(MAX_SYLLABUS_CHARS).optional() }).default({}),
    responses: { 202: started },
    errors: ["NOT_FOUND", "CONFLICT", "UPGRADE_REQUIRED"],
  }),
  remove: defineRoute({
    method: "delete",
    path: "/api/outline-analyses/:id",
    summary: "Delete an analysis and its stored file.",
    tags,
    responses: { 200: z.object({ ok: z.literal(true) }) },
    errors: ["NOT_FOUND", "UPGRADE_REQUIRED"],
  }),
};
