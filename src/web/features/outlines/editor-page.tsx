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
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Download, Plus } from "lucide-react";
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { Button, buttonClass } from "../../components/ui/button";
import { Spinner } from "../../components/ui/card";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { NotFoundPage } from "../shell/screens";
import { type Outline, outlinesApi } from "./api";
import { OutlinesGate } from "./gate";
import { indentFor, OutlineRow } from "./outline-row";
import { ReloadOnConflict, SaveIndicator } from "./save-indicator";
import {
  addEntry,
  buildTree,
  type Change,
  deleteEntry,
  editEntry,
  htmlToText,
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
import { useOutlineSave } from "./use-outline-save";

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
  return <Editor key={q.data.id} outline={q.data} />;
}

const collapsedKey = (id: string) => `lexmate.outline.collapsed.${id}`;

function Editor({ outline }: { outline: Outline }) {
  const [tree, setTree] = useState<Tree>(() =>
    buildTree(outline.entries.map((e) => ({ ...e, text: htmlToText(e.html) }))),
  );
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

  const inputs = useRef(new Map<string, HTMLTextAreaElement>());
  const register = useCallback((id: string, el: HTMLTextAreaElement | null) => {
    if (el) inputs.current.set(id, el);
    else inputs.current.delete(id);
  }, []);
  const [focus, setFocus] = useState<{ id: string; at: "start" | "end" } | null>(null);
  useEffect(() => {
    if (!focus) return;
    const el = inputs.current.get(focus.id);
    if (el) {
      el.focus();
      const p = focus.at === "end" ? el.value.length : 0;
      el.setSelectionRange(p, p);
    }
    setFocus(null);
  }, [focus]);

  const apply = useCallback(
    (c: Change | null) => {
      if (!c) return false;
      treeRef.current = c.tree;
      setTree(c.tree);
      save.push(c.op);
      return true;
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
  const ids = useMemo(() => rows.map((r) => r.id), [idsKey]);
  const projection = drag ? projectDrop(rows, drag.id, drag.overId, drag.dx, indentPx) : null;

  // Typing changes the entry in place (no re-render of the editor); the row shows its own text.
  const onText = useCallback(
    (id: string, text: string) => {
      const t = treeRef.current;
      const e = t.byId.get(id);
      if (!e) return;
      t.byId.set(id, { ...e, text });
      save.push(editEntry(t, id, text).op);
    },
    [save.push],
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
  const onKey = useCallback(
    (id: string, e: KeyboardEvent<HTMLTextAreaElement>) => {
      const t = treeRef.current;
      const list = rowsRef.current;
      const i = list.findIndex((r) => r.id === id);
      const mod = e.ctrlKey || e.metaKey;
      if (e.nativeEvent.isComposing) return;
      if (e.key === "Enter" && !e.shiftKey && !mod && !e.altKey) {
        e.preventDefault();
        const row = list[i];
        const newId = crypto.randomUUID();
        const intoChildren = row.hasChildren && !collapsed.has(id);
        apply(intoChildren ? addEntry(t, newId, id, null) : addEntry(t, newId, row.parentId, id));
        setFocus({ id: newId, at: "start" });
      } else if (e.key === "Tab") {
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
      } else if (e.key === "ArrowUp" && !e.shiftKey && i > 0) {
        e.preventDefault();
        setFocus({ id: list[i - 1].id, at: "end" });
      } else if (e.key === "ArrowDown" && !e.shiftKey && i < list.length - 1) {
        e.preventDefault();
        setFocus({ id: list[i + 1].id, at: "end" });
      } else if (e.key === "Backspace" && mod && e.shiftKey) {
        e.preventDefault();
        onDelete(id);
      } else if (e.key === "Backspace" && !e.currentTarget.value && !list[i].hasChildren) {
        e.preventDefault();
        apply(deleteEntry(t, id));
        if (i > 0) setFocus({ id: list[i - 1].id, at: "end" });
        else if (list[1]) setFocus({ id: list[1].id, at: "start" });
      }
    },
    [apply, collapsed, onToggle, expand, onDelete],
  );

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
        <div className="ml-auto flex items-center gap-2">
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
      <p className="mt-3 hidden text-xs text-slate-500 sm:block dark:text-slate-400">
        Enter: new entry · Tab / Shift+Tab: indent / outdent · Alt+↑↓: move · Ctrl+↑↓: collapse / expand ·
        Ctrl+Shift+Backspace: delete a section · drag the handle to move a section
      </p>
      <div className="mt-4 rounded-xl border border-slate-200 bg-white px-2 py-3 sm:px-4 dark:border-slate-800 dark:bg-slate-900">
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
                {rows.map((r) => (
                  <OutlineRow
                    key={r.id}
                    row={r}
                    text={tree.byId.get(r.id)?.text ?? ""}
                    collapsed={collapsed.has(r.id)}
                    depthOverride={drag?.id === r.id && projection ? projection.depth : undefined}
                    indent={indentPx}
                    register={register}
                    onText={onText}
                    onKey={onKey}
                    onToggle={onToggle}
                    onDelete={onDelete}
                  />
                ))}
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
    </div>
  );
}
