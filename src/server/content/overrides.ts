/**
 * Admin overrides of official content (issue 17 §2 flashcards page, decision 067). An administrator
 * may edit or retire an official flashcard or practice question from /admin/flashcards; the edit is
 * written to the content row at once and kept in `content_overrides`, and `applyContentOverrides()`
 * (called by the seed after it upserts the content files) writes it again, so a later change of
 * the content files does not silently undo it. Reverting deletes the override and restores the
 * file's version. `content:check --db` lists the overrides next to the files they shadow.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { contentOverrides, flashcards, questions } from "../db/schema";

export const OVERRIDE_KINDS = ["flashcard", "question"] as const;
export type OverrideKind = (typeof OVERRIDE_KINDS)[number];

/** Columns an override may set, per kind (camelCase, as in the content tables). */
export const OVERRIDE_FIELDS: Record<OverrideKind, readonly string[]> = {
  flashcard: ["question", "answer", "difficulty", "tags"],
  question: ["stem", "call", "choices", "answer", "explanations", "difficulty", "tags"],
};

const pick = (kind: OverrideKind, fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([k, v]) => OVERRIDE_FIELDS[kind].includes(k) && v !== undefined));

/**
 * Writes every stored override onto its content row (official rows only). A retired override sets
 * `retired_at`; an override whose item has left the content files changes nothing visible (the
 * seed has retired the row). Returns how many overrides were applied.
 */
export async function applyContentOverrides(db: DbOrTx, now = new Date()): Promise<number> {
  const rows = await db.select().from(contentOverrides);
  for (const o of rows) {
    if (!OVERRIDE_KINDS.includes(o.kind as OverrideKind)) continue;
    const kind = o.kind as OverrideKind;
    const set: Record<string, unknown> = { ...pick(kind, o.fields) };
    if (o.retired) set.retiredAt = now;
    if (!Object.keys(set).length) continue;
    if (kind === "flashcard")
      await db
        .update(flashcards)
        .set({ ...set, updatedAt: now })
        .where(and(eq(flashcards.id, o.itemId), eq(flashcards.isOfficial, true)));
    else await db.update(questions).set(set).where(eq(questions.id, o.itemId));
  }
  return rows.length;
}

/** The overrides of some items of one kind, keyed by item id (for list rows). */
export async function overridesOf(db: DbOrTx, kind: OverrideKind, ids: string[]) {
  if (!ids.length) return new Map<string, typeof contentOverrides.$inferSelect>();
  const rows = await db
    .select()
    .from(contentOverrides)
    .where(and(eq(contentOverrides.kind, kind), inArray(contentOverrides.itemId, ids)));
  return new Map(rows.map((r) => [r.itemId, r]));
}
