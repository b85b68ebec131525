/**
 * Outlines (issue 16; SPEC.md §1, §2.3). Every function takes the owner's id and reads or writes
 * only that user's rows; another user's (or a deleted) outline is NOT_FOUND.
 *
 * - list: title/subject search (case-insensitive substring), archived or live, last edited first.
 * - create: blank, or from an official subject skeleton: the subject's live topics as top-level
 *   headings (the content has no teaching-order field yet, so they follow the topic title).
 * - delete is undoable for RESTORE_WINDOW_MS; older deleted outlines are purged on list.
 * Tree changes are in outline-tree.service.ts, the Markdown export in outline-export.ts.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { EmbedKind, OutlineMark } from "../../../contract/outlines";
import { isUuid } from "../../../domain/ids";
import type { DbOrTx } from "../../db/client";
import { outlineEntries, outlines } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { htmlToPlainText } from "../../lib/html-text";
import { resolveEmbeds } from "./outline-embeds.service";
import { type OutlineSource, planOutline } from "./outline-from.service";

/** How long a deleted outline can be restored (24 hours). */
export const RESTORE_WINDOW_MS = 24 * 60 * 60 * 1000;

export const outlineNotFound = () => new AppError("NOT_FOUND", "No such outline.");

const summaryColumns = {
  id: outlines.id,
  title: outlines.title,
  subject: outlines.subject,
  subjectId: outlines.subjectId,
  version: outlines.version,
  entryCount: outlines.entryCount,
  archivedAt: outlines.archivedAt,
  createdAt: outlines.createdAt,
  updatedAt: outlines.updatedAt,
};
export type OutlineSummary = {
  id: string;
  title: string;
  subject: string;
  subjectId: string | null;
  version: number;
  entryCount: number;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The live (not deleted) outline row of this user; NOT_FOUND otherwise. */
export async function getOutlineSummary({ db, userId, id }: { db: DbOrTx; userId: string; id: string }) {
  if (!isUuid(id)) throw outlineNotFound();
  const [row] = await db
    .select(summaryColumns)
    .from(outlines)
    .where(and(eq(outlines.id, id), eq(outlines.userId, userId), isNull(outlines.deletedAt)));
  if (!row) throw outlineNotFound();
  return row as OutlineSummary;
}

/** The user's outlines, last edited first: `archived` picks the archive or the library. */
export async function listOutlines(o: { db: DbOrTx; userId: string; q?: string; archived: boolean; now: Date }) {
  await o.db
    .delete(outlines)
    .where(and(eq(outlines.userId, o.userId), lt(outlines.deletedAt, new Date(o.now.getTime() - RESTORE_WINDOW_MS))));
  const where: SQL[] = [
    eq(outlines.userId, o.userId),
    isNull(outlines.deletedAt),
    o.archived ? isNotNull(outlines.archivedAt) : isNull(outlines.archivedAt),
  ];
  const q = o.q?.trim();
  if (q) {
    const like = `%${escapeLike(q)}%`;
    where.push(or(sql`${outlines.title} ilike ${like}`, sql`${outlines.subject} ilike ${like}`)!);
  }
  const rows = await o.db
    .select(summaryColumns)
    .from(outlines)
    .where(and(...where))
    .orderBy(desc(outlines.updatedAt))
    .limit(500);
  return rows as OutlineSummary[];
}

/**
 * Creates an outline, blank or from a source (outline-from.service.ts: subject skeleton, notes and
 * briefs, pasted syllabus). NOT_FOUND for an unknown subject; VALIDATION_FAILED when the source
 * gives nothing to build from.
 */
export async function createOutline(o: {
  db: DbOrTx;
  userId: string;
  title: string;
  subject: string;
  from: OutlineSource;
  now: Date;
}) {
  const plan = await planOutline(o);
  const id = await o.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(outlines)
      .values({
        userId: o.userId,
        title: plan.title.slice(0, 200) || "Untitled outline",
        subject: plan.subject.slice(0, 120),
        subjectId: plan.subjectId,
        entryCount: plan.entries.length,
        createdAt: o.now,
        updatedAt: o.now,
      })
      .returning({ id: outlines.id });
    const values = plan.entries.map((e) => ({ ...e, outlineId: row.id, createdAt: o.now, updatedAt: o.now }));
    for (let i = 0; i < values.length; i += 500) await tx.insert(outlineEntries).values(values.slice(i, i + 500));
    return row.id;
  });
  return getOutlineSummary({ db: o.db, userId: o.userId, id });
}

