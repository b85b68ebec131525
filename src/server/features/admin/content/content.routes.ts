/**
 * Routes of the admin content pages: /admin/flashcards and /admin/outlines (issue 17 §2; contract
 * src/contract/admin-content.ts; decision 067). Behind the admin gate; every change of official
 * content runs in one transaction with its audit row (`recordAdminAction`, before/after).
 */
import { Hono } from "hono";
import { adminContentApi } from "../../../../contract/admin-content";
import { EXPORT_MAX_ROWS } from "../../../../contract/list";
import type { OverrideKind } from "../../../content/overrides";
import type { DbOrTx } from "../../../db/client";
import type { AppEnv } from "../../../lib/context";
import { csvResponse } from "../../../lib/list-query";
import { handle } from "../../../lib/route";
import { type AdminActor, actorOf, recordAdminAction } from "../audit.service";
import {
  flashcardsOverview,
  getCard,
  getQuestion,
  listCards,
  listQuestions,
  revertOverride,
  saveOverride,
  saveQuestionEdit,
} from "./flashcards.service";
import { listAnalyses, outlinesOverview } from "./outlines.service";

const windowOf = (q: { page: number; pageSize: number; format: "json" | "csv" }) =>
  q.format === "csv" ? { limit: EXPORT_MAX_ROWS, offset: 0 } : { limit: q.pageSize, offset: (q.page - 1) * q.pageSize };

/** The audited shape of an item: its editable fields and whether it is retired. */
const snapshot = (kind: OverrideKind, r: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(r).filter(([k]) =>
      (kind === "flashcard"
        ? ["question", "answer", "difficulty", "tags", "retired"]
        : ["stem", "call", "choices", "answer", "explanations", "difficulty", "tags", "retired"]
      ).includes(k),
    ),
  );

export function adminContentRoutes() {
  const r = new Hono<AppEnv>();
  const dbOf = (c: { get(k: "deps"): AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;
  const nowOf = (c: { get(k: "deps"): AppEnv["Variables"]["deps"] }) => c.get("deps").now?.() ?? new Date();

  /**
   * One audited change of an official item: read it (404 when not official), apply `change`,
   * read it again and write the audit row, all in one transaction.
   */
  async function change<R extends Record<string, unknown>>(
    db: DbOrTx,
    actor: AdminActor,
    kind: OverrideKind,
    id: string,
    action: string,
    reason: string,
    read: (tx: DbOrTx, id: string) => Promise<R>,
    apply: (tx: DbOrTx) => Promise<void>,
  ): Promise<R> {
    return db.transaction(async (tx) => {
      const before = await read(tx, id);
      await apply(tx);
      const after = await read(tx, id);
      await recordAdminAction(tx, actor, {
        action,
        targetType: kind,
        targetId: id,
        targetLabel: String(before.question ?? before.stem ?? id).slice(0, 200),
        reason,
        before: snapshot(kind, before),
        after: snapshot(kind, after),
      });
      return after;
    });
  }

  // ── flashcards page ──
  handle(r, adminContentApi.flashcardsOverview, (c) => flashcardsOverview(dbOf(c), nowOf(c)));
  handle(r, adminContentApi.cards, async (c, { query }) => {
    const { rows, total } = await listCards(dbOf(c), { ...query, ...windowOf(query) });
    if (query.format === "csv")
      return csvResponse(
        "flashcards.csv",
        rows.map((x) => ({ ...x, tags: x.tags.join("; "), edited: !!x.override })),
        ["id", "deckId", "deckTitle", "subjectId", "question", "answer", "difficulty", "tags", "retired", "edited"],
      );
    return { rows, total, page: query.page, pageSize: query.pageSize };
  });
  handle(r, adminContentApi.questions, async (c, { query }) => {
    const { rows, total } = await listQuestions(dbOf(c), { ...query, ...windowOf(query) });
    if (query.format === "csv")
      return csvResponse(
        "questions.csv",
        rows.map((x) => ({
          ...x,
          A: x.choices.A,
          B: x.choices.B,
          C: x.choices.C,
          D: x.choices.D,
          E: x.choices.E ?? "",
          F: x.choices.F ?? "",
          tags: x.tags.join("; "),
          edited: !!x.override,
        })),
        [
          "id",
          "setId",
          "subjectId",
          "topicId",
          "difficulty",
          "stem",
          "call",
          "A",
          "B",
          "C",
          "D",
          "E",
          "F",
          "answer",
          "flags",
          "retired",
          "edited",
        ],
      );
    return { rows, total, page: query.page, pageSize: query.pageSize };
  });

  for (const kind of ["flashcard", "question"] as const) {
    const defs =
      kind === "flashcard"
        ? { patch: adminContentApi.patchCard, retire: adminContentApi.retireCard, revert: adminContentApi.revertCard }
        : {
            patch: adminContentApi.patchQuestion,
            retire: adminContentApi.retireQuestion,
            revert: adminContentApi.revertQuestion,
          };
    const read = (kind === "flashcard" ? getCard : getQuestion) as (
      tx: DbOrTx,
      id: string,
    ) => Promise<Record<string, unknown>>;
    handle(r, defs.patch, async (c, { params, body }) => {
      const actor = actorOf(c);
      const { reason, ...fields } = body;
      return change(dbOf(c), actor, kind, params.id, `${kind}.update`, reason, read, (tx) =>
        kind === "question"
          ? saveQuestionEdit(tx, params.id, { fields, reason, by: actor.id }, nowOf(c))
          : saveOverride(tx, kind, params.id, { fields, reason, by: actor.id }, nowOf(c)),
      ) as never;
    });
    handle(r, defs.retire, async (c, { params, body }) => {
      const actor = actorOf(c);
      return change(dbOf(c), actor, kind, params.id, `${kind}.retire`, body.reason, read, (tx) =>
        saveOverride(tx, kind, params.id, { retire: true, reason: body.reason, by: actor.id }, nowOf(c)),
      ) as never;
    });
    handle(r, defs.revert, async (c, { params, body }) => {
      const actor = actorOf(c);
      const { env } = c.get("deps");
      return change(dbOf(c), actor, kind, params.id, `${kind}.revert`, body.reason, read, (tx) =>
        revertOverride(tx, kind, params.id, env.CONTENT_DIR, nowOf(c)),
      ) as never;
    });
  }

  // ── outlines page ──
  handle(r, adminContentApi.outlinesOverview, (c) => outlinesOverview(dbOf(c), nowOf(c)));
  handle(r, adminContentApi.analyses, async (c, { query }) => {
    const { rows, total } = await listAnalyses(dbOf(c), { ...query, ...windowOf(query) });
    if (query.format === "csv")
      return csvResponse("outline-analyses.csv", rows, [
        "id",
        "title",
        "format",
        "fileName",
        "subjectId",
        "ownerEmail",
        "state",
        "jobState",
        "attempts",
        "error",
        "runs",
        "createdAt",
        "finishedAt",
      ]);
    return { rows, total, page: query.page, pageSize: query.pageSize };
  });
  return r;
}
