/**
 * Tags of a user's notes: list with counts, create, rename, delete. Names are unique per user
 * without regard to case ("Torts" and "torts" are one tag).
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notes, noteTags, tags } from "../../db/schema";
import { AppError } from "../../lib/errors";

const UUID = /^[0-9a-f-]{36}$/i;
const duplicate = (name: string) => new AppError("CONFLICT", `You already have a tag named "${name}".`);
const isUniqueViolation = (err: unknown) =>
  /23505|duplicate key|unique/i.test(
    String((err as { cause?: { code?: string; message?: string } })?.cause?.code ?? "") +
      String((err as Error)?.message ?? "") +
      String((err as { cause?: Error })?.cause?.message ?? ""),
  );

export async function listTags(db: Db, userId: string) {
  return db
    .select({ id: tags.id, name: tags.name, count: sql<number>`count(${notes.id})::int` })
    .from(tags)
    .leftJoin(noteTags, eq(noteTags.tagId, tags.id))
    .leftJoin(notes, and(eq(notes.id, noteTags.noteId), isNull(notes.deletedAt)))
    .where(eq(tags.userId, userId))
    .groupBy(tags.id, tags.name)
    .orderBy(asc(sql`lower(${tags.name})`));
}

export async function createTag(db: Db, userId: string, name: string) {
  try {
    const [row] = await db.insert(tags).values({ userId, name }).returning({ id: tags.id, name: tags.name });
    return { ...row, count: 0 };
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(name);
    throw err;
  }
}

export async function renameTag(db: Db, userId: string, id: string, name: string) {
  if (!UUID.test(id)) throw new AppError("NOT_FOUND", "No such tag.");
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

export async function deleteTag(db: Db, userId: string, id: string) {
  if (!UUID.test(id)) throw new AppError("NOT_FOUND", "No such tag.");
  const [row] = await db
    .delete(tags)
    .where(and(eq(tags.id, id), eq(tags.userId, userId)))
    .returning({ id: tags.id });
  if (!row) throw new AppError("NOT_FOUND", "No such tag.");
}
