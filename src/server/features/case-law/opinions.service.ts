/**
 * Reading the opinion library: browse with filters, facets for the filter controls, one
 * opinion with the briefs beside it, and deleting a student's own upload. Every query shows
 * the shared library plus the user's own opinions; another user's upload is a 404.
 */
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { OfficialBriefSections } from "../../../contract/case-law";
import { isUuid } from "../../../domain/ids";
import type { DbOrTx } from "../../db/client";
import { briefs, opinions, opinionTexts, studentBriefs } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { citeKey } from "./citations";

export const visibleTo = (userId: string): SQL => or(isNull(opinions.ownerId), eq(opinions.ownerId, userId)) as SQL;

export interface OpinionFilters {
  court?: string;
  yearFrom?: number;
  yearTo?: number;
  subject?: string;
}

const summary = {
  id: opinions.id,
  name: opinions.name,
  citation: opinions.citation,
  court: opinions.court,
  year: opinions.year,
  subjectId: opinions.subjectId,
  wordCount: opinions.wordCount,
  ownerId: opinions.ownerId,
};

function filterWhere(userId: string, f: OpinionFilters): SQL {
  const where: SQL[] = [visibleTo(userId)];
  if (f.court) where.push(eq(opinions.court, f.court));
  if (f.yearFrom !== undefined) where.push(sql`${opinions.year} >= ${f.yearFrom}`);
  if (f.yearTo !== undefined) where.push(sql`${opinions.year} <= ${f.yearTo}`);
  if (f.subject) where.push(eq(opinions.subjectId, f.subject));
  return and(...where) as SQL;
}

/** A page of opinions (no text), sorted by name or by date (newest first). */
export async function listOpinions(opts: {
  db: DbOrTx;
  userId: string;
  filters: OpinionFilters;
  sort: "name" | "date";
  limit: number;
  offset: number;
}) {
  const where = filterWhere(opts.userId, opts.filters);
  const order =
    opts.sort === "date" ? [sql`${opinions.year} desc nulls last`, asc(opinions.name)] : [asc(opinions.name)];
  const [rows, [{ total }]] = await Promise.all([
    opts.db
      .select(summary)
      .from(opinions)
      .where(where)
      .orderBy(...order)
      .limit(opts.limit)
      .offset(opts.offset),
    opts.db.select({ total: sql<number>`count(*)::int` }).from(opinions).where(where),
  ]);
  return { opinions: rows.map(({ ownerId, ...r }) => ({ ...r, mine: ownerId === opts.userId })), total };
}

/** Values for the filter controls: courts with counts, the year range, subjects with counts. */
export async function opinionFacets({ db, userId }: { db: DbOrTx; userId: string }) {
  const where = visibleTo(userId);
  const [courts, years, subjectsRows] = await Promise.all([
    db
      .select({ court: opinions.court, count: sql<number>`count(*)::int` })
      .from(opinions)
      .where(and(where, sql`${opinions.court} is not null`))
      .groupBy(opinions.court)
      .orderBy(desc(sql`count(*)`)),
    db
      .select({
        min: sql<number | null>`min(${opinions.year})`,
        max: sql<number | null>`max(${opinions.year})`,
        total: sql<number>`count(*)::int`,
      })
      .from(opinions)
      .where(where),
    db
      .select({ subjectId: opinions.subjectId, count: sql<number>`count(*)::int` })
      .from(opinions)
      .where(and(where, sql`${opinions.subjectId} is not null`))
      .groupBy(opinions.subjectId),
  ]);
  return {
    courts: courts as { court: string; count: number }[],
    years: { min: years[0]?.min ?? null, max: years[0]?.max ?? null },
    subjects: subjectsRows as { subjectId: string; count: number }[],
    total: years[0]?.total ?? 0,
  };
}

/** An opinion's whole reading (`body`) or plain (`text`) text: its parts in order (schema-library.ts `opinionTexts`). */
const wholeText = (col: "body" | "text") =>
  sql<string>`(select coalesce(string_agg(${opinionTexts[col]}, '' order by ${opinionTexts.part}), '') from ${opinionTexts} where ${opinionTexts.opinionId} = ${opinions.id})`;

