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
import { briefsApi } from "../../../contract/briefs";
import { bodyLimit } from "../../lib/body-limit";
import type { AppEnv } from "../../lib/context";
import { nowOf } from "../../lib/http";
import { handle, withStatus } from "../../lib/route";
import { track } from "../analytics/analytics.service";
import {
  BRIEF_TOO_LARGE,
  createStudentBrief,
  deleteStudentBrief,
  draftBriefByExtraction,
  draftBriefWithLlm,
  getStudentBrief,
  listCaseBriefs,
  MAX_BRIEF_BYTES,
  updateStudentBrief,
} from "./briefs.service";

/** A brief's JSON body: a little over the 1 MB brief limit, so the 413 names the brief rule (decision 042). */
const limit = bodyLimit({ maxBytes: MAX_BRIEF_BYTES + 64 * 1024, message: BRIEF_TOO_LARGE });

export function briefsRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;

  handle(r, briefsApi.list, async (c, { user, query: q }) => {
    if (q.subject || q.topic || q.mine)
      await track({
        db: db(c),
        name: "filter_applied",
        userId: user.id,
        properties: {
          area: "cases",
          subject: q.subject,
          topic: q.topic,
          mine: q.mine,
        },
      });
    if (q.q) await track({ db: db(c), name: "search", userId: user.id, properties: { area: "cases", q: q.q } });
    return { briefs: await listCaseBriefs({ db: db(c), userId: user.id, filters: q }) };
  });

  handle(r, briefsApi.draft, async (c, { user, body }) =>
    body.method === "extract"
      ? draftBriefByExtraction({ db: db(c), userId: user.id, opinionId: body.opinionId })
      : draftBriefWithLlm({
          db: db(c),
          env: c.get("deps").env,
          userId: user.id,
          opinionId: body.opinionId,
          signal: c.req.raw.signal,
        }),
  );

  handle(r, briefsApi.get, async (c, { user, params }) => ({
    brief: await getStudentBrief({ db: db(c), userId: user.id, id: params.id }),
  }));

  handle(
    r,
    briefsApi.create,
    async (c, { user, body }) =>
      withStatus(201, { brief: await createStudentBrief({ db: db(c), userId: user.id, fields: body, now: nowOf(c) }) }),
    { middleware: [limit] },
  );

  handle(
    r,
    briefsApi.update,
    async (c, { user, params, body }) => ({
      brief: await updateStudentBrief({ db: db(c), userId: user.id, id: params.id, changes: body, now: nowOf(c) }),
    }),
    { middleware: [limit] },
  );

  handle(r, briefsApi.remove, async (c, { user, params }) => {
    await deleteStudentBrief({ db: db(c), userId: user.id, id: params.id });
    return { ok: true as const };
  });

  return r;
}
