/**
 * The editor's outline tree (issue 16 §2), pure: the entries as ordered child lists, the visible
 * rows with their depth and numbering, and the moves the keyboard and drag and drop make. Every
 * change returns the PATCH operation (src/contract/outlines.ts `outlineOp`) that makes the same
 * change on the server, which applies operations in order with the same `afterId` rule, so both
 * sides agree on the order without sharing positions.
 */
import type { OutlineMark, OutlineOp } from "../../../contract/outlines";
import { outlineLabel } from "../../../domain/outline-numbering";

export const MAX_DEPTH = 12;

export interface TreeEntry {
  id: string;
  parentId: string | null;
  /** The entry's plain text (views, labels, search). */
  text: string;
  /** The entry's rich text (TipTap HTML, sanitized by the server when saved). */
  html: string;
  /** A live embed: the reference, and the text the server resolved when it was read. */
  embed: { kind: string; id: string; title?: string; html?: string; href?: string | null; missing?: boolean } | null;
  mark?: OutlineMark | null;
}
export interface Tree {
  byId: Map<string, TreeEntry>;
  /** Child ids in order; key null = the top level. */
  kids: Map<string | null, string[]>;
}
export interface Row {
  id: string;
  parentId: string | null;
  depth: number;
  label: string;
  hasChildren: boolean;
}

/**
 * Builds the tree from the API's flat entries (any order; siblings by position). An entry gives
 * its `html` (the API) or only its `text` (a plain paragraph).
 */
export function buildTree(
  entries: {
    id: string;
    parentId: string | null;
    position: number;
    html?: string;
    text?: string;
    embed: TreeEntry["embed"];
    mark?: OutlineMark | null;
  }[],
): Tree {
  const byId = new Map<string, TreeEntry>();
  const kids = new Map<string | null, string[]>();
  const sorted = [...entries].sort((a, b) => a.position - b.position);
  for (const e of sorted) {
    const html = e.html ?? textToHtml(e.text ?? "");
    const text = e.html !== undefined ? htmlToText(e.html) : (e.text ?? "");
    byId.set(e.id, { id: e.id, parentId: e.parentId, text, html, embed: e.embed, mark: e.mark ?? null });
  }
  for (const e of sorted) {
    const parent = e.parentId !== null && byId.has(e.parentId) ? e.parentId : null;
    byId.get(e.id)!.parentId = parent;
    kids.set(parent, [...(kids.get(parent) ?? []), e.id]);
  }
  return { byId, kids };
}

const childrenOf = (t: Pick<Tree, "kids">, id: string | null) => t.kids.get(id) ?? [];

/** The rows a reader sees, in order: collapsed entries hide their subtrees. */
export function visibleRows(t: Pick<Tree, "kids">, collapsed: ReadonlySet<string>): Row[] {
  const out: Row[] = [];
  const walk = (parentId: string | null, depth: number) => {
    childrenOf(t, parentId).forEach((id, index) => {
      const hasChildren = childrenOf(t, id).length > 0;
      out.push({ id, parentId, depth, label: outlineLabel(depth, index), hasChildren });
      if (hasChildren && !collapsed.has(id)) walk(id, depth + 1);
    });
  };
  walk(null, 1);
  return out;
}

/** Depth of an entry (1 = top level). */
export function depthOf(t: Tree, id: string): number {
  let d = 0;
  for (let cur: string | null = id; cur !== null; cur = t.byId.get(cur)?.parentId ?? null) d++;
  return d;
}

/** Levels in the subtree under and including `id`. */
export function heightOf(t: Tree, id: string): number {
  const k = childrenOf(t, id);
  return 1 + (k.length ? Math.max(...k.map((c) => heightOf(t, c))) : 0);
}

/** Every id in `id`'s subtree, itself first. */
export function subtreeOf(t: Tree, id: string): string[] {
  const out = [id];
  for (let i = 0; i < out.length; i++) out.push(...childrenOf(t, out[i]));
  return out;
}

function clone(t: Tree): Tree {
  return { byId: new Map(t.byId), kids: new Map([...t.kids].map(([k, v]) => [k, [...v]])) };
}

