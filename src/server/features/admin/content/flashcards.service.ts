/**
 * The flashcards page (issue 17 §2, decision 067): counts of official and students' study content,
 * lists of official flashcards and practice questions with search and filters, and the edits an
 * administrator makes to them (edit, retire, revert), each kept as a content override
 * (src/server/content/overrides.ts). Students' own cards are counted here, never listed.
 */
import { resolve } from "node:path";
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { AdminCardRow, AdminQuestionRow, FlashcardsOverview } from "../../../../contract/admin-content";
import { checkChoiceItem } from "../../../../contract/choice-item";
import { answerFields, answerLetters, storedAnswer } from "../../../../contract/content";
import { loadContent } from "../../../content/load";
import { type OverrideKind, overridesOf } from "../../../content/overrides";
import type { DbOrTx } from "../../../db/client";
import { contentOverrides, decks, flashcards, questionFlags, questions, studyReviewLogs } from "../../../db/schema";
import { AppError } from "../../../lib/errors";

const like = (q: string) => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
type Status = "live" | "retired" | "edited" | undefined;

/** Counters of the flashcards page. */
export async function flashcardsOverview(db: DbOrTx, now: Date): Promise<FlashcardsOverview> {
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const [[od], [oc], [oq], [rc], [rq], [ud], [uc], [ov], [fl], [rv]] = await Promise.all([
    db
      .select({ n: count() })
      .from(decks)
      .where(and(eq(decks.isOfficial, true), isNull(decks.retiredAt))),
    db
      .select({ n: count() })
      .from(flashcards)
      .where(and(eq(flashcards.isOfficial, true), isNull(flashcards.retiredAt))),
    db.select({ n: count() }).from(questions).where(isNull(questions.retiredAt)),
    db
      .select({ n: count() })
      .from(flashcards)
      .where(and(eq(flashcards.isOfficial, true), isNotNull(flashcards.retiredAt))),
    db.select({ n: count() }).from(questions).where(isNotNull(questions.retiredAt)),
    db.select({ n: count() }).from(decks).where(eq(decks.isOfficial, false)),
    db
      .select({ n: count(), authors: countDistinct(flashcards.createdBy) })
      .from(flashcards)
      .where(eq(flashcards.isOfficial, false)),
    db
      .select({
        cards: sql<number>`count(*) filter (where ${contentOverrides.kind} = 'flashcard')::int`,
        questions: sql<number>`count(*) filter (where ${contentOverrides.kind} = 'question')::int`,
      })
      .from(contentOverrides),
    db.select({ questions: countDistinct(questionFlags.questionId), flags: count() }).from(questionFlags),
    db.select({ n: count() }).from(studyReviewLogs).where(gte(studyReviewLogs.reviewedAt, since)),
  ]);
  return {
    official: { decks: od.n, cards: oc.n, questions: oq.n, retired: rc.n + rq.n },
    user: { decks: ud.n, cards: uc.n, authors: uc.authors },
    edited: { cards: ov.cards, questions: ov.questions },
    flagged: { questions: fl.questions, flags: fl.flags },
    reviews30d: rv.n,
  };
}

function statusWhere(kind: OverrideKind, status: Status, retiredAt: AnyPgColumn, id: AnyPgColumn) {
  if (status === "live") return isNull(retiredAt);
  if (status === "retired") return isNotNull(retiredAt);
  if (status === "edited")
    return sql`exists (select 1 from ${contentOverrides} o where o.kind = ${kind} and o.item_id = ${id})`;
  return undefined;
}

const overrideView = (o?: { reason: string; updatedAt: Date; retired: boolean }) =>
  o ? { reason: o.reason, updatedAt: o.updatedAt.toISOString(), retired: o.retired } : null;

const cardSelect = {
  id: flashcards.id,
  deckId: flashcards.deckId,
  deckTitle: decks.title,
  subjectId: flashcards.subjectId,
  question: flashcards.question,
  answer: flashcards.answer,
  difficulty: flashcards.difficulty,
  tags: flashcards.tags,
  retiredAt: flashcards.retiredAt,
  updatedAt: flashcards.updatedAt,
};
const CARD_SORTS = {
  deck: decks.title,
  question: flashcards.question,
  difficulty: flashcards.difficulty,
  updatedAt: flashcards.updatedAt,
} as const;

