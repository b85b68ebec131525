/**
 * Building blocks of composed answers: citation markers, Markdown lists and tables, the best
 * sentences of a document for a question, and the case line "*Name*, cite — takeaway [n]".
 */
import type { BriefDoc, Corpus, TopicDoc } from "../corpus";
import type { Hit, ParsedQuery } from "../retrieve";
import type { Thread } from "../thread";
import type { SearchIndex } from "../search-index";
import { briefCite, type SourceList, type UserDoc } from "../sources";
import { sentences, terms } from "../text";

export interface UserHit {
  doc: UserDoc;
  relevance: number;
}

export interface ComposeContext {
  index: SearchIndex;
  corpus: Corpus;
  question: string;
  query: ParsedQuery;
  hits: Hit[];
  sources: SourceList;
  userHits: UserHit[];
  /** Set when the question is about an area of law the library does not cover. */
  outsideArea?: string | null;
  /** Whether a decline may list the nearest topics (default true). */
  nearestToo?: boolean;
  /** The earlier conversation a follow-up was read with ("how is that different from …?" names it by "that"). */
  thread?: Thread | null;
}

/** Neutralises characters of content that Markdown or our [n] markers would misread. */
export function plain(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/\[(\d+)\]/g, "($1)")
    .replace(/([*_`#])/g, "\\$1")
    .trim();
}

/** Appends " [n]" (or " [n][m]") before the sentence's final punctuation. */
export function mark(text: string, ...ns: number[]): string {
  const t = plain(text);
  const markers = [...new Set(ns)].map((n) => `[${n}]`).join("");
  const m = /^(.*?)([.!?;:]+["')\]]*)$/s.exec(t);
  // After a closing parenthesis the marker follows it: "(… long debated.) [1]".
  if (!m || /[)\]]/.test(m[2])) return `${t} ${markers}`;
  return `${m[1]} ${markers}${m[2]}`;
}

export const bullets = (items: string[]) => items.map((x) => `- ${x}`).join("\n");
export const numbered = (items: string[]) => items.map((x, i) => `${i + 1}. ${x}`).join("\n");
export const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** Markdown table with a header row. */
export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map(cell).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/** "*Palsgraf v. Long Island R.R. Co.*, 248 N.Y. 339 (N.Y. 1928)". */
export const caseName = (b: BriefDoc) => `*${plain(b.name)}*, ${b.citation ? plain(briefCite(b)) : b.year}`;

/** First sentence of text, shortened to about `max` characters at a word boundary. */
export function short(text: string, max = 220): string {
  const first = sentences(text)[0] ?? text;
  if (first.length <= max) return first;
  const cut = first.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(" "))}…`;
}

/** The question's content terms that the document's title does not already cover ("survive", "death"). */
export function residualTerms(ctx: ComposeContext, title: string): ParsedQuery["terms"] {
  const t = new Set(terms(title));
  return ctx.query.terms.filter((q) => !q.alts.some((a) => a.every((s) => t.has(s))));
}

/** Share of `qterms`' idf mass found in `text` (0 when there are none). */
export function overlap(qterms: ParsedQuery["terms"], text: string): number {
  if (!qterms.length) return 0;
  const set = new Set(terms(text));
  let hit = 0;
  let total = 0;
  for (const q of qterms) {
    total += q.idf;
    if (q.alts.some((a) => a.every((s) => set.has(s)))) hit += q.idf;
  }
  return total ? hit / total : 0;
}

/** Every sentence of a topic, labelled with where it comes from. */
export function topicSentences(t: TopicDoc): { text: string; from: string }[] {
  return [
    ...sentences(t.rule).map((text) => ({ text, from: "rule" })),
    ...t.elements.map((text) => ({ text, from: "element" })),
    ...t.exceptions.map((text) => ({ text, from: "exception" })),
    ...t.positions.map((p) => ({ text: `${p.view}: ${p.rule}`, from: "position" })),
    ...t.traps.map((text) => ({ text, from: "trap" })),
  ];
}

/**
 * The sentences that answer the specific part of the question (the words the title does not
 * cover): e.g. for "does the privilege survive death?" the rule's sentence about death.
 * Returns up to `max` sentences whose overlap is at least `min`, best first.
 */
export function focusSentences(
  ctx: ComposeContext,
  t: TopicDoc,
  max = 2,
  min = 0.5,
): { text: string; from: string; score: number }[] {
  const residual = residualTerms(ctx, t.title);
  if (!residual.length) return [];
  return topicSentences(t)
    .map((s) => ({ ...s, score: overlap(residual, s.text) }))
    .filter((s) => s.score >= min && s.from !== "trap")
    .sort((a, b) => b.score - a.score)
    .slice(0, max);
}

/** The live briefs of a topic, best-ranked for this question first, at most `max`. */
export function topicCases(ctx: ComposeContext, t: TopicDoc, max = 3): BriefDoc[] {
  const rank = new Map(ctx.hits.map((h, i) => [h.key, i]));
  return t.cases
    .map((id) => ctx.corpus.briefs.get(id))
    .filter((b): b is BriefDoc => !!b)
    .map((b, i) => ({ b, r: rank.get(`brief:${b.id}`) ?? 100 + i }))
    .sort((x, y) => x.r - y.r)
    .slice(0, max)
    .map((x) => x.b);
}

/** "- *Name*, cite: takeaway [n]" for each case, citing each brief. */
export function caseLines(ctx: ComposeContext, cases: BriefDoc[]): string[] {
  return cases.map((b) => `${caseName(b)}: ${mark(b.takeaways[0] ?? short(b.holding), ctx.sources.cite(b))}`);
}

/**
 * The provisions a topic rests on, as a line citing each base provision. Only the first few base
 * provisions are cited (a long list of sub-rules helps nobody); a provision the question names
 * always is.
 */
export function provisionLine(ctx: ComposeContext, t: TopicDoc, maxBases = 3): string | null {
  if (!t.provisions.length) return null;
  const bases: { id: string; cites: string[] }[] = [];
  for (const p of ctx.corpus.provisions.values()) {
    const cites = p.cites.filter((c) => c.topicIds.includes(t.id)).map((c) => c.cite);
    if (cites.length) bases.push({ id: p.id, cites });
  }
  const order = (id: string) => {
    const named = ctx.query.provisionIds.indexOf(id);
    if (named >= 0) return named - 100;
    return t.provisions.findIndex((raw) => bases.find((b) => b.id === id)?.cites.includes(raw));
  };
  bases.sort((a, b) => order(a.id) - order(b.id));
  const parts = bases
    .slice(0, maxBases)
    .map((b) => mark(b.cites.join(", "), ctx.sources.cite(ctx.corpus.provisions.get(b.id)!)));
  const rest = bases.slice(maxBases).flatMap((b) => b.cites);
  return rest.length ? `${parts.join("; ")}; also ${plain(rest.join(", "))}` : parts.join("; ");
}

/** "[Title](/library/topics/id)" links to a topic's related topics (navigation, not citations). */
export function relatedLinks(ctx: ComposeContext, t: TopicDoc, max = 4): string | null {
  const links = t.related
    .map((id) => ctx.corpus.topics.get(id))
    .filter((x): x is TopicDoc => !!x)
    .slice(0, max)
    .map((r) => `[${plain(r.title)}](/library/topics/${r.id})`);
  return links.length ? links.join(" · ") : null;
}

/** The best topic among the hits (optionally within the first `within` hits), or null. */
export function bestTopic(ctx: ComposeContext, within = ctx.hits.length): TopicDoc | null {
  for (const h of ctx.hits.slice(0, within)) if (h.doc.kind === "topic") return h.doc;
  return null;
}
