/**
 * The "New outline from…" picker (issue 16 §3): one search over the student's notes and briefs
 * (official case briefs and their own), several picked at once. Notes come from `GET /api/notes?q=`
 * (full-text; the most recent ones before anything is typed), briefs from
 * `GET /api/case-links/search?q=` (opinions left out: an outline embeds briefs, not opinions).
 * The picked items show as chips above the list and can be removed there.
 */
import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { Search, X } from "lucide-react";
import { useEffect, useState } from "react";
import { notesApi } from "../notes/api";
import { searchCases } from "../notes/rich-editor";

export type PickedSource =
  | { kind: "note"; id: string; title: string }
  | { kind: "brief" | "student_brief"; id: string; title: string };

const KIND_LABEL: Record<PickedSource["kind"], string> = {
  note: "Note",
  brief: "Case brief",
  student_brief: "Your brief",
};
const keyOf = (p: Pick<PickedSource, "kind" | "id">) => `${p.kind}:${p.id}`;

export function SourcePicker({
  picked,
  onChange,
}: {
  picked: PickedSource[];
  onChange: (next: PickedSource[]) => void;
}) {
  const [q, setQ] = useState("");
  const [debounced, setDebounced] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setDebounced(q.trim()), 200);
    return () => clearTimeout(t);
  }, [q]);
  const notes = useQuery({
    queryKey: ["outline-source-notes", debounced],
    queryFn: () => notesApi.list({ q: debounced || undefined, sort: "updated" }).then((r) => r.notes.slice(0, 30)),
  });
  const briefs = useQuery({
    queryKey: ["outline-source-briefs", debounced],
    queryFn: () =>
      searchCases(debounced).then((cs) =>
        cs.filter((c): c is typeof c & { kind: "brief" | "student_brief" } => c.kind !== "opinion"),
      ),
    enabled: debounced.length >= 2,
  });
  const options: (PickedSource & { detail: string })[] = [
    ...(notes.data ?? []).map((n) => ({
      kind: "note" as const,
      id: n.id,
      title: n.title || "Untitled note",
      detail: n.tags?.map((t) => `#${t.name}`).join(" ") ?? "",
    })),
    ...(briefs.data ?? []).map((c) => ({
      kind: c.kind,
      id: c.id,
      title: c.title,
      detail: [c.citation, c.year ? `(${c.year})` : null].filter(Boolean).join(" "),
    })),
  ];
  const chosen = new Set(picked.map(keyOf));
  const toggle = (o: PickedSource) =>
    onChange(
      chosen.has(keyOf(o))
        ? picked.filter((p) => keyOf(p) !== keyOf(o))
        : [...picked, { kind: o.kind, id: o.id, title: o.title } as PickedSource],
    );
  const loading = notes.isPending || (debounced.length >= 2 && briefs.isPending);
  return (
    <fieldset>
      <legend className="text-sm font-medium">Notes and briefs you pick</legend>
      {picked.length > 0 && (
        <ul aria-label="Picked" className="mt-1 flex flex-wrap gap-1.5">
          {picked.map((p) => (
            <li
              key={keyOf(p)}
              className="flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2 text-xs text-brand-800 dark:bg-slate-800 dark:text-slate-200"
            >
              <span className="max-w-48 truncate">
                {KIND_LABEL[p.kind]}: {p.title}
              </span>
              <button
                type="button"
                aria-label={`Remove ${p.title}`}
                onClick={() => toggle(p)}
                className="rounded-full p-0.5 hover:bg-brand-100 dark:hover:bg-slate-700"
              >
                <X className="h-3 w-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative mt-1.5">
        <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-400" aria-hidden />
        <input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Search your notes and briefs"
          aria-label="Search your notes and briefs"
          className="w-full rounded-md border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
      </div>
      <ul
        aria-label="Notes and briefs"
        className="mt-1 max-h-44 overflow-y-auto rounded-md border border-slate-200 p-1 dark:border-slate-800"
      >
        {options.map((o) => (
          <li key={keyOf(o)}>
            <label
              className={clsx(
                "flex cursor-pointer items-start gap-2 rounded px-2 py-1 text-sm hover:bg-slate-50 dark:hover:bg-slate-800",
                chosen.has(keyOf(o)) && "bg-brand-50/60 dark:bg-slate-800/60",
              )}
            >
              <input
                type="checkbox"
                className="mt-0.5"
                checked={chosen.has(keyOf(o))}
                onChange={() => toggle(o)}
                aria-label={`${KIND_LABEL[o.kind]}: ${o.title}`}
              />
              <span className="min-w-0 flex-1">
                <span className={clsx("block truncate", o.kind !== "note" && "italic")}>{o.title}</span>
                <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                  {KIND_LABEL[o.kind]}
                  {o.detail ? ` · ${o.detail}` : ""}
                </span>
              </span>
            </label>
          </li>
        ))}
        {!options.length && (
          <li className="px-2 py-1.5 text-xs text-slate-500 dark:text-slate-400">
            {loading ? "Searching…" : debounced ? "Nothing matches." : "You have no notes yet."}
          </li>
        )}
        {debounced.length < 2 && (
          <li className="px-2 py-1 text-xs text-slate-500 dark:text-slate-400">Type a case name to find briefs.</li>
        )}
      </ul>
    </fieldset>
  );
}
