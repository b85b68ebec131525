/**
 * Notes (SPEC.md §1, §2.3; issue 5 §5–§6). Every function takes the owner's id and only ever
 * reads or writes that user's rows; another user's note is NOT_FOUND.
 *
 * - HTML is sanitized on the server (src/server/lib/sanitize.ts) before it is stored.
 * - Stale saves: each save bumps `version`; a save that names an older `version` is refused
 *   with CONFLICT (409) carrying the newer note, so two tabs never overwrite each other.
 * - Delete is undoable for RESTORE_WINDOW_MS (`deleted_at`); older deleted notes are purged.
 * - Case links are the `data-case-id="<kind>:<id>"` anchors the editor writes; they are
 *   stored in note_case_links (only targets the user can see) for backlinks.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import { MAX_NOTE_TITLE } from "../../../contract/notes";
import type { DbOrTx } from "../../db/client";
import { noteCaseLinks, notes, noteTags, tags } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { htmlToMarkdown, htmlToPlainText } from "../../lib/html-text";
import { sanitizeRichText } from "../../lib/sanitize";
import { headline, markSnippet } from "../../lib/snippet";
import { type CaseKind, caseUrl, resolveCaseTargets } from "../case-law/targets";
import { isUuid } from "../../../domain/ids";

/** Largest note body accepted, in bytes of UTF-8 (issue 5 §6: 1 MB). */
export const MAX_NOTE_BYTES = 1024 * 1024;
export const MAX_TITLE = MAX_NOTE_TITLE;
/** How long a deleted note can be restored. */
export const RESTORE_WINDOW_MS = 24 * 60 * 60 * 1000;

export type CaseLinkKind = CaseKind;
export interface CaseLink {
  kind: CaseLinkKind;
  id: string;
  title: string;
  citation: string | null;
  url: string;
}

const notFound = () => new AppError("NOT_FOUND", "No such note.");

export { caseUrl };

/** The 413 message of a note over 1 MB (also the notes routes' body limit). */
export const NOTE_TOO_LARGE = "This note is larger than 1 MB. Split it into smaller notes.";

