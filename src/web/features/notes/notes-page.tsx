/**
 * /notes and /notes/:noteId (SPEC.md §2.3, issue 5 §5): the note list (full-text search,
 * tag filter, sort) beside the open note. On phones the list and the note are separate
 * screens. Notes are an Unlimited / Trial feature: Free accounts see the upgrade card.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { Check, ChevronDown, FileText, LayoutTemplate, Pencil, Plus, Search, Tags, Trash2, X } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/card";
import { ApiError } from "../../lib/api";
import { useMe } from "../../lib/session";
import { toast } from "../../lib/toast";
import { NotFoundPage, UpgradeCard } from "../shell/screens";
import { type NoteSort, notesApi, relativeTime, type Template } from "./api";
import { EmptyEditor, NoteEditor } from "./note-editor";
import { RichHtml } from "./rich-editor";

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

function DialogShell({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  title: string;
  description?: string;
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/40 backdrop-blur-[2px]" />
        <Dialog.Content
          className={clsx(
            "fixed top-1/2 left-1/2 z-50 max-h-[85vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 shadow-2xl dark:border-slate-800 dark:bg-slate-900",
            wide ? "max-w-3xl" : "max-w-md",
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-slate-500 dark:text-slate-400">
                  {description}
                </Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">{title}</Dialog.Description>
              )}
            </div>
            <Dialog.Close
              className="rounded-md p-1 text-slate-500 dark:text-slate-400 hover:bg-slate-100 dark:hover:bg-slate-800"
              aria-label="Close"
            >
              <X className="h-4 w-4" />
            </Dialog.Close>
          </div>
          <div className="mt-5">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function TemplatePicker({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onPick: (t: Template | null) => void;
}) {
  const qc = useQueryClient();
  const { data: templates } = useQuery({ queryKey: ["note-templates"], queryFn: notesApi.templates, enabled: open });
  const [selected, setSelected] = useState<string | null>(null);
  const current = templates?.find((t) => t.id === selected) ?? templates?.[0];
  const remove = useMutation({
    mutationFn: (id: string) => notesApi.deleteTemplate(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["note-templates"] }),
  });
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title="New note from a template"
      description="Official templates and the ones you saved."
      wide
    >
      <div className="grid gap-4 md:grid-cols-[15rem_1fr]">
        <ul className="space-y-1" aria-label="Templates">
          <li>
            <button
              type="button"
              onClick={() => onPick(null)}
              className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <FileText className="h-4 w-4 text-slate-400" /> Blank note
            </button>
          </li>
          {templates?.map((t) => (
            <li key={t.id} className="group flex items-center">
              <button
                type="button"
                onClick={() => setSelected(t.id)}
                className={clsx(
                  "flex flex-1 flex-col items-start rounded-lg px-3 py-2 text-left",
                  current?.id === t.id ? "bg-brand-50 dark:bg-slate-800" : "hover:bg-slate-100 dark:hover:bg-slate-800",
                )}
              >
                <span className="text-sm font-medium">{t.title}</span>
                <span className="text-xs text-slate-500 dark:text-slate-400">
                  {t.isOfficial ? "Official" : "Yours"}
                </span>
              </button>
              {!t.isOfficial && (
                <button
                  type="button"
                  aria-label={`Delete template ${t.title}`}
                  onClick={() => remove.mutate(t.id)}
                  className="ml-1 rounded p-1 text-slate-400 opacity-0 group-hover:opacity-100 hover:text-red-600"
                >
                  <Trash2 className="h-3.5 w-3.5" />
                </button>
              )}
            </li>
          ))}
        </ul>
        <div className="min-h-64 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          {current ? (
            <>
              <p className="text-sm text-slate-500 dark:text-slate-400">{current.description}</p>
              <RichHtml html={current.html} className="mt-3 max-h-80 overflow-y-auto text-sm" />
              <Button className="mt-4" onClick={() => onPick(current)}>
                Use “{current.title}”
              </Button>
            </>
          ) : (
            <Spinner />
          )}
        </div>
      </div>
    </DialogShell>
  );
}

function TagManager({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const qc = useQueryClient();
  const { data: tags } = useQuery({ queryKey: ["tags"], queryFn: notesApi.tags, enabled: open });
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ["tags"] });
    void qc.invalidateQueries({ queryKey: ["notes"] });
    void qc.invalidateQueries({ queryKey: ["note"] });
  };
  const rename = useMutation({
    mutationFn: (t: { id: string; name: string }) => notesApi.renameTag(t.id, t.name),
    onSuccess: () => {
      setEditing(null);
      refresh();
    },
    onError: (e) =>
      toast.add({ title: "Could not rename the tag", description: (e as Error).message, variant: "destructive" }),
  });
  const remove = useMutation({ mutationFn: (id: string) => notesApi.deleteTag(id), onSuccess: refresh });
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title="Tags"
      description="Rename or delete a tag; notes keep their text."
    >
      {!tags?.length ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">No tags yet. Add one from a note's tag line.</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {tags.map((t) => (
            <li key={t.id} className="flex items-center gap-2 py-2">
              {editing?.id === t.id ? (
                <form
                  className="flex flex-1 items-center gap-2"
                  onSubmit={(e) => {
                    e.preventDefault();
                    if (editing.name.trim()) rename.mutate({ id: t.id, name: editing.name.trim() });
                  }}
                >
                  <input
                    aria-label="Tag name"
                    ref={(el) => el?.focus()}
                    maxLength={40}
                    value={editing.name}
                    onChange={(e) => setEditing({ id: t.id, name: e.target.value })}
                    className="flex-1 rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-950"
                  />
                  <button
                    type="submit"
                    aria-label="Save tag name"
                    className="rounded p-1 text-brand-700 hover:bg-brand-50 dark:hover:bg-slate-800"
                  >
                    <Check className="h-4 w-4" />
                  </button>
                </form>
              ) : (
                <>
                  <span className="flex-1 text-sm font-medium">{t.name}</span>
                  <span className="text-xs text-slate-500 dark:text-slate-400">
                    {t.count} note{t.count === 1 ? "" : "s"}
                  </span>
                  <button
                    type="button"
                    aria-label={`Rename tag ${t.name}`}
                    onClick={() => setEditing({ id: t.id, name: t.name })}
                    className="rounded p-1 text-slate-500 dark:text-slate-400 hover:bg-slate-100 dark:hover:bg-slate-800"
                  >
                    <Pencil className="h-3.5 w-3.5" />
                  </button>
                  <button
                    type="button"
                    aria-label={`Delete tag ${t.name}`}
                    onClick={() => remove.mutate(t.id)}
                    className="rounded p-1 text-slate-500 dark:text-slate-400 hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-950"
                  >
                    <Trash2 className="h-3.5 w-3.5" />
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </DialogShell>
  );
}

function SaveTemplateDialog({
  source,
  onClose,
}: {
  source: { title: string; html: string } | null;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  useEffect(() => {
    if (source) setTitle(source.title);
  }, [source]);
  const save = useMutation({
    mutationFn: () => notesApi.saveTemplate({ title, description, html: source?.html || "<p></p>" }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ["note-templates"] });
      toast.add({ title: "Template saved", variant: "success" });
      onClose();
    },
    onError: (e) =>
      toast.add({ title: "Could not save the template", description: (e as Error).message, variant: "destructive" }),
  });
  return (
    <DialogShell
      open={!!source}
      onOpenChange={(o) => !o && onClose()}
      title="Save as template"
      description="New notes can start from it."
    >
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (title.trim()) save.mutate();
        }}
      >
        <label className="block text-sm font-medium">
          Name
          <input
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={200}
            required
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950"
          />
        </label>
        <label className="block text-sm font-medium">
          Description
          <input
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={500}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950"
          />
        </label>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            Save template
          </Button>
        </div>
      </form>
    </DialogShell>
  );
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
  const note = useQuery({
    queryKey: ["note", noteId],
    queryFn: () => notesApi.get(noteId!),
    enabled: !!noteId,
    staleTime: 0,
  });

  const create = useMutation({
    mutationFn: (t: Template | null) => notesApi.create({ title: t ? t.title : "", html: t?.html ?? "" }),
    onSuccess: (n) => {
      qc.setQueryData(["note", n.id], n);
      void qc.invalidateQueries({ queryKey: ["notes"] });
      setPicker(false);
      navigate(`/notes/${n.id}${window.location.search}`);
    },
    onError: (e) =>
      toast.add({ title: "Could not create the note", description: (e as Error).message, variant: "destructive" }),
  });

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
                  <Button
                    size="sm"
                    className="rounded-r-none"
                    onClick={() => create.mutate(null)}
                    disabled={create.isPending}
                  >
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
              <label className="relative flex-1">
                <span className="sr-only">Filter by tag</span>
                <select
                  value={tag}
                  onChange={(e) => setParam("tag", e.target.value)}
                  aria-label="Filter by tag"
                  className="w-full appearance-none rounded-lg border border-slate-200 bg-white py-1.5 pr-7 pl-2.5 text-xs font-medium dark:border-slate-700 dark:bg-slate-950"
                >
                  <option value="">All tags</option>
                  {tags.data?.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name} ({t.count})
                    </option>
                  ))}
                </select>
                <ChevronDown className="pointer-events-none absolute top-2 right-2 h-3.5 w-3.5 text-slate-400" />
              </label>
              <label className="relative">
                <span className="sr-only">Sort notes</span>
                <select
                  value={sort}
                  onChange={(e) => setParam("sort", e.target.value === "updated" ? "" : e.target.value)}
                  aria-label="Sort notes"
                  className="appearance-none rounded-lg border border-slate-200 bg-white py-1.5 pr-7 pl-2.5 text-xs font-medium dark:border-slate-700 dark:bg-slate-950"
                >
                  <option value="updated">Last edited</option>
                  <option value="created">Created</option>
                  <option value="title">Title A–Z</option>
                </select>
                <ChevronDown className="pointer-events-none absolute top-2 right-2 h-3.5 w-3.5 text-slate-400" />
              </label>
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
          <nav className="flex-1 overflow-y-auto px-2 pb-6" aria-label="Notes">
            {list.isPending ? (
              <Spinner className="m-6 text-brand-700" />
            ) : !list.data?.notes.length ? (
              <p className="px-3 py-8 text-center text-sm text-slate-500 dark:text-slate-400">
                {q || tag ? "No note matches." : "No notes yet. Start one with New."}
              </p>
            ) : (
              <ul className="space-y-0.5">
                {list.data.notes.map((n) => (
                  <li key={n.id}>
                    <Link
                      to={`/notes/${n.id}${qs}`}
                      aria-current={n.id === noteId ? "page" : undefined}
                      data-testid="note-row"
                      className={clsx(
                        "block rounded-lg px-3 py-2.5 transition-colors",
                        n.id === noteId
                          ? "bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
                          : "hover:bg-white/70 dark:hover:bg-slate-800/50",
                      )}
                    >
                      <div className="flex items-baseline justify-between gap-2">
                        <span className="line-clamp-1 text-sm font-semibold">{n.title}</span>
                        <span className="shrink-0 text-[11px] text-slate-500 dark:text-slate-400">
                          {relativeTime(n.updatedAt)}
                        </span>
                      </div>
                      {n.snippet ? (
                        <p
                          className="snippet mt-0.5 line-clamp-2 text-xs text-slate-500 dark:text-slate-400"
                          dangerouslySetInnerHTML={{ __html: n.snippet }}
                        />
                      ) : (
                        <p className="mt-0.5 line-clamp-2 text-xs text-slate-500 dark:text-slate-400">
                          {n.excerpt || "Empty note"}
                        </p>
                      )}
                      {n.tags.length > 0 && (
                        <div className="mt-1.5 flex flex-wrap gap-1">
                          {n.tags.map((t) => (
                            <span
                              key={t.id}
                              className="rounded-full bg-slate-200/70 px-2 py-px text-[10px] font-medium text-slate-600 dark:bg-slate-700 dark:text-slate-300"
                            >
                              {t.name}
                            </span>
                          ))}
                        </div>
                      )}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </nav>
        </div>
      </aside>
      <section
        className={clsx("min-w-0 flex-1 px-4 pt-14 pb-10 md:px-8 md:pt-0", noteId ? "block" : "hidden lg:block")}
      >
        {!noteId ? (
          <EmptyEditor onNew={() => create.mutate(null)} />
        ) : notFound ? (
          <NotFoundPage />
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
      <TemplatePicker open={picker} onOpenChange={setPicker} onPick={(t) => create.mutate(t)} />
      <TagManager open={tagsOpen} onOpenChange={setTagsOpen} />
      <SaveTemplateDialog source={templateFrom} onClose={() => setTemplateFrom(null)} />
    </div>
  );
}
