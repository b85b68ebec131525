/**
 * Decks and cards (issue 6 §1, §5). Students' decks and cards live in `decks` / `flashcards`
 * with `created_by` = the student and `is_official` false (decision 025). Official decks are
 * read-only. Every query is scoped to the owner: another user's deck or card is 404.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { decks, flashcards, studySchedules } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { premiumRequired } from "../billing/entitlements";
import { track } from "../analytics/analytics.service";
import { type Access, accessOf } from "./access";
import { type ParsedCard, parseCardFile, writeCardFile } from "./card-file";
import { STATE_NAMES } from "./scheduler";

export interface DeckInput {
  title: string;
  description?: string;
  subjectId?: string | null;
  topicId?: string | null;
}
export interface CardInput {
  question: string;
  answer: string;
  subjectId?: string | null;
  topicId?: string | null;
  difficulty?: "foundational" | "intermediate" | "advanced";
  tags?: string[];
}

const deckNotFound = () => new AppError("NOT_FOUND", "No such deck.");
const cardNotFound = () => new AppError("NOT_FOUND", "No such card.");

/** The student's own deck or 404. */
export async function ownDeck({ db, userId, deckId }: { db: Db; userId: string; deckId: string }) {
  const [d] = await db
    .select()
    .from(decks)
    .where(and(eq(decks.id, deckId), eq(decks.createdBy, userId), eq(decks.isOfficial, false)));
  if (!d) throw deckNotFound();
  return d;
}

/** A deck the student may read: own, or official (premium ones flagged `locked` for Free). */
async function readableDeck(db: Db, userId: string, deckId: string, access: Access) {
  const [d] = await db
    .select()
    .from(decks)
    .where(and(eq(decks.id, deckId), sql`(${decks.createdBy} = ${userId} or ${decks.isOfficial})`));
  if (!d || (d.isOfficial && d.retiredAt)) throw deckNotFound();
  return { deck: d, locked: d.isOfficial && !d.isFree && !access.officialCards };
}

/** Deck with its cards and each card's schedule (state, due). Locked premium decks list no cards. */
export async function getDeck(opts: { db: Db; userId: string; deckId: string; now: Date }) {
  const access = await accessOf(opts);
  const { deck, locked } = await readableDeck(opts.db, opts.userId, opts.deckId, access);
  const cards = locked
    ? []
    : await opts.db
        .select({
          id: flashcards.id,
          question: flashcards.question,
          answer: flashcards.answer,
          subjectId: flashcards.subjectId,
          topicId: flashcards.topicId,
          difficulty: flashcards.difficulty,
          tags: flashcards.tags,
          isOfficial: flashcards.isOfficial,
          state: studySchedules.state,
          due: studySchedules.due,
          reps: studySchedules.reps,
          lapses: studySchedules.lapses,
        })
        .from(flashcards)
        .leftJoin(
          studySchedules,
          and(
            eq(studySchedules.userId, opts.userId),
            eq(studySchedules.itemType, "card"),
            eq(studySchedules.itemId, flashcards.id),
          ),
        )
        .where(and(eq(flashcards.deckId, deck.id), isNull(flashcards.retiredAt)))
        .orderBy(asc(flashcards.position), asc(flashcards.createdAt));
  const [{ n }] = await opts.db
    .select({ n: sql<number>`count(*)::int` })
    .from(flashcards)
    .where(and(eq(flashcards.deckId, deck.id), isNull(flashcards.retiredAt)));
  return {
    deck: {
      id: deck.id,
      title: deck.title,
      description: deck.description,
      subjectId: deck.subjectId,
      topicId: deck.topicId,
      isOfficial: deck.isOfficial,
      isFree: deck.isFree,
      isPremium: deck.isOfficial && !deck.isFree,
      locked,
      cardCount: n,
      editable: !deck.isOfficial,
    },
    cards: cards.map((c) => ({
      ...c,
      difficulty: c.difficulty as CardInput["difficulty"] & string,
      state: STATE_NAMES[c.state ?? 0],
      due: c.due?.toISOString() ?? null,
      reps: c.reps ?? 0,
      lapses: c.lapses ?? 0,
    })),
  };
}

