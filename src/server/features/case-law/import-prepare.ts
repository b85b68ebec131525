/**
 * Pure, CPU-only steps of the opinion import (issue 5 §2), shared by the in-process importer
 * (import.service.ts `importOpinions`) and the parse worker of uploads (parse-worker.ts): parse a
 * file, reconcile its metadata with the official briefs, merge excerpts of one opinion, and cut
 * passages. Nothing here touches the database, so it can run in a worker thread.
 */
import { type Doctrine, NO_DOCTRINE } from "./doctrine";
import { SUBJECT_IDS } from "../../../contract/content";
import { citeKey, formatCitation, normalizeCaseName, parseCitation } from "./citations";
import { mergeBodies, toPassages } from "./merge";
import { parseOpinionFile } from "./opinion-file";
import type { ParsedOpinion } from "./opinion-parse";
import { markdownToPlain, wordCount } from "./opinion-text";

/** Target passage length: small rows keep snippet selection cheap (schema-library.ts). */
export const PASSAGE_CHARS = 500;

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

export interface Candidate extends ParsedOpinion {
  key: string;
  subjectId: string | null;
  headnote: string;
  /** What the official content says about the case (decision 051; empty without an official brief). */
  doctrine: Doctrine;
  files: string[];
}

/** The official brief's issue, rule and holding, indexed with the opinion like a headnote. */
const headnoteOf = (body: Record<string, unknown> | undefined) =>
  body
    ? ["issue", "rule", "holding"]
        .map((k) => (typeof body[k] === "string" ? body[k] : ""))
        .filter(Boolean)
        .join("\n\n")
    : "";

const levenshtein1 = (a: string, b: string) => {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i);
};

/** The official briefs and subjects the importer checks metadata against (plain rows: they cross to the parse worker). */
export interface ReferenceRows {
  official: {
    name: string;
    citation: string | null;
    year: number | null;
    court: string | null;
    subjectId: string | null;
    body: Record<string, unknown>;
    doctrine: Doctrine;
  }[];
  subjects: { id: string; name: string; shortName: string }[];
}

export type Reference = ReturnType<typeof buildReference>;

/** Indexes the reference rows by citation key and by normalized case name. */
export function buildReference({ official, subjects: subjectRows }: ReferenceRows) {
  const byKey = new Map<string, ReferenceRows["official"][number]>();
  const byName = new Map<string, ReferenceRows["official"][number]>();
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
  return { byKey, byName, subjectOf };
}

/** Applies the official-brief reference and computes the key. */
export function reconcile(p: ParsedOpinion, file: string, ref: Reference, subjectId: string | null): Candidate {
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
    doctrine: official?.doctrine ?? NO_DOCTRINE,
    files: [file],
  };
}

export function mergeCandidates(list: Candidate[]): Candidate {
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

/** A candidate ready to be written: its passages and word count computed. */
export interface PreparedOpinion extends Candidate {
  passages: string[];
  words: number;
}

export const prepareOpinion = (c: Candidate): PreparedOpinion => ({
  ...c,
  passages: toPassages(c.text, PASSAGE_CHARS),
  words: wordCount(c.text),
});

/** The reason a file is refused before parsing (size), or null. */
export function sizeProblem(size: number): string | null {
  return size > MAX_IMPORT_FILE_BYTES
    ? `the file is ${(size / 1048576).toFixed(1)} MB; files can be up to 20 MB`
    : null;
}

/** Parses one file (bytes, or text from `decodeOpinionFile`) and reconciles each opinion in it: `{ok:false, reason}` for a file that is not an opinion or too large. */
export function candidatesOf(
  name: string,
  content: Uint8Array | string,
  ref: Reference,
  subjectId: string | null,
): { ok: true; candidates: Candidate[] } | { ok: false; reason: string } {
  // A string was decoded by the caller, which checked the file's size first (parse-worker.ts).
  const big = typeof content === "string" ? null : sizeProblem(content.length);
  if (big) return { ok: false, reason: big };
  const r = parseOpinionFile(name, content);
  if (!r.ok) return r;
  return { ok: true, candidates: r.opinions.map((p) => reconcile(p, name, ref, subjectId)) };
}

/**
 * Groups candidates by citation key in first-seen order and merges each group (files with the
 * same key are excerpts of one opinion), then prepares each for writing.
 */
export function groupAndPrepare(candidates: Candidate[]): PreparedOpinion[] {
  const byKey = new Map<string, Candidate[]>();
  for (const c of candidates) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c]);
  return [...byKey.values()].map((g) => prepareOpinion(g.length > 1 ? mergeCandidates(g) : g[0]));
}
