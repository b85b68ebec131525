/**
 * The TipTap editor used by notes and brief sections: headings, lists, emphasis, links,
 * quotes, tables, and case links. Typing "@" (or the toolbar's case button) opens a picker of
 * opinions and briefs; a chosen case is written as
 * `<a data-type="case-link" data-case-id="<kind>:<id>" href="/case-law/<id>">Name</a>`,
 * which the server keeps through sanitizing and stores as a link for backlinks.
 */
import Mention from "@tiptap/extension-mention";
import Placeholder from "@tiptap/extension-placeholder";
import { Table, TableCell, TableHeader, TableRow } from "@tiptap/extension-table";
import { type Editor, EditorContent, ReactRenderer, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { clsx } from "clsx";
import {
  Bold,
  Heading2,
  Heading3,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Scale,
  Strikethrough,
  Table2,
  Undo2,
} from "lucide-react";
import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from "react";
import { api } from "../../lib/api";
import "./rich-text.css";

export interface CaseOption {
  kind: "opinion" | "brief" | "student_brief";
  id: string;
  title: string;
  citation: string | null;
  year: number | null;
  url: string;
}

export const searchCases = (q: string) =>
  api<{ cases: CaseOption[] }>(`/api/case-links/search?q=${encodeURIComponent(q)}`).then((r) => r.cases);

const kindLabel: Record<CaseOption["kind"], string> = {
  opinion: "Opinion",
  brief: "Brief",
  student_brief: "Your brief",
};

interface ListHandle {
  onKeyDown: (e: KeyboardEvent) => boolean;
}

/** The suggestion list shown under the caret while typing "@…". */
const CaseList = forwardRef<ListHandle, { items: CaseOption[]; command: (c: CaseOption) => void; query: string }>(
  ({ items, command, query }, ref) => {
    const [index, setIndex] = useState(0);
    // biome-ignore lint/correctness/useExhaustiveDependencies: a new list starts at its first item
    useEffect(() => setIndex(0), [items]);
    useImperativeHandle(ref, () => ({
      onKeyDown: (e) => {
        if (e.key === "ArrowDown") setIndex((i) => (i + 1) % Math.max(1, items.length));
        else if (e.key === "ArrowUp") setIndex((i) => (i - 1 + items.length) % Math.max(1, items.length));
        else if (e.key === "Enter" && items[index]) command(items[index]);
        else return false;
        return true;
      },
    }));
    return (
      <div
        className="w-80 overflow-hidden rounded-xl border border-slate-200 bg-white p-1 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        role="listbox"
        aria-label="Cases"
      >
        {items.length === 0 ? (
          <p className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">
            {query.length < 2 ? "Type a case name…" : "No case matches."}
          </p>
        ) : (
          items.map((c, i) => (
            <button
              key={`${c.kind}:${c.id}`}
              type="button"
              role="option"
              aria-selected={i === index}
              onMouseDown={(e) => {
                e.preventDefault();
                command(c);
              }}
              className={clsx(
                "flex w-full flex-col items-start rounded-lg px-3 py-2 text-left",
                i === index ? "bg-brand-50 dark:bg-slate-800" : "hover:bg-slate-50 dark:hover:bg-slate-800/60",
              )}
            >
              <span className="line-clamp-1 text-sm font-medium italic">{c.title}</span>
              <span className="text-xs text-slate-500 dark:text-slate-400">
                {kindLabel[c.kind]}
                {c.citation ? ` · ${c.citation}` : ""}
                {c.year ? ` (${c.year})` : ""}
              </span>
            </button>
          ))
        )}
      </div>
    );
  },
);
CaseList.displayName = "CaseList";

/** Mention node written and read as a case-link anchor. */
const CaseMention = Mention.extend({
  parseHTML() {
    return [
      {
        tag: "a[data-case-id]",
        // Before the link mark's `a[href]` rule, so a case link comes back as a case link.
        priority: 1000,
        getAttrs: (el) => {
          const node = el as HTMLElement;
          return { id: node.getAttribute("data-case-id"), label: node.textContent };
        },
      },
    ];
  },
}).configure({
  renderText: ({ node }) => String(node.attrs.label ?? ""),
  renderHTML: ({ node }) => {
    const [kind, id] = String(node.attrs.id ?? "").split(":");
    const href = kind === "opinion" ? `/case-law/${id}` : `/cases/${id}`;
    return ["a", { "data-type": "case-link", "data-case-id": node.attrs.id, href }, String(node.attrs.label ?? "")];
  },
  suggestion: {
    char: "@",
    items: async ({ query }) => (query.trim().length >= 2 ? searchCases(query).catch(() => []) : []),
    command: ({ editor, range, props }) => {
      const c = props as unknown as CaseOption;
      editor
        .chain()
        .focus()
        .insertContentAt(range, [
          { type: "mention", attrs: { id: `${c.kind}:${c.id}`, label: c.title } },
          { type: "text", text: " " },
        ])
        .run();
    },
    render: () => {
      let renderer: ReactRenderer<ListHandle> | null = null;
      let box: HTMLDivElement | null = null;
      const place = (rect: DOMRect | null | undefined) => {
        if (!box || !rect) return;
        box.style.left = `${Math.min(rect.left, window.innerWidth - 330)}px`;
        box.style.top = `${rect.bottom + window.scrollY + 6}px`;
      };
      return {
        onStart: (props) => {
          renderer = new ReactRenderer(CaseList, { props, editor: props.editor });
          box = document.createElement("div");
          box.style.position = "absolute";
          box.style.zIndex = "60";
          box.appendChild(renderer.element);
          document.body.appendChild(box);
          place(props.clientRect?.());
        },
        onUpdate: (props) => {
          renderer?.updateProps(props);
          place(props.clientRect?.());
        },
        onKeyDown: (props) => {
          if (props.event.key === "Escape") {
            box?.remove();
            return true;
          }
          return renderer?.ref?.onKeyDown(props.event) ?? false;
        },
        onExit: () => {
          box?.remove();
          renderer?.destroy();
          box = null;
          renderer = null;
        },
      };
    },
  },
});

function ToolButton({
  label,
  active,
  onClick,
  children,
  disabled,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: React.ReactNode;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={clsx(
        "inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-slate-600 transition-colors disabled:opacity-40 dark:text-slate-300",
        active
          ? "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-white"
          : "hover:bg-slate-100 dark:hover:bg-slate-800",
      )}
    >
      {children}
    </button>
  );
}

export function Toolbar({
  editor,
  className,
  history = true,
}: {
  editor: Editor | null;
  className?: string;
  /** false when the editor has no undo history of its own (outline entries: the outline undoes). */
  history?: boolean;
}) {
  if (!editor) return null;
  const setLink = () => {
    const prev = editor.getAttributes("link").href as string | undefined;
    const url = window.prompt("Link address (https://…)", prev ?? "https://");
    if (url === null) return;
    if (!url.trim() || url === "https://") editor.chain().focus().unsetLink().run();
    else editor.chain().focus().extendMarkRange("link").setLink({ href: url.trim() }).run();
  };
  const sep = <span className="mx-1 h-5 w-px shrink-0 bg-slate-200 dark:bg-slate-700" aria-hidden />;
  return (
    <div
      className={clsx("no-scrollbar flex flex-nowrap items-center gap-0.5 overflow-x-auto", className)}
      role="toolbar"
      aria-label="Formatting"
    >
      <ToolButton
        label="Heading"
        active={editor.isActive("heading", { level: 2 })}
        onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()}
      >
        <Heading2 className="h-4 w-4" />
      </ToolButton>
      <ToolButton
        label="Subheading"
        active={editor.isActive("heading", { level: 3 })}
        onClick={() => editor.chain().focus().toggleHeading({ level: 3 }).run()}
      >
        <Heading3 className="h-4 w-4" />
      </ToolButton>
      {sep}
      <ToolButton
        label="Bold"
        active={editor.isActive("bold")}
        onClick={() => editor.chain().focus().toggleBold().run()}
      >
        <Bold className="h-4 w-4" />
      </ToolButton>
      <ToolButton
        label="Italic"
        active={editor.isActive("italic")}
        onClick={() => editor.chain().focus().toggleItalic().run()}
      >
        <Italic className="h-4 w-4" />
      </ToolButton>
      <ToolButton
        label="Strikethrough"
        active={editor.isActive("strike")}
        onClick={() => editor.chain().focus().toggleStrike().run()}
      >
        <Strikethrough className="h-4 w-4" />
      </ToolButton>
      {sep}
      <ToolButton
        label="Bulleted list"
        active={editor.isActive("bulletList")}
        onClick={() => editor.chain().focus().toggleBulletList().run()}
      >
        <List className="h-4 w-4" />
      </ToolButton>
      <ToolButton
        label="Numbered list"
        active={editor.isActive("orderedList")}
        onClick={() => editor.chain().focus().toggleOrderedList().run()}
      >
        <ListOrdered className="h-4 w-4" />
      </ToolButton>
      <ToolButton
        label="Quote"
        active={editor.isActive("blockquote")}
        onClick={() => editor.chain().focus().toggleBlockquote().run()}
      >
        <Quote className="h-4 w-4" />
      </ToolButton>
      <ToolButton
        label="Table"
        active={editor.isActive("table")}
        onClick={() =>
          editor.isActive("table")
            ? editor.chain().focus().addRowAfter().run()
            : editor.chain().focus().insertTable({ rows: 3, cols: 2, withHeaderRow: true }).run()
        }
      >
        <Table2 className="h-4 w-4" />
      </ToolButton>
      {sep}
      <ToolButton label="Link" active={editor.isActive("link")} onClick={setLink}>
        <Link2 className="h-4 w-4" />
      </ToolButton>
      <ToolButton label="Link a case (@)" onClick={() => editor.chain().focus().insertContent(" @").run()}>
        <Scale className="h-4 w-4" />
      </ToolButton>
      {history && (
        <>
          {sep}
          <ToolButton label="Undo" disabled={!editor.can().undo()} onClick={() => editor.chain().focus().undo().run()}>
            <Undo2 className="h-4 w-4" />
          </ToolButton>
          <ToolButton label="Redo" disabled={!editor.can().redo()} onClick={() => editor.chain().focus().redo().run()}>
            <Redo2 className="h-4 w-4" />
          </ToolButton>
        </>
      )}
    </div>
  );
}

