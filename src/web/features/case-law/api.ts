/** Case-law API client (contract: src/contract/case-law.ts; server: src/server/features/case-law/case-law.routes.ts). */
import type { caseLawApi as contract, importReport, SearchHit } from "../../../contract/case-law";
import type { z } from "zod";
import type { ResponseOf } from "../../../contract/route";
import { ApiError, api } from "../../lib/api";

export type Hit = SearchHit;
export type OpinionRow = ResponseOf<typeof contract.list>["opinions"][number];
export type Opinion = ResponseOf<typeof contract.get>["opinion"];
export type OfficialBrief = NonNullable<Opinion["officialBrief"]>;
export type Facets = ResponseOf<typeof contract.facets>;
export interface Filters {
  court?: string;
  yearFrom?: string;
  yearTo?: string;
  subject?: string;
}
/** The `case-law.import` job's result (GET /api/jobs/:id). */
export type ImportReport = z.output<typeof importReport>;

const qs = (o: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(o).filter(([, v]) => v !== undefined && v !== "") as [string, string][],
  ).toString();

export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export const caseLawApi = {
  search: (p: Filters & { q: string; sort: string; offset?: number }) =>
    api<ResponseOf<typeof contract.search>>(`/api/case-law/search?${qs({ ...p, limit: 20 })}`),
  list: (p: Filters & { sort: string; offset?: number }) =>
    api<ResponseOf<typeof contract.list>>(`/api/case-law?${qs({ ...p, limit: 30 })}`),
  facets: () => api<Facets>("/api/case-law/facets"),
  get: (id: string) => api<{ opinion: Opinion }>(`/api/case-law/${id}`).then((r) => r.opinion),
  /** The readable opinion of an official brief's case, or null when none is imported. */
  forBrief: (briefId: string) =>
    api<ResponseOf<typeof contract.forBrief>>(`/api/case-law/for-brief/${encodeURIComponent(briefId)}`).then(
      (r) => r.opinion,
    ),
  remove: (id: string) => api(`/api/case-law/${id}`, { method: "DELETE" }),
  /**
   * Multipart upload: the files stream to the server, which answers 202 {jobId} at once; the
   * `case-law.import` job's result (GET /api/jobs/:id) is the ImportReport.
   */
  async startImport(
    files: File[],
    opts: { subject?: string; library?: boolean; reason?: string },
  ): Promise<{ jobId: string }> {
    const form = new FormData();
    if (opts.subject) form.append("subject", opts.subject);
    if (opts.library) form.append("scope", "library");
    // An import into the shared library is an admin action with a reason for the audit log.
    if (opts.reason) form.append("reason", opts.reason);
    for (const f of files) form.append("files", f, f.name);
    const res = await fetch("/api/case-law/import", { method: "POST", body: form, credentials: "same-origin" });
    const data = await res.json().catch(() => null);
    if (!res.ok)
      throw new ApiError(
        data?.error?.code ?? `HTTP_${res.status}`,
        data?.error?.message ?? `Upload failed (${res.status})`,
        res.status,
      );
    return data as { jobId: string };
  },
};

/** "Supreme Court of the United States" → "U.S. Supreme Court" for tight spaces. */
export const shortCourt = (court: string | null) =>
  !court
    ? null
    : court
        .replace("Supreme Court of the United States", "U.S. Supreme Court")
        .replace(/^United States Court of Appeals for the (.+) Circuit$/, "$1 Circuit")
        .replace(/^United States District Court for the /, "D. ")
        .replace(/^D\. District of /, "D. ");
