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
import { Hono } from "hono";
import { collectionsApi } from "../../../contract/collections";
import type { AppEnv } from "../../lib/context";
import { nowOf } from "../../lib/http";
import { handle, withStatus } from "../../lib/route";
import {
  addCollectionItem,
  createCollection,
  deleteCollection,
  getOwnCollection,
  listCollectionItems,
  listCollections,
  removeCollectionItem,
  reorderCollection,
  updateCollection,
} from "./collections.service";

export function collectionsRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: { get: (k: "deps") => AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;

  handle(r, collectionsApi.list, async (c, { user }) => ({
    collections: await listCollections({ db: db(c), userId: user.id }),
  }));

  handle(r, collectionsApi.create, async (c, { user, body }) =>
    withStatus(201, {
      collection: await createCollection({ db: db(c), userId: user.id, ...body, now: nowOf(c) }),
    }),
  );

  handle(r, collectionsApi.get, async (c, { user, params }) => {
    const col = await getOwnCollection({ db: db(c), userId: user.id, id: params.id });
    return { collection: col, items: await listCollectionItems({ db: db(c), userId: user.id, collectionId: col.id }) };
  });

  handle(r, collectionsApi.update, async (c, { user, params, body }) => ({
    collection: await updateCollection({ db: db(c), userId: user.id, id: params.id, ...body, now: nowOf(c) }),
  }));

  handle(r, collectionsApi.remove, async (c, { user, params }) => {
    await deleteCollection({ db: db(c), userId: user.id, id: params.id });
    return { ok: true as const };
  });

  handle(r, collectionsApi.addItem, async (c, { user, params, body }) =>
    withStatus(201, {
      items: await addCollectionItem({ db: db(c), userId: user.id, id: params.id, item: body, now: nowOf(c) }),
    }),
  );

  handle(r, collectionsApi.removeItem, async (c, { user, params }) => ({
    items: await removeCollectionItem({
      db: db(c),
      userId: user.id,
      id: params.id,
      kind: params.kind,
      itemId: params.itemId,
      now: nowOf(c),
    }),
  }));

  handle(r, collectionsApi.reorder, async (c, { user, params, body }) => ({
    items: await reorderCollection({ db: db(c), userId: user.id, id: params.id, items: body.items, now: nowOf(c) }),
  }));

  return r;
}
