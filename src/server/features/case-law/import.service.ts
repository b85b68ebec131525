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
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { SUBJECT_IDS } from "../../../contract/content";
import type { Db } from "../../db/client";
import { briefs, opinionPassages, opinions, opinionTexts, subjects, topics } from "../../db/schema";
import { citeKey, formatCitation, normalizeCaseName, parseCitation } from "./citations";
import { mergeBodies, toPassages } from "./merge";
import { parseOpinionFile } from "./opinion-file";
import type { ParsedOpinion } from "./opinion-parse";
import { markdownToPlain, wordCount } from "./opinion-text";

/** Target passage length: small rows keep snippet selection cheap (schema-library.ts). */
const PASSAGE_CHARS = 500;

/** Largest file accepted by the importer (issue 5 §6). */
export const MAX_IMPORT_FILE_BYTES = 20 * 1024 * 1024;

export interface ImportFile {
  name: string;
  content: Uint8Array;
}

export interface ImportedOpinion {
  id: string;
  name: string;
  citation: string | null;
  court: string | null;
  year: number | null;
  status: "created" | "updated";
  files: string[];
  warnings: string[];
}

export interface ImportReport {
  imported: ImportedOpinion[];
  failed: { file: string; reason: string }[];
  counts: { files: number; opinions: number; created: number; updated: number; failed: number };
  ms: number;
}

interface Candidate extends ParsedOpinion {
  key: string;
  subjectId: string | null;
  headnote: string;
  doctrine: Doctrine;
  files: string[];
}

/**
 * What the official content says about a case, indexed as the opinion's `doctrine` vector
 * (decision 051): `titles` (weight A) are the titles of the topics its official brief is filed
 * under; `text` (weight B) is the brief's issue, rule, holding, facts and takeaways plus every
 * sentence of an official topic (rule, summary, elements, exceptions, positions, traps) that names
 * the case. So a doctrine described in plain words finds the case the topics cite for it.
 */
export interface Doctrine {
  titles: string;
  text: string;
}

const NO_DOCTRINE: Doctrine = { titles: "", text: "" };

/** Characters of an opinion's opening indexed like a syllabus (weight C; decision 051). */
export const OPENING_CHARS = 1500;

/** The official brief's issue, rule and holding, indexed with the opinion like a headnote. */
const headnoteOf = (body: Record<string, unknown> | undefined) =>
  body
    ? ["issue", "rule", "holding"]
        .map((k) => (typeof body[k] === "string" ? body[k] : ""))
        .filter(Boolean)
        .join("\n\n")
    : "";

const STATES =
  "Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming";
const GENERIC_PARTY = new RegExp(
  `^(?:United States|U\\.S\\.|State|People|Commonwealth|City|County|Town|Board|Department|In re|Ex parte|${STATES})\\b`,
  "i",
);

/**
 * How topics refer to a case: its distinctive party ("Wickard" for Wickard v. Filburn, "Lopez" for
 * United States v. Lopez), or the whole name when both parties are generic (New York v. United
 * States). Corporate suffixes are dropped.
 */
export function caseShortName(name: string): string {
  const parties = name.split(/\s+v\.\s+/).map((p) =>
    p
      .replace(/,?\s+(?:Inc|Co|Corp|Ltd|L\.L\.C|LLC)\.?(?=\s|,|$).*$/i, "")
      .replace(/^(?:In re|Ex parte)\s+/i, "")
      .trim(),
  );
  const first = parties[0] ?? name;
  if (parties.length < 2) return first;
  if (!GENERIC_PARTY.test(first)) return first.split(/,\s/)[0];
  if (!GENERIC_PARTY.test(parties[1])) return parties[1].split(/,\s/)[0];
  return name;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every string in a topic's body (elements, exceptions, positions, traps…), split into sentences. */
function sentencesOf(...values: unknown[]): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") out.push(...v.split(/(?<=[.;])\s+(?=[A-Z(])/));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  values.forEach(walk);
  return out;
}

