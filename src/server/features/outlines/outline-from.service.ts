/**
 * 'New outline from…' (issue 16 §3, decision 061): what a new outline starts with.
 * - subject: the official subject's live topics as top-level headings, in teaching order (the
 *   content has no order field, so by title; decision 055).
 * - notes: the student's notes (any of `tagIds`, or picked `noteIds`) and briefs (official or own),
 *   each as an entry that embeds it by reference (nothing copied but its title), under the heading
 *   of its topic: a note's topic is one its HTML links to (`/library/topics/<id>` or
 *   `data-topic-id`) or one a tag of it names (topic id or title, any case, or by words and
 *   abbreviations — "IIED", "Bona fide purchasers" — through topic-match.ts); a brief's are its
 *   topic ids. With `subjectId` every topic of that subject is a heading even when empty; other
 *   topics get a heading as needed; the rest go under "Other notes" / "Cases" at the end.
 * - syllabus: pasted text turned into headings (src/domain/outline-syllabus.ts).
 * Only the owner's notes, tags and briefs are read; an unknown subject is NOT_FOUND.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import type { EmbedKind } from "../../../contract/outlines";
import { MAX_OUTLINE_DEPTH, MAX_OUTLINE_ENTRIES } from "../../../contract/outlines";
import { parseSyllabus } from "../../../domain/outline-syllabus";
import type { DbOrTx } from "../../db/client";
import { briefs, notes, noteTags, studentBriefs, subjects, tags, topics } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { topicMatcher } from "./topic-match";

export type OutlineSource =
  | { kind: "blank" }
  | { kind: "subject"; subjectId: string }
  | {
      kind: "notes";
      subjectId?: string;
      tagIds: string[];
      noteIds: string[];
      briefs: { kind: "brief" | "student_brief"; id: string }[];
    }
  | { kind: "syllabus"; text: string };

/** One entry to insert; parents come before their children. */
export interface PlannedEntry {
  id: string;
  parentId: string | null;
  position: number;
  html: string;
  text: string;
  embedKind: EmbedKind | null;
  embedId: string | null;
}