function detach(t: Tree, id: string) {
  const e = t.byId.get(id)!;
  t.kids.set(
    e.parentId,
    childrenOf(t, e.parentId).filter((x) => x !== id),
  );
}

function attach(t: Tree, id: string, parentId: string | null, afterId: string | null) {
  const list = [...childrenOf(t, parentId)];
  list.splice(afterId === null ? 0 : list.indexOf(afterId) + 1, 0, id);
  t.kids.set(parentId, list);
  t.byId.set(id, { ...t.byId.get(id)!, parentId });
}

export interface Change {
  tree: Tree;
  op: OutlineOp;
}

/**
 * Adds an entry (id chosen by the caller) under `parentId` after `afterId` (null: first), with
 * `text` as one paragraph, or with `html` when given.
 */
export function addEntry(
  t: Tree,
  id: string,
  parentId: string | null,
  afterId: string | null,
  text = "",
  html?: string,
): Change {
  const n = clone(t);
  const body = html ?? textToHtml(text);
  n.byId.set(id, { id, parentId, text: html === undefined ? text : htmlToText(html), html: body, embed: null });
  attach(n, id, parentId, afterId);
  return { tree: n, op: { op: "add", id, parentId, afterId, html: body } };
}

/** Moves `id` with its subtree; null when the move is impossible (into itself, too deep, a no-op). */
export function moveEntry(t: Tree, id: string, parentId: string | null, afterId: string | null): Change | null {
  if (afterId === id) return null;
  for (let cur = parentId; cur !== null; cur = t.byId.get(cur)?.parentId ?? null) if (cur === id) return null;
  if ((parentId === null ? 0 : depthOf(t, parentId)) + heightOf(t, id) > MAX_DEPTH) return null;
  const e = t.byId.get(id)!;
  const sibs = childrenOf(t, e.parentId);
  const prev = sibs[sibs.indexOf(id) - 1] ?? null;
  if (e.parentId === parentId && prev === afterId) return null;
  const n = clone(t);
  detach(n, id);
  attach(n, id, parentId, afterId);
  return { tree: n, op: { op: "move", id, parentId, afterId } };
}

/** Tab: becomes the last child of its previous sibling. */
export function indent(t: Tree, id: string): Change | null {
  const e = t.byId.get(id)!;
  const sibs = childrenOf(t, e.parentId);
  const prev = sibs[sibs.indexOf(id) - 1];
  if (!prev) return null;
  const last = childrenOf(t, prev).at(-1) ?? null;
  return moveEntry(t, id, prev, last);
}

/** Shift+Tab: becomes the sibling right after its parent. */
export function outdent(t: Tree, id: string): Change | null {
  const e = t.byId.get(id)!;
  if (e.parentId === null) return null;
  const parent = t.byId.get(e.parentId)!;
  return moveEntry(t, id, parent.parentId, parent.id);
}

/** Alt+↑ / Alt+↓: swaps with the previous / next sibling. */
export function shift(t: Tree, id: string, dir: -1 | 1): Change | null {
  const e = t.byId.get(id)!;
  const sibs = childrenOf(t, e.parentId);
  const i = sibs.indexOf(id);
  if (dir === -1) return i > 0 ? moveEntry(t, id, e.parentId, sibs[i - 2] ?? null) : null;
  return i < sibs.length - 1 ? moveEntry(t, id, e.parentId, sibs[i + 1]) : null;
}

/** Deletes `id` and its subtree. */
export function deleteEntry(t: Tree, id: string): Change {
  const n = clone(t);
  detach(n, id);
  for (const x of subtreeOf(t, id)) {
    n.byId.delete(x);
    n.kids.delete(x);
  }
  return { tree: n, op: { op: "delete", id } };
}

/** Sets the text of an entry — plain `text` as one paragraph, or rich `html` — as an edit of its html. */
export function editEntry(t: Tree, id: string, text: string, html?: string): Change {
  const n = { byId: new Map(t.byId), kids: t.kids };
  const body = html ?? textToHtml(text);
  n.byId.set(id, { ...t.byId.get(id)!, text: html === undefined ? text : htmlToText(html), html: body });
  return { tree: n, op: { op: "edit", id, html: body } };
}

