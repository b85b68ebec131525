/**
 * Integrated question sets (issue 18 §2, decisions 076, 079): listing, the player's view of a set
 * for one student, answering an item once, self-grading written items by rubric and the
 * companion's (unverified) grade. An attempt is created by the first answer and is the student's
 * latest attempt of the set; "start over" opens a new one. Every attempt is read through its
 * owner: another user's attempt is never visible.
 */
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import {
  type SetItemView,
  type SetScore,
  type SetSummary,
  type SetView,
  WRITTEN_ANSWER_MAX,
} from "../../../contract/nextgen";
import { scoreChoice, scoreRubric } from "../../../domain/nextgen-scoring";
import type { DbOrTx } from "../../db/client";
import { integratedItemAnswers, integratedSetAttempts, integratedSetItems, integratedSets } from "../../db/schema";
import type { LlmClient } from "../../ai/types";
import { AppError } from "../../lib/errors";
import { withStudentLock } from "../../lib/student-lock";
import { companionGrade } from "./companion-grade";

type SetRow = typeof integratedSets.$inferSelect;
type ItemRow = typeof integratedSetItems.$inferSelect;
type AnswerRow = typeof integratedItemAnswers.$inferSelect;
type AttemptRow = typeof integratedSetAttempts.$inferSelect;

const noSet = () => new AppError("NOT_FOUND", "No such integrated set.");
const noItem = () => new AppError("NOT_FOUND", "No such item in this set.");

async function setRow(db: DbOrTx, id: string): Promise<SetRow> {
  const [row] = await db
    .select()
    .from(integratedSets)
    .where(and(eq(integratedSets.id, id), isNull(integratedSets.retiredAt)));
  if (!row) throw noSet();
  return row;
}

async function itemRows(db: DbOrTx, setIds: string[]): Promise<ItemRow[]> {
  if (!setIds.length) return [];
  return db
    .select()
    .from(integratedSetItems)
    .where(and(inArray(integratedSetItems.setId, setIds), isNull(integratedSetItems.retiredAt)))
    .orderBy(asc(integratedSetItems.setId), asc(integratedSetItems.position));
}

/** The student's latest attempt of each set in `setIds` (by start time). */
async function latestAttempts(db: DbOrTx, userId: string, setIds: string[]): Promise<Map<string, AttemptRow>> {
  const out = new Map<string, AttemptRow>();
  if (!setIds.length) return out;
  const rows = await db
    .select()
    .from(integratedSetAttempts)
    .where(and(eq(integratedSetAttempts.userId, userId), inArray(integratedSetAttempts.setId, setIds)))
    // Started at the same instant: the open attempt wins (DESC puts nulls first).
    .orderBy(desc(integratedSetAttempts.startedAt), desc(integratedSetAttempts.completedAt));
  for (const r of rows) if (!out.has(r.setId)) out.set(r.setId, r);
  return out;
}

async function answersOf(db: DbOrTx, attemptIds: string[]): Promise<AnswerRow[]> {
  if (!attemptIds.length) return [];
  return db.select().from(integratedItemAnswers).where(inArray(integratedItemAnswers.attemptId, attemptIds));
}

/** The set's score from its items and the attempt's answers (see `setScoreSchema`). */
export function scoreSet(items: ItemRow[], answers: AnswerRow[]): SetScore {
  const byItem = new Map(answers.map((a) => [a.itemId, a]));
  let answered = 0;
  let choiceCorrect = 0;
  let choiceTotal = 0;
  let rubricEarned = 0;
  let rubricPossible = 0;
  let ungraded = 0;
  let credit = 0;
  for (const it of items) {
    const a = byItem.get(it.id);
    if (it.type === "choice") {
      choiceTotal++;
      if (a) {
        answered++;
        if (a.correct) {
          choiceCorrect++;
          credit++;
        }
      }
      continue;
    }
    const possible = scoreRubric(it.rubric ?? [], []).possible;
    rubricPossible += possible;
    if (!a) continue;
    answered++;
    if (a.earned === null) ungraded++;
    else {
      rubricEarned += a.earned;
      credit += possible ? a.earned / possible : 0;
    }
  }
  const total = items.length;
  return {
    answered,
    total,
    choiceCorrect,
    choiceTotal,
    rubricEarned,
    rubricPossible,
    ungraded,
    percent: total ? Math.round((credit / total) * 100) : 0,
    complete: total > 0 && answered === total && ungraded === 0,
  };
}

