/**
 * One row of the outline editor: drag handle (dnd-kit sortable), collapse toggle, the numbering
 * label and the entry's rich text. The text lives in the row (`html` is only its first value), so
 * typing re-renders this row and nothing else: the editor and dnd-kit's contexts stay still.
 *
 * Rich text (issue 16 §2) is the notes editor (TipTap, notes/rich-editor.tsx) mounted in the
 * active row only: every other row shows its sanitized HTML, so 2,000 rows cost 2,000 static
 * blocks, not 2,000 editors. A click (at the point clicked) or keyboard focus makes a row active.
 */
import { useSortable } from "@dnd-kit/sortable";
import { clsx } from "clsx";
import { ChevronDown, ChevronRight, ExternalLink, GripVertical, Trash2 } from "lucide-react";
import type { Editor } from "@tiptap/react";
import { memo, useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import type { OutlineMark } from "../../../contract/outlines";
import { RichEditor } from "../notes/rich-editor";
import { htmlToText, type Row, type TreeEntry } from "./tree";

/** Where the caret goes when a row becomes active: its start, its end, or the point clicked. */
export type CaretAt = "start" | "end" | { x: number; y: number };

/** One level of indentation in px: 24 from 640 px wide, 14 on phones. */
export const indentFor = (width: number) => (width >= 640 ? 24 : 14);

export interface RowProps {
  row: Row;
  html: string;
  collapsed: boolean;
  /** One level of indentation, px. */
  indent: number;
  /** Depth shown while dragging (the projected level). */
  depthOverride?: number;
  /** Set on the one row being edited: where its editor puts the caret when it opens. */
  active: CaretAt | null;
  /** Asks for this row to become the active one. */
  onActivate: (id: string, at: CaretAt) => void;
  /** The active row's editor once it exists (null when it closes). */
  onEditor: (id: string, editor: Editor | null) => void;
  onHtml: (id: string, html: string) => void;
  /** Outline keys in the entry's editor; true when handled. */
  onKey: (id: string, e: KeyboardEvent, editor: Editor) => boolean;
  onToggle: (id: string) => void;
  /** Deletes the entry and its subtree (undoable). */
  onDelete: (id: string) => void;
  mark?: OutlineMark | null;
  embed?: TreeEntry["embed"];
  onFocus?: (id: string) => void;
  /**
   * Whether the row takes part in drag and drop now (a dnd-kit sortable). Rows far from the
   * screen are plain rows: every sortable row re-renders whenever any row mounts (dnd-kit's
   * context), so in a long outline only the rows near the screen are sortable.
   */
  sortable: boolean;
  /** Tells the editor where the row's element is (it watches which rows are near the screen). */
  observe: (id: string, el: HTMLElement | null) => void;
}

type Sortable = ReturnType<typeof useSortable>;

const MARK_LABEL: Record<OutlineMark, string> = {
  step: "step",
  rule: "rule",
  element: "element",
  exception: "exception",
  trigger: "trigger",
  issue: "issue",
};

const KIND_LABEL: Record<string, string> = {
  note: "Note",
  brief: "Case brief",
  student_brief: "Your brief",
  topic: "Topic",
  provision: "Provision",
  card: "Card",
};

/** A live embed under the entry: its title opens the referenced text in place; the icon goes to it. */
function EmbedBox({ embed }: { embed: NonNullable<TreeEntry["embed"]> }) {
  const [open, setOpen] = useState(false);
  if (!embed.title)
    return <p className="mt-0.5 text-xs text-slate-500">{KIND_LABEL[embed.kind] ?? "Embed"} (saving…)</p>;
  return (
    <div
      data-testid="outline-embed"
      className={clsx(
        "mt-0.5 rounded-md border-l-2 px-2 py-1 text-sm",
        embed.missing
          ? "border-red-300 bg-red-50/40 dark:bg-red-950/20"
          : "border-brand-400 bg-slate-50 dark:bg-slate-800/50",
      )}
    >
      <div className="flex items-center gap-2">
        <button
          type="button"
          tabIndex={-1}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          className="min-w-0 flex-1 truncate text-left text-xs font-medium text-slate-700 hover:underline dark:text-slate-200"
        >
          {KIND_LABEL[embed.kind] ?? "Embed"}: {embed.title}
        </button>
        {embed.href && (
          <Link
            to={embed.href}
            tabIndex={-1}
            aria-label={`Go to ${embed.title}`}
            className="text-slate-400 hover:text-brand-700"
          >
            <ExternalLink className="h-3.5 w-3.5" aria-hidden />
          </Link>
        )}
      </div>
      {open && !embed.missing && (
        <div
          className="prose prose-sm mt-1 max-w-none dark:prose-invert"
          // Sanitized on the server (notes sanitizer) or built from escaped official text.
          dangerouslySetInnerHTML={{ __html: embed.html ?? "" }}
        />
      )}
    </div>
  );
}

/** Rows are rebuilt on every change; compare what is shown, so typing re-renders one row. */
const same = (a: RowProps, b: RowProps) =>
  a.collapsed === b.collapsed &&
  a.active === b.active &&
  a.depthOverride === b.depthOverride &&
  a.indent === b.indent &&
  a.row.id === b.row.id &&
  a.row.depth === b.row.depth &&
  a.row.label === b.row.label &&
  a.row.hasChildren === b.row.hasChildren &&
  a.mark === b.mark &&
  a.embed === b.embed &&
  a.onFocus === b.onFocus &&
  a.onActivate === b.onActivate &&
  a.onEditor === b.onEditor &&
  a.onHtml === b.onHtml &&
  a.onKey === b.onKey &&
  a.onToggle === b.onToggle &&
  a.onDelete === b.onDelete &&
  a.sortable === b.sortable &&
  a.observe === b.observe;

/** A row near the screen: a dnd-kit sortable item. */
function SortableRow(props: RowProps) {
  const dnd = useSortable({ id: props.row.id });
  return <RowView {...props} dnd={dnd} />;
}

export const OutlineRow = memo(
  (props: RowProps) => (props.sortable ? <SortableRow {...props} /> : <RowView {...props} dnd={null} />),
  same,
);

function RowView({
  row,
  html: firstHtml,
  collapsed,
  depthOverride,
  indent,
  active,
  onActivate,
  onEditor,
  onHtml,
  onKey,
  onToggle,
  onDelete,
  mark,
  embed,
  onFocus,
  observe,
  dnd,
}: RowProps & { dnd: Sortable | null }) {
  const transform = dnd?.transform ?? null;
  const depth = depthOverride ?? row.depth;
  const [html, setHtml] = useState(firstHtml);
  const value = htmlToText(html);
  const id = row.id;
  const ready = useCallback((e: Editor) => onEditor(id, e), [id, onEditor]);
  const change = useCallback(
    (h: string) => {
      setHtml(h);
      onHtml(id, h);
    },
    [id, onHtml],
  );
  const key = useCallback((e: KeyboardEvent, ed: Editor) => onKey(id, e, ed), [id, onKey]);
  const open = active !== null;
  // Stable, so a re-render does not detach and re-attach the row (and re-observe it).
  const setNodeRef = dnd?.setNodeRef;
  const nodeRef = useCallback(
    (el: HTMLLIElement | null) => {
      setNodeRef?.(el);
      observe(id, el);
    },
    [setNodeRef, observe, id],
  );
  useEffect(() => {
    if (open) return () => onEditor(id, null);
  }, [open, id, onEditor]);
  return (
    <li
      ref={nodeRef}
      data-testid="outline-entry"
      data-entry-id={row.id}
      data-depth={row.depth}
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        transition: dnd?.transition,
        paddingLeft: (depth - 1) * indent,
      }}
      className={clsx("group flex items-start gap-1 py-0.5", dnd?.isDragging && "opacity-40")}
    >
      <button
        type="button"
        ref={dnd?.setActivatorNodeRef}
        {...dnd?.attributes}
        {...dnd?.listeners}
        aria-label={`Drag ${value || "entry"}`}
        className="mt-1 cursor-grab touch-none rounded p-0.5 text-slate-300 opacity-60 hover:text-slate-500 group-hover:opacity-100 dark:text-slate-600"
      >
        <GripVertical className="h-4 w-4" aria-hidden />
      </button>
      <button
        type="button"
        onClick={() => onToggle(row.id)}
        aria-label={collapsed ? "Expand" : "Collapse"}
        aria-expanded={row.hasChildren ? !collapsed : undefined}
        className={clsx("mt-1 rounded p-0.5 text-slate-500", !row.hasChildren && "invisible")}
        tabIndex={-1}
      >
        {collapsed ? <ChevronRight className="h-4 w-4" aria-hidden /> : <ChevronDown className="h-4 w-4" aria-hidden />}
      </button>
      <span
        className={clsx(
          "mt-[3px] shrink-0 select-none text-right text-sm tabular-nums text-slate-500 dark:text-slate-400",
          row.depth === 1 ? "min-w-8 font-semibold" : "min-w-6",
        )}
        data-testid="outline-label"
      >
        {row.label}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-1">
          <div
            className={clsx(
              "outline-entry min-w-0 flex-1 rounded px-1 py-0.5",
              active ? "bg-brand-50/60 dark:bg-slate-800/60" : "cursor-text",
              row.depth === 1 && "font-semibold",
            )}
          >
            {active ? (
              <RichEditor
                html={html}
                onChange={change}
                label={`Entry ${row.label}`}
                placeholder="Type here…"
                entry
                history={false}
                autofocus={active}
                onKeyDown={key}
                onReady={ready}
                testId="outline-text"
              />
            ) : (
              // The server sanitized this HTML (src/server/lib/sanitize.ts) or TipTap wrote it.
              // biome-ignore lint/a11y/useSemanticElements: a closed entry stands for the editor it opens into
              <div
                role="textbox"
                tabIndex={0}
                aria-label={`Entry ${row.label}`}
                aria-multiline="true"
                data-testid="outline-text"
                className={clsx("rich rich-entry", !value && "text-slate-400")}
                onMouseDown={(e) => {
                  if (e.button !== 0) return;
                  e.preventDefault();
                  onActivate(id, { x: e.clientX, y: e.clientY });
                  onFocus?.(id);
                }}
                onClick={(e) => e.preventDefault()}
                onFocus={() => {
                  onActivate(id, "end");
                  onFocus?.(id);
                }}
                {...(html && value
                  ? { dangerouslySetInnerHTML: { __html: html } }
                  : { children: value ? null : "Type here…" })}
              />
            )}
          </div>
          {mark && (
            <span
              data-testid="outline-mark"
              className="mt-1 shrink-0 rounded bg-amber-100 px-1.5 py-0.5 text-[11px] font-medium uppercase tracking-wide text-amber-800 dark:bg-amber-900/40 dark:text-amber-200"
            >
              {MARK_LABEL[mark]}
            </span>
          )}
        </div>
        {embed && <EmbedBox embed={embed} />}
      </div>
      <button
        type="button"
        tabIndex={-1}
        onClick={() => onDelete(row.id)}
        aria-label={`Delete ${value || "entry"}${row.hasChildren ? " and its sub-entries" : ""}`}
        className="mt-1 rounded p-0.5 text-slate-400 opacity-0 hover:text-red-600 focus:opacity-100 group-hover:opacity-100 group-focus-within:opacity-100"
      >
        <Trash2 className="h-4 w-4" aria-hidden />
      </button>
    </li>
  );
}
