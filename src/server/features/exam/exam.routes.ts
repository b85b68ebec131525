/**
 * NextGen exam mode's routes (issue 18 §3, contract `examApi` in src/contract/exam.ts). Every route
 * needs the question bank (Unlimited or Trial): 403 UPGRADE_REQUIRED otherwise. Another student's
 * session is 404.
 */
import { Hono } from "hono";
import { examApi } from "../../../contract/exam";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { nowOf } from "../../lib/http";
import { handle, withStatus } from "../../lib/route";
import { answerExam, createExam, examReport, getExam, gradeExamItem, listExams, submitExam } from "./exam.service";

const positionOf = (p: string) => {
  const n = /^\d{1,3}$/.test(p) ? Number(p) : -1;
  if (n < 0) throw new AppError("NOT_FOUND", "No such item in this exam.");
  return n;
};

export function examRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;
  const gate = { feature: "question_bank" } as const;
  handle(
    r,
    examApi.create,
    async (c, { user, body }) =>
      withStatus(201, await createExam({ db: db(c), userId: user.id, now: nowOf(c), ...body })),
    gate,
  );
  handle(r, examApi.list, async (c, { user }) => ({ exams: await listExams({ db: db(c), userId: user.id }) }), gate);
  handle(
    r,
    examApi.get,
    async (c, { user, params }) => getExam({ db: db(c), userId: user.id, id: params.id, now: nowOf(c) }),
    gate,
  );
  handle(
    r,
    examApi.answer,
    async (c, { user, params, body }) =>
      answerExam({
        db: db(c),
        userId: user.id,
        id: params.id,
        now: nowOf(c),
        position: positionOf(params.position),
        ...body,
      }),
    gate,
  );
  handle(
    r,
    examApi.submit,
    async (c, { user, params }) => submitExam({ db: db(c), userId: user.id, id: params.id, now: nowOf(c) }),
    gate,
  );
  handle(
    r,
    examApi.report,
    async (c, { user, params }) => examReport({ db: db(c), userId: user.id, id: params.id, now: nowOf(c) }),
    gate,
  );
  handle(
    r,
    examApi.grade,
    async (c, { user, params, body }) =>
      gradeExamItem({
        db: db(c),
        userId: user.id,
        id: params.id,
        now: nowOf(c),
        position: positionOf(params.position),
        checked: body.checked,
      }),
    gate,
  );
  return r;
}
