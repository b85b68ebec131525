/**
 * /notes and /notes/:noteId (SPEC.md §2.3, issue 5 §5): the note list (full-text search,
 * tag filter, sort) beside the open note. On phones the list and the note are separate
 * screens. Notes are an Unlimited / Trial feature: Free accounts see the upgrade card.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { LayoutTemplate, Plus, Search, Tags } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/card";
import { Select } from "../../components/ui/select";
import { ApiError } from "../../lib/api";
import { useMe } from "../../lib/session";
import { NotFoundPage, UpgradeCard } from "../shell/screens";
import { type Note, type NoteSort, notesApi, type Template } from "./api";
import { EmptyEditor, NoteEditor } from "./note-editor";
import { NoteList } from "./note-list";
import { SaveTemplateDialog } from "./save-template-dialog";
import { TagManager } from "./tag-manager";
import { TemplatePicker } from "./template-picker";

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** The path segment of a draft note not yet saved (/notes/new). */
const NEW_NOTE = "new";

interface Draft {
  /** The editor's React key, kept when the draft becomes a saved note. */
  key: string;
  /** The unsaved note the editor starts from (id ""). */
  note: Note;
  /** The id the first edit created. */
  createdId?: string;
}

function newDraft(t: Template | null): Draft {
  const now = new Date().toISOString();
  return {
    key: `draft-${Math.random().toString(36).slice(2)}`,
    note: {
      id: "",
      title: t?.title ?? "",
      html: t?.html ?? "",
      tags: [],
      links: [],
      version: 0,
      createdAt: now,
      updatedAt: now,
    },
  };
}

export default function NotesPage() {
  const { data: me, isPending: mePending } = useMe();
  if (mePending) return <Spinner className="m-10 text-brand-700" />;
  if (me && !me.features.notes) {
    return (
      <div className="mx-auto max-w-3xl">
        <h1 className="text-2xl font-bold tracking-tight">Notes</h1>
        <div className="mt-8">
          <UpgradeCard feature="Notes" />
        </div>
      </div>
    );
  }
  return <Notes />;
}