/**
 * The outline with every entry, flat (the web builds the tree); each embed carries its live text,
 * resolved now for this user (outline-embeds.service.ts).
 */
export async function getOutline({ db, userId, id }: { db: DbOrTx; userId: string; id: string }) {
  const summary = await getOutlineSummary({ db, userId, id });
  const rows = await db
    .select({
      id: outlineEntries.id,
      parentId: outlineEntries.parentId,
      position: outlineEntries.position,
      html: outlineEntries.html,
      embedKind: outlineEntries.embedKind,
      embedId: outlineEntries.embedId,
      mark: outlineEntries.mark,
      updatedAt: outlineEntries.updatedAt,
    })
    .from(outlineEntries)
    .where(eq(outlineEntries.outlineId, id))
    .orderBy(asc(outlineEntries.position));
  const refs = rows.flatMap((r) =>
    r.embedKind && r.embedId ? [{ kind: r.embedKind as EmbedKind, id: r.embedId }] : [],
  );
  const embeds = refs.length ? await resolveEmbeds({ db, userId, refs }) : new Map();
  return {
    ...summary,
    entries: rows.map(({ embedKind, embedId, mark, ...r }) => ({
      ...r,
      mark: mark as OutlineMark | null,
      embed: embedKind && embedId ? (embeds.get(`${embedKind}:${embedId}`) ?? null) : null,
    })),
  };
}

/** Moves an outline to the bin; returns when it can be restored until (UTC). */
export async function deleteOutline({ db, userId, id, now }: { db: DbOrTx; userId: string; id: string; now: Date }) {
  if (!isUuid(id)) throw outlineNotFound();
  const [row] = await db
    .update(outlines)
    .set({ deletedAt: now })
    .where(and(eq(outlines.id, id), eq(outlines.userId, userId), isNull(outlines.deletedAt)))
    .returning({ id: outlines.id });
  if (!row) throw outlineNotFound();
  return { restoreUntil: new Date(now.getTime() + RESTORE_WINDOW_MS) };
}

/** Undoes a delete within the window. NOT_FOUND after it or for another user's outline. */
export async function restoreOutline({ db, userId, id, now }: { db: DbOrTx; userId: string; id: string; now: Date }) {
  if (!isUuid(id)) throw outlineNotFound();
  const [row] = await db
    .update(outlines)
    .set({ deletedAt: null })
    .where(
      and(
        eq(outlines.id, id),
        eq(outlines.userId, userId),
        isNotNull(outlines.deletedAt),
        sql`${outlines.deletedAt} > ${new Date(now.getTime() - RESTORE_WINDOW_MS)}`,
      ),
    )
    .returning({ id: outlines.id });
  if (!row) throw outlineNotFound();
  return getOutlineSummary({ db, userId, id: row.id });
}

/** Copies an outline and its tree (fresh entry ids, same shape); the copy is live, not archived. */
export async function duplicateOutline({ db, userId, id, now }: { db: DbOrTx; userId: string; id: string; now: Date }) {
  const src = await getOutline({ db, userId, id });
  const newId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(outlines)
      .values({
        userId,
        title: `${src.title} (copy)`.slice(0, 200),
        subject: src.subject,
        subjectId: src.subjectId,
        entryCount: src.entries.length,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: outlines.id });
    const ids = new Map(src.entries.map((e) => [e.id, randomUUID()]));
    const values = src.entries.map((e) => ({
      id: ids.get(e.id)!,
      outlineId: row.id,
      parentId: e.parentId ? (ids.get(e.parentId) ?? null) : null,
      position: e.position,
      html: e.html,
      text: htmlToPlainText(e.html),
      embedKind: e.embed?.kind ?? null,
      embedId: e.embed?.id ?? null,
      mark: e.mark,
      createdAt: now,
      updatedAt: now,
    }));
    for (let i = 0; i < values.length; i += 500) await tx.insert(outlineEntries).values(values.slice(i, i + 500));
    return row.id;
  });
  return getOutlineSummary({ db, userId, id: newId });
}