/** The doctrine text of every official brief, keyed by brief id (see `Doctrine`). */
function doctrinesOf(
  official: { id: string; name: string; topicIds: string[]; body: Record<string, unknown> }[],
  topicRows: { id: string; title: string; summary: string; rule: string; body: Record<string, unknown> }[],
): Map<string, Doctrine> {
  const title = new Map(topicRows.map((t) => [t.id, t.title]));
  const sentences = topicRows.flatMap((t) => {
    const { cases: _cases, related: _related, provisions: _provisions, ...rest } = t.body as Record<string, unknown>;
    return sentencesOf(t.summary, t.rule, rest);
  });
  const out = new Map<string, Doctrine>();
  for (const b of official) {
    const short = caseShortName(b.name);
    const re = short.length >= 3 ? new RegExp(`\\b${escapeRe(short)}\\b`, "i") : null;
    const naming = re ? sentences.filter((s) => re.test(s)) : [];
    const own = ["facts", "takeaways"].flatMap((k) => sentencesOf(b.body[k]));
    out.set(b.id, {
      titles: b.topicIds.map((id) => title.get(id) ?? "").join("\n"),
      text: [...own, ...naming].join("\n").slice(0, 20_000),
    });
  }
  return out;
}

const levenshtein1 = (a: string, b: string) => {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i);
};

async function loadReference(db: Db) {
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
  const byKey = new Map<string, (typeof official)[number]>();
  const byName = new Map<string, (typeof official)[number]>();
  for (const b of official) {
    if (b.citation) byKey.set(citeKey({ citation: b.citation, name: b.name, year: b.year }), b);
    byName.set(normalizeCaseName(b.name), b);
  }
  const subjectOf = (hint: string | null): string | null => {
    if (!hint) return null;
    const h = hint.trim().toLowerCase();
    const found = subjectRows.find((s) => s.id === h || s.name.toLowerCase() === h || s.shortName.toLowerCase() === h);
    return found?.id ?? ((SUBJECT_IDS as readonly string[]).includes(h) ? h : null);
  };
  return { byKey, byName, subjectOf, doctrines };
}

/** Applies the official-brief reference and computes the key. */
function reconcile(
  p: ParsedOpinion,
  file: string,
  ref: Awaited<ReturnType<typeof loadReference>>,
  subjectId: string | null,
): Candidate {
  const warnings = [...p.warnings];
  let { name, citation, year, court } = p;
  let parsed = citation ? parseCitation(citation) : null;
  if (parsed && !ref.byKey.has(citeKey({ citation, name, year }))) {
    const same = ref.byName.get(normalizeCaseName(name));
    const theirs = same?.citation ? parseCitation(same.citation) : null;
    if (
      theirs &&
      theirs.reporter === parsed.reporter &&
      theirs.volume === parsed.volume &&
      theirs.page !== parsed.page &&
      levenshtein1(String(theirs.page), String(parsed.page))
    ) {
      warnings.push(
        `citation ${citation} corrected to ${formatCitation(theirs)}, the citation of the official brief for ${same?.name}`,
      );
      citation = formatCitation(theirs);
      parsed = theirs;
    }
  }
  const key = citeKey({ citation, name, year, decided: p.decidedOn });
  const official = ref.byKey.get(key);
  if (official) {
    if (!p.nameFromMetadata && official.name !== name) name = official.name;
    if (official.year && year !== official.year && (year === null || Math.abs(year - official.year) > 1)) {
      warnings.push(
        `year ${year ?? "(none)"} replaced by ${official.year} from the official brief for ${official.name}`,
      );
      year = official.year;
    }
    court ??= official.court;
  }
  return {
    ...p,
    name,
    citation,
    year,
    court,
    warnings,
    key,
    subjectId: subjectId ?? ref.subjectOf(p.subjectHint) ?? official?.subjectId ?? null,
    headnote: headnoteOf(official?.body),
    doctrine: (official && ref.doctrines.get(official.id)) || NO_DOCTRINE,
    files: [file],
  };
}

function mergeCandidates(list: Candidate[]): Candidate {
  const sorted = [...list].sort(
    (a, b) => Number(b.nameFromMetadata) - Number(a.nameFromMetadata) || b.text.length - a.text.length,
  );
  const base = sorted[0];
  let body = base.body;
  for (const c of sorted.slice(1)) body = mergeBodies(body, c.body);
  const pick = <K extends keyof Candidate>(k: K) =>
    sorted.map((c) => c[k]).find((v) => v !== null && v !== undefined) ?? base[k];
  return {
    ...base,
    body,
    text: markdownToPlain(body),
    court: pick("court"),
    year: pick("year"),
    decidedOn: pick("decidedOn"),
    subjectId: pick("subjectId"),
    files: list.flatMap((c) => c.files),
    warnings: [
      ...list.flatMap((c) => c.warnings),
      `merged ${list.length} files with the same citation: ${list.flatMap((c) => c.files).join(", ")}`,
    ],
  };
}