export interface OutlinePlan {
  title: string;
  subject: string;
  subjectId: string | null;
  entries: PlannedEntry[];
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const TOPIC_LINK = /(?:\/library\/topics\/|data-topic-id=")([A-Za-z0-9_-]+)/g;

class Builder {
  entries: PlannedEntry[] = [];
  private count = new Map<string | null, number>();
  add(parentId: string | null, text: string, opts: { bold?: boolean; embed?: { kind: EmbedKind; id: string } } = {}) {
    const n = (this.count.get(parentId) ?? 0) + 1;
    this.count.set(parentId, n);
    const id = randomUUID();
    const inner = opts.bold ? `<strong>${esc(text)}</strong>` : esc(text);
    this.entries.push({
      id,
      parentId,
      position: n,
      html: `<p>${inner}</p>`,
      text,
      embedKind: opts.embed?.kind ?? null,
      embedId: opts.embed?.id ?? null,
    });
    return id;
  }
}

async function subjectRow(db: DbOrTx, subjectId: string) {
  const [s] = await db
    .select({ id: subjects.id, name: subjects.name })
    .from(subjects)
    .where(and(eq(subjects.id, subjectId), isNull(subjects.retiredAt)));
  if (!s) throw new AppError("NOT_FOUND", "No such subject.");
  return s;
}

const subjectTopics = (db: DbOrTx, subjectId: string) =>
  db
    .select({ id: topics.id, title: topics.title })
    .from(topics)
    .where(and(eq(topics.subjectId, subjectId), isNull(topics.retiredAt)))
    .orderBy(asc(topics.title));

/** Works out the title, label and first entries of a new outline. See the file comment. */
export async function planOutline(o: {
  db: DbOrTx;
  userId: string;
  title: string;
  subject: string;
  from: OutlineSource;
}): Promise<OutlinePlan> {
  const { db, from } = o;
  let title = o.title.trim();
  let label = o.subject.trim();
  const b = new Builder();
  if (from.kind === "blank")
    return { title: title || "Untitled outline", subject: label, subjectId: null, entries: [] };

  if (from.kind === "syllabus") {
    const lines = parseSyllabus(from.text, MAX_OUTLINE_DEPTH, MAX_OUTLINE_ENTRIES);
    if (!lines.length)
      throw new AppError("VALIDATION_FAILED", "Paste at least one line of a syllabus or table of contents.");
    const stack: string[] = [];
    for (const l of lines) {
      stack.length = l.level - 1;
      stack.push(b.add(stack[l.level - 2] ?? null, l.text, { bold: l.level === 1 }));
    }
    return { title: title || "Outline from syllabus", subject: label, subjectId: null, entries: b.entries };
  }

  if (from.kind === "subject") {
    const s = await subjectRow(db, from.subjectId);
    for (const t of await subjectTopics(db, s.id)) b.add(null, t.title, { bold: true });
    return { title: title || `${s.name} outline`, subject: label || s.name, subjectId: s.id, entries: b.entries };
  }

  // from notes and briefs
  const subject = from.subjectId ? await subjectRow(db, from.subjectId) : null;
  const heading = new Map<string, string>(); // topic id → entry id
  if (subject)
    for (const t of await subjectTopics(db, subject.id)) heading.set(t.id, b.add(null, t.title, { bold: true }));

  const tagIds = from.tagIds;
  const picked = new Set(from.noteIds);
  const noteRows =
    picked.size || tagIds.length
      ? await db
          .selectDistinct({ id: notes.id, title: notes.title, html: notes.html })
          .from(notes)
          .leftJoin(noteTags, eq(noteTags.noteId, notes.id))
          .where(
            and(
              eq(notes.userId, o.userId),
              isNull(notes.deletedAt),
              or(
                picked.size ? inArray(notes.id, [...picked]) : undefined,
                tagIds.length ? inArray(noteTags.tagId, tagIds) : undefined,
              ),
            ),
          )
          .orderBy(asc(notes.title))
      : [];
  const noteIds = noteRows.map((n) => n.id);
  const noteTagRows = noteIds.length
    ? await db
        .select({ noteId: noteTags.noteId, name: tags.name })
        .from(noteTags)
        .innerJoin(tags, and(eq(tags.id, noteTags.tagId), eq(tags.userId, o.userId)))
        .where(inArray(noteTags.noteId, noteIds))
    : [];
  const own = from.briefs
    .filter((x) => x.kind === "student_brief")
    .map((x) => x.id)
    .filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const official = from.briefs.filter((x) => x.kind === "brief").map((x) => x.id);
  const [ownRows, officialRows] = await Promise.all([
    own.length
      ? db
          .select({ id: studentBriefs.id, name: studentBriefs.name, topicIds: studentBriefs.topicIds })
          .from(studentBriefs)
          .where(and(inArray(studentBriefs.id, own), eq(studentBriefs.userId, o.userId)))
          .orderBy(asc(studentBriefs.name))
      : [],
    official.length
      ? db
          .select({ id: briefs.id, name: briefs.name, topicIds: briefs.topicIds })
          .from(briefs)
          .where(and(inArray(briefs.id, official), eq(briefs.isOfficial, true)))
          .orderBy(asc(briefs.name))
      : [],
  ]);
  if (!noteRows.length && !ownRows.length && !officialRows.length && !subject)
    throw new AppError("VALIDATION_FAILED", "None of these notes or briefs were found. Pick at least one.");

  // Every live topic, to read links and tag names against (title or id, any case).
  const allTopics = await db
    .select({ id: topics.id, title: topics.title, subjectId: topics.subjectId })
    .from(topics)
    .where(isNull(topics.retiredAt));
  const topicById = new Map(allTopics.map((t) => [t.id, t]));
  const topicByName = new Map<string, string>();
  // The chosen subject's topics win a name shared across subjects.
  const mine = (t: { subjectId: string }) => Number(t.subjectId === subject?.id);
  for (const t of [...allTopics].sort((x, y) => mine(x) - mine(y))) {
    topicByName.set(t.title.toLowerCase(), t.id);
    topicByName.set(t.id.toLowerCase(), t.id);
  }
  const headingFor = (topicId: string | undefined) => {
    if (!topicId) return null;
    const known = heading.get(topicId);
    if (known) return known;
    const t = topicById.get(topicId);
    if (!t) return null;
    const id = b.add(null, t.title, { bold: true });
    heading.set(topicId, id);
    return id;
  };
  // A tag that is not a title or id names a topic by its words: the chosen subject's topics first.
  const matchers = [
    ...(subject ? [topicMatcher(allTopics.filter((t) => t.subjectId === subject.id))] : []),
    topicMatcher(allTopics),
  ];
  const byWords = (name: string) => {
    for (const m of matchers) {
      const hit = m.match(name);
      if (hit) return hit.topicId;
    }
    return undefined;
  };
  const noteTopic = (n: { id: string; html: string }) => {
    for (const m of n.html.matchAll(TOPIC_LINK)) if (topicById.has(m[1])) return m[1];
    const names = noteTagRows.filter((r) => r.noteId === n.id).map((r) => r.name.trim());
    for (const name of names) {
      const t = topicByName.get(name.toLowerCase());
      if (t) return t;
    }
    for (const name of names) {
      const t = byWords(name);
      if (t) return t;
    }
    return undefined;
  };
  let otherNotes: string | null = null;
  for (const n of noteRows) {
    let parent = headingFor(noteTopic(n));
    if (!parent) parent = otherNotes ??= b.add(null, "Other notes", { bold: true });
    b.add(parent, n.title || "Untitled note", { embed: { kind: "note", id: n.id } });
  }
  let otherCases: string | null = null;
  const briefTopic = (ids: string[]) =>
    ids.find((t) => heading.has(t)) ?? ids.find((t) => topicById.get(t)?.subjectId === subject?.id) ?? ids[0];
  for (const [kind, rows] of [
    ["brief", officialRows],
    ["student_brief", ownRows],
  ] as const)
    for (const r of rows) {
      let parent = headingFor(briefTopic(r.topicIds));
      if (!parent) parent = otherCases ??= b.add(null, "Cases", { bold: true });
      b.add(parent, r.name, { embed: { kind, id: r.id } });
    }

  if (subject) label ||= subject.name;
  title ||= subject ? `${subject.name} outline` : "Outline from notes";
  return { title, subject: label, subjectId: subject?.id ?? null, entries: b.entries };
}
