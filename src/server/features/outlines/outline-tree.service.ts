/**
 * Changing an outline (issue 16 §2): title, subject, archive/restore and tree operations, applied
 * in order inside one transaction, all or none, guarded by the outline's version.
 *
 * - The version check is the UPDATE itself (`where version = $v`): a stale version is CONFLICT
 *   (409) with details.version = the current one, so two tabs never overwrite each other.
 * - The tree is loaded once (id, parent, position) and the operations are checked in memory:
 *   an unknown entry or sibling, a duplicate id, a level deeper than MAX_OUTLINE_DEPTH, an entry
 *   over MAX_ENTRY_BYTES, or a move into the entry's own subtree is VALIDATION_FAILED (400).
 * - A move rewrites one row (the subtree's root); a delete removes the whole subtree. Rows whose
 *   place alone changed are written by one UPDATE … FROM (VALUES …); siblings are sorted once
 *   per parent and kept in order, so a paste of thousands of entries under one heading is not
 *   a sort per entry.
 * - HTML is sanitized with the notes sanitizer (src/server/lib/sanitize.ts).
 * - The first tree change after a quiet spell snapshots the tree as it was (outline-versions.service.ts).
 * - An id deleted earlier in the same batch may be added again (an undo of a delete keeps its ids).
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  type EMBED_KINDS,
  MAX_ENTRY_BYTES,
  MAX_OUTLINE_DEPTH,
  MAX_OUTLINE_ENTRIES,
  MAX_OUTLINE_TITLE,
  type OutlineMark,
  type OutlineOp,
} from "../../../contract/outlines";
import { isUuid } from "../../../domain/ids";
import type { DbOrTx } from "../../db/client";
import { outlineEntries, outlines } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { htmlToPlainText } from "../../lib/html-text";
import { sanitizeRichText } from "../../lib/sanitize";
import { autoSnapshot } from "./outline-versions.service";
import { getOutlineSummary, outlineNotFound } from "./outlines.service";

type Embed = { kind: (typeof EMBED_KINDS)[number]; id: string } | null | undefined;
interface Node {
  parentId: string | null;
  position: number;
}
interface Row {
  parentId: string | null;
  position: number;
  html?: string;
  embed?: Embed;
  mark?: OutlineMark | null;
}

const bad = (message: string) => new AppError("VALIDATION_FAILED", message);

/** The in-memory tree the operations are checked against. */
class Tree {
  nodes = new Map<string, Node>();
  kids = new Map<string | null, Set<string>>();
  /** Each parent's children by position, kept in order as entries come and go (sorted once). */
  private sorted = new Map<string | null, string[]>();
  constructor(rows: { id: string; parentId: string | null; position: number }[]) {
    for (const r of rows) this.put(r.id, r.parentId, r.position);
  }
  put(id: string, parentId: string | null, position: number) {
    this.nodes.set(id, { parentId, position });
    let set = this.kids.get(parentId);
    if (!set) {
      set = new Set();
      this.kids.set(parentId, set);
    }
    set.add(id);
    const list = this.sorted.get(parentId);
    if (list) {
      // Binary search for the first sibling after `position`: no re-sort per added entry.
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.nodes.get(list[mid])!.position <= position) lo = mid + 1;
        else hi = mid;
      }
      list.splice(lo, 0, id);
    }
  }
  detach(id: string) {
    const parentId = this.nodes.get(id)!.parentId;
    this.kids.get(parentId)?.delete(id);
    const list = this.sorted.get(parentId);
    if (list) list.splice(list.indexOf(id), 1);
  }
  /** Drops a parent's cached order (its children were renumbered or it was deleted). */
  forget(parentId: string | null) {
    this.sorted.delete(parentId);
  }
  depth(id: string | null): number {
    let d = 0;
    for (let cur = id; cur !== null; cur = this.nodes.get(cur)!.parentId) d++;
    return d;
  }
  /** The ids of `id`'s subtree, itself first. */
  subtree(id: string): string[] {
    const out = [id];
    for (let i = 0; i < out.length; i++) for (const k of this.kids.get(out[i]) ?? []) out.push(k);
    return out;
  }
  height(id: string): number {
    const kids = [...(this.kids.get(id) ?? [])];
    return 1 + (kids.length ? Math.max(...kids.map((k) => this.height(k))) : 0);
  }
  /** The children of `parentId` in order (a shared array: read it, do not change it). */
  siblings(parentId: string | null): string[] {
    let list = this.sorted.get(parentId);
    if (!list) {
      list = [...(this.kids.get(parentId) ?? [])].sort(
        (a, b) => this.nodes.get(a)!.position - this.nodes.get(b)!.position,
      );
      this.sorted.set(parentId, list);
    }
    return list;
  }
}

