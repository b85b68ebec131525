/**
 * /outlines/:outlineId (issue 16 §2): the outline editor. A tree of entries numbered I. A. 1. a.
 * (i), edited from the keyboard like an outliner —
 *   Enter new entry · Tab / Shift+Tab indent / outdent · Alt+↑ / Alt+↓ move among siblings ·
 *   Ctrl(⌘)+↑ / ↓ collapse / expand · ↑ / ↓ previous / next entry · Backspace on an empty leaf deletes it ·
 *   Ctrl(⌘)+Shift+Backspace (or the row's bin) deletes the entry with its subtree, undoable from the toast
 * — and by dragging a row's handle (dnd-kit; the whole subtree moves, a horizontal drag changes
 * its level). Every change is autosaved (use-outline-save.ts) with a saved/saving indicator.
 */
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { ArrowLeft, Download, Link2, Plus, Redo2, Undo2 } from "lucide-react";
import { Selection } from "@tiptap/pm/state";
import { type Editor as TipTap, useEditorState } from "@tiptap/react";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import type { OutlineMark, OutlineOp } from "../../../contract/outlines";
import { Button, buttonClass } from "../../components/ui/button";
import { Spinner } from "../../components/ui/card";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { NotFoundPage } from "../shell/screens";
import { type Outline, outlinesApi } from "./api";
import { OutlinesGate } from "./gate";
import { Toolbar } from "../notes/rich-editor";
import { type CaretAt, indentFor, OutlineRow } from "./outline-row";
import { ReloadOnConflict, SaveIndicator } from "./save-indicator";
import { EmbedDialog } from "./embed-dialog";
import {
  addEntry,
  applyOp,
  buildTree,
  type Change,
  deleteEntry,
  editEntry,
  embedEntry,
  htmlToText,
  inverseOf,
  markEntry,
  indent,
  moveEntry,
  outdent,
  projectDrop,
  restoreSubtree,
  shift,
  snapshotSubtree,
  subtreeOf,
  type Tree,
  visibleRows,
} from "./tree";
import { OUTLINE_TAB_ID, useOutlineSave } from "./use-outline-save";
import { AttackView, ChecklistView, FlowchartView, HistoryView } from "./views";

export default function OutlineEditorPage() {
  return (
    <OutlinesGate>
      <Loader />
    </OutlinesGate>
  );
}

