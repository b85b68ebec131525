/**
 * Which official topic an outline heading, a note's tag or a line of an uploaded outline is about
 * (issue 16 §3 "notes land under the heading of the topic they are tagged with", §4 the attack
 * outline's official rule, §7 OutlineIQ coverage). Word-based, never substring: both sides are
 * cut into stemmed content terms (src/server/ai/text.ts `terms`) after the standard law-school
 * abbreviations are written out, so "IIED" is "intentional infliction of emotional distress",
 * "PJ" is "personal jurisdiction", and "RAP" inside "RAPID" or "pj" inside "pjs" is nothing.
 *
 * A text matches a topic when one of the topic's names holds ≥ 70 % of its terms in the text and
 * ≥ 50 % of the text's terms are in that name; the best Dice score wins (a title's own words
 * score 1.0, a derived name 0.95). A topic's names are its title, the title without
 * parentheses, each parenthetical ("Res Judicata"), and the parts of the title split at dashes,
 * colons, commas and "and" ("Recording Acts and Bona Fide Purchasers" → "Bona Fide
 * Purchasers"). A derived name needs two terms, or one that no other topic's title uses.
 *
 * The table differs from the companion's (src/server/ai/lexicon.ts), which reads lower-cased
 * questions and adds fact patterns: here an abbreviation counts only in capitals ("RAP", not
 * the word "rap"), unless the whole text is one word (a tag such as "iied").
 */
import { terms } from "../../ai/text";

/** Standard abbreviations in outlines → the words of the doctrine they name. */
export const OUTLINE_ABBREVIATIONS: Record<string, string> = {
  IIED: "intentional infliction of emotional distress",
  NIED: "negligent infliction of emotional distress",
  SMJ: "subject matter jurisdiction",
  PJ: "personal jurisdiction",
  FQ: "federal question",
  FQJ: "federal question jurisdiction",
  RAP: "rule against perpetuities",
  BFP: "bona fide purchaser",
  BFPs: "bona fide purchasers",
  SOF: "statute of frauds",
  SOL: "statute of limitations",
  PER: "parol evidence rule",
  PE: "promissory estoppel",
  TPB: "third party beneficiary",
  AR: "anticipatory repudiation",
  SJ: "summary judgment",
  MSJ: "motion for summary judgment",
  JMOL: "judgment as a matter of law",
  JNOV: "judgment notwithstanding the verdict",
  FNC: "forum non conveniens",
  RJ: "res judicata",
  DCC: "dormant commerce clause",
  EP: "equal protection",
  EPC: "equal protection clause",
  DP: "due process",
  SDP: "substantive due process",
  PDP: "procedural due process",
  "P&I": "privileges and immunities",
  FFC: "full faith and credit",
  "1A": "first amendment",
  "4A": "fourth amendment",
  "5A": "fifth amendment",
  "6A": "sixth amendment",
  "14A": "fourteenth amendment",
  AP: "adverse possession",
  JT: "joint tenancy",
  TIC: "tenancy in common",
  TBE: "tenancy by the entirety",
  FSA: "fee simple absolute",
  FSD: "fee simple determinable",
  FSSCS: "fee simple subject to condition subsequent",
  FSSEL: "fee simple subject to executory limitation",
  IWH: "implied warranty of habitability",
  IWOH: "implied warranty of habitability",
  RIL: "res ipsa loquitur",
  LCC: "last clear chance",
  AOR: "assumption of risk",
  IAC: "ineffective assistance of counsel",
  REP: "reasonable expectation of privacy",
  SITA: "search incident to arrest",
  FM: "felony murder",
  VM: "voluntary manslaughter",
  IM: "involuntary manslaughter",
  MPC: "model penal code",
  UCC: "uniform commercial code",
  FRE: "federal rules of evidence",
  FRCP: "federal rules of civil procedure",
  K: "contract",
  Ks: "contracts",
};

const TOKEN = new RegExp(
  String.raw`(?<![\w&.])(${Object.keys(OUTLINE_ABBREVIATIONS)
    .sort((a, b) => b.length - a.length)
    .map((k) => k.replace(/[&]/g, "\\s?&\\s?"))
    .join("|")})(?![\w&])`,
  "g",
);
const LOWER = new Map(Object.entries(OUTLINE_ABBREVIATIONS).map(([k, v]) => [k.toLowerCase(), v]));

/**
 * Writes out the abbreviations of `text` (whole words in capitals; "B.F.P." counts as "BFP"; a
 * text of one word in any case). Returns the text with each one replaced by its words.
 */
export function expandAbbreviations(text: string): string {
  const undotted = text.replace(/\b(?:[A-Z]\.){2,}/g, (m) => m.replace(/\./g, ""));
  const one = undotted.trim();
  if (/^[\w&]+$/.test(one) && LOWER.has(one.toLowerCase())) return LOWER.get(one.toLowerCase())!;
  return undotted.replace(TOKEN, (m) => OUTLINE_ABBREVIATIONS[m.replace(/\s/g, "")] ?? m);
}

/** The content terms of a text, abbreviations written out. */
export const matchTerms = (text: string) => new Set(terms(expandAbbreviations(text)));

export interface TopicName {
  terms: Set<string>;
  /** 1 for the title itself, 0.95 for a derived name. */
  weight: number;
}

const CITE_PAREN = /^(?:FRE|Rule|UCC|§|Restatement|\d)/i;

/** The names of one topic (see the file comment); `rare` tells whether one term alone may name it. */
export function topicNames(title: string, rare: (term: string) => boolean = () => false): TopicName[] {
  const out: TopicName[] = [{ terms: matchTerms(title), weight: 1 }];
  const derived = new Set<string>();
  const main = title.replace(/\s*\([^()]*(?:\([^()]*\)[^()]*)*\)/g, " ").trim();
  derived.add(main);
  for (const m of title.matchAll(/\(([^()]+)\)/g)) if (!CITE_PAREN.test(m[1].trim())) derived.add(m[1]);
  for (const part of main.split(/\s+[—–-]\s+|:\s+|,\s+|\s+and\s+/i)) derived.add(part);
  for (const d of derived) {
    const t = matchTerms(d);
    if (!t.size || (t.size === 1 && !rare([...t][0]))) continue;
    if (out.some((n) => n.terms.size === t.size && [...t].every((x) => n.terms.has(x)))) continue;
    out.push({ terms: t, weight: 0.95 });
  }
  return out;
}

export interface TopicMatch {
  topicId: string;
  score: number;
}

/**
 * A matcher over a list of topics: `match(text)` gives the best topic for a heading, tag or line
 * (null when none qualifies or the text has no terms or more than `maxTerms`).
 */
export function topicMatcher(topics: { id: string; title: string }[], maxTerms = 14) {
  const uses = new Map<string, number>();
  for (const t of topics) for (const x of matchTerms(t.title)) uses.set(x, (uses.get(x) ?? 0) + 1);
  const named = topics.map((t) => ({ id: t.id, names: topicNames(t.title, (x) => uses.get(x) === 1) }));
  return {
    match(text: string): TopicMatch | null {
      const lt = matchTerms(text);
      if (!lt.size || lt.size > maxTerms) return null;
      let best: TopicMatch | null = null;
      for (const t of named)
        for (const name of t.names) {
          let n = 0;
          for (const x of lt) if (name.terms.has(x)) n++;
          if (n / name.terms.size < 0.7 || n / lt.size < 0.5) continue;
          const score = ((2 * n) / (lt.size + name.terms.size)) * name.weight;
          if (!best || score > best.score + 1e-9) best = { topicId: t.id, score };
        }
      return best;
    },
  };
}
