/**
 * Case-brief routes (issue 5 §1, §4). Case briefs are part of every plan (SPEC.md §6).
 *   GET    /api/case-briefs?subject=&topic=&q=&mine=only|exclude   official + own, for /cases
 *   GET    /api/student-briefs/:id                                 one own brief
 *   POST   /api/student-briefs {opinionId?, name, citation?, court?, year?, subjectId?, topicIds?, sections}
 *   PATCH  /api/student-briefs/:id {…, version?}                   stale version → 409 {details.brief}
 *   DELETE /api/student-briefs/:id
 *   POST   /api/student-briefs/draft {opinionId, method: extract|llm} → {method, draft, notes} (not saved)
 */
import { Hono } from "hono";
import { z } from "zod";
import { SUBJECT_IDS } from "../../../contract/content";
import { bodyLimit } from "../../lib/body-limit";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { nowOf, parseBody, parseQuery, requireUser } from "../../lib/http";
import { documentRoute } from "../../lib/openapi";
import { track } from "../analytics/analytics.service";
import { opinionText } from "../case-law/opinions.service";
import {
  BRIEF_TOO_LARGE,
  createStudentBrief,
  deleteStudentBrief,
  draftBriefByExtraction,
  getStudentBrief,
  listCaseBriefs,
  MAX_BRIEF_BYTES,
  SECTION_KEYS,
  updateStudentBrief,
} from "./briefs.service";
import { configuredLlm, draftWithLlm } from "./draft-llm";

const sections = z.object(
  Object.fromEntries(SECTION_KEYS.map((k) => [k, z.string().optional()])) as Record<
    (typeof SECTION_KEYS)[number],
    z.ZodOptional<z.ZodString>
  >,
);
const fields = {
  opinionId: z.string().max(40).nullable().optional(),
  name: z.string().trim().min(1, "a brief needs the case name").max(200, "at most 200 characters"),
  citation: z.string().trim().max(120).nullable().optional(),
  court: z.string().trim().max(200).nullable().optional(),
  year: z.number().int().min(1600).max(2100).nullable().optional(),
  subjectId: z.enum(SUBJECT_IDS).nullable().optional(),
  topicIds: z.array(z.string().max(120)).max(20).optional(),
};
const createBody = z.object({ ...fields, sections: sections.default({}) });
const patchBody = z.object({
  ...fields,
  name: fields.name.optional(),
  sections: sections.optional(),
  version: z.number().int().positive().optional(),
});
const listQuery = z.object({
  subject: z.enum(SUBJECT_IDS).optional(),
  topic: z.string().max(120).optional(),
  q: z.string().trim().max(200).optional(),
  mine: z.enum(["only", "exclude"]).optional(),
});
const draftBody = z.object({ opinionId: z.string().max(40), method: z.enum(["extract", "llm"]).default("extract") });

/** A brief's JSON body: a little over the 1 MB brief limit, so the 413 names the brief rule (decision 042). */
const limit = bodyLimit({ maxBytes: MAX_BRIEF_BYTES + 64 * 1024, message: BRIEF_TOO_LARGE });

export function briefsRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;
  const tags = ["case-briefs"];

  documentRoute({
    method: "get",
    path: "/api/case-briefs",
    summary: "Case briefs for /cases: official and your own, by subject, topic and text.",
    tags,
    auth: true,
    query: listQuery,
    responses: { 200: { description: "{briefs}" } },
  });
  r.get("/case-briefs", async (c) => {
    const user = requireUser(c);
    const q = parseQuery(c, listQuery);
    if (q.subject || q.topic || q.mine)
      await track(db(c), "filter_applied", user.id, {
        area: "cases",
        subject: q.subject,
        topic: q.topic,
        mine: q.mine,
      });
    if (q.q) await track(db(c), "search", user.id, { area: "cases", q: q.q });
    return c.json({ briefs: await listCaseBriefs(db(c), user.id, q) });
  });

  documentRoute({
    method: "post",
    path: "/api/student-briefs/draft",
    summary: "Draft a brief from an opinion: by extraction (no LLM) or through the configured LLM. Nothing is saved.",
    tags,
    auth: true,
    body: draftBody,
    responses: {
      200: { description: "{method, draft, notes}" },
      404: { description: "no such opinion" },
      409: { description: "method=llm but no language model is configured" },
    },
  });
  r.post("/student-briefs/draft", async (c) => {
    const user = requireUser(c);
    const b = await parseBody(c, draftBody);
    if (b.method === "extract") return c.json(await draftBriefByExtraction(db(c), user.id, b.opinionId));
    const llm = configuredLlm(c.get("deps").env);
    if (!llm)
      throw new AppError(
        "CONFLICT",
        "No language model is configured on this server (LLM_PROVIDER=none). Use Draft by extraction.",
      );
    const o = await opinionText(db(c), user.id, b.opinionId);
    const sectionsHtml = await draftWithLlm(llm, o, c.req.raw.signal);
    return c.json({
      method: "llm",
      draft: {
        opinionId: o.id,
        name: o.name,
        citation: o.citation,
        court: o.court,
        year: o.year,
        subjectId: o.subjectId,
        sections: sectionsHtml,
      },
      notes: [],
    });
  });

  documentRoute({
    method: "get",
    path: "/api/student-briefs/:id",
    summary: "One of your case briefs.",
    tags,
    auth: true,
    responses: { 200: { description: "{brief}" }, 404: { description: "no such brief" } },
  });
  r.get("/student-briefs/:id", async (c) => {
    const user = requireUser(c);
    return c.json({ brief: await getStudentBrief(db(c), user.id, c.req.param("id")) });
  });

  documentRoute({
    method: "post",
    path: "/api/student-briefs",
    summary: "Create a case brief (sections are sanitized rich text).",
    tags,
    auth: true,
    body: createBody,
    responses: { 201: { description: "{brief}" }, 413: { description: "over 1 MB" } },
  });
  r.post("/student-briefs", limit, async (c) => {
    const user = requireUser(c);
    const b = await parseBody(c, createBody);
    return c.json({ brief: await createStudentBrief(db(c), user.id, b, nowOf(c)) }, 201);
  });

  documentRoute({
    method: "patch",
    path: "/api/student-briefs/:id",
    summary: "Save a case brief; with `version`, a stale save is refused (409, details.brief = the newer brief).",
    tags,
    auth: true,
    body: patchBody,
    responses: {
      200: { description: "{brief}" },
      404: { description: "no such brief" },
      409: { description: "stale version" },
    },
  });
  r.patch("/student-briefs/:id", limit, async (c) => {
    const user = requireUser(c);
    const b = await parseBody(c, patchBody);
    return c.json({ brief: await updateStudentBrief(db(c), user.id, c.req.param("id"), b, nowOf(c)) });
  });

  documentRoute({
    method: "delete",
    path: "/api/student-briefs/:id",
    summary: "Delete one of your case briefs.",
    tags,
    auth: true,
    responses: { 200: { description: "ok" }, 404: { description: "no such brief" } },
  });
  r.delete("/student-briefs/:id", async (c) => {
    const user = requireUser(c);
    await deleteStudentBrief(db(c), user.id, c.req.param("id"));
    return c.json({ ok: true });
  });

  return r;
}