/** One opinion with its official brief (same citation) and the user's own briefs of it. */
export async function getOpinion({ db, userId, id }: { db: DbOrTx; userId: string; id: string }) {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "No such opinion.");
  const [o] = await db
    .select({
      id: opinions.id,
      name: opinions.name,
      citation: opinions.citation,
      court: opinions.court,
      year: opinions.year,
      decidedOn: opinions.decidedOn,
      subjectId: opinions.subjectId,
      wordCount: opinions.wordCount,
      source: opinions.source,
      ownerId: opinions.ownerId,
      updatedAt: opinions.updatedAt,
      citeKey: opinions.citeKey,
      body: wholeText("body"),
    })
    .from(opinions)
    .where(and(eq(opinions.id, id), visibleTo(userId)));
  if (!o) throw new AppError("NOT_FOUND", "No such opinion.");
  const official = await officialBriefFor({ db, key: o.citeKey });
  const mine = await db
    .select({ id: studentBriefs.id, name: studentBriefs.name, updatedAt: studentBriefs.updatedAt })
    .from(studentBriefs)
    .where(and(eq(studentBriefs.userId, userId), eq(studentBriefs.opinionId, o.id)))
    .orderBy(desc(studentBriefs.updatedAt));
  return {
    id: o.id,
    name: o.name,
    citation: o.citation,
    court: o.court,
    year: o.year,
    decidedOn: o.decidedOn,
    subjectId: o.subjectId,
    body: o.body,
    wordCount: o.wordCount,
    source: o.source,
    mine: o.ownerId === userId,
    updatedAt: o.updatedAt,
    officialBrief: official,
    myBriefs: mine,
  };
}

/** The official brief whose citation has the same key as the opinion's, with its sections. */
export async function officialBriefFor({ db, key }: { db: DbOrTx; key: string }) {
  const m = /^[a-z0-9']+:(\d+):(\d+)$/.exec(key);
  if (!m) return null;
  const rows = await db
    .select()
    .from(briefs)
    .where(
      and(
        eq(briefs.isOfficial, true),
        isNull(briefs.retiredAt),
        sql`${briefs.citation} like ${`${m[1]} %`}`,
        sql`${briefs.citation} like ${`% ${m[2]}`}`,
      ),
    );
  const b = rows.find((r) => r.citation && citeKey({ citation: r.citation, name: r.name, year: r.year }) === key);
  if (!b) return null;
  return {
    id: b.id,
    name: b.name,
    citation: b.citation,
    court: b.court,
    year: b.year,
    subjectId: b.subjectId,
    ...(b.body as OfficialBriefSections),
  };
}

/**
 * The opinion of an official brief's case that the user can read (the shared library's or
 * their own upload, same citation key), or null when none is imported. Unknown or retired
 * brief ids answer null too: the caller only decides where "Write your own" starts.
 */
export async function opinionForBrief({
  db,
  userId,
  briefId,
}: {
  db: DbOrTx;
  userId: string;
  briefId: string;
}): Promise<{ id: string; name: string; citation: string | null } | null> {
  const [b] = await db
    .select({ name: briefs.name, citation: briefs.citation, year: briefs.year })
    .from(briefs)
    .where(and(eq(briefs.id, briefId), eq(briefs.isOfficial, true), isNull(briefs.retiredAt)));
  if (!b?.citation) return null;
  const key = citeKey({ citation: b.citation, name: b.name, year: b.year });
  const [o] = await db
    .select({ id: opinions.id, name: opinions.name, citation: opinions.citation })
    .from(opinions)
    .where(and(eq(opinions.citeKey, key), visibleTo(userId)))
    // The student's own upload first, then the shared library's.
    .orderBy(sql`${opinions.ownerId} is null`)
    .limit(1);
  return o ?? null;
}

/** Plain text of an opinion visible to the user (brief drafting). */
export async function opinionText({ db, userId, id }: { db: DbOrTx; userId: string; id: string }) {
  const [o] = await db
    .select({
      id: opinions.id,
      name: opinions.name,
      citation: opinions.citation,
      court: opinions.court,
      year: opinions.year,
      subjectId: opinions.subjectId,
      text: wholeText("text"),
      citeKey: opinions.citeKey,
    })
    .from(opinions)
    .where(and(eq(opinions.id, id), visibleTo(userId)));
  if (!o) throw new AppError("NOT_FOUND", "No such opinion.");
  return o;
}

/**
 * Deletes an opinion: a student may delete their own uploads; library opinions only an
 * administrator. Someone else's upload is a 404.
 */
export async function deleteOpinion({
  db,
  user,
  id,
}: {
  db: DbOrTx;
  user: { id: string; isAdmin: boolean };
  id: string;
}) {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "No such opinion.");
  const [o] = await db
    .select({ id: opinions.id, ownerId: opinions.ownerId })
    .from(opinions)
    .where(and(eq(opinions.id, id), visibleTo(user.id)));
  if (!o) throw new AppError("NOT_FOUND", "No such opinion.");
  if (o.ownerId === null && !user.isAdmin)
    throw new AppError("FORBIDDEN", "Only an administrator can remove an opinion from the shared library.");
  await db.delete(opinions).where(eq(opinions.id, o.id));
}

/** Names and citations for ids (case links, collections), visible ones only. */
export async function opinionLabels({ db, userId, ids }: { db: DbOrTx; userId: string; ids: string[] }) {
  const valid = ids.filter(isUuid);
  if (!valid.length) return [];
  return db
    .select({
      id: opinions.id,
      name: opinions.name,
      citation: opinions.citation,
      court: opinions.court,
      year: opinions.year,
    })
    .from(opinions)
    .where(and(inArray(opinions.id, valid), visibleTo(userId)));
}
