/**
 * Quiz and question-bank routes (issue 6 §6, §7), declared in src/contract/study.ts (`quizApi`,
 * `bankApi`):
 *   POST /api/quizzes {source,subjects?,topics?,count 5–100,difficulty?,filter,mode}   create
 *   GET  /api/quizzes/active · GET /api/quizzes                                       resume / recent
 *   GET  /api/quizzes/:id                                                             player state (resumes)
 *   PUT  /api/quizzes/:id/items/:position {choice?,flagged?,currentIndex?}            answer, flag, move
 *   POST /api/quizzes/:id/submit · GET /api/quizzes/:id/results · POST /api/quizzes/:id/retry
 *   GET  /api/question-bank?subject=&topic=&filter=unanswered|missed|flagged&limit=&offset=
 *   GET  /api/question-bank/analytics · GET /api/question-bank/:id
 *   POST /api/question-bank/:id/attempts {choice} · PUT /api/question-bank/:id/flag {flagged}
 * The bank (and bank quizzes) need the question_bank feature (403 UPGRADE_REQUIRED on Free). Every
 * quiz route needs the flashcards feature (SPEC.md §6, issue 12 item 22: flashcards and the question
 * bank are Unlimited and Trial only), so Free gets 403 UPGRADE_REQUIRED before any quiz is looked up.
 */
import { Hono } from "hono";
import { bankApi, quizApi } from "../../../contract/study";
import { QUIZ_MAX } from "../../../domain/study";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { nowOf } from "../../lib/http";
import { handle, withStatus } from "../../lib/route";
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

export function quizRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;
  const bank = { feature: "question_bank" } as const;
  const quizzes = { feature: "flashcards" } as const;

  handle(
    r,
    quizApi.create,
    async (c, { user, body }) =>
      withStatus(201, await createQuiz({ db: db(c), userId: user.id, now: nowOf(c), setup: body })),
    quizzes,
  );

  handle(
    r,
    quizApi.active,
    async (c, { user }) => ({
      quiz: await activeQuiz({ db: db(c), userId: user.id, now: nowOf(c) }),
    }),
    quizzes,
  );

  handle(
    r,
    quizApi.recent,
    async (c, { user }) => ({ quizzes: await recentQuizzes({ db: db(c), userId: user.id }) }),
    quizzes,
  );

  handle(
    r,
    quizApi.get,
    async (c, { user, params }) => getQuiz({ db: db(c), userId: user.id, id: params.id, now: nowOf(c) }),
    quizzes,
  );

  handle(
    r,
    quizApi.answer,
    async (c, { user, params, body }) => {
      // Positions are 0 … QUIZ_MAX − 1: anything else ("1e3", "-1", 2^31) is no item of any quiz.
      const position = /^\d{1,3}$/.test(params.position) ? Number(params.position) : -1;
      if (position < 0 || position >= QUIZ_MAX) throw new AppError("NOT_FOUND", "No such question in this quiz.");
      return answerQuiz({ db: db(c), userId: user.id, id: params.id, now: nowOf(c), position, ...body });
    },
    quizzes,
  );

  handle(
    r,
    quizApi.submit,
    async (c, { user, params }) => submitQuiz({ db: db(c), userId: user.id, id: params.id, now: nowOf(c) }),
    quizzes,
  );

  handle(
    r,
    quizApi.results,
    async (c, { user, params }) => quizResults({ db: db(c), userId: user.id, id: params.id, now: nowOf(c) }),
    quizzes,
  );

  handle(
    r,
    quizApi.retry,
    async (c, { user, params }) =>
      withStatus(201, await retryMissed({ db: db(c), userId: user.id, id: params.id, now: nowOf(c) })),
    quizzes,
  );

  handle(r, bankApi.list, async (c, { user, query }) => listBank({ db: db(c), userId: user.id, ...query }), bank);

  handle(
    r,
    bankApi.analytics,
    async (c, { user }) => bankAnalytics({ db: db(c), userId: user.id, now: nowOf(c) }),
    bank,
  );

  handle(
    r,
    bankApi.get,
    async (c, { user, params }) => getBankQuestion({ db: db(c), userId: user.id, id: params.id }),
    bank,
  );

  handle(
    r,
    bankApi.attempt,
    async (c, { user, params, body }) =>
      withStatus(201, await answerBankQuestion({ db: db(c), userId: user.id, id: params.id, ...body, now: nowOf(c) })),
    bank,
  );

  handle(
    r,
    bankApi.flag,
    async (c, { user, params, body }) =>
      flagBankQuestion({ db: db(c), userId: user.id, id: params.id, flagged: body.flagged }),
    bank,
  );

  return r;
}