function Loader() {
  const { outlineId = "" } = useParams();
  const q = useQuery({
    queryKey: ["outline", outlineId],
    queryFn: () => outlinesApi.get(outlineId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  if (q.isPending) return <Spinner className="m-10 text-brand-700" />;
  if (q.isError) {
    if (q.error instanceof ApiError && q.error.status === 404) return <NotFoundPage />;
    return <p className="m-10 text-sm text-red-600">{q.error.message}</p>;
  }
  // A change from another tab (realtime) or a restore refetches: the editor starts again from it.
  return <Editor key={`${q.data.id}:${q.data.version}`} outline={q.data} />;
}

const collapsedKey = (id: string) => `lexmate.outline.collapsed.${id}`;
/** From this many visible rows on, only the rows near the screen are drag-and-drop sortables. */
const WINDOW_FROM = 150;

const VIEWS = [
  ["full", "Full outline"],
  ["attack", "Attack outline"],
  ["checklist", "Checklist"],
  ["flowchart", "Flowchart"],
  ["history", "History"],
] as const;
type View = (typeof VIEWS)[number][0];

const MARKS: [OutlineMark | "", string][] = [
  ["", "No mark"],
  ["rule", "Rule"],
  ["element", "Element"],
  ["exception", "Exception"],
  ["trigger", "Trigger facts"],
  ["issue", "Issue"],
  ["step", "Step (flowchart)"],
];

/** One undoable change: the operations it made and the ones that take it back. */
interface Step {
  forward: OutlineOp[];
  inverse: OutlineOp[];
  /** Typing in one entry is one step until a pause or another change. */
  typing?: { id: string; at: number };
}

function Editor({ outline }: { outline: Outline }) {
  const [tree, setTree] = useState<Tree>(() => buildTree(outline.entries));
  const treeRef = useRef(tree);
  treeRef.current = tree;
  const [title, setTitle] = useState(outline.title);
  const [collapsed, setCollapsed] = useState<Set<string>>(() => {
    try {
      return new Set(JSON.parse(localStorage.getItem(collapsedKey(outline.id)) ?? "[]"));
    } catch {
      return new Set();
    }
  });
  useEffect(() => {
    localStorage.setItem(collapsedKey(outline.id), JSON.stringify([...collapsed]));
  }, [collapsed, outline.id]);
  const save = useOutlineSave(outline.id, outline.version, (id) => treeRef.current.byId.has(id));
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const view = (VIEWS.find(([v]) => v === params.get("view"))?.[0] ?? "full") as View;
  const setView = (v: View) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        if (v === "full") n.delete("view");
        else n.set("view", v);
        return n;
      },
      { replace: true },
    );
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [embedding, setEmbedding] = useState(false);
  // Rows hold their own text; bumping an entry's revision re-creates its row (after undo / redo).
  const [revs, setRevs] = useState<Map<string, number>>(() => new Map());
  const undoStack = useRef<Step[]>([]);
  const redoStack = useRef<Step[]>([]);
  const [, setHistoryTick] = useState(0);
  const record = useCallback((step: Step) => {
    // Re-render (the Undo / Redo buttons) only when their state flips: typing must not re-render the tree.
    const flips = undoStack.current.length === 0 || redoStack.current.length > 0;
    undoStack.current.push(step);
    if (undoStack.current.length > 500) undoStack.current.shift();
    redoStack.current = [];
    if (flips) setHistoryTick((n) => n + 1);
  }, []);

  // Realtime: another tab saved this outline. Reload from the server unless this tab has unsaved work
  // (then its next save is refused with 409 and the student is asked to reload).
  useEffect(() => {
    const on = (e: Event) => {
      const c = (e as CustomEvent<{ type: string; outlineId?: string; version?: number; tab?: string | null }>).detail;
      const remote =
        c.type === "resync" ||
        (c.outlineId === outline.id && c.tab !== OUTLINE_TAB_ID && (c.version ?? 0) > save.version.current);
      if (remote && !save.pending()) void qc.invalidateQueries({ queryKey: ["outline", outline.id] });
    };
    window.addEventListener("lexmate:outline-updated", on);
    return () => window.removeEventListener("lexmate:outline-updated", on);
  }, [outline.id, qc, save.pending, save.version]);

  // One entry at a time is open in the rich-text editor (the active row); the others show their HTML.
  const [active, setActive] = useState<{ id: string; at: CaretAt } | null>(null);
  const activeEditor = useRef<{ id: string; editor: TipTap } | null>(null);
  const [toolbarEditor, setToolbarEditor] = useState<TipTap | null>(null);
  const onActivate = useCallback((id: string, at: CaretAt) => {
    setActive((a) => (a?.id === id ? a : { id, at }));
    setFocusedId(id);
  }, []);
  const onEditor = useCallback((id: string, editor: TipTap | null) => {
    if (editor) activeEditor.current = { id, editor };
    else if (activeEditor.current?.id === id) activeEditor.current = null;
    else return;
    setToolbarEditor(editor);
  }, []);
  const [focus, setFocus] = useState<{ id: string; at: "start" | "end" } | null>(null);
  // After a change has been drawn: the entry's open editor takes the caret, or the entry opens.
  useLayoutEffect(() => {
    if (!focus) return;
    const cur = activeEditor.current;
    if (cur?.id === focus.id && !cur.editor.isDestroyed) {
      cur.editor.commands.focus(focus.at);
      cur.editor.view.focus(); // now, not at the next frame (see RichEditor)
    } else if (treeRef.current.byId.has(focus.id)) {
      setActive({ id: focus.id, at: focus.at });
      setFocusedId(focus.id);
    }
    setFocus(null);
  }, [focus]);

  const apply = useCallback(
    (c: Change | null) => {
      if (!c) return false;
      record({ forward: [c.op], inverse: inverseOf(treeRef.current, c.op) });
      treeRef.current = c.tree;
      setTree(c.tree);
      save.push(c.op);
      return true;
    },
    [save.push, record],
  );

  /** Undo (Ctrl+Z) or redo (Ctrl+Shift+Z / Ctrl+Y): replays the step's inverse (or forward) operations. */
  const travel = useCallback(
    (dir: "undo" | "redo") => {
      const from = dir === "undo" ? undoStack.current : redoStack.current;
      const to = dir === "undo" ? redoStack.current : undoStack.current;
      const step = from.pop();
      if (!step) return;
      to.push(step);
      const ops = dir === "undo" ? step.inverse : step.forward;
      let t = treeRef.current;
      const touched = new Set<string>();
      for (const op of ops) {
        t = applyOp(t, op);
        save.push(op);
        touched.add(op.id);
      }
      treeRef.current = t;
      setTree(t);
      setRevs((r) => {
        const n = new Map(r);
        for (const id of touched) n.set(id, (n.get(id) ?? 0) + 1);
        return n;
      });
      setHistoryTick((n) => n + 1);
      const last = [...touched].reverse().find((id) => t.byId.has(id));
      if (last) setFocus({ id: last, at: "end" });
    },
    [save.push],
  );

  const [indentPx, setIndentPx] = useState(() => indentFor(window.innerWidth));
  useEffect(() => {
    const onResize = () => setIndentPx(indentFor(window.innerWidth));
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  const [drag, setDrag] = useState<{ id: string; overId: string; dx: number } | null>(null);
  // Text edits keep `tree.kids`: the rows (and every memoised row) stay as they are while typing.
  const kids = tree.kids;
  const allRows = useMemo(() => visibleRows({ kids }, collapsed), [kids, collapsed]);
  const rows = useMemo(() => {
    if (!drag) return allRows;
    const hidden = new Set(subtreeOf(treeRef.current, drag.id).slice(1));
    return allRows.filter((r) => !hidden.has(r.id));
  }, [allRows, drag]);
  const idsKey = rows.map((r) => r.id).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids change only when idsKey does
  const allIds = useMemo(() => rows.map((r) => r.id), [idsKey]);
  // Which rows are near the screen (within 800 px): in a long outline only those are dnd-kit
  // sortables (see OutlineRow `sortable`); the open entry and a dragged row always are.
  const [near, setNear] = useState<ReadonlySet<string>>(() => new Set());
  const io = useRef<IntersectionObserver | null>(null);
  const watched = useRef(new Map<string, HTMLElement>());
  const observe = useCallback((id: string, el: HTMLElement | null) => {
    const prev = watched.current.get(id);
    if (prev === el) return;
    if (prev) io.current?.unobserve(prev);
    if (el) {
      watched.current.set(id, el);
      io.current?.observe(el);
    } else watched.current.delete(id);
  }, []);
  useEffect(() => {
    const seen = new Map<string, boolean>();
    let frame = 0;
    io.current = new IntersectionObserver(
      (changes) => {
        for (const c of changes) {
          const id = (c.target as HTMLElement).dataset.entryId;
          if (id) seen.set(id, c.isIntersecting);
        }
        cancelAnimationFrame(frame);
        frame = requestAnimationFrame(() =>
          setNear((prev) => {
            const flips = [...seen].filter(([id, on]) => prev.has(id) !== on);
            seen.clear();
            if (!flips.length) return prev; // nothing changed: no re-render
            const n = new Set(prev);
            for (const [id, on] of flips) {
              if (on) n.add(id);
              else n.delete(id);
            }
            return n;
          }),
        );
      },
      { rootMargin: "800px 0px" },
    );
    for (const el of watched.current.values()) io.current.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      io.current?.disconnect();
      io.current = null;
    };
  }, []);
  const windowed = allIds.length > WINDOW_FROM;
  const isSortable = (id: string) => !windowed || near.has(id) || id === drag?.id || id === active?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: isSortable reads exactly these
  const ids = useMemo(
    () => (windowed ? allIds.filter(isSortable) : allIds),
    [allIds, windowed, near, drag?.id, active?.id],
  );
  const projection = drag ? projectDrop(rows, drag.id, drag.overId, drag.dx, indentPx) : null;

  // Typing changes the entry in place (no re-render of the editor); the row shows its own text.
  const onHtml = useCallback(
    (id: string, html: string) => {
      const t = treeRef.current;
      const e = t.byId.get(id);
      if (!e) return;
      const text = htmlToText(html);
      const op = editEntry(t, id, text, html).op;
      const top = undoStack.current.at(-1);
      const now = Date.now();
      if (top?.typing?.id === id && now - top.typing.at < 1500) {
        top.forward = [op];
        top.typing.at = now;
      } else record({ forward: [op], inverse: inverseOf(t, op), typing: { id, at: now } });
      t.byId.set(id, { ...e, text, html });
      save.push(op);
    },
    [save.push, record],
  );
  const onToggle = useCallback(
    (id: string) =>
      setCollapsed((s) => {
        const n = new Set(s);
        if (n.has(id)) n.delete(id);
        else n.add(id);
        return n;
      }),
    [],
  );
  const expand = useCallback((id: string | null) => {
    if (id === null) return;
    setCollapsed((s) => {
      if (!s.has(id)) return s;
      const n = new Set(s);
      n.delete(id);
      return n;
    });
  }, []);

  const onDelete = useCallback(
    (id: string) => {
      const t = treeRef.current;
      if (!t.byId.has(id)) return;
      const list = rowsRef.current;
      const i = list.findIndex((r) => r.id === id);
      const snap = snapshotSubtree(t, id);
      const count = subtreeOf(t, id).length;
      const text = t.byId.get(id)?.text || "Entry";
      apply(deleteEntry(t, id));
      const next =
        list
          .slice(0, i)
          .reverse()
          .find((r) => r.id !== id) ?? list.slice(i + 1).find((r) => !subtreeOf(t, id).includes(r.id));
      if (next) setFocus({ id: next.id, at: "end" });
      toast.add({
        title: count > 1 ? `Deleted "${text.slice(0, 40)}" and ${count - 1} more` : `Deleted "${text.slice(0, 40)}"`,
        durationMs: 8000,
        action: {
          label: "Undo",
          onClick: () => {
            const back = restoreSubtree(treeRef.current, snap, () => crypto.randomUUID());
            treeRef.current = back.tree;
            setTree(back.tree);
            for (const op of back.ops) save.push(op);
            setFocus({ id: back.rootId, at: "end" });
          },
        },
      });
    },
    [apply, save.push],
  );

  const rowsRef = useRef(allRows);
  rowsRef.current = allRows;
  /**
   * Outline keys inside an entry's editor (true = handled, the editor does nothing more). Inside
   * a list, table or code block of the entry, Enter and Tab stay the editor's own.
   */
  const onKey = useCallback(
    (id: string, e: KeyboardEvent, editor: TipTap): boolean => {
      const t = treeRef.current;
      const list = rowsRef.current;
      const i = list.findIndex((r) => r.id === id);
      if (i < 0) return false;
      const mod = e.ctrlKey || e.metaKey;
      if (e.isComposing) return false;
      // The "@" case picker is open: its list takes Enter and the arrows.
      const suggesting = editor.state.plugins.some((p) => {
        const st = p.getState(editor.state) as { active?: unknown; query?: unknown } | undefined;
        return !!st && typeof st === "object" && st.active === true && "query" in st;
      });
      if (suggesting) return false;
      const nested = editor.isActive("listItem") || editor.isActive("table") || editor.isActive("codeBlock");
      /** The caret is on the entry's first (up) or last (down) line. */
      const atEdge = (dir: "up" | "down") => {
        const { state, view } = editor;
        if (!state.selection.empty || !view.endOfTextblock(dir)) return false;
        const $h = state.selection.$head;
        const pos = dir === "up" ? $h.before($h.depth) : $h.after($h.depth);
        return Selection.findFrom(state.doc.resolve(pos), dir === "up" ? -1 : 1, true) === null;
      };
      if (mod && !e.altKey && (e.key.toLowerCase() === "z" || e.key.toLowerCase() === "y")) {
        e.preventDefault();
        travel(e.key.toLowerCase() === "y" || e.shiftKey ? "redo" : "undo");
        return true;
      }
      if (e.key === "Enter" && !e.shiftKey && !mod && !e.altKey && !nested) {
        e.preventDefault();
        const row = list[i];
        const newId = crypto.randomUUID();
        const intoChildren = row.hasChildren && !collapsed.has(id);
        apply(intoChildren ? addEntry(t, newId, id, null) : addEntry(t, newId, row.parentId, id));
        setFocus({ id: newId, at: "start" });
      } else if (e.key === "Tab" && !nested) {
        e.preventDefault();
        const c = e.shiftKey ? outdent(t, id) : indent(t, id);
        if (c && !e.shiftKey) expand(c.tree.byId.get(id)!.parentId);
        if (apply(c)) setFocus({ id, at: "end" });
      } else if (e.altKey && (e.key === "ArrowUp" || e.key === "ArrowDown")) {
        e.preventDefault();
        if (apply(shift(t, id, e.key === "ArrowUp" ? -1 : 1))) setFocus({ id, at: "end" });
      } else if (mod && (e.key === "ArrowUp" || e.key === "ArrowDown")) {
        e.preventDefault();
        if (list[i].hasChildren) {
          if (e.key === "ArrowUp" && !collapsed.has(id)) onToggle(id);
          if (e.key === "ArrowDown" && collapsed.has(id)) onToggle(id);
        }
      } else if (e.key === "ArrowUp" && !e.shiftKey && !mod && !e.altKey && i > 0 && atEdge("up")) {
        e.preventDefault();
        setFocus({ id: list[i - 1].id, at: "end" });
      } else if (e.key === "ArrowDown" && !e.shiftKey && !mod && !e.altKey && i < list.length - 1 && atEdge("down")) {
        e.preventDefault();
        setFocus({ id: list[i + 1].id, at: "end" });
      } else if (e.key === "Backspace" && mod && e.shiftKey) {
        e.preventDefault();
        onDelete(id);
      } else if (e.key === "Backspace" && editor.isEmpty && !list[i].hasChildren) {
        e.preventDefault();
        apply(deleteEntry(t, id));
        if (i > 0) setFocus({ id: list[i - 1].id, at: "end" });
        else if (list[1]) setFocus({ id: list[1].id, at: "start" });
      } else return false;
      return true;
    },
    [apply, collapsed, onToggle, expand, onDelete, travel],
  );

  /** From another view's "full entry": back to the full outline, ancestors expanded, the entry focused. */
  // biome-ignore lint/correctness/useExhaustiveDependencies: setView only writes the URL
  const openEntry = useCallback((id: string) => {
    const t = treeRef.current;
    const up = new Set<string>();
    for (let p = t.byId.get(id)?.parentId ?? null; p !== null; p = t.byId.get(p)?.parentId ?? null) up.add(p);
    setCollapsed((s) => new Set([...s].filter((x) => !up.has(x))));
    setView("full");
    setTimeout(() => {
      document.querySelector(`[data-entry-id="${CSS.escape(id)}"]`)?.scrollIntoView({ block: "center" });
      setFocus({ id, at: "end" });
    }, 0);
  }, []);
  const focusedEntry = focusedId ? tree.byId.get(focusedId) : undefined;
  const setMark = (mark: OutlineMark | null) => {
    if (!focusedId || !treeRef.current.byId.has(focusedId)) return;
    apply(markEntry(treeRef.current, focusedId, mark));
    setFocus({ id: focusedId, at: "end" });
  };
  const setEmbed = async (embed: { kind: string; id: string } | null) => {
    if (!focusedId || !treeRef.current.byId.has(focusedId)) return;
    apply(embedEntry(treeRef.current, focusedId, embed));
    // The server resolves the embedded text: save, then read the outline's embeds back.
    await save.flush();
    const fresh = await outlinesApi.get(outline.id);
    const t = { byId: new Map(treeRef.current.byId), kids: treeRef.current.kids };
    for (const e of fresh.entries) {
      const cur = t.byId.get(e.id);
      if (cur && e.embed) t.byId.set(e.id, { ...cur, embed: e.embed });
    }
    treeRef.current = t;
    setTree(t);
  };

  const addFirst = () => {
    const newId = crypto.randomUUID();
    const last = tree.kids.get(null)?.at(-1) ?? null;
    apply(addEntry(tree, newId, null, last));
    setFocus({ id: newId, at: "start" });
  };

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const onDragStart = (e: DragStartEvent) => setDrag({ id: String(e.active.id), overId: String(e.active.id), dx: 0 });
  const onDragMove = (e: DragMoveEvent) =>
    setDrag((d) => (d ? { ...d, dx: e.delta.x, overId: e.over ? String(e.over.id) : d.overId } : d));
  const onDragEnd = (e: DragEndEvent) => {
    const d = drag;
    setDrag(null);
    if (!d || !e.over) return;
    const p = projectDrop(rows, d.id, String(e.over.id), e.delta.x, indentPx);
    if (p) {
      expand(p.parentId);
      apply(moveEntry(treeRef.current, d.id, p.parentId, p.afterId));
    }
  };

  return (
    <div className="mx-auto max-w-4xl">
      <div className="flex flex-wrap items-center gap-2">
        <Link to="/outlines/library" className={buttonClass("ghost", "sm")} aria-label="Back to outlines">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Outlines
        </Link>
        <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
          <SaveIndicator store={save.store} />
          <ReloadOnConflict store={save.store} />
          <a
            href={outlinesApi.exportUrl(outline.id, "md")}
            className={buttonClass("outline", "sm")}
            onClick={() => void save.flush()}
            download
          >
            <Download className="h-4 w-4" aria-hidden /> Markdown
          </a>
          {(["docx", "pdf"] as const).map((f) => (
            <a
              key={f}
              href={outlinesApi.exportUrl(outline.id, f)}
              className={buttonClass("outline", "sm")}
              onClick={() => void save.flush()}
              download
            >
              <Download className="h-4 w-4" aria-hidden /> {f === "docx" ? "Word" : "PDF"}
            </a>
          ))}
        </div>
      </div>
      <input
        aria-label="Outline title"
        value={title}
        maxLength={200}
        onChange={(e) => {
          setTitle(e.target.value);
          save.setTitle(e.target.value);
        }}
        className="mt-4 w-full border-0 bg-transparent p-0 text-2xl font-bold tracking-tight focus:outline-none focus:ring-0"
      />
      {outline.subject && <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{outline.subject}</p>}
      <div role="tablist" aria-label="Views" className="mt-3 flex gap-1 overflow-x-auto">
        {VIEWS.map(([v, label]) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={view === v}
            onClick={() => {
              if (v !== "full") void save.flush();
              setView(v);
            }}
            className={clsx(
              "shrink-0 rounded-md px-3 py-1.5 text-sm font-medium",
              view === v
                ? "bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
                : "text-slate-600 hover:text-slate-900 dark:text-slate-400",
            )}
          >
            {label}
          </button>
        ))}
      </div>
      {view === "full" && (
        <>
          <div className="mt-3 flex flex-wrap items-center gap-1" role="toolbar" aria-label="Entry tools">
            <Button
              size="sm"
              variant="ghost"
              aria-label="Undo last change"
              title="Undo (Ctrl+Z)"
              disabled={!undoStack.current.length}
              onClick={() => travel("undo")}
            >
              <Undo2 className="h-4 w-4" aria-hidden />
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label="Redo last change"
              title="Redo (Ctrl+Shift+Z)"
              disabled={!redoStack.current.length}
              onClick={() => travel("redo")}
            >
              <Redo2 className="h-4 w-4" aria-hidden />
            </Button>
            <select
              aria-label="Mark the entry as"
              disabled={!focusedEntry}
              value={focusedEntry?.mark ?? ""}
              onChange={(e) => setMark((e.target.value || null) as OutlineMark | null)}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900"
            >
              {MARKS.map(([m, label]) => (
                <option key={m} value={m}>
                  {m ? `Mark: ${label}` : label}
                </option>
              ))}
            </select>
            <Button size="sm" variant="outline" disabled={!focusedEntry} onClick={() => setEmbedding(true)}>
              <Link2 className="h-4 w-4" aria-hidden /> Embed…
            </Button>
            <EntryFormatting editor={toolbarEditor} />
            <p className="ml-2 hidden text-xs text-slate-500 lg:block dark:text-slate-400">
              Enter new · Tab / Shift+Tab indent · Alt+↑↓ move · Ctrl+↑↓ fold · Ctrl+Z / Ctrl+Shift+Z undo / redo · drag
              the handle to move a section
            </p>
          </div>
          <div className="mt-2 rounded-xl border border-slate-200 bg-white px-2 py-3 sm:px-4 dark:border-slate-800 dark:bg-slate-900">
            {rows.length ? (
              <DndContext
                sensors={sensors}
                collisionDetection={closestCenter}
                onDragStart={onDragStart}
                onDragMove={onDragMove}
                onDragEnd={onDragEnd}
                onDragCancel={() => setDrag(null)}
              >
                <SortableContext items={ids} strategy={verticalListSortingStrategy}>
                  <ol aria-label="Outline" className="space-y-0">
                    {rows.map((r) => {
                      const entry = tree.byId.get(r.id);
                      return (
                        <OutlineRow
                          key={`${r.id}:${revs.get(r.id) ?? 0}`}
                          row={r}
                          html={entry?.html ?? ""}
                          active={active?.id === r.id ? active.at : null}
                          onActivate={onActivate}
                          onEditor={onEditor}
                          onHtml={onHtml}
                          mark={entry?.mark ?? null}
                          embed={entry?.embed ?? null}
                          collapsed={collapsed.has(r.id)}
                          depthOverride={drag?.id === r.id && projection ? projection.depth : undefined}
                          indent={indentPx}
                          onKey={onKey}
                          onToggle={onToggle}
                          onDelete={onDelete}
                          onFocus={setFocusedId}
                          sortable={isSortable(r.id)}
                          observe={observe}
                        />
                      );
                    })}
                  </ol>
                </SortableContext>
              </DndContext>
            ) : (
              <p className="px-2 py-6 text-center text-sm text-slate-500">This outline is empty.</p>
            )}
            <Button variant="ghost" size="sm" className="mt-2" onClick={addFirst}>
              <Plus className="h-4 w-4" aria-hidden /> Add entry
            </Button>
          </div>
        </>
      )}
      {view !== "full" && (
        <div className="mt-3 rounded-xl border border-slate-200 bg-white px-3 py-4 sm:px-4 dark:border-slate-800 dark:bg-slate-900">
          {view === "attack" && <AttackView tree={tree} onOpen={openEntry} outlineId={outline.id} />}
          {view === "checklist" && <ChecklistView tree={tree} />}
          {view === "flowchart" && <FlowchartView tree={tree} />}
          {view === "history" && (
            <HistoryView
              outlineId={outline.id}
              current={tree}
              flush={save.flush}
              version={() => save.version.current}
              tab={OUTLINE_TAB_ID}
              onRestored={() => void qc.invalidateQueries({ queryKey: ["outline", outline.id] })}
            />
          )}
        </div>
      )}
      <EmbedDialog
        open={embedding}
        onOpenChange={setEmbedding}
        hasEmbed={!!focusedEntry?.embed}
        onEmbed={(e) => void setEmbed(e)}
      />
    </div>
  );
}

/** The notes editor's formatting toolbar for the open entry (redrawn as its selection changes). */
function EntryFormatting({ editor }: { editor: TipTap | null }) {
  useEditorState({ editor, selector: (c) => c.transactionNumber });
  if (!editor || editor.isDestroyed) return null;
  return <Toolbar editor={editor} history={false} className="w-full sm:w-auto" />;
}