/** One page of official flashcards (see `adminContentApi.cards`). */
export async function listCards(
  db: DbOrTx,
  f: {
    q?: string;
    subject?: string;
    deck?: string;
    difficulty?: string;
    status?: Status;
    sort: string;
    dir: "asc" | "desc";
    limit: number;
    offset: number;
  },
): Promise<{ rows: AdminCardRow[]; total: number }> {
  const parts: (SQL | undefined)[] = [eq(flashcards.isOfficial, true)];
  if (f.subject) parts.push(eq(flashcards.subjectId, f.subject));
  if (f.deck) parts.push(eq(flashcards.deckId, f.deck));
  if (f.difficulty) parts.push(eq(flashcards.difficulty, f.difficulty));
  if (f.q)
    parts.push(
      or(ilike(flashcards.question, like(f.q)), ilike(flashcards.answer, like(f.q)), ilike(decks.title, like(f.q))),
    );
  parts.push(statusWhere("flashcard", f.status, flashcards.retiredAt, flashcards.id));
  const where = and(...parts);
  const by = f.dir === "asc" ? asc : desc;
  const col = CARD_SORTS[f.sort as keyof typeof CARD_SORTS] ?? decks.title;
  const [list, [total]] = await Promise.all([
    db
      .select(cardSelect)
      .from(flashcards)
      .innerJoin(decks, eq(decks.id, flashcards.deckId))
      .where(where)
      .orderBy(by(col), asc(flashcards.position), asc(flashcards.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(flashcards).innerJoin(decks, eq(decks.id, flashcards.deckId)).where(where),
  ]);
  const overrides = await overridesOf(
    db,
    "flashcard",
    list.map((r) => r.id),
  );
  return {
    rows: list.map(({ retiredAt, updatedAt, ...r }) => ({
      ...r,
      retired: retiredAt !== null,
      override: overrideView(overrides.get(r.id)),
      updatedAt: updatedAt.toISOString(),
    })),
    total: total.n,
  };
}

export async function getCard(db: DbOrTx, id: string): Promise<AdminCardRow> {
  const [r] = await db
    .select(cardSelect)
    .from(flashcards)
    .innerJoin(decks, eq(decks.id, flashcards.deckId))
    .where(and(eq(flashcards.id, id), eq(flashcards.isOfficial, true)));
  if (!r) throw new AppError("NOT_FOUND", "No such official flashcard.");
  const o = (await overridesOf(db, "flashcard", [id])).get(id);
  const { retiredAt, updatedAt, ...rest } = r;
  return { ...rest, retired: retiredAt !== null, override: overrideView(o), updatedAt: updatedAt.toISOString() };
}

const questionSelect = {
  id: questions.id,
  setId: questions.setId,
  subjectId: questions.subjectId,
  topicId: questions.topicId,
  difficulty: questions.difficulty,
  stem: questions.stem,
  call: questions.call,
  choices: questions.choices,
  answer: questions.answer,
  explanations: questions.explanations,
  tags: questions.tags,
  skills: questions.skills,
  retiredAt: questions.retiredAt,
  flags: sql<number>`(select count(*)::int from ${questionFlags} f where f.question_id = ${questions.id})`,
};
const QUESTION_SORTS = {
  set: questions.setId,
  flags: sql`(select count(*) from ${questionFlags} f where f.question_id = ${questions.id})`,
  difficulty: questions.difficulty,
} as const;

/** One page of official practice questions with their flag counts (see `adminContentApi.questions`). */
export async function listQuestions(
  db: DbOrTx,
  f: {
    q?: string;
    subject?: string;
    difficulty?: string;
    status?: Status;
    flagged?: "true" | "false";
    sort: string;
    dir: "asc" | "desc";
    limit: number;
    offset: number;
  },
): Promise<{ rows: AdminQuestionRow[]; total: number }> {
  const parts: (SQL | undefined)[] = [];
  if (f.subject) parts.push(eq(questions.subjectId, f.subject));
  if (f.difficulty) parts.push(eq(questions.difficulty, f.difficulty));
  if (f.q) parts.push(or(ilike(questions.stem, like(f.q)), ilike(questions.call, like(f.q)), eq(questions.id, f.q)));
  parts.push(statusWhere("question", f.status, questions.retiredAt, questions.id));
  const flaggedSql = sql`exists (select 1 from ${questionFlags} f where f.question_id = ${questions.id})`;
  if (f.flagged === "true") parts.push(flaggedSql);
  if (f.flagged === "false") parts.push(sql`not ${flaggedSql}`);
  const where = parts.length ? and(...parts) : undefined;
  const by = f.dir === "asc" ? asc : desc;
  const col = QUESTION_SORTS[f.sort as keyof typeof QUESTION_SORTS] ?? questions.setId;
  const [list, [total]] = await Promise.all([
    db
      .select(questionSelect)
      .from(questions)
      .where(where)
      .orderBy(by(col), asc(questions.position), asc(questions.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(questions).where(where),
  ]);
  const overrides = await overridesOf(
    db,
    "question",
    list.map((r) => r.id),
  );
  return {
    rows: list.map(({ retiredAt, ...r }) => ({
      ...r,
      ...answerFields(r.answer),
      retired: retiredAt !== null,
      override: overrideView(overrides.get(r.id)),
    })),
    total: total.n,
  };
}

export async function getQuestion(db: DbOrTx, id: string): Promise<AdminQuestionRow> {
  const [r] = await db.select(questionSelect).from(questions).where(eq(questions.id, id));
  if (!r) throw new AppError("NOT_FOUND", "No such practice question.");
  const o = (await overridesOf(db, "question", [id])).get(id);
  const { retiredAt, ...rest } = r;
  return { ...rest, ...answerFields(rest.answer), retired: retiredAt !== null, override: overrideView(o) };
}

/**
 * An admin's edit of a practice question, checked against the choice-item rules on the merged item
 * (4–6 choices A–F without gaps, one explanation each, an answer naming existing choices;
 * `checkChoiceItem`), its answer stored as the database keeps it ("C" or "B,E"). 404 for an unknown
 * question, 400 VALIDATION_FAILED when the merged item breaks a rule.
 */
export async function saveQuestionEdit(
  db: DbOrTx,
  id: string,
  change: { fields: Record<string, unknown>; reason: string; by: string },
  now: Date,
): Promise<void> {
  const current = await getQuestion(db, id);
  const fields = { ...change.fields };
  if (fields.answer !== undefined) fields.answer = storedAnswer(fields.answer as string | string[]);
  const merged = {
    choices: (fields.choices as Record<string, string> | undefined) ?? current.choices,
    explanations: (fields.explanations as Record<string, string> | undefined) ?? current.explanations,
    answer: answerLetters((fields.answer as string | undefined) ?? current.answer),
  };
  const checked = z
    .object({
      choices: z.record(z.string(), z.string()),
      explanations: z.record(z.string(), z.string()),
      answer: z.any(),
    })
    .superRefine((q, ctx) => checkChoiceItem({ ...q, answer: q.answer.length > 1 ? q.answer : q.answer[0] }, ctx))
    .safeParse(merged);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new AppError("VALIDATION_FAILED", `${issue.path.join(".")}: ${issue.message}`);
  }
  await saveOverride(db, "question", id, { ...change, fields }, now);
}

/**
 * Writes an admin edit (`fields`) or retirement onto the row and into its override (merged with an
 * earlier override of the same item, so edits accumulate until a revert).
 */
export async function saveOverride(
  db: DbOrTx,
  kind: OverrideKind,
  id: string,
  change: { fields?: Record<string, unknown>; retire?: boolean; reason: string; by: string },
  now: Date,
): Promise<void> {
  const fields = Object.fromEntries(Object.entries(change.fields ?? {}).filter(([, v]) => v !== undefined));
  const [prev] = await db
    .select()
    .from(contentOverrides)
    .where(and(eq(contentOverrides.kind, kind), eq(contentOverrides.itemId, id)));
  const merged = { ...(prev?.fields ?? {}), ...fields };
  const retired = change.retire ?? prev?.retired ?? false;
  await db
    .insert(contentOverrides)
    .values({ kind, itemId: id, fields: merged, retired, reason: change.reason, updatedBy: change.by, updatedAt: now })
    .onConflictDoUpdate({
      target: [contentOverrides.kind, contentOverrides.itemId],
      set: { fields: merged, retired, reason: change.reason, updatedBy: change.by, updatedAt: now },
    });
  const set: Record<string, unknown> = { ...fields };
  if (change.retire) set.retiredAt = now;
  if (kind === "flashcard")
    await db
      .update(flashcards)
      .set({ ...set, updatedAt: now })
      .where(eq(flashcards.id, id));
  else if (Object.keys(set).length) await db.update(questions).set(set).where(eq(questions.id, id));
}

/**
 * Drops the override and writes the content file's version back (from CONTENT_DIR, read now).
 * An item the files no longer hold stays retired. CONFLICT when the item has no override.
 */
export async function revertOverride(db: DbOrTx, kind: OverrideKind, id: string, contentDir: string, now: Date) {
  const deleted = await db
    .delete(contentOverrides)
    .where(and(eq(contentOverrides.kind, kind), eq(contentOverrides.itemId, id)))
    .returning({ id: contentOverrides.itemId });
  if (!deleted.length) throw new AppError("CONFLICT", "This item has no admin edit to revert.");
  const { corpus } = loadContent(resolve(contentDir));
  if (kind === "flashcard") {
    const card = corpus.decks.flatMap((d) => d.cards).find((c) => c.id === id);
    await db
      .update(flashcards)
      .set(
        card
          ? {
              question: card.question,
              answer: card.answer,
              difficulty: card.difficulty,
              tags: card.tags,
              retiredAt: null,
              updatedAt: now,
            }
          : { retiredAt: now, updatedAt: now },
      )
      .where(eq(flashcards.id, id));
  } else {
    const q = corpus.questionSets.flatMap((s) => s.questions).find((x) => x.id === id);
    await db
      .update(questions)
      .set(
        q
          ? {
              stem: q.stem,
              call: q.call,
              choices: q.choices,
              answer: storedAnswer(q.answer),
              explanations: q.explanations,
              difficulty: q.difficulty,
              tags: q.tags,
              retiredAt: null,
            }
          : { retiredAt: now },
      )
      .where(eq(questions.id, id));
  }
}
