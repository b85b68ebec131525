/** Outlines API client (contract: src/contract/outlines.ts; server: src/server/features/outlines). */
import type {
  outlinesApi as contract,
  OutlineOp,
  outlineVersionsApi as versionsContract,
} from "../../../contract/outlines";
import type { ResponseOf } from "../../../contract/route";
import { api } from "../../lib/api";

export type OutlineSummary = ResponseOf<typeof contract.list>["outlines"][number];
export type Outline = ResponseOf<typeof contract.get>["outline"];
export type OutlineEntry = Outline["entries"][number];
export type OutlineVersion = ResponseOf<typeof versionsContract.list>["versions"][number];
export type OutlineVersionFull = ResponseOf<typeof versionsContract.get>["version"];
export type CreateFrom = NonNullable<(typeof contract.create)["body"]>["_input"]["from"];

export const outlinesApi = {
  list: (p: { q?: string; archived: boolean }) => {
    const qs = new URLSearchParams({ archived: String(p.archived), ...(p.q ? { q: p.q } : {}) });
    return api<{ outlines: OutlineSummary[] }>(`/api/outlines?${qs}`).then((r) => r.outlines);
  },
  get: (id: string) => api<{ outline: Outline }>(`/api/outlines/${id}`).then((r) => r.outline),
  create: (body: { title?: string; subject?: string; from?: CreateFrom }) =>
    api<{ outline: OutlineSummary }>("/api/outlines", { body }).then((r) => r.outline),
  patch: (
    id: string,
    body: { version: number; title?: string; subject?: string; archived?: boolean; ops?: OutlineOp[]; tab?: string },
  ) =>
    api<{ outline: OutlineSummary }>(`/api/outlines/${id}`, { method: "PATCH", body, timeoutMs: 30_000 }).then(
      (r) => r.outline,
    ),
  remove: (id: string) => api<ResponseOf<typeof contract.remove>>(`/api/outlines/${id}`, { method: "DELETE" }),
  restore: (id: string) =>
    api<{ outline: OutlineSummary }>(`/api/outlines/${id}/restore`, { method: "POST" }).then((r) => r.outline),
  duplicate: (id: string) =>
    api<{ outline: OutlineSummary }>(`/api/outlines/${id}/duplicate`, { method: "POST" }).then((r) => r.outline),
  versions: (id: string) => api<{ versions: OutlineVersion[] }>(`/api/outlines/${id}/versions`).then((r) => r.versions),
  saveVersion: (id: string, label = "") =>
    api<{ version: OutlineVersion }>(`/api/outlines/${id}/versions`, { body: { label } }).then((r) => r.version),
  version: (id: string, versionId: string) =>
    api<{ version: OutlineVersionFull }>(`/api/outlines/${id}/versions/${versionId}`).then((r) => r.version),
  restoreVersion: (id: string, versionId: string, version: number, tab: string) =>
    api<{ outline: OutlineSummary }>(`/api/outlines/${id}/versions/${versionId}/restore`, {
      body: { version, tab },
    }).then((r) => r.outline),
  officialTopics: (id: string) =>
    api<ResponseOf<typeof contract.topics>>(`/api/outlines/${id}/topics`).then((r) => r.topics),
  exportUrl: (id: string, format: "md" | "docx" | "pdf" = "md") => `/api/outlines/${id}/export?format=${format}`,
};
