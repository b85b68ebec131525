/**
 * Quiz and question-bank routes (issue 6 §6, §7):
 *   POST /api/quizzes {source,subjects?,topics?,count 5–100,difficulty?,filter,mode}   create
 *   GET  /api/quizzes/active · GET /api/quizzes                                       resume / recent
 *   GET  /api/quizzes/:id                                                             player state (resumes)
 *   PUT  /api/quizzes/:id/items/:position {choice?,flagged?,currentIndex?}            answer, flag, move
 *   POST /api/quizzes/:id/submit · GET /api/quizzes/:id/results · POST /api/quizzes/:id/retry
 *   GET  /api/question-bank?subject=&topic=&filter=unanswered|missed|flagged&limit=&offset=
 *   GET  /api/question-bank/analytics · GET /api/question-bank/:id
 *   POST /api/question-bank/:id/attempts {choice} · PUT /api/question-bank/:id/flag {flagged}
 * The bank (and bank quizzes) need the question_bank feature (403 UPGRADE_REQUIRED on Free).
 */
import { Hono } from "hono";
import { z } from "zod";
import { DIFFICULTIES, SUBJECT_IDS } from "../../../contract/content";
import { QUIZ_MAX, QUIZ_MIN } from "../../../domain/study";
import type { AppEnv } from "../../lib/context";
import { nowOf, parseBody, parseQuery, requireFeature, requireUser } from "../../lib/http";
import { AppError } from "../../lib/errors";
import { documentRoute } from "../../lib/openapi";
import { answerBankQuestion, bankAnalytics, flagBankQuestion, getBankQuestion, listBank } from "./bank.service";
import {
  activeQuiz,
  answerQuiz,
  createQuiz,
  getQuiz,
  quizResults,
  recentQuizzes,
  retryMissed,
  submitQuiz,
} from "./quiz.service";

