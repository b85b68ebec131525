/**
 * Tags of a user's notes: list with counts, create, rename, delete. Names are unique per user
 * without regard to case ("Torts" and "torts" are one tag).
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { isUuid } from "../../../domain/ids";
import type { DbOrTx } from "../../db/client";
import { notes, noteTags, tags } from "../../db/schema";
import { AppError } from "../../lib/errors";

const duplicate = (name: string) => new AppError("CONFLICT", `You already have a tag named "${name}".`);
const isUniqueViolation = (err: unknown) =>
  /23505|duplicate key|unique/i.test(
    String((err as { cause?: { code?: string; message?: string } })?.cause?.code ?? "") +
      String((err as Error)?.message ?? "") +
      String((err as { cause?: Error })?.cause?.message ?? ""),
  );

/** The user's tags, by name, each with the count of its notes not deleted. */
export async function listTags({ db, userId }: { db: DbOrTx; userId: string }) {
  return db
    .select({ id: tags.id, name: tags.name, count: sql<number>`count(${notes.id})::int` })
    .from(tags)
    .leftJoin(noteTags, eq(noteTags.tagId, tags.id))
    .leftJoin(notes, and(eq(notes.id, noteTags.noteId), isNull(notes.deletedAt)))
    .where(eq(tags.userId, userId))
    .groupBy(tags.id, tags.name)
    .orderBy(asc(sql`lower(${tags.name})`));
}

/** Creates a tag; CONFLICT when the user has one of that name (any case). */
export async function createTag({ db, userId, name }: { db: DbOrTx; userId: string; name: string }) {
  try {
    const [row] = await db.insert(tags).values({ userId, name }).returning({ id: tags.id, name: tags.name });
    return { ...row, count: 0 };
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(name);
    throw err;
  }
}

/** Renames a tag; NOT_FOUND unless it is the user's, CONFLICT when the name is taken. */
export async function renameTag({ db, userId, id, name }: { db: DbOrTx; userId: string; id: string; name: string }) {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "No such tag.");
  try {
    const [row] = await db
      .update(tags)
      .set({ name })
      .where(and(eq(tags.id, id), eq(tags.userId, userId)))
      .returning({ id: tags.id, name: tags.name });
    if (!row) throw new AppError("NOT_FOUND", "No such tag.");
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(name);
    throw err;
  }
}

/** Deletes a tag (its notes stay); NOT_FOUND unless it is the user's. */
export async function deleteTag({ db, userId, id }: { db: DbOrTx; userId: string; id: string }) {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "No such tag.");
  const [row] = await db
    .delete(tags)
    .where(and(eq(tags.id, id), eq(tags.userId, userId)))
    .returning({ id: tags.id });
  if (!row) throw new AppError("NOT_FOUND", "No such tag.");
}
