/**
 * OutlineIQ without an LLM (issue 16 §7): checks an outline, given as its lines, against the
 * subject's official topics, a pasted syllabus, our case briefs and case-law library, and the
 * student's own notes. Pure: the loader (analysis.job.ts) reads the database and this file decides.
 *
 * Matching is on stemmed content terms (src/server/ai/text.ts `terms`):
 *  - a topic's section is the outline line that best matches one of the topic's names (its
 *    title, its parts and parentheticals; abbreviations such as "IIED" written out — see
 *    ../topic-match.ts), among lines of at most 14 terms, with every deeper line under it;
 *  - an official element or exception is covered when the section holds every term of its head
 *    (the words before a colon, at most 6 terms) or at least half of all its terms;
 *  - a topic is thin when its section covers under half of its official elements and exceptions
 *    or has fewer than 25 words; missing when no line matches it;
 *  - a case citation is "<Party> v. <Party>" with an optional reporter citation and "(year)";
 *    it is verified when a known case has the same first word on each side and the cited
 *    citation and year (when given) agree, corrected when the name matches but the citation or
 *    year does not (the right ones are given), otherwise unverified;
 *  - a note contradicts a line of the same topic when a clause of each shares most terms
 *    (Jaccard ≥ 0.5, at least 2 terms) but one negates what the other states, they take
 *    opposite sides of a known pair (single/dual intent, majority/minority, objective/subjective,
 *    pure/modified), or they name different numbers.
 */
import { terms } from "../../../ai/text";
import { matchTerms, topicMatcher } from "../topic-match";

export interface AnalysisLine {
  line: number;
  depth: number;
  text: string;
  /** PDF page the line is on. */
  page: number | null;
  /** The outline entry, when an own outline is analysed. */
  entryId: string | null;
}

export interface OfficialTopic {
  id: string;
  title: string;
  rule: string;
  elements: string[];
  exceptions: string[];
}

export interface KnownCase {
  kind: "brief" | "student_brief" | "opinion";
  id: string;
  name: string;
  citation: string | null;
  year: number | null;
}

export interface StudentNote {
  id: string;
  title: string;
  text: string;
  tags: string[];
}

export interface AnalysisInput {
  lines: AnalysisLine[];
  subject: { id: string; name: string } | null;
  topics: OfficialTopic[];
  cases: KnownCase[];
  notes: StudentNote[];
  syllabus: string;
}

export type CoverageStatus = "covered" | "thin" | "missing";

export interface TopicCoverage {
  topicId: string;
  title: string;
  status: CoverageStatus;
  /** The heading line of the topic's section; null when missing. */
  line: number | null;
  words: number;
  /** Official elements and exceptions the section mentions, of `total`. */
  covered: number;
  total: number;
  /** covered / total, 0–100. */
  percent: number;
}

export interface SyllabusItem {
  item: string;
  status: "covered" | "missing";
  line: number | null;
}

export interface RuleCheck {
  topicId: string;
  title: string;
  /** The line of the student's rule statement (or the section heading). */
  line: number;
  statement: string;
  missingElements: string[];
  missingExceptions: string[];
  officialRule: string;
  source: string;
}

export interface CitationCheck {
  line: number;
  /** As written in the outline. */
  cited: string;
  name: string;
  citation: string | null;
  year: number | null;
  status: "verified" | "corrected" | "unverified";
  /** What is wrong, for `corrected`: the citation, the year or both. */
  wrong: ("citation" | "year")[];
  match: { kind: KnownCase["kind"]; id: string; name: string; citation: string | null; year: number | null } | null;
}

export interface Contradiction {
  topicId: string;
  title: string;
  line: number;
  outlineText: string;
  note: { id: string; title: string };
  noteText: string;
  why: string;
}

export interface Gap {
  id: string;
  kind: "topic" | "thin" | "element" | "exception" | "syllabus";
  topicId: string | null;
  topicTitle: string | null;
  text: string;
  /** A flashcard for the gap. */
  question: string;
  answer: string;
}

