/**
 * `importOpinions`: files → opinions in the database (issue 5 §2).
 *
 * Each file is parsed on its own; a file that cannot be read or is not an opinion is reported
 * by name and reason and the rest of the batch still imports. Opinions are keyed by
 * (scope, cite_key): re-importing the same case updates it. Within one batch, files with the
 * same key are excerpts of one opinion and are merged (merge.ts). Each opinion is written in
 * its own transaction (row + passages), so a failure never leaves half an opinion behind.
 *
 * Official case briefs are the reference for metadata read heuristically from a caption: an
 * official brief with the same citation supplies the subject, the case name (when the file had
 * no front matter) and a missing or impossible year; a front-matter citation one digit off the
 * official brief's for the same case name is corrected (both with a warning in the report).
 */
import { and, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { briefs, opinionPassages, opinions, opinionTexts, subjects, topics } from "../../db/schema";
import { doctrinesOf, NO_DOCTRINE, OPENING_CHARS } from "./doctrine";
import {
  buildReference,
  type Candidate,
  candidatesOf,
  groupAndPrepare,
  MAX_IMPORT_FILE_BYTES,
  type ImportedOpinion,
  type ImportFile,
  type ImportReport,
  type ReferenceRows,
} from "./import-prepare";
import { localParts, type OpinionParts, PASSAGE_BATCH, pieces, TEXT_PART_CHARS } from "./opinion-parts";

export { MAX_IMPORT_FILE_BYTES };

export type { ImportedOpinion, ImportFile, ImportReport };

/** The official briefs and subjects metadata is reconciled with (import-prepare.ts `buildReference`). */
export async function loadReferenceRows(db: Db): Promise<ReferenceRows> {
  const [official, subjectRows, topicRows] = await Promise.all([
    db
      .select({
        id: briefs.id,
        topicIds: briefs.topicIds,
        name: briefs.name,
        citation: briefs.citation,
        year: briefs.year,
        court: briefs.court,
        subjectId: briefs.subjectId,
        body: briefs.body,
      })
      .from(briefs)
      .where(and(eq(briefs.isOfficial, true), isNull(briefs.retiredAt))),
    db.select({ id: subjects.id, name: subjects.name, shortName: subjects.shortName }).from(subjects),
    db
      .select({ id: topics.id, title: topics.title, summary: topics.summary, rule: topics.rule, body: topics.body })
      .from(topics)
      .where(and(eq(topics.isOfficial, true), isNull(topics.retiredAt))),
  ]);
  const doctrines = doctrinesOf(official, topicRows);
  return {
    official: official.map(({ id, topicIds: _topicIds, ...b }) => ({
      ...b,
      doctrine: doctrines.get(id) ?? NO_DOCTRINE,
    })),
    subjects: subjectRows,
  };
}

/**
 * PGlite runs inside this process, and one statement holds the event loop until it ends (and a
 * chain of awaited statements never lets timers or sockets in): the writes of a large opinion
 * are therefore cut small and separated by `breathe()` so requests are answered in between
 * (issue 12 item 1, decision 056). Passages go 50 rows a statement; the texts go in parts of
 * `TEXT_PART_CHARS` (opinion_texts holds an opinion as parts): writing a 20 MB text as one value
 * held PGlite for seconds (TOAST-compressing the whole datum), a part takes milliseconds.
 */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export { pieces, TEXT_PART_CHARS };

/**
 * Upserts an opinion's reading and plain text as parts (row `part` i holds the i-th piece of
 * each; the shorter one's extra rows hold ""), one statement per part, fetching each part only
 * when it is written, and drops the parts an earlier, longer import left beyond them.
 */
async function writeTextParts(tx: DbOrTx, opinionId: string, c: OpinionParts) {
  const n = c.head.parts;
  for (let i = 0; i < n; i++) {
    if (i) await breathe();
    const row = await c.part(i);
    // The update reads the inserted values back (`excluded`): `set: row` bound both texts a
    // second time, and every bound text is copied again when the statement is encoded.
    await tx
      .insert(opinionTexts)
      .values({ opinionId, part: i, ...row })
      .onConflictDoUpdate({
        target: [opinionTexts.opinionId, opinionTexts.part],
        set: { body: sql`excluded.body`, text: sql`excluded.text` },
      });
  }
  await tx.delete(opinionTexts).where(and(eq(opinionTexts.opinionId, opinionId), gte(opinionTexts.part, n)));
}

/**
 * Writes one prepared opinion (row, text, passages), upserting on (scope, cite_key). Its long
 * parts are fetched one statement at a time (`OpinionParts`: from the parse worker for uploads).
 * Default: in one transaction, so a failure never leaves half an opinion behind.
 * `split` (uploads on PGlite): statement by statement outside a transaction, because PGlite is
 * one session and an open transaction makes every other request of the process wait for it
 * (a 20 MB opinion held `/api/health` for 34 s). A new opinion whose write fails is deleted
 * again; an update that fails midway can leave the old row with part of its new passages, and
 * says so in the report (the next import of the file repairs it).
 */
export async function writeOpinion(
  db: Db,
  c: OpinionParts,
  scope: string,
  ownerId: string | null,
  now: Date,
  opts: { split?: boolean } = {},
): Promise<ImportedOpinion> {
  if (!opts.split) return db.transaction((tx) => writeOpinionSteps(tx, c, scope, ownerId, now));
  return writeOpinionSteps(db, c, scope, ownerId, now, true);
}

async function writeOpinionSteps(
  tx: DbOrTx,
  parts: OpinionParts,
  scope: string,
  ownerId: string | null,
  now: Date,
  compensate = false,
): Promise<ImportedOpinion> {
  {
    const c = parts.head;
    const text = c.textHead;
    const values = {
      scope,
      ownerId,
      citeKey: c.key,
      name: c.name.slice(0, 500),
      citation: c.citation,
      court: c.court,
      year: c.year,
      decidedOn: c.decidedOn,
      subjectId: c.subjectId,
      wordCount: c.words,
      headnote: c.headnote,
      source: c.files.join(", ").slice(0, 2000),
      sourceFormat: c.sourceFormat,
      updatedAt: now,
      // Decision 051: the official doctrine (topic titles A; brief and topic sentences B) and the
      // opening of the opinion (its syllabus or first paragraphs, C) weigh above the text (D).
      doctrine: sql`setweight(to_tsvector('english', ${c.doctrine.titles}), 'A') || setweight(to_tsvector('english', ${c.headnote}), 'B') || setweight(to_tsvector('english', ${c.doctrine.text}), 'B')`,
      head: sql`setweight(to_tsvector('english', ${c.name}), 'A') || setweight(to_tsvector('english', ${c.citation ?? ""}), 'A') || setweight(to_tsvector('english', ${c.headnote}), 'B') || setweight(to_tsvector('english', ${c.doctrine.titles}), 'A') || setweight(to_tsvector('english', ${c.doctrine.text}), 'B') || setweight(to_tsvector('english', ${text.slice(0, OPENING_CHARS)}), 'C')`,
      // left(…, 200000) counts characters; `textHead`'s 400,000 UTF-16 units always hold 200,000 of
      // them, so the whole text (up to 20 MB) is not sent as a parameter just to be cut.
      search: sql`setweight(to_tsvector('english', ${c.name}), 'A') || setweight(to_tsvector('english', ${c.citation ?? ""}), 'A') || setweight(to_tsvector('english', ${c.headnote}), 'B') || setweight(to_tsvector('english', ${c.doctrine.titles}), 'A') || setweight(to_tsvector('english', ${c.doctrine.text}), 'B') || setweight(to_tsvector('english', ${text.slice(0, OPENING_CHARS)}), 'C') || setweight(to_tsvector('english', ${c.court ?? ""}), 'D') || setweight(to_tsvector('english', left(${text}, 200000)), 'D')`,
    };
    const [row] = await tx
      .insert(opinions)
      .values(values)
      .onConflictDoUpdate({
        target: [opinions.scope, opinions.citeKey],
        set: {
          ...values,
          search: sql`excluded.search`,
          head: sql`excluded.head`,
          doctrine: sql`excluded.doctrine`,
          subjectId: sql`coalesce(excluded.subject_id, ${opinions.subjectId})`,
        },
      })
      .returning({ id: opinions.id, inserted: sql<boolean>`(xmax = 0)` });
    try {
      await breathe();
      await writeTextParts(tx, row.id, parts);
      await breathe();
      await tx.delete(opinionPassages).where(eq(opinionPassages.opinionId, row.id));
      for (let i = 0; i < c.passageCount; i += PASSAGE_BATCH) {
        await breathe();
        const batch = await parts.passages(i);
        await tx.insert(opinionPassages).values(batch.map((text, k) => ({ opinionId: row.id, ordinal: i + k, text })));
      }
    } catch (err) {
      if (compensate && row.inserted) await tx.delete(opinions).where(eq(opinions.id, row.id));
      else if (compensate)
        (err as Error).message = `${(err as Error).message} (the opinion may be incomplete until imported again)`;
      throw err;
    }
    return {
      id: row.id,
      name: c.name,
      citation: c.citation,
      court: c.court,
      year: c.year,
      status: row.inserted ? "created" : "updated",
      files: c.files,
      warnings: c.warnings,
    };
  }
}

/**
 * After a batch: merges the GIN indexes' pending lists (new entries sit in an unsorted list
 * every query scans until VACUUM merges them, and PGlite has no autovacuum) and refreshes the
 * planner's statistics.
 * `light` (uploads on PGlite, where each statement holds the event loop): one index per
 * statement with a turn of the event loop between them, and statistics from a smaller sample
 * (`default_statistics_target` 10: 3,000 rows instead of 30,000): `analyze opinion_passages`
 * over the full sample held the loop for 0.3–2.5 s after a 20 MB upload (decision 056).
 */
export async function settleIndexes(db: Db, opts: { light?: boolean } = {}) {
  if (!opts.light) {
    await db.execute(
      sql`select gin_clean_pending_list('opinions_search_idx'::regclass), gin_clean_pending_list('opinions_head_idx'::regclass), gin_clean_pending_list('opinion_passages_search_idx'::regclass)`,
    );
    await db.execute(sql`analyze opinions`);
    await db.execute(sql`analyze opinion_passages`);
    return;
  }
  for (const index of ["opinions_search_idx", "opinions_head_idx", "opinion_passages_search_idx"]) {
    await breathe();
    await db.execute(sql`select gin_clean_pending_list(${index}::regclass)`);
  }
  for (const table of [opinions, opinionPassages]) {
    await breathe();
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local default_statistics_target = 10`);
      await tx.execute(sql`analyze ${table}`);
    });
  }
}

/**
 * Imports a batch. `ownerId` null writes to the shared library (operators, CLI); a user id
 * writes to that student's own opinions. `subjectId` (optional) applies to every opinion.
 * Never throws for bad input: every problem is in `failed`.
 */
export async function importOpinions(opts: {
  db: Db;
  files: ImportFile[];
  ownerId: string | null;
  subjectId?: string | null;
  now?: () => Date;
}): Promise<ImportReport> {
  const t0 = performance.now();
  const ref = buildReference(await loadReferenceRows(opts.db));
  const failed: ImportReport["failed"] = [];
  const candidates: Candidate[] = [];
  for (const f of opts.files) {
    const r = candidatesOf(f.name, f.content, ref, opts.subjectId ?? null);
    if (r.ok) candidates.push(...r.candidates);
    else failed.push({ file: f.name, reason: r.reason });
  }
  const imported = await writePrepared({
    db: opts.db,
    prepared: groupAndPrepare(candidates).map(localParts),
    ownerId: opts.ownerId,
    failed,
    now: opts.now,
  });
  if (imported.length) await settleIndexes(opts.db);
  return importReport(imported, failed, opts.files.length, t0);
}

/** Writes prepared opinions one by one; a write that fails is reported in `failed` for each of its files. */
export async function writePrepared(opts: {
  db: Db;
  prepared: Iterable<OpinionParts>;
  ownerId: string | null;
  failed: ImportReport["failed"];
  now?: () => Date;
  /** writeOpinion's `split` (PGlite uploads). */
  split?: boolean;
}): Promise<ImportedOpinion[]> {
  const scope = opts.ownerId ?? "library";
  const imported: ImportedOpinion[] = [];
  for (const c of opts.prepared) {
    try {
      imported.push(
        await writeOpinion(opts.db, c, scope, opts.ownerId, opts.now?.() ?? new Date(), { split: opts.split }),
      );
    } catch (err) {
      for (const file of c.head.files)
        opts.failed.push({ file, reason: `could not be saved: ${(err as Error).message.split("\n")[0]}` });
    }
  }
  return imported;
}

/** The report of a batch of `files` files that started at `t0` (performance.now()). */
export function importReport(
  imported: ImportedOpinion[],
  failed: ImportReport["failed"],
  files: number,
  t0: number,
): ImportReport {
  return {
    imported,
    failed,
    counts: {
      files,
      opinions: imported.length,
      created: imported.filter((i) => i.status === "created").length,
      updated: imported.filter((i) => i.status === "updated").length,
      failed: failed.length,
    },
    ms: Math.round(performance.now() - t0),
  };
}

/** Ids of `ids` that exist and are visible to `userId` (library or own). */
export async function visibleOpinionIds(db: Db, userId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: opinions.id })
    .from(opinions)
    .where(and(inArray(opinions.id, ids), sql`(${opinions.ownerId} is null or ${opinions.ownerId} = ${userId})`));
  return new Set(rows.map((r) => r.id));
}
