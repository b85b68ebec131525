/** Notes API client (contract: src/contract/notes.ts; server: src/server/features/notes/notes.routes.ts). */
import type { notesApi as contract } from "../../../contract/notes";
import type { ResponseOf } from "../../../contract/route";
import { api } from "../../lib/api";

export type Note = ResponseOf<typeof contract.get>["note"];
export type TagRef = Note["tags"][number];
export type NoteLink = Note["links"][number];
export type NoteSummary = ResponseOf<typeof contract.list>["notes"][number];
export type Tag = ResponseOf<typeof contract.tags>["tags"][number];
export type Template = ResponseOf<typeof contract.templates>["templates"][number];
type Backlink = ResponseOf<typeof contract.backlinks>["notes"][number];
export type NoteSort = "updated" | "created" | "title";

export const notesApi = {
  list: (p: { q?: string; tag?: string; sort: NoteSort }) => {
    const qs = new URLSearchParams({ sort: p.sort, ...(p.q ? { q: p.q } : {}), ...(p.tag ? { tag: p.tag } : {}) });
    return api<ResponseOf<typeof contract.list>>(`/api/notes?${qs}`);
  },
  get: (id: string) => api<{ note: Note }>(`/api/notes/${id}`).then((r) => r.note),
  create: (body: { title: string; html: string; tags?: string[] }) =>
    api<{ note: Note }>("/api/notes", { body }).then((r) => r.note),
  save: (id: string, body: { title?: string; html?: string; tags?: string[]; version: number }) =>
    api<{ note: Note }>(`/api/notes/${id}`, { method: "PATCH", body }).then((r) => r.note),
  remove: (id: string) => api<ResponseOf<typeof contract.remove>>(`/api/notes/${id}`, { method: "DELETE" }),
  restore: (id: string) => api<{ note: Note }>(`/api/notes/${id}/restore`, { method: "POST" }).then((r) => r.note),
  tags: () => api<{ tags: Tag[] }>("/api/tags").then((r) => r.tags),
  renameTag: (id: string, name: string) => api(`/api/tags/${id}`, { method: "PATCH", body: { name } }),
  deleteTag: (id: string) => api(`/api/tags/${id}`, { method: "DELETE" }),
  templates: () => api<{ templates: Template[] }>("/api/note-templates").then((r) => r.templates),
  saveTemplate: (body: { title: string; description: string; html: string }) => api("/api/note-templates", { body }),
  deleteTemplate: (id: string) => api(`/api/note-templates/${id}`, { method: "DELETE" }),
  backlinks: (kind: NoteLink["kind"], id: string) =>
    api<{ notes: Backlink[] }>(`/api/case-links/backlinks?kind=${kind}&id=${encodeURIComponent(id)}`).then(
      (r) => r.notes,
    ),
};

/** "just now", "5 min ago", "3 h ago", "Mar 4" — for list rows. */
export function relativeTime(iso: string, now = Date.now()): string {
  const d = new Date(iso).getTime();
  const s = Math.round((now - d) / 1000);
  if (s < 45) return "just now";
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86_400) return `${Math.round(s / 3600)} h ago`;
  return new Date(iso).toLocaleDateString(undefined, {
    month: "short",
    day: "numeric",
    ...(new Date(iso).getFullYear() !== new Date(now).getFullYear() ? { year: "numeric" } : {}),
  });
}
