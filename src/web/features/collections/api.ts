/** Case-collections API client (contract: src/contract/collections.ts; server: src/server/features/collections/). */
import type { CaseKind, CaseTarget } from "../../../contract/case-law";
import type { collectionsApi as contract } from "../../../contract/collections";
import type { ResponseOf } from "../../../contract/route";
import { api } from "../../lib/api";

export type { CaseKind };
export type CollectionSummary = ResponseOf<typeof contract.list>["collections"][number];
export type CollectionItem = CaseTarget;

export const collectionsApi = {
  list: () => api<{ collections: CollectionSummary[] }>("/api/case-collections").then((r) => r.collections),
  get: (id: string) => api<ResponseOf<typeof contract.get>>(`/api/case-collections/${id}`),
  create: (name: string, description = "") =>
    api<ResponseOf<typeof contract.create>>("/api/case-collections", { body: { name, description } }).then(
      (r) => r.collection,
    ),
  rename: (id: string, body: { name?: string; description?: string }) =>
    api(`/api/case-collections/${id}`, { method: "PATCH", body }),
  remove: (id: string) => api(`/api/case-collections/${id}`, { method: "DELETE" }),
  add: (id: string, item: { kind: CaseKind; id: string }) =>
    api<{ items: CollectionItem[] }>(`/api/case-collections/${id}/items`, { body: item }),
  removeItem: (id: string, item: { kind: CaseKind; id: string }) =>
    api<{ items: CollectionItem[] }>(`/api/case-collections/${id}/items/${item.kind}/${encodeURIComponent(item.id)}`, {
      method: "DELETE",
    }),
  reorder: (id: string, items: { kind: CaseKind; id: string }[]) =>
    api<{ items: CollectionItem[] }>(`/api/case-collections/${id}/order`, { method: "PUT", body: { items } }),
};
