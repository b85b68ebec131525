/**
 * Case briefs (issue 5 §1, §4): the /cases library (official briefs and the student's own) and
 * the student's own briefs, with rich-text sections sanitized on the server and the stale-save
 * rule of notes. Part of every plan (SPEC.md §6). Another user's brief is a 404.
 * Instants are ISO strings in UTC.
 */
import { z } from "zod";
import { SUBJECT_IDS } from "./content";
import { instant } from "./instant";
import { defineRoute } from "./route";

/** The sections of a brief, in the order the editor shows them. */
export const SECTION_KEYS = [
  "facts",
  "proceduralHistory",
  "issue",
  "rule",
  "holding",
  "reasoning",
  "separateOpinions",
  "takeaways",
] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

const sectionsIn = z.object(
  Object.fromEntries(SECTION_KEYS.map((k) => [k, z.string().optional()])) as Record<
    SectionKey,
    z.ZodOptional<z.ZodString>
  >,
);
/** Every section as sanitized HTML ("" when empty). */
const sectionsOut = z.record(z.enum(SECTION_KEYS), z.string());

const fields = {
  opinionId: z.string().max(40).nullable().optional(),
  name: z.string().trim().min(1, "a brief needs the case name").max(200, "at most 200 characters"),
  citation: z.string().trim().max(120).nullable().optional(),
  court: z.string().trim().max(200).nullable().optional(),
  year: z.number().int().min(1600).max(2100).nullable().optional(),
  subjectId: z.enum(SUBJECT_IDS).nullable().optional(),
  topicIds: z.array(z.string().max(120)).max(20).optional(),
};

const heading = {
  id: z.string(),
  name: z.string(),
  citation: z.string().nullable(),
  court: z.string().nullable(),
  year: z.number().int().nullable(),
  subjectId: z.string().nullable(),
};
const studentBrief = z.object({
  ...heading,
  opinionId: z.string().nullable(),
  topicIds: z.array(z.string()),
  sections: sectionsOut,
  version: z.number().int().describe("bumped by every save; send it back to refuse a stale save"),
  isOfficial: z.literal(false),
  createdAt: instant,
  updatedAt: instant,
});
const briefReply = z.object({ brief: studentBrief });
const tags = ["case-briefs"];

export const briefsApi = {
  list: defineRoute({
    method: "get",
    path: "/api/case-briefs",
    summary: "Case briefs for /cases: your own (newest first), then official ones by name; by subject, topic and text.",
    tags,
    query: z.object({
      subject: z.enum(SUBJECT_IDS).optional(),
      topic: z.string().max(120).optional(),
      q: z.string().trim().max(200).optional(),
      mine: z.enum(["only", "exclude"]).optional(),
    }),
    responses: {
      200: z.object({
        briefs: z.array(
          z.object({
            ...heading,
            topicIds: z.array(z.string()),
            isOfficial: z.boolean(),
            updatedAt: instant.nullable().describe("null for official briefs"),
          }),
        ),
      }),
    },
  }),
  draft: defineRoute({
    method: "post",
    path: "/api/student-briefs/draft",
    summary:
      "Draft a brief from an opinion: by extraction (no LLM) or through the configured LLM (409 when none). Nothing is saved.",
    tags,
    body: z.object({ opinionId: z.string().max(40), method: z.enum(["extract", "llm"]).default("extract") }),
    responses: {
      200: z.object({
        method: z.enum(["extract", "llm"]),
        draft: z.object({
          opinionId: z.string(),
          name: z.string(),
          citation: z.string().nullable(),
          court: z.string().nullable(),
          year: z.number().int().nullable(),
          subjectId: z.string().nullable(),
          sections: sectionsOut,
        }),
        notes: z.array(z.string()).describe("sections the draft could not fill, in words"),
      }),
    },
    errors: ["NOT_FOUND", "CONFLICT", "LLM_UNAVAILABLE", "LLM_RATE_LIMITED"],
  }),
  get: defineRoute({
    method: "get",
    path: "/api/student-briefs/:id",
    summary: "One of your case briefs.",
    tags,
    responses: { 200: briefReply },
    errors: ["NOT_FOUND"],
  }),
  create: defineRoute({
    method: "post",
    path: "/api/student-briefs",
    summary: "Create a case brief (sections are sanitized rich text, at most 1 MB together).",
    tags,
    body: z.object({ ...fields, sections: sectionsIn.default({}) }),
    responses: { 201: briefReply },
    errors: ["PAYLOAD_TOO_LARGE"],
  }),
  update: defineRoute({
    method: "patch",
    path: "/api/student-briefs/:id",
    summary:
      "Save a case brief; sections given are merged into the stored ones. With `version`, a stale save is refused (409, details.brief = the newer brief).",
    tags,
    body: z.object({
      ...fields,
      name: fields.name.optional(),
      sections: sectionsIn.optional(),
      version: z.number().int().positive().max(2_147_483_647).optional(),
    }),
    responses: { 200: briefReply },
    errors: ["NOT_FOUND", "CONFLICT", "PAYLOAD_TOO_LARGE"],
  }),
  remove: defineRoute({
    method: "delete",
    path: "/api/student-briefs/:id",
    summary: "Delete one of your case briefs.",
    tags,
    responses: { 200: z.object({ ok: z.literal(true) }) },
    errors: ["NOT_FOUND"],
  }),
};