function itemView(it: ItemRow, a: AnswerRow | undefined): SetItemView {
  const base = {
    id: it.id,
    position: it.position,
    type: it.type as SetItemView["type"],
    topicId: it.topicId,
    skills: it.skills,
    prompt: it.prompt,
    choices: it.type === "choice" ? (it.choices ?? {}) : null,
    selectCount: it.type === "choice" ? (it.answer ?? []).length : null,
    answered: !!a,
  };
  if (!a) return { ...base, result: null };
  if (it.type === "choice") {
    const selected = a.selected ?? [];
    const s = scoreChoice(it.answer ?? [], selected);
    return {
      ...base,
      result: {
        type: "choice",
        selected,
        correct: s.correct,
        matched: s.matched,
        answer: it.answer ?? [],
        explanations: it.explanations ?? {},
      },
    };
  }
  const rubric = it.rubric ?? [];
  const ai = a.aiGrade
    ? {
        ...a.aiGrade,
        ...scoreRubric(
          rubric,
          a.aiGrade.points.filter((p) => p.met).map((p) => p.index),
        ),
        unverified: true as const,
      }
    : null;
  return {
    ...base,
    result: {
      type: "written",
      text: a.text ?? "",
      modelAnswer: it.modelAnswer ?? "",
      rubric,
      checked: a.rubricChecked,
      earned: a.earned,
      possible: scoreRubric(rubric, []).possible,
      aiGrade: ai,
    },
  };
}

/**
 * Lists the live sets (of `subject` when given, in subject then file order) with the student's
 * latest attempt and its score.
 */
export async function listSets(opts: { db: DbOrTx; userId: string; subject?: string }): Promise<SetSummary[]> {
  const { db, userId } = opts;
  const sets = await db
    .select()
    .from(integratedSets)
    .where(and(isNull(integratedSets.retiredAt), opts.subject ? eq(integratedSets.subjectId, opts.subject) : undefined))
    .orderBy(asc(integratedSets.subjectId), asc(integratedSets.position), asc(integratedSets.id));
  const ids = sets.map((s) => s.id);
  const [items, attempts] = await Promise.all([itemRows(db, ids), latestAttempts(db, userId, ids)]);
  const answers = await answersOf(
    db,
    [...attempts.values()].map((a) => a.id),
  );
  return sets.map((s) => {
    const its = items.filter((i) => i.setId === s.id);
    const at = attempts.get(s.id);
    return {
      id: s.id,
      subjectId: s.subjectId,
      title: s.title,
      difficulty: s.difficulty,
      items: its.length,
      documents: s.documents.length,
      attempt: at
        ? {
            id: at.id,
            startedAt: at.startedAt.toISOString(),
            completedAt: at.completedAt?.toISOString() ?? null,
            score: scoreSet(
              its,
              answers.filter((a) => a.attemptId === at.id),
            ),
          }
        : null,
    };
  });
}

/** The player's view of a set for the student (answers only for items answered in the latest attempt). */
export async function getSet(opts: {
  db: DbOrTx;
  userId: string;
  id: string;
  companionGrading: boolean;
}): Promise<SetView> {
  const s = await setRow(opts.db, opts.id);
  const [items, attempts] = await Promise.all([
    itemRows(opts.db, [s.id]),
    latestAttempts(opts.db, opts.userId, [s.id]),
  ]);
  const at = attempts.get(s.id);
  const answers = at ? await answersOf(opts.db, [at.id]) : [];
  return view(s, items, at, answers, opts.companionGrading);
}

function view(
  s: SetRow,
  items: ItemRow[],
  at: AttemptRow | undefined,
  answers: AnswerRow[],
  companionGrading: boolean,
): SetView {
  const byItem = new Map(answers.map((a) => [a.itemId, a]));
  return {
    set: {
      id: s.id,
      subjectId: s.subjectId,
      title: s.title,
      difficulty: s.difficulty,
      scenario: s.scenario,
      documents: s.documents,
    },
    attempt: at
      ? { id: at.id, startedAt: at.startedAt.toISOString(), completedAt: at.completedAt?.toISOString() ?? null }
      : null,
    items: items.map((it) => itemView(it, byItem.get(it.id))),
    score: scoreSet(items, answers),
    companionGrading,
  };
}