export interface AnalysisReport {
  subject: { id: string; name: string } | null;
  lineCount: number;
  wordCount: number;
  coverage: { topics: TopicCoverage[]; syllabus: SyllabusItem[] | null };
  rules: RuleCheck[];
  citations: CitationCheck[];
  contradictions: Contradiction[];
  gaps: Gap[];
}

const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;
const termSet = (s: string) => new Set(terms(s));

function dice(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let n = 0;
  for (const t of a) if (b.has(t)) n++;
  return (2 * n) / (a.size + b.size);
}

/** The head of an element: words before a colon (or the first clause), at most 6 terms. */
function headTerms(item: string): string[] {
  const head = item.split(/[:;(]|,\s/)[0];
  return terms(head).slice(0, 6);
}

/** Whether `section` (a term set) mentions the official `item`. */
export function mentions(section: Set<string>, item: string): boolean {
  const head = headTerms(item);
  if (head.length && head.every((t) => section.has(t))) return true;
  const all = [...new Set(terms(item))];
  if (!all.length) return true;
  return all.filter((t) => section.has(t)).length / all.length >= 0.5;
}

const short = (s: string, n = 140) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/** Index of the end (exclusive) of the subtree starting at i. */
function subtreeEnd(lines: AnalysisLine[], i: number): number {
  let j = i + 1;
  while (j < lines.length && lines[j].depth > lines[i].depth) j++;
  return j;
}

/** Each topic's section: the best-matching line (see the file comment). */
export function locateTopics(
  lines: AnalysisLine[],
  topics: OfficialTopic[],
): Map<string, { start: number; end: number }> {
  const matcher = topicMatcher(topics, 14);
  const best = new Map<string, { i: number; score: number }>();
  for (let i = 0; i < lines.length; i++) {
    const hit = matcher.match(lines[i].text.split(/[:—–]\s|\.\s/)[0]);
    if (!hit) continue;
    const topScore = hit.score;
    const id = hit.topicId;
    const prev = best.get(id);
    if (
      !prev ||
      topScore > prev.score + 1e-9 ||
      (Math.abs(topScore - prev.score) < 1e-9 && lines[i].depth < lines[prev.i].depth)
    )
      best.set(id, { i, score: topScore });
  }
  const out = new Map<string, { start: number; end: number }>();
  for (const [id, { i }] of best) out.set(id, { start: i, end: subtreeEnd(lines, i) });
  return out;
}

/** The case citations written on one line. */
export function findCaseCitations(
  text: string,
): { cited: string; plaintiff: string[]; defendant: string[]; citation: string | null; year: number | null }[] {
  const out: ReturnType<typeof findCaseCitations> = [];
  const word = String.raw`(?:[A-Z][\w.'’&-]*|of|the|and|&|de|du|la|von|ex|rel\.|for)`;
  const re = new RegExp(
    String.raw`((?:[A-Z][\w.'’&-]*)(?:\s+${word}){0,6}?)\s+v\.?\s+((?:[A-Z][\w.'’&-]*)(?:\s+${word}){0,6})(,?\s*((?:\[\d{4}\]\s*)?(?:[A-Z]\.?[A-Za-z.]*\s*)?\d{1,4}\s+[A-Z][A-Za-z.'’ &]{0,20}?(?:\s?(?:2d|3d|4th))?\s+\d{1,5})\b)?(?:,\s*\d{1,5})?\s*(?:\(([^()]*?)(\d{4})\))?`,
    "g",
  );
  const lead = /^(see|cf|in|under|per|but|accord|compare|and|also|e\.g|citing|following|applying|like|as|the|a)$/i;
  for (const m of text.matchAll(re)) {
    let p = m[1].split(/\s+/);
    while (p.length > 1 && (lead.test(p[0].replace(/[.,]$/, "")) || /^[A-Z]\.$/.test(p[0]))) p = p.slice(1);
    const d = m[2].replace(/,/g, "").split(/\s+/);
    const cited = m[0].trim().replace(/[,;]$/, "");
    out.push({
      cited: `${p.join(" ")} ${cited.slice(cited.indexOf(" v"))}`.replace(/^\s+/, "").replace(/\s+/g, " "),
      plaintiff: p,
      defendant: d,
      citation: m[4]?.trim() || null,
      year: m[6] ? Number(m[6]) : null,
    });
  }
  return out;
}

const NOISE = new Set([
  "the",
  "in",
  "re",
  "of",
  "a",
  "an",
  "and",
  "ex",
  "rel",
  "parte",
  "state",
  "people",
  "commonwealth",
]);
const sig = (words: string[]) =>
  words.map((w) => w.toLowerCase().replace(/[^a-z0-9]/g, "")).filter((w) => w && !NOISE.has(w));
const citeKey = (c: string) => c.toLowerCase().replace(/[\s.,'’[\]()]/g, "");

/** Splits a known case name into its sides. */
function sides(name: string): { p: string[]; d: string[] } {
  const [p, ...rest] = name.split(/\s+v\.?\s+/i);
  return { p: sig(p.split(/\s+/)), d: sig(rest.join(" ").split(/\s+/)) };
}

export function checkCitations(lines: AnalysisLine[], cases: KnownCase[]): CitationCheck[] {
  const known = cases
    .filter((c) => /\sv\.?\s/i.test(c.name))
    .map((c) => ({ c, ...sides(c.name) }))
    .filter((k) => k.p.length && k.d.length);
  const byDefendant = new Map<string, typeof known>();
  for (const k of known) {
    const list = byDefendant.get(k.d[0]) ?? [];
    list.push(k);
    byDefendant.set(k.d[0], list);
  }
  const rank = { brief: 0, student_brief: 1, opinion: 2 } as const;
  const out: CitationCheck[] = [];
  for (const l of lines) {
    for (const f of findCaseCitations(l.text)) {
      const p = sig(f.plaintiff);
      const d = sig(f.defendant);
      const candidates = (d.length ? (byDefendant.get(d[0]) ?? []) : []).filter((k) => p.includes(k.p[0]));
      candidates.sort((a, b) => rank[a.c.kind] - rank[b.c.kind]);
      // Prefer a candidate whose citation and year agree (several library copies of one case).
      const agree = (k: (typeof known)[number]) =>
        (!f.citation || !k.c.citation || citeKey(f.citation) === citeKey(k.c.citation)) &&
        (!f.year || !k.c.year || f.year === k.c.year);
      const hit = candidates.find(agree) ?? candidates[0];
      const name = `${f.plaintiff.join(" ")} v. ${f.defendant.join(" ")}`;
      if (!hit) {
        out.push({
          line: l.line,
          cited: f.cited,
          name,
          citation: f.citation,
          year: f.year,
          status: "unverified",
          wrong: [],
          match: null,
        });
        continue;
      }
      const wrong: CitationCheck["wrong"] = [];
      if (f.citation && hit.c.citation && citeKey(f.citation) !== citeKey(hit.c.citation)) wrong.push("citation");
      if (f.year && hit.c.year && f.year !== hit.c.year) wrong.push("year");
      out.push({
        line: l.line,
        cited: f.cited,
        name,
        citation: f.citation,
        year: f.year,
        status: wrong.length ? "corrected" : "verified",
        wrong,
        match: { kind: hit.c.kind, id: hit.c.id, name: hit.c.name, citation: hit.c.citation, year: hit.c.year },
      });
    }
  }
  return out;
}

const NEG =
  /\b(not|no|never|none|neither|nor|cannot|can't|isn't|aren't|doesn't|don't|didn't|without|unnecessary|irrelevant|insufficient)\b|\bneed not\b/i;
const numbersOf = (s: string) => (s.match(/\b\d+(?:\.\d+)?\b/g) ?? []).sort().join(",");
/** Clauses of a text (split at sentence ends, colons, semicolons, commas and dashes), of ≥ 3 words. */
const clauses = (s: string) =>
  s
    .split(/(?<=[.;!?:])\s+|\n+|,\s+|\s[—–]\s/)
    .map((x) => x.trim())
    .filter((x) => wordCount(x) >= 3);
const OPPOSITES: [RegExp, RegExp, string][] = [
  [/\bsingle\b/i, /\bdual\b/i, "single vs dual"],
  [/\bobjective\b/i, /\bsubjective\b/i, "objective vs subjective"],
  [/\bmajority\b/i, /\bminority\b/i, "majority vs minority"],
  [/\bpure\b/i, /\bmodified\b/i, "pure vs modified"],
  [/\bspecific\b/i, /\bgeneral\b/i, "specific vs general"],
];

function jaccard(a: Set<string>, b: Set<string>): { j: number; n: number } {
  let n = 0;
  for (const t of a) if (b.has(t)) n++;
  return { j: n / (a.size + b.size - n || 1), n };
}

function contradicts(a: string, b: string): string | null {
  const na = NEG.test(a);
  const nb = NEG.test(b);
  if (na !== nb)
    return na ? "Your outline negates what your note states." : "Your note negates what your outline states.";
  for (const [x, y, label] of OPPOSITES)
    if ((x.test(a) && !x.test(b) && y.test(b) && !y.test(a)) || (y.test(a) && !y.test(b) && x.test(b) && !x.test(a)))
      return `They disagree: ${label}.`;
  const xa = numbersOf(a);
  const xb = numbersOf(b);
  if (xa && xb && xa !== xb) return "They give different numbers.";
  return null;
}

/** The full report (see the file comment for the rules). */
export function analyseOutline(input: AnalysisInput): AnalysisReport {
  const { lines, topics } = input;
  const sections = locateTopics(lines, topics);
  const coverage: TopicCoverage[] = [];
  const rules: RuleCheck[] = [];
  const contradictions: Contradiction[] = [];
  const gaps: Gap[] = [];
  const sourceOf = (t: OfficialTopic) =>
    `Lexmate official outline${input.subject ? `, ${input.subject.name}` : ""}: ${t.title}`;
  const noteData = input.notes.map((n) => ({
    n,
    head: new Set([...matchTerms(n.title), ...n.tags.flatMap((t) => [...matchTerms(t)])]),
    sents: clauses(n.text).map((s) => ({ s, t: termSet(s) })),
  }));

  for (const t of topics) {
    const sec = sections.get(t.id);
    const items = [...t.elements, ...t.exceptions];
    if (!sec) {
      coverage.push({
        topicId: t.id,
        title: t.title,
        status: "missing",
        line: null,
        words: 0,
        covered: 0,
        total: items.length,
        percent: 0,
      });
      gaps.push({
        id: `topic:${t.id}`,
        kind: "topic",
        topicId: t.id,
        topicTitle: t.title,
        text: `${t.title} is not in the outline.`,
        question: `${t.title}: state the rule.`,
        answer: t.rule,
      });
      continue;
    }
    const secLines = lines.slice(sec.start, sec.end);
    const text = secLines.map((l) => l.text).join("\n");
    const set = termSet(text);
    const missE = t.elements.filter((e) => !mentions(set, e));
    const missX = t.exceptions.filter((e) => !mentions(set, e));
    const covered = items.length - missE.length - missX.length;
    const percent = items.length ? Math.round((100 * covered) / items.length) : 100;
    const words = wordCount(text);
    const status: CoverageStatus = percent < 50 || words < 25 ? "thin" : "covered";
    const head = lines[sec.start];
    coverage.push({
      topicId: t.id,
      title: t.title,
      status,
      line: head.line,
      words,
      covered,
      total: items.length,
      percent,
    });
    const ruleLine =
      secLines.find((l) => /^(rule|black.?letter|rule statement)\b/i.test(l.text)) ??
      secLines.find((l, i) => i > 0 && wordCount(l.text) >= 8) ??
      head;
    if (missE.length || missX.length)
      rules.push({
        topicId: t.id,
        title: t.title,
        line: ruleLine.line,
        statement: short(ruleLine.text, 300),
        missingElements: missE,
        missingExceptions: missX,
        officialRule: t.rule,
        source: sourceOf(t),
      });
    if (status === "thin")
      gaps.push({
        id: `thin:${t.id}`,
        kind: "thin",
        topicId: t.id,
        topicTitle: t.title,
        text: `${t.title} is thin: ${covered} of ${items.length} official elements and exceptions, ${words} words.`,
        question: `${t.title}: state the rule.`,
        answer: t.rule,
      });
    for (const [k, e] of missE.entries())
      gaps.push({
        id: `element:${t.id}:${k}`,
        kind: "element",
        topicId: t.id,
        topicTitle: t.title,
        text: e,
        question: `${t.title}: which element does this describe? "${short(e.replace(/^[^:]*:\s*/, ""), 160)}"`,
        answer: e,
      });
    for (const [k, e] of missX.entries())
      gaps.push({
        id: `exception:${t.id}:${k}`,
        kind: "exception",
        topicId: t.id,
        topicTitle: t.title,
        text: e,
        question: `${t.title}: name an exception or defense.`,
        answer: e,
      });
    // Contradictions with notes on the same topic.
    const title = matchTerms(t.title);
    const related = noteData.filter(
      (nd) =>
        dice(nd.head, title) >= 0.5 ||
        [...title].every((x) => nd.head.has(x)) ||
        nd.sents.some((s) => [...title].every((x) => s.t.has(x))),
    );
    if (!related.length) continue;
    const found = new Set<string>();
    for (const l of secLines) {
      for (const os of clauses(l.text)) {
        const ot = termSet(os);
        for (const nd of related) {
          for (const ns of nd.sents) {
            const { j, n } = jaccard(ot, ns.t);
            if (j < 0.5 || n < 2) continue;
            const why = contradicts(os, ns.s);
            const key = `${nd.n.id}:${l.line}`;
            if (!why || found.has(key)) continue;
            found.add(key);
            contradictions.push({
              topicId: t.id,
              title: t.title,
              line: l.line,
              outlineText: short(os, 300),
              note: { id: nd.n.id, title: nd.n.title },
              noteText: short(ns.s, 300),
              why,
            });
          }
        }
      }
    }
  }

  let syllabus: SyllabusItem[] | null = null;
  if (input.syllabus.trim()) {
    const lineTerms = lines.map((l) => termSet(l.text));
    syllabus = [];
    for (const raw of input.syllabus.split(/\n+/)) {
      const item = raw.replace(/^\s*(?:[-*•]|\(?[0-9ivxlcIVXLCa-zA-Z]{1,4}[.)])\s+/, "").trim();
      const it = termSet(item);
      if (!it.size) continue;
      let at = -1;
      for (let i = 0; i < lines.length && at < 0; i++) {
        let n = 0;
        for (const x of it) if (lineTerms[i].has(x)) n++;
        if (n / it.size >= 0.6) at = i;
      }
      syllabus.push({
        item: short(item, 200),
        status: at >= 0 ? "covered" : "missing",
        line: at >= 0 ? lines[at].line : null,
      });
      if (at < 0)
        gaps.push({
          id: `syllabus:${syllabus.length}`,
          kind: "syllabus",
          topicId: null,
          topicTitle: null,
          text: short(item, 200),
          question: `Syllabus: ${short(item, 200)} — what is the rule?`,
          answer: "Add the rule from your course materials.",
        });
    }
  }

  return {
    subject: input.subject,
    lineCount: lines.length,
    wordCount: lines.reduce((n, l) => n + wordCount(l.text), 0),
    coverage: { topics: coverage, syllabus },
    rules,
    citations: checkCitations(lines, input.cases),
    contradictions,
    gaps,
  };
}
