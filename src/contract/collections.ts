/**
 * Case collections (SPEC.md §2.3 /case-collections, issue 5 §1): a student's named lists of
 * cases — opinions, official briefs, their own briefs — in an order they choose. Part of case
 * briefs, so every plan has them. Another user's collection is a 404 on every route.
 * Instants are ISO strings in UTC.
 */
import { z } from "zod";
import { CASE_KINDS, caseTarget } from "./case-law";
import { instant } from "./instant";
import { defineRoute } from "./route";

const nameBody = z.object({
  name: z.string().trim().min(1, "a collection needs a name").max(120, "at most 120 characters"),
  description: z.string().trim().max(500).optional(),
});
const itemRef = z.object({ kind: z.enum(CASE_KINDS), id: z.string().min(1).max(120) });

const collection = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  createdAt: instant,
  updatedAt: instant,
});
const items = z.object({ items: z.array(caseTarget).describe("the collection's cases the user can see, in order") });
const tags = ["case-collections"];

export const collectionsApi = {
  list: defineRoute({
    method: "get",
    path: "/api/case-collections",
    summary: "Your case collections with item counts, most recently changed first.",
    tags,
    responses: {
      200: z.object({
        collections: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            description: z.string(),
            updatedAt: instant,
            itemCount: z.number().int(),
            preview: z.array(z.string()).describe("titles of the first three cases"),
          }),
        ),
      }),
    },
  }),
  create: defineRoute({
    method: "post",
    path: "/api/case-collections",
    summary: "Create a collection.",
    tags,
    body: nameBody,
    responses: { 201: z.object({ collection: collection.extend({ itemCount: z.literal(0) }) }) },
  }),
  get: defineRoute({
    method: "get",
    path: "/api/case-collections/:id",
    summary: "A collection and its cases, in order.",
    tags,
    responses: { 200: z.object({ collection, ...items.shape }) },
    errors: ["NOT_FOUND"],
  }),
  update: defineRoute({
    method: "patch",
    path: "/api/case-collections/:id",
    summary: "Rename a collection or change its description.",
    tags,
    body: nameBody.partial(),
    responses: { 200: z.object({ collection }) },
    errors: ["NOT_FOUND"],
  }),
  remove: defineRoute({
    method: "delete",
    path: "/api/case-collections/:id",
    summary: "Delete a collection (the cases stay).",
    tags,
    responses: { 200: z.object({ ok: z.literal(true) }) },
    errors: ["NOT_FOUND"],
  }),
  addItem: defineRoute({
    method: "post",
    path: "/api/case-collections/:id/items",
    summary: "Add a case (opinion, official brief or your brief) at the end; 409 when it is already there.",
    tags,
    body: itemRef,
    responses: { 201: items },
    errors: ["NOT_FOUND", "CONFLICT"],
  }),
  removeItem: defineRoute({
    method: "delete",
    path: "/api/case-collections/:id/items/:kind/:itemId",
    summary: "Remove a case from a collection.",
    tags,
    responses: { 200: items },
    errors: ["NOT_FOUND"],
  }),
  reorder: defineRoute({
    method: "put",
    path: "/api/case-collections/:id/order",
    summary: "Reorder: send every item of the collection exactly once, in the new order (else 400).",
    tags,
    body: z.object({ items: z.array(itemRef).max(1000) }),
    responses: { 200: items },
    errors: ["NOT_FOUND"],
  }),
};
