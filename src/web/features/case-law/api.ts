/** Case-law API client (server: src/server/features/case-law/case-law.routes.ts). */
import { ApiError, api } from "../../lib/api";
import type { CaseHeading, SearchHit } from "../../../contract/case-law";

export type Hit = SearchHit;
export interface OpinionRow extends CaseHeading {
  wordCount: number;
  mine: boolean;
}
export interface OfficialBrief extends CaseHeading {
  facts: string;
  proceduralHistory: string;
  issue: string;
  rule: string;
  holding: string;
  reasoning: string;
  separateOpinions: string | null;
  takeaways: string[];
}
export interface Opinion extends CaseHeading {
  decidedOn: string | null;
  body: string;
  wordCount: number;
  source: string;
  mine: boolean;
  officialBrief: OfficialBrief | null;
  myBriefs: { id: string; name: string; updatedAt: string }[];
}
export interface Facets {
  courts: { court: string; count: number }[];
  years: { min: number | null; max: number | null };
  subjects: { subjectId: string; count: number }[];
  total: number;
  liveSearch: boolean;
}
export interface Filters {
  court?: string;
  yearFrom?: string;
  yearTo?: string;
  subject?: string;
}
export interface ImportReport {
  imported: {
    id: string;
    name: string;
    citation: string | null;
    court: string | null;
    year: number | null;
    status: "created" | "updated";
    files: string[];
    warnings: string[];
  }[];
  failed: { file: string; reason: string }[];
  counts: { files: number; opinions: number; created: number; updated: number; failed: number };
}

const qs = (o: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(o).filter(([, v]) => v !== undefined && v !== "") as [string, string][],
  ).toString();

export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export const caseLawApi = {
  search: (p: Filters & { q: string; sort: string; offset?: number }) =>
    api<{ results: Hit[]; total: number; anyWords: boolean }>(`/api/case-law/search?${qs({ ...p, limit: 20 })}`),
  list: (p: Filters & { sort: string; offset?: number }) =>
    api<{ opinions: OpinionRow[]; total: number }>(`/api/case-law?${qs({ ...p, limit: 30 })}`),
  facets: () => api<Facets>("/api/case-law/facets"),
  get: (id: string) => api<{ opinion: Opinion }>(`/api/case-law/${id}`).then((r) => r.opinion),
  /** The readable opinion of an official brief's case, or null when none is imported. */
  forBrief: (briefId: string) =>
    api<{ opinion: { id: string; name: string; citation: string | null } | null }>(
      `/api/case-law/for-brief/${encodeURIComponent(briefId)}`,
    ).then((r) => r.opinion),
  remove: (id: string) => api(`/api/case-law/${id}`, { method: "DELETE" }),
  /**
   * Multipart upload: the files stream to the server, which answers 202 {jobId} at once; the
   * `case-law.import` job's result (GET /api/jobs/:id) is the ImportReport.
   */
  async startImport(files: File[], opts: { subject?: string; library?: boolean }): Promise<{ jobId: string }> {
    const form = new FormData();
    for (const f of files) form.append("files", f, f.name);
    if (opts.subject) form.append("subject", opts.subject);
    if (opts.library) form.append("scope", "library");
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