/** Starts the set over: a new, empty attempt (the earlier ones stay in the history). */
export async function restartSet(opts: {
  db: DbOrTx;
  userId: string;
  id: string;
  now: Date;
  companionGrading: boolean;
}): Promise<SetView> {
  const s = await setRow(opts.db, opts.id);
  const [at] = await opts.db
    .insert(integratedSetAttempts)
    .values({ userId: opts.userId, setId: s.id, startedAt: opts.now })
    .returning();
  return view(s, await itemRows(opts.db, [s.id]), at, [], opts.companionGrading);
}

/** The set, one of its live items, and the student's latest attempt (created when `create` and none exists). */
async function context(db: DbOrTx, userId: string, setId: string, itemId: string, now: Date, create: boolean) {
  const s = await setRow(db, setId);
  const items = await itemRows(db, [s.id]);
  const item = items.find((i) => i.id === itemId);
  if (!item) throw noItem();
  let at = (await latestAttempts(db, userId, [s.id])).get(s.id);
  if (!at && create)
    [at] = await db.insert(integratedSetAttempts).values({ userId, setId: s.id, startedAt: now }).returning();
  return { s, items, item, at };
}

/** Marks the attempt complete once every item is answered and every written one graded. */
async function finish(db: DbOrTx, at: AttemptRow, items: ItemRow[], now: Date) {
  const answers = await answersOf(db, [at.id]);
  const score = scoreSet(items, answers);
  if (score.complete && !at.completedAt)
    await db.update(integratedSetAttempts).set({ completedAt: now }).where(eq(integratedSetAttempts.id, at.id));
  if (!score.complete && at.completedAt)
    await db.update(integratedSetAttempts).set({ completedAt: null }).where(eq(integratedSetAttempts.id, at.id));
  return { answers, score };
}

/**
 * Answers an item of the student's current attempt, once. Choice items take `selected` (letters
 * of existing choices, as many as the item asks for or fewer/more: scored all-or-nothing by
 * `scoreChoice`); written items take `text` (1 to WRITTEN_ANSWER_MAX characters).
 * @throws BAD_REQUEST for the wrong kind of answer or unknown letters; PAYLOAD_TOO_LARGE for a
 *   longer text; CONFLICT when the item is already answered in this attempt; NOT_FOUND for an
 *   unknown set or item.
 */
export async function answerItem(opts: {
  db: DbOrTx;
  userId: string;
  setId: string;
  itemId: string;
  now: Date;
  answer: { selected: string[] } | { text: string };
}): Promise<{ item: SetItemView; score: SetScore }> {
  // One transaction, the student's row locked first: two first answers sent at once (two tabs,
  // a double submit) must find the same attempt instead of each starting one.
  return withStudentLock(opts.db, opts.userId, (db) => answerLocked({ ...opts, db }));
}

async function answerLocked(opts: Parameters<typeof answerItem>[0]): Promise<{ item: SetItemView; score: SetScore }> {
  const { db, now } = opts;
  const { item, items, at: maybe } = await context(db, opts.userId, opts.setId, opts.itemId, now, false);
  let row: typeof integratedItemAnswers.$inferInsert;
  if (item.type === "choice") {
    if (!("selected" in opts.answer))
      throw new AppError("BAD_REQUEST", "This is a choice item: send `selected`, the letters you chose.");
    const selected = [...new Set(opts.answer.selected)].sort();
    const unknown = selected.filter((l) => !(l in (item.choices ?? {})));
    if (unknown.length) throw new AppError("BAD_REQUEST", `This item has no choice ${unknown.join(", ")}.`);
    row = { attemptId: "", itemId: item.id, selected, correct: scoreChoice(item.answer ?? [], selected).correct };
  } else {
    if (!("text" in opts.answer))
      throw new AppError("BAD_REQUEST", "This is a written item: send `text`, your answer.");
    const text = opts.answer.text;
    if (!text.trim()) throw new AppError("BAD_REQUEST", "Write an answer before submitting it.");
    if (text.length > WRITTEN_ANSWER_MAX)
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        `A written answer can be up to ${WRITTEN_ANSWER_MAX.toLocaleString("en-US")} characters; this one has ${text.length.toLocaleString("en-US")}.`,
      );
    row = {
      attemptId: "",
      itemId: item.id,
      text,
      possible: scoreRubric(item.rubric ?? [], []).possible,
    };
  }
  const at =
    maybe ??
    (
      await db
        .insert(integratedSetAttempts)
        .values({ userId: opts.userId, setId: opts.setId, startedAt: now })
        .returning()
    )[0];
  const inserted = await db
    .insert(integratedItemAnswers)
    .values({ ...row, attemptId: at.id, answeredAt: now })
    .onConflictDoNothing()
    .returning();
  if (!inserted.length)
    throw new AppError("CONFLICT", "You already answered this item. Start the set over to answer it again.");
  const { answers, score } = await finish(db, at, items, now);
  return {
    item: itemView(
      item,
      answers.find((a) => a.itemId === item.id),
    ),
    score,
  };
}

