/**
 * Outline version history (issue 16 §6, decision 061). A version is the whole tree as it was,
 * stored as one JSON array (a 2,000-entry outline is ~300 KB), numbered 1, 2, 3… per outline:
 * - auto: taken inside the PATCH that makes the first change after a quiet spell, of the state
 *   before that change — so at most one per OUTLINE_SNAPSHOT_GAP_MS, and every editing session
 *   can be undone as a whole;
 * - manual: on demand (POST …/versions), the state now;
 * - restore: the state just before a restore, so restoring loses nothing.
 * Restoring writes the chosen version's entries as the current tree (same entry ids) and bumps
 * the outline's version, so it is a new version, not a rewind. Versions beyond
 * MAX_OUTLINE_VERSIONS are dropped, oldest first. Every function is scoped to the owner
 * (another user's outline or version is NOT_FOUND).
 */
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import {
  type EmbedKind,
  MAX_OUTLINE_VERSIONS,
  OUTLINE_SNAPSHOT_GAP_MS,
  type OutlineMark,
} from "../../../contract/outlines";
import { isUuid } from "../../../domain/ids";
import type { DbOrTx } from "../../db/client";
import { outlineEntries, outlines, outlineVersions, type OutlineSnapshotEntry } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { htmlToPlainText } from "../../lib/html-text";
import { getOutlineSummary } from "./outlines.service";

export type VersionReason = "auto" | "manual" | "restore";

const versionNotFound = () => new AppError("NOT_FOUND", "No such version of this outline.");

const summaryColumns = {
  id: outlineVersions.id,
  number: outlineVersions.number,
  reason: outlineVersions.reason,
  label: outlineVersions.label,
  title: outlineVersions.title,
  entryCount: outlineVersions.entryCount,
  createdAt: outlineVersions.createdAt,
};

/** Saves the outline's current tree as its next version (inside the caller's transaction). */
export async function snapshotOutline(
  tx: DbOrTx,
  o: { outlineId: string; title: string; reason: VersionReason; label?: string; now: Date },
) {
  const entries: OutlineSnapshotEntry[] = await tx
    .select({
      id: outlineEntries.id,
      parentId: outlineEntries.parentId,
      position: outlineEntries.position,
      html: outlineEntries.html,
      embedKind: outlineEntries.embedKind,
      embedId: outlineEntries.embedId,
      mark: outlineEntries.mark,
    })
    .from(outlineEntries)
    .where(eq(outlineEntries.outlineId, o.outlineId));
  const [last] = await tx
    .select({ n: sql<number>`coalesce(max(${outlineVersions.number}), 0)` })
    .from(outlineVersions)
    .where(eq(outlineVersions.outlineId, o.outlineId));
  const [row] = await tx
    .insert(outlineVersions)
    .values({
      outlineId: o.outlineId,
      number: Number(last.n) + 1,
      reason: o.reason,
      label: o.label ?? "",
      title: o.title,
      entryCount: entries.length,
      entries,
      createdAt: o.now,
    })
    .returning(summaryColumns);
  const [{ count }] = await tx
    .select({ count: sql<number>`count(*)` })
    .from(outlineVersions)
    .where(eq(outlineVersions.outlineId, o.outlineId));
  if (Number(count) > MAX_OUTLINE_VERSIONS) {
    const old = await tx
      .select({ id: outlineVersions.id })
      .from(outlineVersions)
      .where(eq(outlineVersions.outlineId, o.outlineId))
      .orderBy(asc(outlineVersions.number))
      .limit(Number(count) - MAX_OUTLINE_VERSIONS);
    for (const v of old) await tx.delete(outlineVersions).where(eq(outlineVersions.id, v.id));
  }
  return row as typeof row & { reason: VersionReason };
}

/**
 * Called by a PATCH with tree operations, before they are applied: snapshots the tree as it is
 * when the last version is older than OUTLINE_SNAPSHOT_GAP_MS (or there is none) and the outline
 * is not empty. Returns whether it did.
 */
export async function autoSnapshot(tx: DbOrTx, o: { outlineId: string; now: Date }): Promise<boolean> {
  const [cur] = await tx
    .select({ title: outlines.title, entryCount: outlines.entryCount })
    .from(outlines)
    .where(eq(outlines.id, o.outlineId));
  if (!cur || cur.entryCount === 0) return false;
  const [last] = await tx
    .select({ at: outlineVersions.createdAt })
    .from(outlineVersions)
    .where(eq(outlineVersions.outlineId, o.outlineId))
    .orderBy(desc(outlineVersions.number))
    .limit(1);
  if (last && o.now.getTime() - last.at.getTime() < OUTLINE_SNAPSHOT_GAP_MS) return false;
  await snapshotOutline(tx, { outlineId: o.outlineId, title: cur.title, reason: "auto", now: o.now });
  return true;
}