function Notes() {
  const { noteId } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const tag = params.get("tag") ?? "";
  const sort = (params.get("sort") as NoteSort) || "updated";
  const [search, setSearch] = useState(q);
  const debounced = useDebounced(search, 250);
  const [picker, setPicker] = useState(false);
  const [tagsOpen, setTagsOpen] = useState(false);
  const [templateFrom, setTemplateFrom] = useState<{ title: string; html: string } | null>(null);

  useEffect(() => {
    if (debounced === q) return;
    const n = new URLSearchParams(params);
    if (debounced) n.set("q", debounced);
    else n.delete("q");
    setParams(n, { replace: true });
  }, [debounced, q, params, setParams]);
  const setParam = (k: string, v: string) => {
    const n = new URLSearchParams(params);
    if (v) n.set(k, v);
    else n.delete(k);
    setParams(n, { replace: true });
  };

  const list = useQuery({
    queryKey: ["notes", { q, tag, sort }],
    queryFn: () => notesApi.list({ q, tag, sort }),
    placeholderData: (p) => p,
  });
  const tags = useQuery({ queryKey: ["tags"], queryFn: notesApi.tags });
  const isDraft = noteId === NEW_NOTE;
  const note = useQuery({
    queryKey: ["note", noteId],
    queryFn: () => notesApi.get(noteId!),
    enabled: !!noteId && !isDraft,
    staleTime: 0,
  });

  // 'New' and a template open a draft at /notes/new; the note is created on the server by its first
  // edit (issue 12 item 26), so opening and leaving it saves nothing. The draft's editor stays
  // mounted (same key) when the URL moves to the created note's id.
  const [draft, setDraft] = useState<Draft | null>(null);
  const openDraft = (t: Template | null) => {
    setDraft(newDraft(t));
    setPicker(false);
    navigate(`/notes/${NEW_NOTE}${window.location.search}`);
  };
  const draftShown = isDraft ? (draft ?? newDraft(null)) : draft?.createdId === noteId ? draft : null;
  const onCreated = (n: Note) => {
    setDraft((d) => (d ? { ...d, createdId: n.id } : d));
    void qc.invalidateQueries({ queryKey: ["notes"] });
    void qc.invalidateQueries({ queryKey: ["tags"] });
    navigate(`/notes/${n.id}${window.location.search}`, { replace: true });
  };

  const qs = window.location.search;
  const activeTag = useMemo(() => tags.data?.find((t) => t.id === tag), [tags.data, tag]);
  const notFound = note.error instanceof ApiError && note.error.status === 404;

  return (
    <div className="-mx-4 -mt-16 -mb-10 flex min-h-[calc(100vh)] md:-mx-8 md:-mt-8">
      <aside
        className={clsx(
          "w-full shrink-0 border-r border-slate-200 bg-slate-50/60 lg:block lg:w-80 xl:w-96 dark:border-slate-800 dark:bg-slate-900/40",
          noteId ? "hidden" : "block",
        )}
        aria-label="Notes list"
      >
        <div className="sticky top-0 flex max-h-screen flex-col">
          <div className="space-y-3 px-4 pt-16 pb-3 md:pt-6">
            <div className="flex items-center justify-between">
              <h1 className="text-xl font-bold tracking-tight">Notes</h1>
              <div className="flex items-center gap-1">
                <button
                  type="button"
                  onClick={() => setTagsOpen(true)}
                  aria-label="Manage tags"
                  title="Manage tags"
                  className="rounded-lg p-2 text-slate-500 dark:text-slate-400 hover:bg-slate-200/70 dark:hover:bg-slate-800"
                >
                  <Tags className="h-4 w-4" />
                </button>
                <div className="flex">
                  <Button size="sm" className="rounded-r-none" onClick={() => openDraft(null)}>
                    <Plus className="h-4 w-4" /> New
                  </Button>
                  <Button
                    size="sm"
                    className="rounded-l-none border-l border-white/20 px-2"
                    aria-label="New note from a template"
                    onClick={() => setPicker(true)}
                  >
                    <LayoutTemplate className="h-4 w-4" />
                  </Button>
                </div>
              </div>
            </div>
            <div className="relative">
              <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-400" />
              <input
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder="Search notes"
                aria-label="Search notes"
                className="w-full rounded-lg border border-slate-200 bg-white py-2 pr-3 pl-9 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none dark:border-slate-700 dark:bg-slate-950"
              />
            </div>
            <div className="flex items-center gap-2">
              <Select
                label="Filter by tag"
                size="sm"
                className="flex-1"
                value={tag}
                onChange={(v) => setParam("tag", v)}
              >
                <option value="">All tags</option>
                {tags.data?.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name} ({t.count})
                  </option>
                ))}
              </Select>
              <Select
                label="Sort notes"
                size="sm"
                value={sort}
                onChange={(v) => setParam("sort", v === "updated" ? "" : v)}
              >
                <option value="updated">Last edited</option>
                <option value="created">Created</option>
                <option value="title">Title A–Z</option>
              </Select>
            </div>
            {activeTag && (
              <p className="text-xs text-slate-500 dark:text-slate-400">
                Tagged <span className="font-medium text-slate-700 dark:text-slate-300">{activeTag.name}</span> ·{" "}
                <button
                  type="button"
                  onClick={() => setParam("tag", "")}
                  className="text-brand-700 hover:underline dark:text-brand-100"
                >
                  clear
                </button>
              </p>
            )}
          </div>
          <NoteList
            notes={list.data?.notes}
            pending={list.isPending}
            filtered={!!(q || tag)}
            openId={noteId}
            search={qs}
          />
        </div>
      </aside>
      <section
        className={clsx("min-w-0 flex-1 px-4 pt-14 pb-10 md:px-8 md:pt-0", noteId ? "block" : "hidden lg:block")}
      >
        {!noteId ? (
          <EmptyEditor onNew={() => openDraft(null)} />
        ) : notFound && !draftShown ? (
          <NotFoundPage />
        ) : draftShown ? (
          <NoteEditor
            key={draftShown.key}
            note={draftShown.createdId ? (note.data ?? draftShown.note) : draftShown.note}
            onDeleted={() => {
              setDraft(null);
              navigate(`/notes${qs}`);
            }}
            onSaveTemplate={setTemplateFrom}
            onCreated={onCreated}
          />
        ) : note.data ? (
          <NoteEditor
            key={note.data.id}
            note={note.data}
            onDeleted={() => navigate(`/notes${qs}`)}
            onSaveTemplate={setTemplateFrom}
          />
        ) : (
          <Spinner className="m-10 text-brand-700" />
        )}
      </section>
      <TemplatePicker open={picker} onOpenChange={setPicker} onPick={(t) => openDraft(t)} />
      <TagManager open={tagsOpen} onOpenChange={setTagsOpen} />
      <SaveTemplateDialog source={templateFrom} onClose={() => setTemplateFrom(null)} />
    </div>
  );
}
