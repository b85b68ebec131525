/**
 * Case collections (SPEC.md §2.3, issue 5 §1): a student's named, ordered lists of cases.
 * Every function takes the owner's id and reads or writes only that user's collections; another
 * user's collection (or a malformed id) is NOT_FOUND. Items are resolved through
 * `resolveCaseTargets`, so a case the user can no longer see is left out.
 */
import { and, asc, count, desc, eq, max, sql } from "drizzle-orm";
import { isUuid } from "../../../domain/ids";
import type { DbOrTx } from "../../db/client";
import { caseCollectionItems, caseCollections } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { type CaseKind, resolveCaseTargets } from "../case-law/targets";

const notFound = () => new AppError("NOT_FOUND", "No such collection.");

export interface ItemRef {
  kind: CaseKind;
  id: string;
}

/** The user's collection `id`; NOT_FOUND when it is not theirs or not a UUID. */
export async function getOwnCollection({ db, userId, id }: { db: DbOrTx; userId: string; id: string }) {
  if (!isUuid(id)) throw notFound();
  const [c] = await db
    .select()
    .from(caseCollections)
    .where(and(eq(caseCollections.id, id), eq(caseCollections.userId, userId)));
  if (!c) throw notFound();
  return c;
}

/** The cases of a collection the caller owns, in order (cases the user cannot see left out). */
export async function listCollectionItems({
  db,
  userId,
  collectionId,
}: {
  db: DbOrTx;
  userId: string;
  collectionId: string;
}) {
  const rows = await db
    .select()
    .from(caseCollectionItems)
    .where(eq(caseCollectionItems.collectionId, collectionId))
    .orderBy(asc(caseCollectionItems.position));
  return resolveCaseTargets({
    db,
    userId,
    refs: rows.map((r) => ({ kind: r.kind as CaseKind, id: r.targetId })),
  });
}

const touch = (db: DbOrTx, id: string, now: Date) =>
  db.update(caseCollections).set({ updatedAt: now }).where(eq(caseCollections.id, id));

/** The user's collections, most recently changed first, with item counts and the first three titles. */
export async function listCollections({ db, userId }: { db: DbOrTx; userId: string }) {
  const rows = await db
    .select({
      id: caseCollections.id,
      name: caseCollections.name,
      description: caseCollections.description,
      updatedAt: caseCollections.updatedAt,
      itemCount: count(caseCollectionItems.targetId),
    })
    .from(caseCollections)
    .leftJoin(caseCollectionItems, eq(caseCollectionItems.collectionId, caseCollections.id))
    .where(eq(caseCollections.userId, userId))
    .groupBy(caseCollections.id)
    .orderBy(desc(caseCollections.updatedAt));
  const firstItems = rows.length
    ? await db
        .select({
          collectionId: caseCollectionItems.collectionId,
          kind: caseCollectionItems.kind,
          id: caseCollectionItems.targetId,
        })
        .from(caseCollectionItems)
        .where(
          sql`${caseCollectionItems.collectionId} in (${sql.join(
            rows.map((x) => sql`${x.id}::uuid`),
            sql`, `,
          )})`,
        )
        .orderBy(asc(caseCollectionItems.position))
    : [];
  const previews = await resolveCaseTargets({
    db,
    userId,
    refs: firstItems.map((i) => ({ kind: i.kind as CaseKind, id: i.id })),
  });
  const titleOf = new Map(previews.map((p) => [`${p.kind}:${p.id}`, p.title]));
  return rows.map((x) => ({
    ...x,
    preview: firstItems
      .filter((i) => i.collectionId === x.id)
      .slice(0, 3)
      .map((i) => titleOf.get(`${i.kind}:${i.id}`))
      .filter((t): t is string => !!t),
  }));
}

/** Creates an empty collection. */
export async function createCollection({
  db,
  userId,
  name,
  description,
  now,
}: {
  db: DbOrTx;
  userId: string;
  name: string;
  description?: string;
  now: Date;
}) {
  const [row] = await db
    .insert(caseCollections)
    .values({ userId, name, description: description ?? "", createdAt: now, updatedAt: now })
    .returning();
  return { ...row, itemCount: 0 as const };
}

