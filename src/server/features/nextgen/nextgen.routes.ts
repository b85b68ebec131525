/**
 * NextGen practice routes (issue 18 §2, decision 079), declared in src/contract/nextgen.ts
 * (`nextgenApi`):
 *   GET  /api/nextgen/sets?subject=                       sets with the latest attempt's score
 *   GET  /api/nextgen/sets/:id                            the player's view (answers once earned)
 *   POST /api/nextgen/sets/:id/attempts                   start over
 *   PUT  /api/nextgen/sets/:id/items/:itemId {selected}|{text}    answer once
 *   PUT  /api/nextgen/sets/:id/items/:itemId/grade {checked}      self-grade by rubric
 *   POST /api/nextgen/sets/:id/items/:itemId/companion-grade      the model's grade (unverified)
 *   GET  /api/nextgen/tasks · GET /api/nextgen/tasks/:id · POST /api/nextgen/tasks/:id/attempts
 *   PUT  /api/nextgen/task-attempts/:attemptId/draft {draft, version}   autosave (409 stale/deadline)
 *   POST /api/nextgen/task-attempts/:attemptId/submit · PUT …/grade · POST …/companion-grade
 * Every route needs the `question_bank` feature (403 UPGRADE_REQUIRED), like the question bank.
 */
import { Hono } from "hono";
import { nextgenApi } from "../../../contract/nextgen";
import { createClient } from "../../ai/llm/client";
import { effectiveLlm, modelFor } from "../../ai/llm/settings";
import type { LlmClient } from "../../ai/types";
import type { AppDeps, AppEnv } from "../../lib/context";
import { nowOf } from "../../lib/http";
import { handle, withStatus } from "../../lib/route";
import { authSecret } from "../../lib/secret";
import { answerItem, companionGradeItem, getSet, gradeItem, listSets, restartSet } from "./sets.service";
import { companionGradeTask, getTask, gradeTask, listTasks, saveDraft, startTask, submitTask } from "./tasks.service";

/** The model "Grade with the companion" uses (admin companion settings, else LLM_*); null without one. */
export async function graderLlm(deps: AppDeps): Promise<{ client: LlmClient; model: string } | null> {
  const cfg = await effectiveLlm(deps.database.db, deps.env, authSecret(deps.env));
  const model = modelFor(cfg, deps.env);
  return model ? { client: createClient(model, deps.env.LLM_TIMEOUT_MS), model: cfg.model ?? "model" } : null;
}

export function nextgenRoutes() {
  const r = new Hono<AppEnv>();
  const gate = { feature: "question_bank" } as const;
  const deps = (c: { get: (k: "deps") => AppDeps }) => c.get("deps");
  const hasLlm = async (d: AppDeps) => (await graderLlm(d)) !== null;

  handle(
    r,
    nextgenApi.listSets,
    async (c, { user, query }) => ({
      sets: await listSets({ db: deps(c).database.db, userId: user.id, subject: query.subject }),
    }),
    gate,
  );
  handle(
    r,
    nextgenApi.getSet,
    async (c, { user, params }) =>
      getSet({ db: deps(c).database.db, userId: user.id, id: params.id, companionGrading: await hasLlm(deps(c)) }),
    gate,
  );
  handle(
    r,
    nextgenApi.restartSet,
    async (c, { user, params }) =>
      withStatus(
        201,
        await restartSet({
          db: deps(c).database.db,
          userId: user.id,
          id: params.id,
          now: nowOf(c),
          companionGrading: await hasLlm(deps(c)),
        }),
      ),
    gate,
  );
  handle(
    r,
    nextgenApi.answerItem,
    async (c, { user, params, body }) =>
      answerItem({
        db: deps(c).database.db,
        userId: user.id,
        setId: params.id,
        itemId: params.itemId,
        now: nowOf(c),
        answer: body,
      }),
    gate,
  );
  handle(
    r,
    nextgenApi.gradeItem,
    async (c, { user, params, body }) =>
      gradeItem({
        db: deps(c).database.db,
        userId: user.id,
        setId: params.id,
        itemId: params.itemId,
        checked: body.checked,
        now: nowOf(c),
      }),
    gate,
  );
  handle(
    r,
    nextgenApi.companionGradeItem,
    async (c, { user, params }) =>
      companionGradeItem({
        db: deps(c).database.db,
        userId: user.id,
        setId: params.id,
        itemId: params.itemId,
        now: nowOf(c),
        llm: await graderLlm(deps(c)),
      }),
    gate,
  );

  handle(
    r,
    nextgenApi.listTasks,
    async (c, { user }) => ({ tasks: await listTasks({ db: deps(c).database.db, userId: user.id, now: nowOf(c) }) }),
    gate,
  );
  handle(
    r,
    nextgenApi.getTask,
    async (c, { user, params }) =>
      getTask({
        db: deps(c).database.db,
        userId: user.id,
        id: params.id,
        now: nowOf(c),
        companionGrading: await hasLlm(deps(c)),
      }),
    gate,
  );
  handle(
    r,
    nextgenApi.startTask,
    async (c, { user, params }) => {
      const { attempt, created } = await startTask({
        db: deps(c).database.db,
        userId: user.id,
        id: params.id,
        now: nowOf(c),
      });
      return created ? withStatus(201, attempt) : attempt;
    },
    gate,
  );
  handle(
    r,
    nextgenApi.saveDraft,
    async (c, { user, params, body }) =>
      saveDraft({
        db: deps(c).database.db,
        userId: user.id,
        attemptId: params.attemptId,
        draft: body.draft,
        version: body.version,
        now: nowOf(c),
      }),
    gate,
  );
  handle(
    r,
    nextgenApi.submitTask,
    async (c, { user, params, body }) =>
      submitTask({
        db: deps(c).database.db,
        userId: user.id,
        attemptId: params.attemptId,
        draft: body.draft,
        version: body.version,
        now: nowOf(c),
      }),
    gate,
  );
  handle(
    r,
    nextgenApi.gradeTask,
    async (c, { user, params, body }) =>
      gradeTask({
        db: deps(c).database.db,
        userId: user.id,
        attemptId: params.attemptId,
        checked: body.checked,
        now: nowOf(c),
      }),
    gate,
  );
  handle(
    r,
    nextgenApi.companionGradeTask,
    async (c, { user, params }) =>
      companionGradeTask({
        db: deps(c).database.db,
        userId: user.id,
        attemptId: params.attemptId,
        now: nowOf(c),
        llm: await graderLlm(deps(c)),
      }),
    gate,
  );
  return r;
}