/** The outline's versions, newest first. NOT_FOUND for another user's outline. */
export async function listVersions({ db, userId, id }: { db: DbOrTx; userId: string; id: string }) {
  await getOutlineSummary({ db, userId, id });
  const rows = await db
    .select(summaryColumns)
    .from(outlineVersions)
    .where(eq(outlineVersions.outlineId, id))
    .orderBy(desc(outlineVersions.number));
  return rows as ((typeof rows)[number] & { reason: VersionReason })[];
}

/** Saves the current state as a version on demand. */
export async function createVersion(o: { db: DbOrTx; userId: string; id: string; label: string; now: Date }) {
  const s = await getOutlineSummary({ db: o.db, userId: o.userId, id: o.id });
  return o.db.transaction((tx) =>
    snapshotOutline(tx, { outlineId: s.id, title: s.title, reason: "manual", label: o.label.trim(), now: o.now }),
  );
}

/** One version with its entries (embeds as references, not resolved). */
export async function getVersion(o: { db: DbOrTx; userId: string; id: string; versionId: string }) {
  await getOutlineSummary({ db: o.db, userId: o.userId, id: o.id });
  if (!isUuid(o.versionId)) throw versionNotFound();
  const [row] = await o.db
    .select({ ...summaryColumns, entries: outlineVersions.entries })
    .from(outlineVersions)
    .where(and(eq(outlineVersions.id, o.versionId), eq(outlineVersions.outlineId, o.id)));
  if (!row) throw versionNotFound();
  return {
    ...row,
    reason: row.reason as VersionReason,
    entries: row.entries
      .map((e) => ({
        id: e.id,
        parentId: e.parentId,
        position: e.position,
        html: e.html,
        embed: e.embedKind && e.embedId ? { kind: e.embedKind as EmbedKind, id: e.embedId } : null,
        mark: (e.mark ?? null) as OutlineMark | null,
      }))
      .sort((a, b) => a.position - b.position),
  };
}

/**
 * Makes version `versionId` the current tree: snapshots the present (reason restore), replaces
 * every entry, bumps the outline's version. `version` must be the outline's current one
 * (409 CONFLICT with details.version otherwise). Returns the outline's summary.
 */
export async function restoreVersion(o: {
  db: DbOrTx;
  userId: string;
  id: string;
  versionId: string;
  version: number;
  now: Date;
}) {
  const v = await getVersion(o);
  const ok = await o.db.transaction(async (tx) => {
    const [row] = await tx
      .update(outlines)
      .set({ version: sql`${outlines.version} + 1`, updatedAt: o.now, entryCount: v.entries.length })
      .where(
        and(
          eq(outlines.id, o.id),
          eq(outlines.userId, o.userId),
          isNull(outlines.deletedAt),
          eq(outlines.version, o.version),
        ),
      )
      .returning({ title: outlines.title });
    if (!row) return false;
    await snapshotOutline(tx, {
      outlineId: o.id,
      title: row.title,
      reason: "restore",
      label: `Before restoring version ${v.number}`,
      now: o.now,
    });
    await tx.delete(outlineEntries).where(eq(outlineEntries.outlineId, o.id));
    const values = v.entries.map((e) => ({
      id: e.id,
      outlineId: o.id,
      parentId: e.parentId,
      position: e.position,
      html: e.html,
      text: htmlToPlainText(e.html),
      embedKind: e.embed?.kind ?? null,
      embedId: e.embed?.id ?? null,
      mark: e.mark,
      createdAt: o.now,
      updatedAt: o.now,
    }));
    for (let i = 0; i < values.length; i += 500) await tx.insert(outlineEntries).values(values.slice(i, i + 500));
    return true;
  });
  if (!ok) {
    const current = await getOutlineSummary({ db: o.db, userId: o.userId, id: o.id });
    throw new AppError(
      "CONFLICT",
      "This outline was changed in another tab or window. Reload, then restore the version again.",
      { version: current.version },
    );
  }
  return getOutlineSummary({ db: o.db, userId: o.userId, id: o.id });
}
