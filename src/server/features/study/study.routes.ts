/**
 * Study routes (issue 6; DESIGN.md §5 stable surface for the first two):
 *   GET  /api/study/queue?limit=&decks=&subjects=&tags=   {cards:[{id,kind,question,answer,…,preview}], counts, limits}
 *   POST /api/study/reviews {cardId, rating, kind?, mode?, durationMs?, expectedDue?}   the new schedule {id,due,stability,difficulty,reps,lapses,state}
 *        | 409 CONFLICT {details.schedule} when another rating of the card came first (decision 043)
 *   GET  /api/study/cram?limit=&decks=&subjects=&tags=    cards to cram (schedule untouched)
 *   GET/PUT /api/study/settings                            {desiredRetention,newPerDay,maxReviewsPerDay,timeZone}
 *   GET  /api/study/overview                               per-deck due/new counts for the study home
 *   GET  /api/study/stats                                  due today, reviewed today, true retention, forecast, heatmap
 */
import { Hono } from "hono";
import { z } from "zod";
import { isTimeZone, NEW_PER_DAY_MAX, RETENTION_RANGE, REVIEWS_PER_DAY_MAX } from "../../../domain/study";
import { bodyLimit } from "../../lib/body-limit";
import type { AppEnv } from "../../lib/context";
import { nowOf, parseBody, parseQuery, requireUser } from "../../lib/http";
import { documentRoute } from "../../lib/openapi";
import { STUDY_BODY_LIMIT_BYTES } from "./decks.routes";
import { RATINGS } from "./scheduler";
import { draftLlm, generateDrafts } from "./generate.service";
import { studyOverview, studyStats } from "./stats.service";
import {
  buildQueue,
  cramCards,
  getStudySettings,
  recordReview,
  studySettingsSaved,
  updateStudySettings,
} from "./study.service";

const csv = z
  .string()
  .max(4000)
  .optional()
  .transform((v) =>
    v
      ? v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined,
  );
export const queueQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  decks: csv,
  subjects: csv,
  tags: csv,
});
export const reviewBody = z.object({
  cardId: z.string().min(1).max(200),
  rating: z.enum(RATINGS),
  kind: z.enum(["card", "question"]).optional(),
  mode: z.enum(["normal", "cram"]).default("normal"),
  durationMs: z.number().int().min(0).max(86_400_000).optional(),
  /**
   * The card's `due` as the client last saw it (queue item or previous answer), `null` for a new
   * card: the rating is refused with 409 if another rating changed the schedule since (decision 043).
   */
  expectedDue: z.iso.datetime({ offset: true }).nullable().optional(),
});
export const settingsBody = z
  .object({
    desiredRetention: z.number().min(RETENTION_RANGE[0]).max(RETENTION_RANGE[1]),
    newPerDay: z.number().int().min(0).max(NEW_PER_DAY_MAX),
    maxReviewsPerDay: z.number().int().min(0).max(REVIEWS_PER_DAY_MAX),
    timeZone: z.string().max(64).refine(isTimeZone, "must be an IANA time zone such as America/New_York"),
  })
  .partial();
export const generateBody = z.object({
  sources: z
    .array(
      z.discriminatedUnion("type", [
        z.object({ type: z.literal("topic"), id: z.string().min(1).max(120) }),
        z.object({ type: z.literal("brief"), id: z.string().min(1).max(200) }),
        z.object({ type: z.literal("note"), id: z.uuid("must be a note id") }),
        z.object({
          type: z.literal("text"),
          title: z.string().max(200).default(""),
          text: z.string().min(1, "must not be empty").max(100_000),
        }),
      ]),
    )
    .min(1)
    .max(20),
  useLlm: z.boolean().default(false),
});
const scheduleSchema = z.object({
  id: z.string(),
  due: z.string(),
  stability: z.number(),
  difficulty: z.number(),
  reps: z.number(),
  lapses: z.number(),
  state: z.enum(["new", "learning", "review", "relearning"]),
});