export interface RichEditorProps {
  html: string;
  onChange: (html: string) => void;
  placeholder?: string;
  compact?: boolean;
  label: string;
  /** Called once with the editor (toolbars elsewhere, programmatic content). */
  onReady?: (editor: Editor) => void;
  className?: string;
  testId?: string;
  /**
   * Keys the host handles before the editor (outline entries: Enter, Tab, Alt+↑↓…); return true
   * when handled. Called with the live editor.
   */
  onKeyDown?: (event: KeyboardEvent, editor: Editor) => boolean;
  /** Focus at creation: the start, the end, or the point under a click (viewport px). */
  autofocus?: "start" | "end" | { x: number; y: number } | null;
  /** false: no undo history in the editor (a host that undoes itself). Default true. */
  history?: boolean;
  /** One outline entry: tight lines, no minimum height (class `rich-entry`). */
  entry?: boolean;
}

/** An uncontrolled editor: `html` is read at mount (and when `resetKey` changes via `key`). */
export function RichEditor({
  html,
  onChange,
  placeholder,
  compact,
  label,
  onReady,
  className,
  testId,
  onKeyDown,
  autofocus,
  history = true,
  entry,
}: RichEditorProps) {
  const changeRef = useRef(onChange);
  changeRef.current = onChange;
  const keyRef = useRef(onKeyDown);
  keyRef.current = onKeyDown;
  const focusAt = useRef(autofocus);
  const baseline = useRef<string | null>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        ...(history ? {} : { undoRedo: false as const }),
        heading: { levels: [1, 2, 3] },
        link: { openOnClick: false, autolink: true, HTMLAttributes: { rel: "noopener noreferrer nofollow" } },
      }),
      Placeholder.configure({ placeholder: placeholder ?? "Write…" }),
      Table.configure({ resizable: false }),
      TableRow,
      TableHeader,
      TableCell,
      CaseMention,
    ],
    content: html,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class: clsx("rich", compact && "rich-compact", entry && "rich-entry"),
        "aria-label": label,
        role: "textbox",
        "aria-multiline": "true",
        ...(testId ? { "data-testid": testId } : {}),
      },
      handleKeyDown: (_view, event) => {
        const e = editorRef.current;
        return !!(e && keyRef.current?.(event, e));
      },
    },
    // Only the student's edits count: TipTap normalises loaded HTML (tables, marks) on its
    // first transaction, and that must not look like an unsaved change. An empty transaction at
    // creation runs the normalisation; its HTML is the baseline an edit is compared with.
    onCreate: ({ editor: e }) => {
      e.view.dispatch(e.state.tr.setMeta("addToHistory", false));
      baseline.current = e.getHTML();
    },
    onUpdate: ({ editor: e }) => {
      const next = e.getHTML();
      if (next === baseline.current) return;
      baseline.current = next;
      changeRef.current(e.isEmpty ? "" : next);
    },
  });
  const editorRef = useRef<Editor | null>(null);
  editorRef.current = editor;
  useEffect(() => {
    if (editor && onReady) onReady(editor);
  }, [editor, onReady]);
  // A layout effect, after EditorContent's componentDidMount has put the view in the page, and
  // a synchronous view.focus(): TipTap's focus command waits for the next animation frame, and
  // keys typed before it (a fast typist, a busy machine) would be lost.
  useLayoutEffect(() => {
    const at = focusAt.current;
    if (!editor || !at) return;
    const pos = typeof at === "object" ? editor.view.posAtCoords({ left: at.x, top: at.y })?.pos : undefined;
    editor.commands.focus(typeof at === "object" ? (pos ?? "end") : at, { scrollIntoView: false });
    editor.view.focus();
  }, [editor]);
  return <EditorContent editor={editor} className={className} />;
}

/** Server-sanitized HTML shown read-only (briefs, templates). */
export function RichHtml({ html, className }: { html: string; className?: string }) {
  // The HTML was sanitized by the server's allowlist before it was stored (src/server/lib/sanitize.ts).
  return <div className={clsx("rich", className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
