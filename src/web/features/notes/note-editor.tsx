/**
 * One note, open for editing: title, tags, toolbar, body, linked cases, and a visible saved
 * state ("Saving…", "Saved", "Not saved"). A stale save shows the newer text and the choice to
 * keep it or put back the refused edit.
 */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Editor } from "@tiptap/react";
import { clsx } from "clsx";
import {
  AlertTriangle,
  ArrowLeft,
  Check,
  CloudOff,
  Download,
  FileText,
  Loader2,
  MoreHorizontal,
  Plus,
  Scale,
  Trash2,
  X,
} from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { toast } from "../../lib/toast";
import { type Note, notesApi, relativeTime } from "./api";
import { RichEditor, Toolbar } from "./rich-editor";
import { type SaveStatus, useAutosave } from "./use-autosave";

export function SaveIndicator({
  status,
  savedAt,
  error,
}: {
  status: SaveStatus;
  savedAt: string;
  error: string | null;
}) {
  const map: Record<SaveStatus, { icon: React.ReactNode; text: string; tone: string }> = {
    draft: {
      icon: <span className="h-1.5 w-1.5 rounded-full bg-slate-400" />,
      text: "Not saved until you type",
      tone: "text-slate-500 dark:text-slate-400",
    },
    saved: {
      icon: <Check className="h-3.5 w-3.5" />,
      text: `Saved ${relativeTime(savedAt)}`,
      tone: "text-slate-500 dark:text-slate-400",
    },
    dirty: {
      icon: <span className="h-1.5 w-1.5 rounded-full bg-amber-500" />,
      text: "Editing…",
      tone: "text-slate-500 dark:text-slate-400",
    },
    saving: {
      icon: <Loader2 className="h-3.5 w-3.5 animate-spin" />,
      text: "Saving…",
      tone: "text-slate-500 dark:text-slate-400",
    },
    conflict: {
      icon: <AlertTriangle className="h-3.5 w-3.5" />,
      text: "Not saved",
      tone: "text-amber-700 dark:text-amber-400",
    },
    error: {
      icon: <CloudOff className="h-3.5 w-3.5" />,
      text: error ? `Not saved: ${error}` : "Not saved",
      tone: "text-red-600 dark:text-red-400",
    },
  };
  const m = map[status];
  return (
    <span
      data-testid="save-status"
      data-status={status}
      className={clsx("inline-flex items-center gap-1.5 text-xs font-medium whitespace-nowrap", m.tone)}
      aria-live="polite"
    >
      {m.icon}
      {m.text}
    </span>
  );
}

function TagEditor({ tags, onChange }: { tags: string[]; onChange: (tags: string[]) => void }) {
  const [value, setValue] = useState("");
  const add = () => {
    const v = value.trim();
    if (v && !tags.some((t) => t.toLowerCase() === v.toLowerCase())) onChange([...tags, v]);
    setValue("");
  };
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {tags.map((t) => (
        <span
          key={t}
          className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300"
        >
          {t}
          <button
            type="button"
            aria-label={`Remove tag ${t}`}
            onClick={() => onChange(tags.filter((x) => x !== t))}
            className="rounded-full p-0.5 hover:bg-slate-200 dark:hover:bg-slate-700"
          >
            <X className="h-3 w-3" />
          </button>
        </span>
      ))}
      <input
        aria-label="Add a tag"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" || e.key === ",") {
            e.preventDefault();
            add();
          }
        }}
        onBlur={add}
        placeholder={tags.length ? "Add tag" : "Add tags…"}
        maxLength={40}
        className="w-24 bg-transparent px-1 py-0.5 text-xs text-slate-600 placeholder:text-slate-400 focus:outline-none dark:text-slate-300"
      />
    </div>
  );
}

