/** Outlines API client (contract: src/contract/outlines.ts; server: src/server/features/outlines). */
import type { outlinesApi as contract, OutlineOp } from "../../../contract/outlines";
import type { ResponseOf } from "../../../contract/route";
import { api } from "../../lib/api";

export type OutlineSummary = ResponseOf<typeof contract.list>["outlines"][number];
export type Outline = ResponseOf<typeof contract.get>["outline"];
export type OutlineEntry = Outline["entries"][number];

export const outlinesApi = {
  list: (p: { q?: string; archived: boolean }) => {
    const qs = new URLSearchParams({ archived: String(p.archived), ...(p.q ? { q: p.q } : {}) });
    return api<{ outlines: OutlineSummary[] }>(`/api/outlines?${qs}`).then((r) => r.outlines);
  },
  get: (id: string) => api<{ outline: Outline }>(`/api/outlines/${id}`).then((r) => r.outline),
  create: (body: {
    title?: string;
    subject?: string;
    from?: { kind: "blank" } | { kind: "subject"; subjectId: string };
  }) => api<{ outline: OutlineSummary }>("/api/outlines", { body }).then((r) => r.outline),
  patch: (
    id: string,
    body: { version: number; title?: string; subject?: string; archived?: boolean; ops?: OutlineOp[] },
  ) =>
    api<{ outline: OutlineSummary }>(`/api/outlines/${id}`, { method: "PATCH", body, timeoutMs: 30_000 }).then(
      (r) => r.outline,
    ),
  remove: (id: string) => api<ResponseOf<typeof contract.remove>>(`/api/outlines/${id}`, { method: "DELETE" }),
  restore: (id: string) =>
    api<{ outline: OutlineSummary }>(`/api/outlines/${id}/restore`, { method: "POST" }).then((r) => r.outline),
  duplicate: (id: string) =>
    api<{ outline: OutlineSummary }>(`/api/outlines/${id}/duplicate`, { method: "POST" }).then((r) => r.outline),
  exportUrl: (id: string, format: "md" | "docx" | "pdf" = "md") => `/api/outlines/${id}/export?format=${format}`,
};