async function answeredWritten(db: DbOrTx, userId: string, setId: string, itemId: string, now: Date) {
  const c = await context(db, userId, setId, itemId, now, false);
  if (c.item.type === "choice") throw new AppError("BAD_REQUEST", "Choice items are scored automatically.");
  const [a] = c.at
    ? await db
        .select()
        .from(integratedItemAnswers)
        .where(and(eq(integratedItemAnswers.attemptId, c.at.id), eq(integratedItemAnswers.itemId, itemId)))
    : [];
  if (!c.at || !a) throw new AppError("CONFLICT", "Answer the item before grading it.");
  return { ...c, at: c.at, answer: a };
}

/**
 * Self-grades an answered written item: `checked` are the rubric point indexes the student's
 * answer meets; earned = the sum of their weights (`scoreRubric`). Re-grading replaces the grade.
 * @throws BAD_REQUEST for an index the rubric does not have; CONFLICT before the item is answered.
 */
export async function gradeItem(opts: {
  db: DbOrTx;
  userId: string;
  setId: string;
  itemId: string;
  checked: number[];
  now: Date;
}): Promise<{ item: SetItemView; score: SetScore }> {
  const { db, now } = opts;
  const c = await answeredWritten(db, opts.userId, opts.setId, opts.itemId, now);
  const rubric = c.item.rubric ?? [];
  const checked = [...new Set(opts.checked)].sort((x, y) => x - y);
  if (checked.some((i) => i >= rubric.length))
    throw new AppError("BAD_REQUEST", `The rubric has ${rubric.length} points, numbered 0 to ${rubric.length - 1}.`);
  const { earned, possible } = scoreRubric(rubric, checked);
  await db
    .update(integratedItemAnswers)
    .set({ rubricChecked: checked, earned, possible, gradedAt: now })
    .where(and(eq(integratedItemAnswers.attemptId, c.at.id), eq(integratedItemAnswers.itemId, c.item.id)));
  const { answers, score } = await finish(db, c.at, c.items, now);
  return {
    item: itemView(
      c.item,
      answers.find((a) => a.itemId === c.item.id),
    ),
    score,
  };
}

/**
 * Has the configured model grade an answered written item against its rubric (unverified) and
 * stores the result beside the student's own grade.
 * @throws CONFLICT when no model is configured or the item is not answered; LLM_* on provider failure.
 */
export async function companionGradeItem(opts: {
  db: DbOrTx;
  userId: string;
  setId: string;
  itemId: string;
  now: Date;
  llm: { client: LlmClient; model: string } | null;
}): Promise<{ item: SetItemView; score: SetScore }> {
  const { db, now } = opts;
  if (!opts.llm)
    throw new AppError("CONFLICT", "No language model is configured, so the companion cannot grade. Use the rubric.");
  const c = await answeredWritten(db, opts.userId, opts.setId, opts.itemId, now);
  const aiGrade = await companionGrade(
    opts.llm.client,
    {
      question: `${c.s.scenario}\n\n${c.item.prompt}`,
      rubric: c.item.rubric ?? [],
      modelAnswer: c.item.modelAnswer ?? "",
      answer: c.answer.text ?? "",
    },
    opts.llm.model,
    now,
  );
  await db
    .update(integratedItemAnswers)
    .set({ aiGrade })
    .where(and(eq(integratedItemAnswers.attemptId, c.at.id), eq(integratedItemAnswers.itemId, c.item.id)));
  const answers = await answersOf(db, [c.at.id]);
  return {
    item: itemView(
      c.item,
      answers.find((a) => a.itemId === c.item.id),
    ),
    score: scoreSet(c.items, answers),
  };
}