export function NoteEditor({
  note,
  onDeleted,
  onSaveTemplate,
  onCreated,
}: {
  note: Note;
  onDeleted: () => void;
  onSaveTemplate: (n: { title: string; html: string }) => void;
  /** A draft (`note.id` ""): called once its first edit has created it on the server. */
  onCreated?: (note: Note) => void;
}) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const save = useAutosave(note, onCreated);
  const [title, setTitle] = useState(note.title);
  const [tags, setTags] = useState(note.tags.map((t) => t.name));
  const [html, setHtml] = useState(note.html);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [editorKey, setEditorKey] = useState(0);
  const onReady = useCallback((e: Editor) => setEditor(e), []);

  // The note changed elsewhere while this tab had nothing unsaved: show the newer text.
  useEffect(() => {
    if (note.version > save.version.current && save.status === "saved" && !save.conflict) {
      save.version.current = note.version;
      setTitle(note.title);
      setTags(note.tags.map((t) => t.name));
      setHtml(note.html);
      setEditorKey((k) => k + 1);
    }
  }, [note, save.status, save.conflict, save.version]);

  // A refused save: show the newer note.
  useEffect(() => {
    if (!save.conflict) return;
    setTitle(save.conflict.newer.title);
    setTags(save.conflict.newer.tags.map((t) => t.name));
    setHtml(save.conflict.newer.html);
    setEditorKey((k) => k + 1);
  }, [save.conflict]);

  const del = useMutation({
    // A draft never saved has nothing to delete on the server.
    mutationFn: async () => (save.id.current ? notesApi.remove(save.id.current) : undefined),
    onSuccess: () => {
      if (!save.id.current) return onDeleted();
      void qc.invalidateQueries({ queryKey: ["notes"] });
      onDeleted();
      toast.add({
        title: "Note deleted",
        description: `"${title}" was moved to the bin.`,
        durationMs: 8000,
        action: {
          label: "Undo",
          onClick: () => {
            const id = save.id.current;
            if (!id) return;
            void notesApi.restore(id).then(() => {
              void qc.invalidateQueries({ queryKey: ["notes"] });
              navigate(`/notes/${id}`);
              toast.add({ title: "Note restored", variant: "success" });
            });
          },
        },
      });
    },
    onError: (e) =>
      toast.add({ title: "Could not delete the note", description: (e as Error).message, variant: "destructive" }),
  });

  const links = (qc.getQueryData<Note>(["note", note.id]) ?? note).links;

  return (
    <article className="flex min-h-full flex-col" data-testid="note-editor">
      <div className="sticky top-0 z-10 -mx-4 border-b border-slate-200/80 bg-white/90 px-4 py-2 backdrop-blur md:-mx-8 md:px-8 dark:border-slate-800 dark:bg-slate-950/90">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            to="/notes"
            className="rounded-md p-1.5 text-slate-500 dark:text-slate-400 hover:bg-slate-100 lg:hidden dark:hover:bg-slate-800"
            aria-label="All notes"
          >
            <ArrowLeft className="h-4 w-4" />
          </Link>
          <Toolbar
            editor={editor}
            className="order-last -mx-1 w-full min-w-0 lg:order-none lg:mx-0 lg:w-auto lg:flex-1"
          />
          <span className="flex-1 lg:hidden" />
          <SaveIndicator status={save.status} savedAt={save.savedAt} error={save.error} />
          <DropdownMenu.Root>
            <DropdownMenu.Trigger asChild>
              <button
                type="button"
                aria-label="Note actions"
                className="rounded-md p-1.5 text-slate-500 dark:text-slate-400 hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                <MoreHorizontal className="h-4 w-4" />
              </button>
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="end"
                sideOffset={6}
                className="z-50 min-w-48 rounded-xl border border-slate-200 bg-white p-1 text-sm shadow-xl dark:border-slate-700 dark:bg-slate-900"
              >
                <DropdownMenu.Item asChild>
                  <a
                    href={`/api/notes/${note.id || save.id.current}/export.md`}
                    download
                    className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800"
                  >
                    <Download className="h-4 w-4" /> Export as Markdown
                  </a>
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  onSelect={() => onSaveTemplate({ title, html })}
                  className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800"
                >
                  <FileText className="h-4 w-4" /> Save as template
                </DropdownMenu.Item>
                <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
                <DropdownMenu.Item
                  onSelect={() => del.mutate()}
                  className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-red-600 outline-none data-[highlighted]:bg-red-50 dark:data-[highlighted]:bg-red-950"
                >
                  <Trash2 className="h-4 w-4" /> Delete note
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
      </div>

      {save.conflict && (
        <div
          role="alert"
          data-testid="conflict-banner"
          className="mt-4 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
        >
          <AlertTriangle className="h-5 w-5 shrink-0" aria-hidden />
          <p className="flex-1">
            <strong>This note was changed in another tab or window.</strong> Your edit was not saved; the newer version
            is shown below.
          </p>
          <div className="flex gap-2">
            <Button size="sm" variant="outline" onClick={save.dismissConflict}>
              Keep this version
            </Button>
            <Button
              size="sm"
              onClick={() => {
                const mine = save.conflict?.mine;
                if (mine?.title !== undefined) setTitle(mine.title);
                if (mine?.tags) setTags(mine.tags);
                if (mine?.html !== undefined) {
                  setHtml(mine.html);
                  setEditorKey((k) => k + 1);
                }
                save.applyMine();
              }}
            >
              Use my edit instead
            </Button>
          </div>
        </div>
      )}

      <div className="mx-auto w-full max-w-3xl flex-1 pt-8">
        <input
          aria-label="Title"
          value={title}
          maxLength={200}
          onChange={(e) => {
            setTitle(e.target.value);
            save.change({ title: e.target.value });
          }}
          placeholder="Untitled note"
          className="w-full bg-transparent text-3xl font-bold tracking-tight text-slate-900 placeholder:text-slate-300 focus:outline-none dark:text-white dark:placeholder:text-slate-600"
        />
        <div className="mt-3 mb-6">
          <TagEditor
            tags={tags}
            onChange={(t) => {
              setTags(t);
              save.change({ tags: t });
            }}
          />
        </div>
        <RichEditor
          key={editorKey}
          html={html}
          label="Note text"
          testId="note-body"
          placeholder="Start writing. Type @ to link a case."
          onReady={onReady}
          onChange={(h) => {
            setHtml(h);
            save.change({ html: h });
          }}
        />
        {links.length > 0 && (
          <section className="mt-10 border-t border-slate-200 pt-4 dark:border-slate-800" aria-label="Linked cases">
            <h2 className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-slate-500 dark:text-slate-400 uppercase">
              <Scale className="h-3.5 w-3.5" /> Linked cases
            </h2>
            <ul className="mt-2 flex flex-wrap gap-2">
              {links.map((l) => (
                <li key={`${l.kind}:${l.id}`}>
                  <Link
                    to={l.url}
                    className="inline-flex items-center gap-1.5 rounded-lg border border-slate-200 px-2.5 py-1 text-sm italic hover:border-brand-500 dark:border-slate-700"
                  >
                    {l.title}
                    {l.citation && (
                      <span className="text-xs text-slate-500 dark:text-slate-400 not-italic">{l.citation}</span>
                    )}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </article>
  );
}

export function EmptyEditor({ onNew }: { onNew: () => void }) {
  return (
    <div className="flex h-full min-h-[60vh] flex-col items-center justify-center text-center">
      <div className="rounded-2xl bg-brand-50 p-4 dark:bg-slate-800">
        <FileText className="h-8 w-8 text-brand-700 dark:text-brand-100" />
      </div>
      <h2 className="mt-4 text-lg font-semibold">Pick a note, or start a new one</h2>
      <p className="mt-1 max-w-sm text-sm text-slate-500 dark:text-slate-400">
        Notes save as you type. Type @ in a note to link a case; the case's page lists the notes that link to it.
      </p>
      <Button className="mt-5" onClick={onNew}>
        <Plus className="h-4 w-4" /> New note
      </Button>
    </div>
  );
}