/** Renames a collection or changes its description; NOT_FOUND unless it is the user's. */
export async function updateCollection({
  db,
  userId,
  id,
  name,
  description,
  now,
}: {
  db: DbOrTx;
  userId: string;
  id: string;
  name?: string;
  description?: string;
  now: Date;
}) {
  const col = await getOwnCollection({ db, userId, id });
  const [row] = await db
    .update(caseCollections)
    .set({
      ...(name !== undefined ? { name } : {}),
      ...(description !== undefined ? { description } : {}),
      updatedAt: now,
    })
    .where(eq(caseCollections.id, col.id))
    .returning();
  return row;
}

/** Deletes a collection (the cases stay); NOT_FOUND unless it is the user's. */
export async function deleteCollection({ db, userId, id }: { db: DbOrTx; userId: string; id: string }) {
  const col = await getOwnCollection({ db, userId, id });
  await db.delete(caseCollections).where(eq(caseCollections.id, col.id));
}

/**
 * Adds a case at the end of a collection and returns the items. NOT_FOUND for another user's
 * collection or a case the user cannot see; CONFLICT when the case is already there.
 */
export async function addCollectionItem({
  db,
  userId,
  id,
  item,
  now,
}: {
  db: DbOrTx;
  userId: string;
  id: string;
  item: ItemRef;
  now: Date;
}) {
  const col = await getOwnCollection({ db, userId, id });
  const [target] = await resolveCaseTargets({ db, userId, refs: [item] });
  if (!target) throw new AppError("NOT_FOUND", "No such case.");
  await db.transaction(async (tx) => {
    const [{ last }] = await tx
      .select({ last: max(caseCollectionItems.position) })
      .from(caseCollectionItems)
      .where(eq(caseCollectionItems.collectionId, col.id));
    const inserted = await tx
      .insert(caseCollectionItems)
      .values({ collectionId: col.id, kind: item.kind, targetId: item.id, position: (last ?? -1) + 1 })
      .onConflictDoNothing()
      .returning({ id: caseCollectionItems.targetId });
    if (!inserted.length) throw new AppError("CONFLICT", `${target.title} is already in this collection.`);
    await touch(tx, col.id, now);
  });
  return listCollectionItems({ db, userId, collectionId: col.id });
}

/** Removes a case from a collection and returns the items; NOT_FOUND when it is not there. */
export async function removeCollectionItem({
  db,
  userId,
  id,
  kind,
  itemId,
  now,
}: {
  db: DbOrTx;
  userId: string;
  id: string;
  kind: string;
  itemId: string;
  now: Date;
}) {
  const col = await getOwnCollection({ db, userId, id });
  const removed = await db
    .delete(caseCollectionItems)
    .where(
      and(
        eq(caseCollectionItems.collectionId, col.id),
        eq(caseCollectionItems.kind, kind),
        eq(caseCollectionItems.targetId, itemId),
      ),
    )
    .returning({ id: caseCollectionItems.targetId });
  if (!removed.length) throw new AppError("NOT_FOUND", "That case is not in this collection.");
  await touch(db, col.id, now);
  return listCollectionItems({ db, userId, collectionId: col.id });
}

/**
 * Puts a collection's items in the order given and returns them. VALIDATION_FAILED unless
 * `items` names every item of the collection exactly once.
 */
export async function reorderCollection({
  db,
  userId,
  id,
  items,
  now,
}: {
  db: DbOrTx;
  userId: string;
  id: string;
  items: ItemRef[];
  now: Date;
}) {
  const col = await getOwnCollection({ db, userId, id });
  await db.transaction(async (tx) => {
    const current = await tx
      .select({ kind: caseCollectionItems.kind, id: caseCollectionItems.targetId })
      .from(caseCollectionItems)
      .where(eq(caseCollectionItems.collectionId, col.id));
    const key = (x: { kind: string; id: string }) => `${x.kind}:${x.id}`;
    const want = items.map(key);
    const have = new Set(current.map(key));
    if (want.length !== have.size || new Set(want).size !== want.length || want.some((k) => !have.has(k))) {
      throw new AppError(
        "VALIDATION_FAILED",
        "items: send every case of the collection exactly once, in the new order.",
      );
    }
    for (const [i, item] of items.entries()) {
      await tx
        .update(caseCollectionItems)
        .set({ position: i })
        .where(
          and(
            eq(caseCollectionItems.collectionId, col.id),
            eq(caseCollectionItems.kind, item.kind),
            eq(caseCollectionItems.targetId, item.id),
          ),
        );
    }
    await touch(tx, col.id, now);
  });
  return listCollectionItems({ db, userId, collectionId: col.id });
}
