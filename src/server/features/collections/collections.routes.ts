/**
 * Case collections (SPEC.md §2.3 /case-collections, issue 5 §1): a student's named lists of
 * cases — opinions, official briefs, their own briefs — in an order they choose. Part of case
 * briefs, so every plan has them. Another user's collection is a 404 on every route.
 *   GET    /api/case-collections                       → {collections:[{id,name,description,itemCount,preview,updatedAt}]}
 *   POST   /api/case-collections {name, description?}  → 201 {collection}
 *   GET    /api/case-collections/:id                   → {collection, items:[{kind,id,title,citation,court,year,url}]}
 *   PATCH  /api/case-collections/:id {name?, description?}   rename
 *   DELETE /api/case-collections/:id
 *   POST   /api/case-collections/:id/items {kind, id}  add at the end (409 when already there)
 *   DELETE /api/case-collections/:id/items/:kind/:itemId
 *   PUT    /api/case-collections/:id/order {items:[{kind,id}]}   the same items in a new order
 */
import { and, asc, count, desc, eq, max, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "../../db/client";
import { caseCollectionItems, caseCollections } from "../../db/schema";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { nowOf, parseBody, requireUser } from "../../lib/http";
import { documentRoute } from "../../lib/openapi";
import { CASE_KINDS, type CaseKind, resolveCaseTargets } from "../case-law/targets";
import { isUuid } from "../../../domain/ids";

const notFound = () => new AppError("NOT_FOUND", "No such collection.");
const nameBody = z.object({
  name: z.string().trim().min(1, "a collection needs a name").max(120, "at most 120 characters"),
  description: z.string().trim().max(500).optional(),
});
const renameBody = nameBody.partial();
const itemRef = z.object({ kind: z.enum(CASE_KINDS), id: z.string().min(1).max(120) });
const orderBody = z.object({ items: z.array(itemRef).max(1000) });

async function owned(db: Db, userId: string, id: string) {
  if (!isUuid(id)) throw notFound();
  const [c] = await db
    .select()
    .from(caseCollections)
    .where(and(eq(caseCollections.id, id), eq(caseCollections.userId, userId)));
  if (!c) throw notFound();
  return c;
}

async function listItems(db: Db, userId: string, collectionId: string) {
  const rows = await db
    .select()
    .from(caseCollectionItems)
    .where(eq(caseCollectionItems.collectionId, collectionId))
    .orderBy(asc(caseCollectionItems.position));
  const targets = await resolveCaseTargets(
    db,
    userId,
    rows.map((r) => ({ kind: r.kind as CaseKind, id: r.targetId })),
  );
  return targets;
}

export function collectionsRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;
  const tags = ["case-collections"];
  const touch = (d: Db, id: string, now: Date) =>
    d.update(caseCollections).set({ updatedAt: now }).where(eq(caseCollections.id, id));

  documentRoute({
    method: "get",
    path: "/api/case-collections",
    summary: "Your case collections with item counts.",
    tags,
    auth: true,
    responses: { 200: { description: "{collections}" } },
  });
  r.get("/case-collections", async (c) => {
    const user = requireUser(c);
    const rows = await db(c)
      .select({
        id: caseCollections.id,
        name: caseCollections.name,
        description: caseCollections.description,
        updatedAt: caseCollections.updatedAt,
        itemCount: count(caseCollectionItems.targetId),
      })
      .from(caseCollections)
      .leftJoin(caseCollectionItems, eq(caseCollectionItems.collectionId, caseCollections.id))
      .where(eq(caseCollections.userId, user.id))
      .groupBy(caseCollections.id)
      .orderBy(desc(caseCollections.updatedAt));
    const firstItems = rows.length
      ? await db(c)
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
    const previews = await resolveCaseTargets(
      db(c),
      user.id,
      firstItems.map((i) => ({ kind: i.kind as CaseKind, id: i.id })),
    );
    const titleOf = new Map(previews.map((p) => [`${p.kind}:${p.id}`, p.title]));
    return c.json({
      collections: rows.map((x) => ({
        ...x,
        preview: firstItems
          .filter((i) => i.collectionId === x.id)
          .slice(0, 3)
          .map((i) => titleOf.get(`${i.kind}:${i.id}`))
          .filter(Boolean),
      })),
    });
  });

  documentRoute({
    method: "post",
    path: "/api/case-collections",
    summary: "Create a collection.",
    tags,
    auth: true,
    body: nameBody,
    responses: { 201: { description: "{collection}" } },
  });
  r.post("/case-collections", async (c) => {
    const user = requireUser(c);
    const b = await parseBody(c, nameBody);
    const now = nowOf(c);
    const [row] = await db(c)
      .insert(caseCollections)
      .values({ userId: user.id, name: b.name, description: b.description ?? "", createdAt: now, updatedAt: now })
      .returning();
    return c.json({ collection: { ...row, itemCount: 0 } }, 201);
  });

  documentRoute({
    method: "get",
    path: "/api/case-collections/:id",
    summary: "A collection and its cases, in order.",
    tags,
    auth: true,
    responses: { 200: { description: "{collection, items}" }, 404: { description: "no such collection" } },
  });
  r.get("/case-collections/:id", async (c) => {
    const user = requireUser(c);
    const col = await owned(db(c), user.id, c.req.param("id"));
    return c.json({ collection: col, items: await listItems(db(c), user.id, col.id) });
  });

  documentRoute({
    method: "patch",
    path: "/api/case-collections/:id",
    summary: "Rename a collection or change its description.",
    tags,
    auth: true,
    body: renameBody,
    responses: { 200: { description: "{collection}" }, 404: { description: "no such collection" } },
  });
  r.patch("/case-collections/:id", async (c) => {
    const user = requireUser(c);
    const b = await parseBody(c, renameBody);
    const col = await owned(db(c), user.id, c.req.param("id"));
    const [row] = await db(c)
      .update(caseCollections)
      .set({
        ...(b.name !== undefined ? { name: b.name } : {}),
        ...(b.description !== undefined ? { description: b.description } : {}),
        updatedAt: nowOf(c),
      })
      .where(eq(caseCollections.id, col.id))
      .returning();
    return c.json({ collection: row });
  });

  documentRoute({
    method: "delete",
    path: "/api/case-collections/:id",
    summary: "Delete a collection (the cases stay).",
    tags,
    auth: true,
    responses: { 200: { description: "ok" }, 404: { description: "no such collection" } },
  });
  r.delete("/case-collections/:id", async (c) => {
    const user = requireUser(c);
    const col = await owned(db(c), user.id, c.req.param("id"));
    await db(c).delete(caseCollections).where(eq(caseCollections.id, col.id));
    return c.json({ ok: true });
  });

  documentRoute({
    method: "post",
    path: "/api/case-collections/:id/items",
    summary: "Add a case (opinion, official brief or your brief) at the end.",
    tags,
    auth: true,
    body: itemRef,
    responses: {
      201: { description: "{items}" },
      404: { description: "no such collection or case" },
      409: { description: "already in the collection" },
    },
  });
  r.post("/case-collections/:id/items", async (c) => {
    const user = requireUser(c);
    const b = await parseBody(c, itemRef);
    const col = await owned(db(c), user.id, c.req.param("id"));
    const [target] = await resolveCaseTargets(db(c), user.id, [b]);
    if (!target) throw new AppError("NOT_FOUND", "No such case.");
    await db(c).transaction(async (tx) => {
      const [{ last }] = await tx
        .select({ last: max(caseCollectionItems.position) })
        .from(caseCollectionItems)
        .where(eq(caseCollectionItems.collectionId, col.id));
      const inserted = await tx
        .insert(caseCollectionItems)
        .values({ collectionId: col.id, kind: b.kind, targetId: b.id, position: (last ?? -1) + 1 })
        .onConflictDoNothing()
        .returning({ id: caseCollectionItems.targetId });
      if (!inserted.length) throw new AppError("CONFLICT", `${target.title} is already in this collection.`);
      await touch(tx as unknown as Db, col.id, nowOf(c));
    });
    return c.json({ items: await listItems(db(c), user.id, col.id) }, 201);
  });

  documentRoute({
    method: "delete",
    path: "/api/case-collections/:id/items/:kind/:itemId",
    summary: "Remove a case from a collection.",
    tags,
    auth: true,
    responses: { 200: { description: "{items}" }, 404: { description: "no such collection or item" } },
  });
  r.delete("/case-collections/:id/items/:kind/:itemId", async (c) => {
    const user = requireUser(c);
    const col = await owned(db(c), user.id, c.req.param("id"));
    const removed = await db(c)
      .delete(caseCollectionItems)
      .where(
        and(
          eq(caseCollectionItems.collectionId, col.id),
          eq(caseCollectionItems.kind, c.req.param("kind")),
          eq(caseCollectionItems.targetId, c.req.param("itemId")),
        ),
      )
      .returning({ id: caseCollectionItems.targetId });
    if (!removed.length) throw new AppError("NOT_FOUND", "That case is not in this collection.");
    await touch(db(c), col.id, nowOf(c));
    return c.json({ items: await listItems(db(c), user.id, col.id) });
  });

  documentRoute({
    method: "put",
    path: "/api/case-collections/:id/order",
    summary: "Reorder: send every item of the collection in the new order.",
    tags,
    auth: true,
    body: orderBody,
    responses: {
      200: { description: "{items}" },
      400: { description: "not the same set of items" },
      404: { description: "no such collection" },
    },
  });
  r.put("/case-collections/:id/order", async (c) => {
    const user = requireUser(c);
    const b = await parseBody(c, orderBody);
    const col = await owned(db(c), user.id, c.req.param("id"));
    await db(c).transaction(async (tx) => {
      const current = await tx
        .select({ kind: caseCollectionItems.kind, id: caseCollectionItems.targetId })
        .from(caseCollectionItems)
        .where(eq(caseCollectionItems.collectionId, col.id));
      const key = (x: { kind: string; id: string }) => `${x.kind}:${x.id}`;
      const want = b.items.map(key);
      const have = new Set(current.map(key));
      if (want.length !== have.size || new Set(want).size !== want.length || want.some((k) => !have.has(k))) {
        throw new AppError(
          "VALIDATION_FAILED",
          "items: send every case of the collection exactly once, in the new order.",
        );
      }
      for (const [i, item] of b.items.entries()) {
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
      await touch(tx as unknown as Db, col.id, nowOf(c));
    });
    return c.json({ items: await listItems(db(c), user.id, col.id) });
  });

  return r;
}
