/**
 * /outlines/library and /outlines/archive (SPEC.md §2.3; issue 16 §1): the student's outlines,
 * grouped by course or subject, last edited first, with search; open, duplicate, archive /
 * restore, delete with undo.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { Archive, ArchiveRestore, Copy, Plus, Search, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, NavLink } from "react-router";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { toast } from "../../lib/toast";
import { relativeTime } from "../notes/api";
import { type OutlineSummary, outlinesApi } from "./api";
import { OutlinesGate } from "./gate";
import { NewOutlineDialog } from "./new-outline-dialog";

export default function OutlineLibraryPage({ archived }: { archived: boolean }) {
  return (
    <OutlinesGate>
      <Library archived={archived} />
    </OutlinesGate>
  );
}

/** Outlines per course or subject label, groups in order of their latest edit ("No course" for none). */
function groupByCourse(list: OutlineSummary[]): [string, OutlineSummary[]][] {
  const groups = new Map<string, OutlineSummary[]>();
  for (const o of list) {
    const k = o.subject.trim() || "No course";
    groups.set(k, [...(groups.get(k) ?? []), o]);
  }
  return [...groups];
}

const tab = ({ isActive }: { isActive: boolean }) =>
  clsx(
    "rounded-md px-3 py-1.5 text-sm font-medium",
    isActive
      ? "bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
      : "text-slate-600 hover:text-slate-900 dark:text-slate-400",
  );

function Library({ archived }: { archived: boolean }) {
  const qc = useQueryClient();
  const [search, setSearch] = useState("");
  const [q, setQ] = useState("");
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setQ(search.trim()), 250);
    return () => clearTimeout(t);
  }, [search]);
  const list = useQuery({ queryKey: ["outlines", { q, archived }], queryFn: () => outlinesApi.list({ q, archived }) });
  const refresh = () => qc.invalidateQueries({ queryKey: ["outlines"] });
  const fail = (e: Error) => toast.add({ title: "That did not work", description: e.message, variant: "destructive" });

  const archive = useMutation({
    mutationFn: (o: OutlineSummary) => outlinesApi.patch(o.id, { version: o.version, archived: !archived }),
    onSuccess: (o) => {
      void refresh();
      toast.add({ title: archived ? `Restored "${o.title}"` : `Archived "${o.title}"`, variant: "success" });
    },
    onError: fail,
  });
  const duplicate = useMutation({
    mutationFn: (o: OutlineSummary) => outlinesApi.duplicate(o.id),
    onSuccess: (o) => {
      void refresh();
      toast.add({ title: `Created "${o.title}"`, variant: "success" });
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (o: OutlineSummary) => outlinesApi.remove(o.id).then(() => o),
    onSuccess: (o) => {
      void refresh();
      toast.add({
        title: `Deleted "${o.title}"`,
        durationMs: 8000,
        action: {
          label: "Undo",
          onClick: () => void outlinesApi.restore(o.id).then(refresh, fail),
        },
      });
    },
    onError: fail,
  });

  return (
    <div className="mx-auto max-w-4xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Outlines</h1>
        <Button onClick={() => setCreating(true)}>
          <Plus className="h-4 w-4" aria-hidden /> New outline
        </Button>
      </div>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <nav className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-900" aria-label="Outline lists">
          <NavLink to="/outlines/library" className={tab}>
            Library
          </NavLink>
          <NavLink to="/outlines/archive" className={tab}>
            Archive
          </NavLink>
        </nav>
        <div className="relative min-w-0 basis-full sm:basis-auto sm:flex-1">
          <Search className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-400" aria-hidden />
          <Input
            aria-label="Search outlines"
            placeholder="Search by title or course"
            className="pl-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>
      {list.isPending ? (
        <Spinner className="m-10 text-brand-700" />
      ) : list.isError ? (
        <p className="mt-8 text-sm text-red-600">{list.error.message}</p>
      ) : !list.data.length ? (
        <p className="mt-10 text-center text-sm text-slate-500 dark:text-slate-400">
          {q
            ? "No outline matches."
            : archived
              ? "Nothing archived. Archive an outline you are done with to keep the library short."
              : "No outlines yet. Start one with New outline — blank, or from a subject's topics."}
        </p>
      ) : (
        groupByCourse(list.data).map(([course, outlines]) => (
          <section key={course} aria-label={course} className="mt-6">
            <h2 className="mb-2 text-sm font-semibold text-slate-600 dark:text-slate-300">{course}</h2>
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
              {outlines.map((o) => (
                <li key={o.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="outline-row">
                  <Link to={`/outlines/${o.id}`} className="min-w-0 flex-1">
                    <span className="block truncate font-semibold hover:text-brand-700">{o.title}</span>
                    <span className="block text-xs text-slate-500 sm:truncate dark:text-slate-400">
                      {[
                        o.subject,
                        `${o.entryCount} ${o.entryCount === 1 ? "entry" : "entries"}`,
                        `edited ${relativeTime(o.updatedAt)}`,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </span>
                  </Link>
                  <div className="flex gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Duplicate ${o.title}`}
                      onClick={() => duplicate.mutate(o)}
                    >
                      <Copy className="h-4 w-4" aria-hidden />
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`${archived ? "Restore" : "Archive"} ${o.title}`}
                      onClick={() => archive.mutate(o)}
                    >
                      {archived ? (
                        <ArchiveRestore className="h-4 w-4" aria-hidden />
                      ) : (
                        <Archive className="h-4 w-4" aria-hidden />
                      )}
                    </Button>
                    <Button size="sm" variant="ghost" aria-label={`Delete ${o.title}`} onClick={() => remove.mutate(o)}>
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      <NewOutlineDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