/** Creates an own deck; returns `{id,title,description,subjectId,topicId}`. */
export async function createDeck({ db, userId, input }: { db: Db; userId: string; input: DeckInput }) {
  const id = randomUUID();
  const [d] = await db
    .insert(decks)
    .values({
      id,
      title: input.title,
      description: input.description ?? "",
      subjectId: input.subjectId ?? null,
      topicId: input.topicId ?? null,
      isOfficial: false,
      createdBy: userId,
    })
    .returning();
  return { id: d.id, title: d.title, description: d.description, subjectId: d.subjectId, topicId: d.topicId };
}

/** Edits an own deck (404 for any other); returns the deck as `createDeck` does. */
export async function updateDeck({
  db,
  userId,
  deckId,
  patch,
}: {
  db: Db;
  userId: string;
  deckId: string;
  patch: Partial<DeckInput>;
}) {
  await ownDeck({ db, userId, deckId });
  const [d] = await db
    .update(decks)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(decks.id, deckId))
    .returning();
  return { id: d.id, title: d.title, description: d.description, subjectId: d.subjectId, topicId: d.topicId };
}

/** Deletes an own deck, its cards and their schedules (review history stays for statistics). */
export async function deleteDeck({ db, userId, deckId }: { db: Db; userId: string; deckId: string }) {
  await ownDeck({ db, userId, deckId });
  await db.transaction(async (tx) => {
    const ids = tx.select({ id: flashcards.id }).from(flashcards).where(eq(flashcards.deckId, deckId));
    await tx
      .delete(studySchedules)
      .where(
        and(
          eq(studySchedules.userId, userId),
          eq(studySchedules.itemType, "card"),
          inArray(studySchedules.itemId, ids),
        ),
      );
    await tx.delete(flashcards).where(eq(flashcards.deckId, deckId));
    await tx.delete(decks).where(eq(decks.id, deckId));
  });
}

const cardRow = (deckId: string, userId: string, c: CardInput, position: number) => ({
  id: randomUUID(),
  deckId,
  question: c.question,
  answer: c.answer,
  subjectId: c.subjectId ?? null,
  topicId: c.topicId ?? null,
  difficulty: c.difficulty ?? "intermediate",
  tags: c.tags ?? [],
  isOfficial: false,
  createdBy: userId,
  position,
});

/**
 * Adds cards to an own deck in one transaction (all or nothing). Records `flashcard_created`
 * once with the count and how they were made (manual, import, generated).
 */
export async function addCards(opts: {
  db: Db;
  userId: string;
  deckId: string;
  cards: CardInput[];
  source: "manual" | "import" | "generated";
}) {
  const deck = await ownDeck(opts);
  const [{ max }] = await opts.db
    .select({ max: sql<number>`coalesce(max(${flashcards.position}), -1)::int` })
    .from(flashcards)
    .where(eq(flashcards.deckId, deck.id));
  const values = opts.cards.map((c, i) =>
    cardRow(deck.id, opts.userId, { subjectId: deck.subjectId, topicId: deck.topicId, ...c }, max + 1 + i),
  );
  const created = await opts.db.transaction(async (tx) => {
    const out: { id: string }[] = [];
    for (let i = 0; i < values.length; i += 500)
      out.push(
        ...(await tx
          .insert(flashcards)
          .values(values.slice(i, i + 500))
          .returning({ id: flashcards.id })),
      );
    await tx.update(decks).set({ updatedAt: new Date() }).where(eq(decks.id, deck.id));
    return out;
  });
  await track({
    db: opts.db,
    name: "flashcard_created",
    userId: opts.userId,
    properties: {
      deckId: deck.id,
      count: created.length,
      source: opts.source,
    },
  });
  return created.map((c) => c.id);
}