async function writeOpinion(
  db: Db,
  c: Candidate,
  scope: string,
  ownerId: string | null,
  now: Date,
): Promise<ImportedOpinion> {
  return db.transaction(async (tx) => {
    const text = c.text;
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
      wordCount: wordCount(text),
      headnote: c.headnote,
      source: c.files.join(", ").slice(0, 2000),
      sourceFormat: c.sourceFormat,
      updatedAt: now,
      // Decision 051: the official doctrine (topic titles A; brief and topic sentences B) and the
      // opening of the opinion (its syllabus or first paragraphs, C) weigh above the text (D).
      doctrine: sql`setweight(to_tsvector('english', ${c.doctrine.titles}), 'A') || setweight(to_tsvector('english', ${c.headnote}), 'B') || setweight(to_tsvector('english', ${c.doctrine.text}), 'B')`,
      head: sql`setweight(to_tsvector('english', ${c.name}), 'A') || setweight(to_tsvector('english', ${c.citation ?? ""}), 'A') || setweight(to_tsvector('english', ${c.headnote}), 'B') || setweight(to_tsvector('english', ${c.doctrine.titles}), 'A') || setweight(to_tsvector('english', ${c.doctrine.text}), 'B') || setweight(to_tsvector('english', left(${text}, ${OPENING_CHARS})), 'C')`,
      search: sql`setweight(to_tsvector('english', ${c.name}), 'A') || setweight(to_tsvector('english', ${c.citation ?? ""}), 'A') || setweight(to_tsvector('english', ${c.headnote}), 'B') || setweight(to_tsvector('english', ${c.doctrine.titles}), 'A') || setweight(to_tsvector('english', ${c.doctrine.text}), 'B') || setweight(to_tsvector('english', left(${text}, ${OPENING_CHARS})), 'C') || setweight(to_tsvector('english', ${c.court ?? ""}), 'D') || setweight(to_tsvector('english', left(${text}, 200000)), 'D')`,
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
    await tx
      .insert(opinionTexts)
      .values({ opinionId: row.id, body: c.body, text })
      .onConflictDoUpdate({ target: opinionTexts.opinionId, set: { body: c.body, text } });
    await tx.delete(opinionPassages).where(eq(opinionPassages.opinionId, row.id));
    const passages = toPassages(c.text, PASSAGE_CHARS);
    for (let i = 0; i < passages.length; i += 200) {
      await tx
        .insert(opinionPassages)
        .values(passages.slice(i, i + 200).map((text, k) => ({ opinionId: row.id, ordinal: i + k, text })));
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
  });
}

/**
 * After a batch: merges the GIN indexes' pending lists (new entries sit in an unsorted list
 * every query scans until VACUUM merges them, and PGlite has no autovacuum) and refreshes the
 * planner's statistics.
 */
export async function settleIndexes(db: Db) {
  await db.execute(
    sql`select gin_clean_pending_list('opinions_search_idx'::regclass), gin_clean_pending_list('opinions_head_idx'::regclass), gin_clean_pending_list('opinion_passages_search_idx'::regclass)`,
  );
  await db.execute(sql`analyze opinions`);
  await db.execute(sql`analyze opinion_passages`);
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
  const ref = await loadReference(opts.db);
  const failed: ImportReport["failed"] = [];
  const byKey = new Map<string, Candidate[]>();
  for (const f of opts.files) {
    if (f.content.length > MAX_IMPORT_FILE_BYTES) {
      failed.push({
        file: f.name,
        reason: `the file is ${(f.content.length / 1048576).toFixed(1)} MB; files can be up to 20 MB`,
      });
      continue;
    }
    const r = parseOpinionFile(f.name, f.content);
    if (!r.ok) {
      failed.push({ file: f.name, reason: r.reason });
      continue;
    }
    for (const p of r.opinions) {
      const c = reconcile(p, f.name, ref, opts.subjectId ?? null);
      byKey.set(c.key, [...(byKey.get(c.key) ?? []), c]);
    }
  }
  const scope = opts.ownerId ?? "library";
  const imported: ImportedOpinion[] = [];
  for (const group of byKey.values()) {
    const c = group.length > 1 ? mergeCandidates(group) : group[0];
    try {
      imported.push(await writeOpinion(opts.db, c, scope, opts.ownerId, opts.now?.() ?? new Date()));
    } catch (err) {
      for (const file of c.files)
        failed.push({ file, reason: `could not be saved: ${(err as Error).message.split("\n")[0]}` });
    }
  }
  if (imported.length) await settleIndexes(opts.db);
  return {
    imported,
    failed,
    counts: {
      files: opts.files.length,
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