/**
 * Where a dragged row lands (the sortable-tree projection): `overId` is the row it is over,
 * `offsetX` the horizontal drag in px, `indentPx` one level. The dragged row's own subtree
 * must already be left out of `rows`. Depth is clamped between the next row's depth and one
 * below the previous row. Returns the new parent and the sibling it follows.
 */
export function projectDrop(
  rows: Row[],
  activeId: string,
  overId: string,
  offsetX: number,
  indentPx: number,
): { depth: number; parentId: string | null; afterId: string | null } | null {
  const from = rows.findIndex((r) => r.id === activeId);
  const to = rows.findIndex((r) => r.id === overId);
  if (from < 0 || to < 0) return null;
  const moved = [...rows];
  const [active] = moved.splice(from, 1);
  moved.splice(to, 0, active);
  const prev = moved[to - 1];
  const next = moved[to + 1];
  const wanted = active.depth + Math.round(offsetX / indentPx);
  const max = prev ? prev.depth + 1 : 1;
  const min = next ? next.depth : 1;
  const depth = Math.max(min, Math.min(max, wanted));
  let parentId: string | null = null;
  let afterId: string | null = null;
  for (let i = to - 1; i >= 0; i--) {
    const r = moved[i];
    if (r.depth === depth) {
      afterId = r.id;
      parentId = r.parentId;
      break;
    }
    if (r.depth === depth - 1) {
      parentId = r.id;
      break;
    }
  }
  return { depth, parentId, afterId };
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** Entries are plain text in the editor: one paragraph. */
export const textToHtml = (text: string) => (text ? `<p>${esc(text)}</p>` : "");

/** The text of an entry's sanitized HTML (paragraphs joined by a space). */
export function htmlToText(html: string): string {
  return html
    .replace(/<\/(p|h\d|li|div)>/gi, " ")
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** A deleted subtree, kept so the delete can be undone. */
export interface SubtreeSnapshot {
  parentId: string | null;
  afterId: string | null;
  root: { html: string; embed: TreeEntry["embed"]; mark: OutlineMark | null; children: SubtreeSnapshot["root"][] };
}

/** What `restoreSubtree` needs to put `id`'s subtree back where it was. */
export function snapshotSubtree(t: Tree, id: string): SubtreeSnapshot {
  const e = t.byId.get(id)!;
  const sibs = childrenOf(t, e.parentId);
  const node = (x: string): SubtreeSnapshot["root"] => {
    const entry = t.byId.get(x)!;
    return { html: entry.html, embed: entry.embed, mark: entry.mark ?? null, children: childrenOf(t, x).map(node) };
  };
  return { parentId: e.parentId, afterId: sibs[sibs.indexOf(id) - 1] ?? null, root: node(id) };
}

/**
 * Re-adds a deleted subtree with fresh ids (`makeId`), at its old place when its parent and
 * previous sibling still exist, else after them as best it can (top level, first). Returns the
 * tree, the operations and the new root id.
 */
export function restoreSubtree(
  t: Tree,
  snap: SubtreeSnapshot,
  makeId: () => string,
): { tree: Tree; ops: OutlineOp[]; rootId: string } {
  const parentId = snap.parentId !== null && t.byId.has(snap.parentId) ? snap.parentId : null;
  const afterId = snap.afterId !== null && childrenOf(t, parentId).includes(snap.afterId) ? snap.afterId : null;
  let tree = t;
  const ops: OutlineOp[] = [];
  const put = (node: SubtreeSnapshot["root"], parent: string | null, after: string | null): string => {
    const id = makeId();
    const c = addEntry(tree, id, parent, after, "", node.html);
    tree = c.tree;
    if (node.embed || node.mark) {
      tree.byId.set(id, { ...tree.byId.get(id)!, embed: node.embed, mark: node.mark });
      ops.push({
        ...(c.op as Extract<OutlineOp, { op: "add" }>),
        ...(node.embed ? { embed: { kind: node.embed.kind, id: node.embed.id } as never } : {}),
        ...(node.mark ? { mark: node.mark } : {}),
      });
    } else ops.push(c.op);
    let prev: string | null = null;
    for (const child of node.children) prev = put(child, id, prev);
    return id;
  };
  const rootId = put(snap.root, parentId, afterId);
  return { tree, ops, rootId };
}

/** Sets or clears an entry's mark (step, rule, element, exception, trigger, issue). */
export function markEntry(t: Tree, id: string, mark: OutlineMark | null): Change {
  const n = { byId: new Map(t.byId), kids: t.kids };
  n.byId.set(id, { ...t.byId.get(id)!, mark });
  return { tree: n, op: { op: "edit", id, mark } };
}

/** Sets or clears an entry's embed (the reference; the server resolves its text on the next read). */
export function embedEntry(t: Tree, id: string, embed: { kind: string; id: string } | null): Change {
  const n = { byId: new Map(t.byId), kids: t.kids };
  n.byId.set(id, { ...t.byId.get(id)!, embed });
  return { tree: n, op: { op: "edit", id, embed: embed as never } };
}

/** The add operations that re-create `id`'s subtree with the same ids, parents first. */
function readdOps(t: Tree, id: string): OutlineOp[] {
  const e = t.byId.get(id)!;
  const sibs = childrenOf(t, e.parentId);
  const ops: OutlineOp[] = [];
  const walk = (x: string, parentId: string | null, afterId: string | null) => {
    const entry = t.byId.get(x)!;
    ops.push({
      op: "add",
      id: x,
      parentId,
      afterId,
      html: entry.html,
      embed: entry.embed ? ({ kind: entry.embed.kind, id: entry.embed.id } as never) : null,
      mark: entry.mark ?? null,
    });
    let prev: string | null = null;
    for (const k of childrenOf(t, x)) {
      walk(k, x, prev);
      prev = k;
    }
  };
  walk(id, e.parentId, sibs[sibs.indexOf(id) - 1] ?? null);
  return ops;
}

/**
 * The operations that undo `op`, computed on the tree as it was before `op` (undo/redo over the
 * operation list): add ↔ delete, a move back to the old parent and sibling, an edit back to the
 * old text, mark and embed; a deleted subtree comes back with its own ids.
 */
export function inverseOf(before: Tree, op: OutlineOp): OutlineOp[] {
  if (op.op === "add") return [{ op: "delete", id: op.id }];
  const e = before.byId.get(op.id);
  if (!e) return [];
  if (op.op === "delete") return readdOps(before, op.id);
  if (op.op === "move") {
    const sibs = childrenOf(before, e.parentId);
    return [{ op: "move", id: op.id, parentId: e.parentId, afterId: sibs[sibs.indexOf(op.id) - 1] ?? null }];
  }
  const back: Extract<OutlineOp, { op: "edit" }> = { op: "edit", id: op.id };
  if (op.html !== undefined) back.html = e.html;
  if (op.mark !== undefined) back.mark = e.mark ?? null;
  if (op.embed !== undefined) back.embed = e.embed ? ({ kind: e.embed.kind, id: e.embed.id } as never) : null;
  return [back];
}

/** Applies one operation to the web tree, the way the server does (unknown ids are skipped). */
export function applyOp(t: Tree, op: OutlineOp): Tree {
  if (op.op === "add") {
    if (t.byId.has(op.id) || (op.parentId !== null && !t.byId.has(op.parentId))) return t;
    const n = addEntry(t, op.id, op.parentId, op.afterId, "", op.html ?? "").tree;
    n.byId.set(op.id, {
      ...n.byId.get(op.id)!,
      embed: (op.embed as TreeEntry["embed"]) ?? null,
      mark: op.mark ?? null,
    });
    return n;
  }
  if (!t.byId.has(op.id)) return t;
  if (op.op === "delete") return deleteEntry(t, op.id).tree;
  if (op.op === "move") return moveEntry(t, op.id, op.parentId, op.afterId)?.tree ?? t;
  const n = { byId: new Map(t.byId), kids: t.kids };
  const e = { ...t.byId.get(op.id)! };
  if (op.html !== undefined) {
    e.html = op.html;
    e.text = htmlToText(op.html);
  }
  if (op.mark !== undefined) e.mark = op.mark;
  if (op.embed !== undefined) e.embed = (op.embed as TreeEntry["embed"]) ?? null;
  n.byId.set(op.id, e);
  return n;
}