export const quizSetupBody = z.object({
  source: z.enum(["questions", "flashcards"]),
  subjects: z.array(z.enum(SUBJECT_IDS)).max(7).optional(),
  topics: z.array(z.string().max(120)).max(200).optional(),
  count: z.number().int().min(QUIZ_MIN).max(QUIZ_MAX),
  difficulty: z.array(z.enum(DIFFICULTIES)).max(3).optional(),
  filter: z.enum(["all", "unanswered", "missed"]).default("all"),
  mode: z.enum(["tutor", "exam"]),
});
const itemBody = z.object({
  choice: z.enum(["A", "B", "C", "D"]).optional(),
  flagged: z.boolean().optional(),
  currentIndex: z.number().int().min(0).max(QUIZ_MAX).optional(),
});
const bankQuery = z.object({
  subject: z.enum(SUBJECT_IDS).optional(),
  topic: z.string().max(120).optional(),
  filter: z.enum(["all", "unanswered", "missed", "flagged"]).default("all"),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export function quizRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;

  documentRoute({
    method: "post",
    path: "/api/quizzes",
    summary:
      "Start a quiz from the question bank or flashcards (5–100 items; tutor, or exam timed at 1.8 min a question).",
    tags: ["quiz"],
    auth: true,
    body: quizSetupBody,
    responses: {
      201: { description: "{id,total}" },
      400: { description: "nothing matches" },
      403: { description: "UPGRADE_REQUIRED" },
    },
  });
  r.post("/quizzes", async (c) => {
    const user = requireUser(c);
    const setup = await parseBody(c, quizSetupBody);
    return c.json(await createQuiz({ db: db(c), userId: user.id, now: nowOf(c), setup }), 201);
  });

  documentRoute({
    method: "get",
    path: "/api/quizzes/active",
    summary: "The unfinished quiz to resume, or null.",
    tags: ["quiz"],
    auth: true,
    responses: { 200: { description: "{quiz}" } },
  });
  r.get("/quizzes/active", async (c) => {
    const user = requireUser(c);
    return c.json({ quiz: await activeQuiz({ db: db(c), userId: user.id, now: nowOf(c) }) });
  });

  documentRoute({
    method: "get",
    path: "/api/quizzes",
    summary: "The last 10 quizzes.",
    tags: ["quiz"],
    auth: true,
    responses: { 200: { description: "{quizzes}" } },
  });
  r.get("/quizzes", async (c) => {
    const user = requireUser(c);
    return c.json({ quizzes: await recentQuizzes(db(c), user.id) });
  });

  documentRoute({
    method: "get",
    path: "/api/quizzes/:id",
    summary: "A quiz's state: items, choices, answers, flags, remaining time (exam).",
    tags: ["quiz"],
    auth: true,
    responses: {
      403: {
        description: "UPGRADE_REQUIRED: a bank quiz (or one of premium cards) after the plan no longer includes it",
      },
      200: { description: "{quiz,items}" },
      404: { description: "not found or another user's" },
    },
  });
  r.get("/quizzes/:id", async (c) => {
    const user = requireUser(c);
    return c.json(await getQuiz({ db: db(c), userId: user.id, id: c.req.param("id"), now: nowOf(c) }));
  });

  documentRoute({
    method: "put",
    path: "/api/quizzes/:id/items/:position",
    summary: "Answer, flag or move to an item; saved at once so the quiz resumes here.",
    tags: ["quiz"],
    auth: true,
    body: itemBody,
    responses: {
      403: {
        description: "UPGRADE_REQUIRED: a bank quiz (or one of premium cards) after the plan no longer includes it",
      },
      200: { description: "{quiz,items}" },
      409: { description: "submitted, time up, or tutor answer already given" },
    },
  });
  r.put("/quizzes/:id/items/:position", async (c) => {
    const user = requireUser(c);
    const body = await parseBody(c, itemBody);
    // Positions are 0 … QUIZ_MAX − 1: anything else ("1e3", "-1", 2^31) is no item of any quiz.
    const raw = c.req.param("position");
    const position = /^\d{1,3}$/.test(raw) ? Number(raw) : -1;
    if (position < 0 || position >= QUIZ_MAX) throw new AppError("NOT_FOUND", "No such question in this quiz.");
    return c.json(
      await answerQuiz({ db: db(c), userId: user.id, id: c.req.param("id"), now: nowOf(c), position, ...body }),
    );
  });

  documentRoute({
    method: "post",
    path: "/api/quizzes/:id/submit",
    summary: "Submit (idempotent); returns the results.",
    tags: ["quiz"],
    auth: true,
    responses: {
      403: {
        description: "UPGRADE_REQUIRED: a bank quiz (or one of premium cards) after the plan no longer includes it",
      },
      200: { description: "results" },
    },
  });
  r.post("/quizzes/:id/submit", async (c) => {
    const user = requireUser(c);
    return c.json(await submitQuiz({ db: db(c), userId: user.id, id: c.req.param("id"), now: nowOf(c) }));
  });

  documentRoute({
    method: "get",
    path: "/api/quizzes/:id/results",
    summary: "Score, per-subject and per-topic breakdown, every explanation, missed ids.",
    tags: ["quiz"],
    auth: true,
    responses: {
      403: {
        description: "UPGRADE_REQUIRED: a bank quiz (or one of premium cards) after the plan no longer includes it",
      },
      200: { description: "results" },
      409: { description: "not submitted yet" },
    },
  });
  r.get("/quizzes/:id/results", async (c) => {
    const user = requireUser(c);
    return c.json(await quizResults({ db: db(c), userId: user.id, id: c.req.param("id"), now: nowOf(c) }));
  });

  documentRoute({
    method: "post",
    path: "/api/quizzes/:id/retry",
    summary: "A new quiz of the missed items of a submitted one.",
    tags: ["quiz"],
    auth: true,
    responses: {
      403: {
        description: "UPGRADE_REQUIRED: a bank quiz (or one of premium cards) after the plan no longer includes it",
      },
      201: { description: "{id,total}" },
    },
  });
  r.post("/quizzes/:id/retry", async (c) => {
    const user = requireUser(c);
    return c.json(await retryMissed({ db: db(c), userId: user.id, id: c.req.param("id"), now: nowOf(c) }), 201);
  });

  documentRoute({
    method: "get",
    path: "/api/question-bank",
    summary: "Bank questions with the student's status, filtered by subject, topic and unanswered/missed/flagged.",
    tags: ["question bank"],
    auth: true,
    query: bankQuery,
    responses: { 200: { description: "{total,questions}" }, 403: { description: "UPGRADE_REQUIRED" } },
  });
  r.get("/question-bank", async (c) => {
    const user = await requireFeature(c, "question_bank");
    const q = parseQuery(c, bankQuery);
    return c.json(await listBank({ db: db(c), userId: user.id, ...q }));
  });

  documentRoute({
    method: "get",
    path: "/api/question-bank/analytics",
    summary: "Accuracy by subject and topic, and weekly by subject over 12 weeks.",
    tags: ["question bank"],
    auth: true,
    responses: { 200: { description: "analytics" } },
  });
  r.get("/question-bank/analytics", async (c) => {
    const user = await requireFeature(c, "question_bank");
    return c.json(await bankAnalytics({ db: db(c), userId: user.id, now: nowOf(c) }));
  });

  documentRoute({
    method: "get",
    path: "/api/question-bank/:id",
    summary: "A question with the student's attempt history (answer and explanations once attempted).",
    tags: ["question bank"],
    auth: true,
    responses: { 200: { description: "{question,attempts}" }, 404: { description: "unknown" } },
  });
  r.get("/question-bank/:id", async (c) => {
    const user = await requireFeature(c, "question_bank");
    return c.json(await getBankQuestion({ db: db(c), userId: user.id, id: c.req.param("id") }));
  });

  documentRoute({
    method: "post",
    path: "/api/question-bank/:id/attempts",
    summary: "Answer a question; a miss schedules it for review (FSRS, shared daily workload).",
    tags: ["question bank"],
    auth: true,
    body: z.object({ choice: z.enum(["A", "B", "C", "D"]) }),
    responses: { 201: { description: "{correct,answer,explanations}" } },
  });
  r.post("/question-bank/:id/attempts", async (c) => {
    const user = await requireFeature(c, "question_bank");
    const body = await parseBody(c, z.object({ choice: z.enum(["A", "B", "C", "D"]) }));
    return c.json(
      await answerBankQuestion({
        db: db(c),
        userId: user.id,
        id: c.req.param("id"),
        choice: body.choice,
        now: nowOf(c),
      }),
      201,
    );
  });

  documentRoute({
    method: "put",
    path: "/api/question-bank/:id/flag",
    summary: "Flag or unflag a question.",
    tags: ["question bank"],
    auth: true,
    body: z.object({ flagged: z.boolean() }),
    responses: { 200: { description: "{flagged}" } },
  });
  r.put("/question-bank/:id/flag", async (c) => {
    const user = await requireFeature(c, "question_bank");
    const body = await parseBody(c, z.object({ flagged: z.boolean() }));
    return c.json(await flagBankQuestion({ db: db(c), userId: user.id, id: c.req.param("id"), flagged: body.flagged }));
  });

  return r;
}