/** Position for a new sibling after `afterId` (null: first); renumbers the siblings when the gap is spent. */
function placeAfter(tree: Tree, parentId: string | null, afterId: string | null, touched: Set<string>): number {
  let sibs = tree.siblings(parentId);
  if (afterId !== null && !sibs.includes(afterId)) throw bad("afterId: not an entry under that parent");
  const at = () => (afterId === null ? -1 : sibs.indexOf(afterId));
  const pos = (i: number) => tree.nodes.get(sibs[i])!.position;
  let i = at();
  if (i >= 0 && i + 1 < sibs.length && pos(i + 1) - pos(i) < 1e-9) {
    sibs.forEach((s, k) => {
      tree.nodes.get(s)!.position = k + 1;
      touched.add(s);
    });
    tree.forget(parentId);
    sibs = tree.siblings(parentId);
    i = at();
  }
  if (!sibs.length) return 1;
  if (i < 0) return pos(0) - 1;
  if (i + 1 >= sibs.length) return pos(i) + 1;
  return (pos(i) + pos(i + 1)) / 2;
}

function cleanHtml(html: string): { html: string; text: string } {
  if (Buffer.byteLength(html, "utf8") > MAX_ENTRY_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", `An outline entry is limited to ${MAX_ENTRY_BYTES / 1024} KB.`);
  const clean = sanitizeRichText(html);
  return { html: clean, text: htmlToPlainText(clean) };
}

/**
 * Applies a PATCH (see the file comment). Returns the outline's new summary.
 * Throws NOT_FOUND, CONFLICT (details.version), VALIDATION_FAILED, PAYLOAD_TOO_LARGE.
 */
export async function updateOutline(o: {
  db: DbOrTx;
  userId: string;
  id: string;
  version: number;
  title?: string;
  subject?: string;
  archived?: boolean;
  ops: OutlineOp[];
  now: Date;
}) {
  if (!isUuid(o.id)) throw outlineNotFound();
  const title = o.title === undefined ? undefined : o.title.trim().slice(0, MAX_OUTLINE_TITLE) || "Untitled outline";
  const ok = await o.db.transaction(async (tx) => {
    const [row] = await tx
      .update(outlines)
      .set({
        version: sql`${outlines.version} + 1`,
        updatedAt: o.now,
        ...(title !== undefined ? { title } : {}),
        ...(o.subject !== undefined ? { subject: o.subject.trim() } : {}),
        ...(o.archived !== undefined ? { archivedAt: o.archived ? o.now : null } : {}),
      })
      .where(
        and(
          eq(outlines.id, o.id),
          eq(outlines.userId, o.userId),
          isNull(outlines.deletedAt),
          eq(outlines.version, o.version),
        ),
      )
      .returning({ id: outlines.id });
    if (!row) return false;
    if (o.ops.length) {
      await autoSnapshot(tx, { outlineId: o.id, now: o.now });
      await applyOps(tx, o.id, o.ops, o.now);
    }
    return true;
  });
  if (!ok) {
    const current = await getOutlineSummary({ db: o.db, userId: o.userId, id: o.id }); // NOT_FOUND when not this user's
    throw new AppError(
      "CONFLICT",
      "This outline was changed in another tab or window. Your change was not saved; reload to see the newer version.",
      { version: current.version },
    );
  }
  return getOutlineSummary({ db: o.db, userId: o.userId, id: o.id });
}

async function applyOps(tx: DbOrTx, outlineId: string, ops: OutlineOp[], now: Date) {
  const tree = new Tree(
    await tx
      .select({ id: outlineEntries.id, parentId: outlineEntries.parentId, position: outlineEntries.position })
      .from(outlineEntries)
      .where(eq(outlineEntries.outlineId, outlineId)),
  );
  const existing = new Set(tree.nodes.keys());
  const added = new Map<string, Row>();
  const changed = new Map<string, Row>();
  const touched = new Set<string>();
  const removed = new Set<string>();
  const need = (id: string, what = "id") => {
    if (!tree.nodes.has(id)) throw bad(`${what}: no such entry in this outline`);
  };
  const row = (id: string) => {
    const map = added.has(id) ? added : changed;
    let r = map.get(id);
    if (!r) {
      r = { ...tree.nodes.get(id)! };
      map.set(id, r);
    }
    return r;
  };
  ops.forEach((op, n) => {
    const at = `ops.${n}`;
    if (op.op === "add") {
      // An id deleted earlier in this batch may come back (undo of a delete): the delete runs first.
      if (tree.nodes.has(op.id)) throw bad(`${at}.id: already used`);
      if (op.parentId !== null) need(op.parentId, `${at}.parentId`);
      if (tree.depth(op.parentId) + 1 > MAX_OUTLINE_DEPTH)
        throw bad(`An outline is limited to ${MAX_OUTLINE_DEPTH} levels.`);
      const position = placeAfter(tree, op.parentId, op.afterId, touched);
      tree.put(op.id, op.parentId, position);
      if (tree.nodes.size > MAX_OUTLINE_ENTRIES) throw bad(`An outline is limited to ${MAX_OUTLINE_ENTRIES} entries.`);
      added.set(op.id, {
        parentId: op.parentId,
        position,
        html: op.html ?? "",
        embed: op.embed ?? null,
        mark: op.mark ?? null,
      });
    } else if (op.op === "edit") {
      need(op.id, `${at}.id`);
      const r = row(op.id);
      if (op.html !== undefined) r.html = op.html;
      if (op.embed !== undefined) r.embed = op.embed;
      if (op.mark !== undefined) r.mark = op.mark;
    } else if (op.op === "move") {
      need(op.id, `${at}.id`);
      if (op.parentId !== null) {
        need(op.parentId, `${at}.parentId`);
        for (let cur: string | null = op.parentId; cur !== null; cur = tree.nodes.get(cur)!.parentId)
          if (cur === op.id) throw bad("An entry cannot move into its own subtree.");
      }
      if (op.afterId === op.id) throw bad(`${at}.afterId: an entry cannot follow itself`);
      if (tree.depth(op.parentId) + tree.height(op.id) > MAX_OUTLINE_DEPTH)
        throw bad(`An outline is limited to ${MAX_OUTLINE_DEPTH} levels.`);
      tree.detach(op.id);
      const position = placeAfter(tree, op.parentId, op.afterId, touched);
      tree.put(op.id, op.parentId, position);
      Object.assign(row(op.id), { parentId: op.parentId, position });
    } else {
      need(op.id, `${at}.id`);
      const ids = tree.subtree(op.id);
      tree.detach(op.id);
      for (const id of ids) {
        tree.nodes.delete(id);
        tree.kids.delete(id);
        tree.forget(id);
        added.delete(id);
        changed.delete(id);
        touched.delete(id);
        if (existing.has(id)) removed.add(id);
      }
    }
  });
  for (const id of touched) if (tree.nodes.has(id)) row(id).position = tree.nodes.get(id)!.position;

  const del = [...removed];
  for (let i = 0; i < del.length; i += 1000)
    await tx
      .delete(outlineEntries)
      .where(and(eq(outlineEntries.outlineId, outlineId), inArray(outlineEntries.id, del.slice(i, i + 1000))));
  const inserts = [...added].map(([id, r]) => ({
    id,
    outlineId,
    parentId: r.parentId,
    position: r.position,
    ...cleanHtml(r.html ?? ""),
    embedKind: r.embed?.kind ?? null,
    embedId: r.embed?.id ?? null,
    mark: r.mark ?? null,
    createdAt: now,
    updatedAt: now,
  }));
  for (let i = 0; i < inserts.length; i += 500) await tx.insert(outlineEntries).values(inserts.slice(i, i + 500));
  // Rows whose place alone changed (moves, renumbered siblings): one UPDATE … FROM (VALUES …).
  const placeOnly = [...changed].filter(
    ([, r]) => r.html === undefined && r.embed === undefined && r.mark === undefined,
  );
  for (let i = 0; i < placeOnly.length; i += 1000) {
    const rows = placeOnly
      .slice(i, i + 1000)
      .map(([id, r]) => sql`(${id}::uuid, ${r.parentId}::uuid, ${r.position}::double precision)`);
    await tx.execute(sql`
      update ${outlineEntries} as e
      set parent_id = v.parent_id, position = v.position, updated_at = ${now.toISOString()}::timestamptz
      from (values ${sql.join(rows, sql`, `)}) as v(id, parent_id, position)
      where e.outline_id = ${outlineId} and e.id = v.id`);
  }
  for (const [id, r] of changed) {
    if (r.html === undefined && r.embed === undefined && r.mark === undefined) continue;
    await tx
      .update(outlineEntries)
      .set({
        parentId: r.parentId,
        position: r.position,
        ...(r.html !== undefined ? cleanHtml(r.html) : {}),
        ...(r.embed !== undefined ? { embedKind: r.embed?.kind ?? null, embedId: r.embed?.id ?? null } : {}),
        ...(r.mark !== undefined ? { mark: r.mark } : {}),
        updatedAt: now,
      })
      .where(and(eq(outlineEntries.id, id), eq(outlineEntries.outlineId, outlineId)));
  }
  await tx.update(outlines).set({ entryCount: tree.nodes.size }).where(eq(outlines.id, outlineId));
}