async function ownCard({ db, userId, cardId }: { db: Db; userId: string; cardId: string }) {
  const [c] = await db
    .select()
    .from(flashcards)
    .where(and(eq(flashcards.id, cardId), eq(flashcards.createdBy, userId), eq(flashcards.isOfficial, false)));
  if (!c) throw cardNotFound();
  return c;
}

/** Edits an own card; `deckId` moves it to another own deck (404 for anyone else's). */
export async function updateCard({
  db,
  userId,
  cardId,
  patch,
}: {
  db: Db;
  userId: string;
  cardId: string;
  patch: Partial<CardInput> & { deckId?: string };
}) {
  const card = await ownCard({ db, userId, cardId });
  const moving = patch.deckId !== undefined && patch.deckId !== card.deckId;
  if (patch.deckId !== undefined) await ownDeck({ db, userId, deckId: patch.deckId });
  // A moved card goes to the end of its new deck.
  const position = moving
    ? (
        await db
          .select({ max: sql<number>`coalesce(max(${flashcards.position}), -1)::int` })
          .from(flashcards)
          .where(eq(flashcards.deckId, patch.deckId as string))
      )[0].max + 1
    : undefined;
  const [c] = await db
    .update(flashcards)
    .set({ ...patch, ...(position !== undefined ? { position } : {}), updatedAt: new Date() })
    .where(eq(flashcards.id, cardId))
    .returning();
  return {
    id: c.id,
    deckId: c.deckId,
    question: c.question,
    answer: c.answer,
    subjectId: c.subjectId,
    topicId: c.topicId,
    difficulty: c.difficulty,
    tags: c.tags,
  };
}

/** Deletes an own card and its schedule (404 for any other). */
export async function deleteCard({ db, userId, cardId }: { db: Db; userId: string; cardId: string }) {
  await ownCard({ db, userId, cardId });
  await db.transaction(async (tx) => {
    await tx
      .delete(studySchedules)
      .where(
        and(eq(studySchedules.userId, userId), eq(studySchedules.itemType, "card"), eq(studySchedules.itemId, cardId)),
      );
    await tx.delete(flashcards).where(eq(flashcards.id, cardId));
  });
}

/** Imports a CSV/TSV file into an own deck: every row or none (see card-file.ts for errors). */
export async function importCards(opts: {
  db: Db;
  userId: string;
  deckId: string;
  text: string;
  delimiter?: "auto" | "," | "\t" | ";";
}) {
  await ownDeck(opts);
  const parsed: ParsedCard[] = parseCardFile(opts.text, { delimiter: opts.delimiter });
  const ids = await addCards({
    db: opts.db,
    userId: opts.userId,
    deckId: opts.deckId,
    cards: parsed.map(({ line: _l, ...c }) => c),
    source: "import",
  });
  return { imported: ids.length };
}

/** Exports any deck the student may read (own, free sample, premium with access) as CSV/TSV. */
export async function exportDeck(opts: {
  db: Db;
  userId: string;
  deckId: string;
  now: Date;
  format: "csv" | "tsv";
  ankiHeader?: boolean;
}) {
  const access = await accessOf(opts);
  const { deck, locked } = await readableDeck(opts.db, opts.userId, opts.deckId, access);
  if (locked) throw premiumRequired("flashcards");
  const cards = await opts.db
    .select({ question: flashcards.question, answer: flashcards.answer, tags: flashcards.tags })
    .from(flashcards)
    .where(and(eq(flashcards.deckId, deck.id), isNull(flashcards.retiredAt)))
    .orderBy(asc(flashcards.position), asc(flashcards.createdAt));
  return {
    filename: `${
      deck.title
        .replace(/[^\w\- ]+/g, "")
        .trim()
        .replace(/\s+/g, "-")
        .toLowerCase() || "deck"
    }.${opts.format}`,
    text: writeCardFile(cards, opts.format, opts.ankiHeader),
  };
}