/** Throws PAYLOAD_TOO_LARGE (413) for a body over 1 MB. */
export function checkNoteSize(html: string) {
  if (Buffer.byteLength(html, "utf8") > MAX_NOTE_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", NOTE_TOO_LARGE);
}

/** Case links named in sanitized HTML, resolved to targets the user can see. */
export async function resolveCaseLinks({
  db,
  userId,
  html,
}: {
  db: DbOrTx;
  userId: string;
  html: string;
}): Promise<CaseLink[]> {
  const refs = [...html.matchAll(/data-case-id="(opinion|brief|student_brief):([A-Za-z0-9-]{1,120})"/g)].map((m) => ({
    kind: m[1] as CaseLinkKind,
    id: m[2],
  }));
  const targets = await resolveCaseTargets({ db, userId, refs });
  const seen = new Set<string>();
  return targets
    .filter((t) => !seen.has(`${t.kind}:${t.id}`) && !!seen.add(`${t.kind}:${t.id}`))
    .map(({ kind, id, title, citation, url }) => ({ kind, id, title, citation, url }));
}

async function ensureTags(db: DbOrTx, userId: string, names: string[]): Promise<string[]> {
  const clean = [
    ...new Map(
      names
        .map((n) => n.trim().replace(/\s+/g, " "))
        .filter(Boolean)
        .map((n) => [n.toLowerCase(), n]),
    ).values(),
  ];
  if (!clean.length) return [];
  await db
    .insert(tags)
    .values(clean.map((name) => ({ userId, name })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(
      and(
        eq(tags.userId, userId),
        inArray(
          sql`lower(${tags.name})`,
          clean.map((n) => n.toLowerCase()),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

async function writeRelations(
  db: DbOrTx,
  userId: string,
  noteId: string,
  html: string,
  tagNames: string[] | undefined,
) {
  const links = await resolveCaseLinks({ db, userId, html });
  await db.delete(noteCaseLinks).where(eq(noteCaseLinks.noteId, noteId));
  if (links.length) await db.insert(noteCaseLinks).values(links.map((l) => ({ noteId, kind: l.kind, targetId: l.id })));
  if (tagNames) {
    const tagIds = await ensureTags(db, userId, tagNames);
    await db.delete(noteTags).where(eq(noteTags.noteId, noteId));
    if (tagIds.length) await db.insert(noteTags).values(tagIds.map((tagId) => ({ noteId, tagId })));
  }
}

/** The full note as the API returns it; NOT_FOUND unless it is the user's and not deleted. */
export async function getNote({ db, userId, id }: { db: DbOrTx; userId: string; id: string }) {
  if (!isUuid(id)) throw notFound();
  const [n] = await db
    .select()
    .from(notes)
    .where(and(eq(notes.id, id), eq(notes.userId, userId), isNull(notes.deletedAt)));
  if (!n) throw notFound();
  const [tagRows, links] = await Promise.all([
    db
      .select({ id: tags.id, name: tags.name })
      .from(noteTags)
      .innerJoin(tags, eq(tags.id, noteTags.tagId))
      .where(eq(noteTags.noteId, n.id))
      .orderBy(asc(tags.name)),
    resolveCaseLinks({ db, userId, html: n.html }),
  ]);
  return {
    id: n.id,
    title: n.title,
    html: n.html,
    version: n.version,
    tags: tagRows,
    links,
    createdAt: n.createdAt,
    updatedAt: n.updatedAt,
  };
}

const normTitle = (t: string | undefined) => {
  const title = (t ?? "").trim();
  if (title.length > MAX_TITLE) throw new AppError("VALIDATION_FAILED", `title: at most ${MAX_TITLE} characters`);
  return title || "Untitled note";
};

/** Creates a note (html sanitized, tags by name created as needed). */
export async function createNote(opts: {
  db: DbOrTx;
  userId: string;
  title?: string;
  html: string;
  tags?: string[];
  now: Date;
}) {
  checkNoteSize(opts.html);
  const title = normTitle(opts.title);
  const html = sanitizeRichText(opts.html);
  const id = await opts.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notes)
      .values({
        userId: opts.userId,
        title,
        html,
        text: htmlToPlainText(html),
        createdAt: opts.now,
        updatedAt: opts.now,
      })
      .returning({ id: notes.id });
    await writeRelations(tx, opts.userId, row.id, html, opts.tags ?? []);
    return row.id;
  });
  return getNote({ db: opts.db, userId: opts.userId, id });
}

/**
 * Saves changes. With `version`, the save applies only if the stored note is still at that
 * version; otherwise CONFLICT (409) with `details.note` = the newer note. Without `version`
 * the save applies unconditionally (API clients that do not track versions).
 */
export async function updateNote(opts: {
  db: DbOrTx;
  userId: string;
  id: string;
  title?: string;
  html?: string;
  tags?: string[];
  version?: number;
  now: Date;
}) {
  if (!isUuid(opts.id)) throw notFound();
  if (opts.html !== undefined) checkNoteSize(opts.html);
  const title = opts.title === undefined ? undefined : normTitle(opts.title);
  const html = opts.html === undefined ? undefined : sanitizeRichText(opts.html);
  const saved = await opts.db.transaction(async (tx) => {
    const where: SQL[] = [eq(notes.id, opts.id), eq(notes.userId, opts.userId), isNull(notes.deletedAt)];
    if (opts.version !== undefined) where.push(eq(notes.version, opts.version));
    const [row] = await tx
      .update(notes)
      .set({
        ...(title !== undefined ? { title } : {}),
        ...(html !== undefined ? { html, text: htmlToPlainText(html) } : {}),
        version: sql`${notes.version} + 1`,
        updatedAt: opts.now,
      })
      .where(and(...where))
      .returning({ id: notes.id, html: notes.html });
    if (!row) return null;
    await writeRelations(tx, opts.userId, row.id, row.html, opts.tags);
    return row.id;
  });
  if (!saved) {
    const current = await getNote({ db: opts.db, userId: opts.userId, id: opts.id }); // NOT_FOUND when it is not this user's
    throw new AppError(
      "CONFLICT",
      "This note was changed in another tab or window. Your edit was not saved; the newer version is shown.",
      { note: current },
    );
  }
  return getNote({ db: opts.db, userId: opts.userId, id: saved });
}

/** Moves a note to the bin; returns when it can be restored until (UTC). */
export async function deleteNote({ db, userId, id, now }: { db: DbOrTx; userId: string; id: string; now: Date }) {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .update(notes)
    .set({ deletedAt: now })
    .where(and(eq(notes.id, id), eq(notes.userId, userId), isNull(notes.deletedAt)))
    .returning({ id: notes.id });
  if (!row) throw notFound();
  return { restoreUntil: new Date(now.getTime() + RESTORE_WINDOW_MS) };
}

/** Undoes a delete within the window. */
export async function restoreNote({ db, userId, id, now }: { db: DbOrTx; userId: string; id: string; now: Date }) {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .update(notes)
    .set({ deletedAt: null })
    .where(
      and(
        eq(notes.id, id),
        eq(notes.userId, userId),
        isNotNull(notes.deletedAt),
        sql`${notes.deletedAt} > ${new Date(now.getTime() - RESTORE_WINDOW_MS)}`,
      ),
    )
    .returning({ id: notes.id });
  if (!row) throw notFound();
  return getNote({ db, userId, id: row.id });
}

export interface ListNotesOptions {
  db: DbOrTx;
  userId: string;
  q?: string;
  tag?: string;
  sort: "updated" | "created" | "title";
  limit: number;
  offset: number;
  now: Date;
}

/** The user's notes (no bodies): excerpt, or a highlighted snippet when `q` is given. */
export async function listNotes(o: ListNotesOptions) {
  await o.db
    .delete(notes)
    .where(and(eq(notes.userId, o.userId), lt(notes.deletedAt, new Date(o.now.getTime() - RESTORE_WINDOW_MS))));
  const where: SQL[] = [eq(notes.userId, o.userId), isNull(notes.deletedAt)];
  const q = o.q?.trim() ? sql`websearch_to_tsquery('english', ${o.q})` : null;
  if (q) where.push(sql`${notes.search} @@ ${q}`);
  if (o.tag) {
    if (!isUuid(o.tag)) return { notes: [], total: 0 };
    where.push(sql`exists (select 1 from ${noteTags} nt where nt.note_id = ${notes.id} and nt.tag_id = ${o.tag})`);
  }
  // Every order ends on the unique id: rows with equal keys (same timestamp, same title, same
  // rank) would otherwise come back in any order, and offset paging would skip or repeat them.
  const order = [
    ...(q && o.sort === "updated" && !o.q?.match(/^\s*$/)
      ? [desc(sql`ts_rank_cd(${notes.search}, ${q}, 32)`), desc(notes.updatedAt)]
      : o.sort === "title"
        ? [asc(sql`lower(${notes.title})`)]
        : o.sort === "created"
          ? [desc(notes.createdAt)]
          : [desc(notes.updatedAt)]),
    asc(notes.id),
  ];
  const [rows, [{ total }]] = await Promise.all([
    o.db
      .select({
        id: notes.id,
        title: notes.title,
        version: notes.version,
        createdAt: notes.createdAt,
        updatedAt: notes.updatedAt,
        excerpt: sql<string>`left(${notes.text}, 220)`,
        snippet: q ? sql<string>`${headline(sql`left(${notes.text}, 20000)`, q)}` : sql<string>`null`,
      })
      .from(notes)
      .where(and(...where))
      .orderBy(...order)
      .limit(o.limit)
      .offset(o.offset),
    o.db
      .select({ total: sql<number>`count(*)::int` })
      .from(notes)
      .where(and(...where)),
  ]);
  const tagRows = rows.length
    ? await o.db
        .select({ noteId: noteTags.noteId, id: tags.id, name: tags.name })
        .from(noteTags)
        .innerJoin(tags, eq(tags.id, noteTags.tagId))
        .where(
          inArray(
            noteTags.noteId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(tags.name))
    : [];
  return {
    notes: rows.map((r) => ({
      ...r,
      snippet: r.snippet ? markSnippet(r.snippet) : null,
      tags: tagRows.filter((t) => t.noteId === r.id).map(({ id, name }) => ({ id, name })),
    })),
    total,
  };
}

/** A note as a Markdown file: `# Title`, tags line, body. */
export async function exportNoteMarkdown({
  db,
  userId,
  id,
  origin,
}: {
  db: DbOrTx;
  userId: string;
  id: string;
  /** The app's origin, for absolute case links. */
  origin: string;
}) {
  const n = await getNote({ db, userId, id });
  const tagLine = n.tags.length ? `\nTags: ${n.tags.map((t) => t.name).join(", ")}\n` : "";
  const body = htmlToMarkdown(n.html, origin);
  const filename = `${
    n.title
      .replace(/[^\p{L}\p{N} _-]+/gu, "")
      .trim()
      .slice(0, 80) || "note"
  }.md`;
  return { filename, markdown: `# ${n.title}\n${tagLine}\n${body}` };
}

/** Notes of the user that link to a case (backlinks on the brief and opinion pages). */
export async function listBacklinks({
  db,
  userId,
  kind,
  targetId,
}: {
  db: DbOrTx;
  userId: string;
  kind: CaseLinkKind;
  targetId: string;
}) {
  return db
    .select({
      id: notes.id,
      title: notes.title,
      updatedAt: notes.updatedAt,
      excerpt: sql<string>`left(${notes.text}, 160)`,
    })
    .from(noteCaseLinks)
    .innerJoin(notes, eq(notes.id, noteCaseLinks.noteId))
    .where(
      and(
        eq(noteCaseLinks.kind, kind),
        eq(noteCaseLinks.targetId, targetId),
        eq(notes.userId, userId),
        isNull(notes.deletedAt),
      ),
    )
    .orderBy(desc(notes.updatedAt));
}
