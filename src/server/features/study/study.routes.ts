/**
 * Study routes (issue 6; DESIGN.md §5 stable surface for the first two), declared in
 * src/contract/study.ts (`studyApi`):
 *   GET  /api/study/queue?limit=&decks=&subjects=&tags=   {cards:[{id,kind,question,answer,…,preview}], counts, limits}
 *   POST /api/study/reviews {cardId, rating, kind?, mode?, durationMs?, expectedDue?}   the new schedule {id,due,stability,difficulty,reps,lapses,state}
 *        | 409 CONFLICT {details.schedule} when another rating of the card came first (decision 043)
 *   GET  /api/study/cram?limit=&decks=&subjects=&tags=    cards to cram (schedule untouched)
 *   GET/PUT /api/study/settings                            {desiredRetention,newPerDay,maxReviewsPerDay,timeZone}
 *   GET  /api/study/overview                               per-deck due/new counts for the study home
 *   GET/PUT/DELETE /api/study/exam                       the student's exam settings (decision 080)
 *   GET  /api/study/plan                                   the day-by-day plan to the exam, re-planned from today
 *   GET  /api/study/peers                                  accuracy against everyone's on the same questions
 *   GET  /api/study/stats                                  due today, reviewed today, true retention, forecast, heatmap
 *   POST /api/study/generate {sources,useLlm}              card drafts for review
 * SPEC.md §6 (issue 12 item 22): queue, reviews, cram and generate need the `flashcards` feature
 * (403 UPGRADE_REQUIRED on Free). Settings, overview and stats stay readable on every plan (on Free
 * they count nothing to study: src/server/features/study/access.ts).
 */
import { Hono } from "hono";
import { studyApi } from "../../../contract/study";
import { studyPlanApi } from "../../../contract/study-plan";
import { bodyLimit } from "../../lib/body-limit";
import type { AppEnv } from "../../lib/context";
import { nowOf } from "../../lib/http";
import { handle } from "../../lib/route";
import { STUDY_BODY_LIMIT_BYTES } from "./decks.routes";
import { draftLlm, generateDrafts } from "./generate.service";
import { studyOverview, studyStats } from "./stats.service";
import { deleteExam, getExam, peerFigures, putExam, studyPlan } from "./study-plan.service";
import { buildQueue, cramCards } from "./study-queue.service";
import { recordReview } from "./study-review.service";
import { getStudySettings, studySettingsSaved, updateStudySettings } from "./study-settings.service";

const flashcards = { feature: "flashcards" } as const;

export function studyRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;
  const filterOf = (q: { decks?: string[]; subjects?: string[]; tags?: string[] }) => ({
    deckIds: q.decks,
    subjects: q.subjects,
    tags: q.tags,
  });

  handle(
    r,
    studyApi.queue,
    async (c, { user, query }) =>
      buildQueue({ db: db(c), userId: user.id, now: nowOf(c), limit: query.limit, filter: filterOf(query) }),
    flashcards,
  );

  handle(
    r,
    studyApi.review,
    async (c, { user, body }) =>
      recordReview({
        db: db(c),
        userId: user.id,
        now: nowOf(c),
        itemId: body.cardId,
        rating: body.rating,
        kind: body.kind,
        cram: body.mode === "cram",
        durationMs: body.durationMs,
        expectedDue: body.expectedDue == null ? body.expectedDue : new Date(body.expectedDue),
      }),
    flashcards,
  );

  handle(
    r,
    studyApi.cram,
    async (c, { user, query }) => ({
      cards: await cramCards({
        db: db(c),
        userId: user.id,
        now: nowOf(c),
        limit: query.limit,
        filter: filterOf(query),
      }),
    }),
    flashcards,
  );

  handle(r, studyApi.getSettings, async (c, { user }) => {
    const opts = { db: db(c), userId: user.id };
    const [settings, saved] = await Promise.all([getStudySettings(opts), studySettingsSaved(opts)]);
    return { settings, saved };
  });

  handle(r, studyApi.putSettings, async (c, { user, body }) => ({
    settings: await updateStudySettings({ db: db(c), userId: user.id, patch: body }),
  }));

  // The study plan to exam day (issue 18 §4, decision 080): readable on every plan, like settings.
  handle(r, studyPlanApi.getExam, async (c, { user }) => ({ exam: await getExam({ db: db(c), userId: user.id }) }));
  handle(r, studyPlanApi.putExam, async (c, { user, body }) => ({
    exam: await putExam({ db: db(c), userId: user.id, now: nowOf(c), exam: body }),
  }));
  handle(r, studyPlanApi.deleteExam, async (c, { user }) => {
    await deleteExam({ db: db(c), userId: user.id });
    return c.body(null, 204);
  });
  handle(r, studyPlanApi.plan, async (c, { user }) => studyPlan({ db: db(c), userId: user.id, now: nowOf(c) }));
  handle(r, studyPlanApi.peers, async (c, { user }) => peerFigures({ db: db(c), userId: user.id }));

  handle(r, studyApi.overview, async (c, { user }) => studyOverview({ db: db(c), userId: user.id, now: nowOf(c) }));

  handle(r, studyApi.stats, async (c, { user }) => studyStats({ db: db(c), userId: user.id, now: nowOf(c) }));

  handle(
    r,
    studyApi.generate,
    async (c, { user, body }) =>
      generateDrafts({
        db: db(c),
        userId: user.id,
        sources: body.sources,
        useLlm: body.useLlm,
        llm: body.useLlm ? await draftLlm(c.get("deps")) : null,
      }),
    {
      middleware: [bodyLimit({ maxBytes: STUDY_BODY_LIMIT_BYTES, hint: "Use fewer or shorter sources." })],
      ...flashcards,
    },
  );

  return r;
}