export function studyRoutes() {
  const r = new Hono<AppEnv>();
  const filterOf = (q: z.infer<typeof queueQuery>) => ({ deckIds: q.decks, subjects: q.subjects, tags: q.tags });

  documentRoute({
    method: "get",
    path: "/api/study/queue",
    summary:
      "Today's study queue: (re)learning items, due reviews (cards and missed questions), then new cards, within the daily limits.",
    tags: ["study"],
    auth: true,
    query: queueQuery,
    responses: {
      200: { description: "{cards:[{id,kind,question,answer,state,due,preview}],counts,limits}" },
      401: { description: "signed out" },
    },
  });
  r.get("/study/queue", async (c) => {
    const user = requireUser(c);
    const q = parseQuery(c, queueQuery);
    return c.json(
      await buildQueue({
        db: c.get("deps").database.db,
        userId: user.id,
        now: nowOf(c),
        limit: q.limit,
        filter: filterOf(q),
      }),
    );
  });

  documentRoute({
    method: "post",
    path: "/api/study/reviews",
    summary:
      "Rate a card (again|hard|good|easy) with FSRS; returns its new schedule. mode=cram leaves the schedule untouched. Ratings of one card are applied one at a time; one made against a schedule that another rating changed first (expectedDue, or the schedule when the request arrived) is refused.",
    tags: ["study"],
    auth: true,
    body: reviewBody,
    responses: {
      200: { description: "new schedule", schema: scheduleSchema },
      403: { description: "UPGRADE_REQUIRED (premium card on Free)" },
      404: { description: "no such card" },
      409: {
        description:
          "CONFLICT: the card was already rated (stale rating); details.schedule = its current schedule {id,kind,due,…,preview}, null if it has none; nothing saved",
      },
    },
  });
  r.post("/study/reviews", async (c) => {
    const user = requireUser(c);
    const body = await parseBody(c, reviewBody);
    return c.json(
      await recordReview({
        db: c.get("deps").database.db,
        userId: user.id,
        now: nowOf(c),
        itemId: body.cardId,
        rating: body.rating,
        kind: body.kind,
        cram: body.mode === "cram",
        durationMs: body.durationMs,
        expectedDue: body.expectedDue == null ? body.expectedDue : new Date(body.expectedDue),
      }),
    );
  });

  documentRoute({
    method: "get",
    path: "/api/study/cram",
    summary: "Cards to cram, in random order; rating them with mode=cram does not change any schedule.",
    tags: ["study"],
    auth: true,
    query: queueQuery,
    responses: { 200: { description: "{cards}" } },
  });
  r.get("/study/cram", async (c) => {
    const user = requireUser(c);
    const q = parseQuery(c, queueQuery);
    return c.json({
      cards: await cramCards({
        db: c.get("deps").database.db,
        userId: user.id,
        now: nowOf(c),
        limit: q.limit,
        filter: filterOf(q),
      }),
    });
  });

  documentRoute({
    method: "get",
    path: "/api/study/settings",
    summary:
      "Study settings (desired retention 0.7–0.99, default 0.9; new cards per day; maximum reviews per day; time zone) and `saved`: false while the defaults apply (the web client then saves the browser's time zone once).",
    tags: ["study"],
    auth: true,
    responses: { 200: { description: "{settings,saved}" } },
  });
  r.get("/study/settings", async (c) => {
    const user = requireUser(c);
    const db = c.get("deps").database.db;
    const [settings, saved] = await Promise.all([getStudySettings(db, user.id), studySettingsSaved(db, user.id)]);
    return c.json({ settings, saved });
  });

  documentRoute({
    method: "put",
    path: "/api/study/settings",
    summary: "Update study settings (any subset).",
    tags: ["study"],
    auth: true,
    body: settingsBody,
    responses: { 200: { description: "settings" }, 400: { description: "VALIDATION_FAILED" } },
  });
  r.put("/study/settings", async (c) => {
    const user = requireUser(c);
    const body = await parseBody(c, settingsBody);
    return c.json({ settings: await updateStudySettings(c.get("deps").database.db, user.id, body) });
  });

  documentRoute({
    method: "get",
    path: "/api/study/overview",
    summary:
      "Every deck the student can see with total, new and due counts (locked premium decks flagged), plus missed questions due.",
    tags: ["study"],
    auth: true,
    responses: { 200: { description: "overview" } },
  });
  r.get("/study/overview", async (c) => {
    const user = requireUser(c);
    return c.json(await studyOverview({ db: c.get("deps").database.db, userId: user.id, now: nowOf(c) }));
  });

  documentRoute({
    method: "get",
    path: "/api/study/stats",
    summary: "Statistics: due today, reviewed today, true retention, 30-day forecast, review heatmap (local days).",
    tags: ["study"],
    auth: true,
    responses: { 200: { description: "stats" } },
  });
  r.get("/study/stats", async (c) => {
    const user = requireUser(c);
    return c.json(await studyStats({ db: c.get("deps").database.db, userId: user.id, now: nowOf(c) }));
  });

  documentRoute({
    method: "post",
    path: "/api/study/generate",
    summary:
      "Draft cards from topics, case briefs (official or own), your saved notes and free text for review before saving; useLlm asks the configured provider.",
    tags: ["study"],
    auth: true,
    body: generateBody,
    responses: {
      200: { description: "{drafts,llm}" },
      404: { description: "unknown or another user's brief or note" },
    },
  });
  r.post(
    "/study/generate",
    bodyLimit({ maxBytes: STUDY_BODY_LIMIT_BYTES, hint: "Use fewer or shorter sources." }),
    async (c) => {
      const user = requireUser(c);
      const body = await parseBody(c, generateBody);
      return c.json(
        await generateDrafts({
          db: c.get("deps").database.db,
          userId: user.id,
          sources: body.sources,
          useLlm: body.useLlm,
          llm: body.useLlm ? draftLlm(c.get("deps")) : null,
        }),
      );
    },
  );

  return r;
}
