/**
 * OutlineIQ and outline import client (contract: src/contract/outline-analyses.ts; server:
 * src/server/features/outlines/outline-io.routes.ts). Files go as multipart `file`.
 */
import type { outlineIoApi as contract } from "../../../contract/outline-analyses";
import type { ResponseOf } from "../../../contract/route";
import { ApiError, api } from "../../lib/api";
import type { OutlineSummary } from "./api";

export type AnalysisSummary = ResponseOf<typeof contract.list>["analyses"][number];
export type Analysis = ResponseOf<typeof contract.get>;
export type Started = ResponseOf<typeof contract.start>;

/** Upload size limit shown to the student and checked before sending (the server checks too). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const ACCEPT = ".docx,.pdf,.md,.markdown,.txt";

async function postForm<T>(path: string, form: FormData): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { method: "POST", body: form, credentials: "same-origin" });
  } catch {
    throw new ApiError("NETWORK", "Network error while uploading. Please check your connection.", 0);
  }
  const data = await res.json().catch(() => null);
  if (!res.ok)
    throw new ApiError(
      data?.error?.code ?? `HTTP_${res.status}`,
      data?.error?.message ?? `Upload failed (${res.status})`,
      res.status,
    );
  return data as T;
}

export const analysesApi = {
  list: () => api<{ analyses: AnalysisSummary[] }>("/api/outline-analyses").then((r) => r.analyses),
  get: (id: string) => api<Analysis>(`/api/outline-analyses/${id}`),
  uploadFile: (file: File, opts: { subjectId?: string; syllabus?: string }) => {
    const form = new FormData();
    if (opts.subjectId) form.append("subjectId", opts.subjectId);
    if (opts.syllabus) form.append("syllabus", opts.syllabus);
    form.append("file", file, file.name);
    return postForm<Started>("/api/outline-analyses", form);
  },
  analyseOutline: (body: { outlineId: string; subjectId?: string; syllabus?: string }) =>
    api<Started>("/api/outline-analyses", { body }),
  rerun: (id: string) => api<Started>(`/api/outline-analyses/${id}/rerun`, { method: "POST", body: {} }),
  remove: (id: string) => api<{ ok: true }>(`/api/outline-analyses/${id}`, { method: "DELETE" }),
  importFile: (file: File) => {
    const form = new FormData();
    form.append("file", file, file.name);
    return postForm<{ outline: OutlineSummary }>("/api/outlines/import", form).then((r) => r.outline);
  },
};
