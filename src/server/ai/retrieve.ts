/**
 * Retrieval over the official corpus: question → parsed query → ranked hits with a relevance in
 * [0, 1] the engine compares with its decline threshold (decision 011).
 *
 * Relevance is *coverage*: the idf-weighted share of the question's content words (stop words and
 * framing words such as "explain" or "difference" excluded) that one document contains, a synonym
 * counting for the student's word. A question about sourdough or capital-gains tax has its rarest
 * words missing from every document and scores low however well BM25 ranks its best partial match.
 * Naming a case ("Palsgraf v. Long Island") or a provision ("FRE 403") is strong evidence on its own.
 */
import { askPenalties } from "./ask";
import { isStory } from "./classify";
import { SYNONYMS, expandShorthand } from "./lexicon";
import { ORDINALS } from "../../domain/provisions";
import { detectProvisionIds } from "./provision-refs";
import type { CorpusDoc } from "./corpus";
import { definedKey, EXAMPLE_WEIGHT, findCaseMentions, idf, type SearchIndex } from "./search-index";
import { editDistance, isFramingTerm, isPlaceTerm, normalize, terms, wordCount } from "./text";
import { SUBJECT_IDS } from "../../contract/content";

export interface QueryTerm {
  stem: string;
  idf: number;
  /** Each alternative is a phrase of stems; it matches when the document holds all of them. */
  alts: string[][];
}

export interface ParsedQuery {
  /** The question after shorthand expansion (lower case). */
  text: string;
  /** Content terms, deduplicated: what coverage is measured on. */
  terms: QueryTerm[];
  /** Every search token with its weight (unigrams, bigrams, synonyms, framing words). */
  weights: Map<string, number>;
  provisionIds: string[];
  caseMentions: { briefId: string; strength: "full" | "short" }[];
  /** The question tells a story (classify.ts isStory): the example vote weighs more. */
  story: boolean;
}

export interface Hit {
  key: string;
  doc: CorpusDoc;
  /** Ranking score (not comparable across questions). */
  score: number;
  /** Relevance in [0, 1]. */
  relevance: number;
  coverage: number;
  /** Share of the query's idf mass in the document's title. */
  titleCoverage: number;
}

/** Levenshtein distance ≤ 1, or one transposition of adjacent letters. */
function withinOneEdit(a: string, b: string): boolean {
  if (editDistance(a, b, 1) <= 1) return true;
  if (a.length !== b.length) return false;
  const diff: number[] = [];
  for (let i = 0; i < a.length && diff.length <= 2; i++) if (a[i] !== b[i]) diff.push(i);
  return diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]];
}

/**
 * Closest known stem within one edit (insertion, deletion, substitution, transposition), preferring
 * frequent ones: the deletion-neighbourhood lookup of SymSpell (W. Garbe, 2012) over the index's
 * vocabulary. Only stems of six letters or more are repaired ("hearsy" → "hearsai"): shorter
 * unknown words are more often real words we simply do not cover ("bread").
 */
function repairSpelling(index: SearchIndex, stem: string): string | null {
  if (stem.length < 6 || /\d/.test(stem)) return null;
  const keys = [stem];
  for (let i = 0; i < stem.length; i++) keys.push(stem.slice(0, i) + stem.slice(i + 1));
  let best: string | null = null;
  let bestDf = 0;
  for (const k of keys) {
    for (const cand of index.deletions.get(k) ?? []) {
      if (!withinOneEdit(stem, cand)) continue;
      const df = index.df.get(cand) ?? 0;
      if (df > bestDf) {
        best = cand;
        bestDf = df;
      }
    }
  }
  return best;
}

/** Words written with a capital letter (lower-cased): names of parties, places, products. */
export function capitalized(question: string): Set<string> {
  const out = new Set<string>();
  for (const m of question.matchAll(/\b([A-Z][a-z]+)\b/g)) out.add(m[1].toLowerCase());
  return out;
}

export function parseQuery(index: SearchIndex, question: string): ParsedQuery {
  const text = expandShorthand(normalize(question), question);
  const proper = capitalized(question);
  const long = wordCount(question) >= 15;
  const weights = new Map<string, number>();
  const setWeight = (t: string, w: number) => weights.set(t, Math.max(weights.get(t) ?? 0, w));
  const stems: string[] = [];
  for (const word of text.match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? []) {
    const [s0] = terms(word);
    if (!s0) continue;
    // In a story, a capitalised word the library only ever uses as a name ("Dana", "Reyes") is a
    // party's name: it matches the practice stem or trigger fact that happens to share it, not a doctrine.
    const bare = word.replace(/'s$/, "");
    if (long && proper.has(bare) && !index.plainWords.has(bare)) continue;
    let s = s0;
    if (!index.df.has(s) && !SYNONYMS.has(s)) {
      // Unknown numbers (amounts, dates) and capitalised names say nothing about the doctrine.
      if (/^\d+$/.test(s)) continue;
      const fixed = repairSpelling(index, s);
      if (fixed) s = fixed;
      // In a story, an unknown capitalised word is a party's name; in a short question it may be
      // the very thing asked about ("the capital of Australia"), so it stays and counts as missing.
      else if (long && proper.has(bare)) continue;
    }
    stems.push(s);
  }
  const seen = new Map<string, QueryTerm>();
  // "summary judgment", "standard of care": a framing word the student wrote that opens a title's
  // term of art is content (a word the lexicon added, "comparative", stays framing).
  const said = new Set(terms(normalize(question)));
  const termOfArt = (j: number) => said.has(stems[j]) && index.titleBigrams.has(`${stems[j]}_${stems[j + 1]}`);
  for (const [j, s] of stems.entries()) {
    if ((isFramingTerm(s) && !termOfArt(j)) || isPlaceTerm(s)) {
      setWeight(s, 0.3);
      continue;
    }
    setWeight(s, /^\d{1,2}$/.test(s) ? 0.3 : 1);
    if (seen.has(s) || /^\d{1,2}$/.test(s)) continue;
    // A synonym made only of stop words ("likeness" → "like") would match every document.
    const alts = (SYNONYMS.get(s) ?? []).map((phrase) => terms(phrase)).filter((a) => a.length);
    for (const a of alts) for (const t of a) setWeight(t, 0.5);
    seen.set(s, { stem: s, idf: idf(index, s), alts: [[s], ...alts] });
  }
  for (let j = 0; j + 1 < stems.length; j++) setWeight(`${stems[j]}_${stems[j + 1]}`, 1.5);
  const provisionIds = detectProvisionIds(text, (id) => index.corpus.provisions.has(id));
  // "under the Fourth Amendment" is context shared by many topics, not what the question is about.
  for (const id of provisionIds) {
    const m = /^const-amend-(\d+)$/.exec(id);
    if (!m || (index.corpus.provisions.get(id)?.topicIds.length ?? 0) < 4) continue;
    const n = Number(m[1]);
    for (const w of ["amendment", ORDINALS[n], `${n}th`, `${n}st`, `${n}nd`, `${n}rd`]) {
      const [st] = terms(w);
      if (!st) continue;
      seen.delete(st);
      setWeight(st, 0.3);
      weights.set(st, 0.3);
    }
  }
  return {
    text,
    terms: [...seen.values()],
    weights,
    provisionIds,
    caseMentions: findCaseMentions(index, question),
    story: isStory(question),
  };
}

export interface Evidence {
  /** Share of the query's idf mass the document holds (synonyms count for the student's word). */
  coverage: number;
  /** The idf mass itself. */
  mass: number;
  /** How many distinct content terms of the query the document holds. */
  matched: number;
}

/** A set of stems, or several read as their union (relevanceView). */
export interface StemSet {
  has(stem: string): boolean;
}

/** What of the query document `key` holds (all zero when the query has no content words). */
export function evidence(q: ParsedQuery, set: StemSet | undefined): Evidence {
  if (!set || !q.terms.length) return { coverage: 0, mass: 0, matched: 0 };
  let mass = 0;
  let total = 0;
  let matched = 0;
  for (const t of q.terms) {
    total += t.idf;
    if (t.alts.some((phrase) => phrase.every((s) => set.has(s)))) {
      mass += t.idf;
      matched++;
    }
  }
  return { coverage: total ? mass / total : 0, mass, matched };
}

/** Share of the query's idf mass present in document `key` (0 when the query has no content words). */
export function coverage(index: SearchIndex, q: ParsedQuery, key: string, sets = index.docTerms): number {
  return evidence(q, sets.get(key)).coverage;
}

/**
 * The stems a document's decline relevance is measured on (decision 089): a topic's own text (rule,
 * elements, cards, practice stems…) and the one trigger fact that holds most of the question's idf
 * mass. Each trigger fact is a situation in everyday words; a topic's thirty of them together hold
 * so many everyday words that a request for an essay on the First World War or a beach novel would
 * find most of its words among them, while no single situation holds them. Ranking still uses every
 * field (docTerms); briefs and provisions, which have no trigger facts, use docTerms here too.
 */
export function relevanceView(index: SearchIndex, q: ParsedQuery, key: string): StemSet | undefined {
  const doctrine = index.doctrineTerms.get(key);
  if (!doctrine) return index.docTerms.get(key);
  let best: Set<string> | undefined;
  let bestMass = 0;
  for (const t of index.triggerTerms.get(key) ?? []) {
    const m = evidence(q, t).mass;
    if (m > bestMass) {
      best = t;
      bestMass = m;
    }
  }
  if (!best) return doctrine;
  const trigger = best;
  return { has: (stem) => doctrine.has(stem) || trigger.has(stem) };
}

/** The union of several stem sets. */
function unionOf(sets: (StemSet | undefined)[]): StemSet {
  const list = sets.filter((x): x is StemSet => !!x);
  return { has: (stem) => list.some((x) => x.has(stem)) };
}

/**
 * Relevance in [0, 1] of a document from its evidence (decision 011):
 * - a short question is answered when the document covers most of its content words ("How do I make
 *   sourdough bread?" shares only "make", a fifth of its idf mass);
 * - a long question (a fact pattern, a story) is full of incidental words no doctrine mentions, so
 *   a large matched idf mass with fair coverage counts too.
 */
export function relevanceOf(e: Evidence, queryTerms: number): number {
  // One shared word out of several is weak evidence however rare it is ("Who wrote Pride and Prejudice?").
  const byCoverage = queryTerms ? (e.matched === 1 && queryTerms >= 2 ? 0.7 * e.coverage : e.coverage) : 0;
  const byMass = e.coverage >= MASS_MIN_COVERAGE && e.matched >= 3 ? Math.min(1, e.mass / MASS_FOR_FULL_RELEVANCE) : 0;
  return Math.max(byCoverage, byMass);
}

/**
 * Relevance of a text spread over several issues (a story, or a follow-up read with its thread):
 * the best of the first three hits, or the evidence of the first three topics' words together —
 * a story's words are spread over the issues it raises (decision 053), and "what if he had sold
 * pills many times before?" read with an entrapment question holds the words of two turns.
 */
export function spreadRelevance(index: SearchIndex, q: ParsedQuery, hits: Hit[]): number {
  let best = 0;
  for (const h of hits.slice(0, 3)) best = Math.max(best, h.relevance);
  return Math.max(best, topicsRelevance(index, q, hits));
}

/**
 * The evidence of the first three topics' words together (each topic's relevanceView): a story's
 * words are spread over the issues it raises (decision 053).
 */
export function topicsRelevance(index: SearchIndex, q: ParsedQuery, hits: Hit[]): number {
  const views = hits
    .filter((x) => x.doc.kind === "topic")
    .slice(0, 3)
    .map((h) => relevanceView(index, q, h.key));
  return relevanceOf(evidence(q, unionOf(views)), q.terms.length);
}

/**
 * Which subject the question's words lean to: the idf-weighted mean of P(subject | term). "Which
 * contracts have to be in writing?" leans to Contracts, so the statute of frauds outranks the
 * best evidence ("original writing") rule.
 */
function querySubjects(index: SearchIndex, q: ParsedQuery): Map<string, number> {
  const out = new Map<string, number>();
  let total = 0;
  for (const t of q.terms) {
    const dist = index.subjectOfTerm.get(t.stem);
    if (!dist) continue;
    total += t.idf;
    for (const [s, p] of dist) out.set(s, (out.get(s) ?? 0) + t.idf * p);
  }
  for (const [s, v] of out) out.set(s, total ? v / total : 0);
  return out;
}

/**
 * How much of the question's doctrinal vocabulary (its words that appear in some topic title) the
 * document's title holds; a synonym counts half ("protest" → "speech" must not beat "public forum").
 */
function titleCoverage(index: SearchIndex, q: ParsedQuery, key: string): number {
  const title = index.titleTerms.get(key);
  if (!title) return 0;
  let total = 0;
  let hit = 0;
  for (const t of q.terms) {
    const inVocab = t.alts.some((a) => a.every((x) => index.titleVocab.has(x)));
    if (!inVocab) continue;
    total += t.idf;
    if (title.has(t.stem)) hit += t.idf;
    else if (t.alts.slice(1).some((a) => a.every((x) => title.has(x)))) hit += t.idf / 2;
  }
  return total ? hit / total : 0;
}

/** Weight of the example vote in a topic's ranking score (tuned on the issue-13 dev sets). */
export const VOTE_WEIGHT = { story: 0.2, question: 0 } as const;
/** How many nearest examples vote. */
const VOTERS = 16;
/** How many of a topic's own best-matching examples its situation score sums (decision 092). */
const TOPIC_EXAMPLES = 3;
/** The nearest examples the situation score is read from. */
const TOPIC_POOL = 300;
/** Share of the situation score in a topic's vote; the rest is the nearest-example vote. */
const TOPIC_SHARE = 0.5;

export interface ExampleVote {
  /** The topic's share of the votes, scaled so the best-voted topic has 1. */
  vote: number;
  /** The best coverage of the question's idf mass by one of the topic's voting examples. */
  coverage: number;
}

/**
 * Nearest-neighbour issue spotting (issue 13 §1): the question is matched against every labelled
 * example (trigger facts, official practice stems, card questions). Two readings are mixed half and half:
 * - the nearest-example vote: the `VOTERS` nearest vote for their topics, each weighted by its BM25
 *   score relative to the nearest one and by the kind of example (EXAMPLE_WEIGHT);
 * - the situation score: the sum of each topic's own `TOPIC_EXAMPLES` best scores among the
 *   `TOPIC_POOL` nearest (decision 092). A story meets one example of another doctrine through its
 *   scenery ("the neighbours knew… a letter from the post office"); a topic whose situation it is
 *   meets several of its own (a dog that had bitten before, an owner who was careful).
 * A story shares its situation with an example even when it shares no doctrinal word with the topic
 * itself ("the only signed copy burned" → the best evidence rule).
 */
export function exampleVotes(index: SearchIndex, q: ParsedQuery): Map<string, ExampleVote> {
  const found = index.exampleIndex.search(q.weights).slice(0, TOPIC_POOL);
  const out = new Map<string, ExampleVote>();
  const top = found[0]?.score ?? 0;
  if (!top) return out;
  const nearest = new Map<string, number>();
  const coverage = new Map<string, number>();
  const own = new Map<string, number[]>();
  for (const [rank, r] of found.entries()) {
    const i = Number(r.key);
    const { topicId, kind } = index.examples[i];
    const w = (r.score / top) * EXAMPLE_WEIGHT[kind];
    const best = own.get(topicId) ?? [];
    if (best.length < TOPIC_EXAMPLES) own.set(topicId, [...best, w]);
    if (rank >= VOTERS) continue;
    nearest.set(topicId, (nearest.get(topicId) ?? 0) + w);
    coverage.set(topicId, Math.max(coverage.get(topicId) ?? 0, evidence(q, index.exampleTerms[i]).coverage));
  }
  // Every topic of the nearest examples is in the pool too, so the pool's topics are all the voters.
  const situation = new Map([...own].map(([id, ws]) => [id, ws.reduce((a, b) => a + b, 0)]));
  const maxNearest = Math.max(...nearest.values());
  const maxSituation = Math.max(...situation.values());
  let max = 0;
  for (const [id, s] of situation) {
    const vote = (1 - TOPIC_SHARE) * ((nearest.get(id) ?? 0) / maxNearest) + TOPIC_SHARE * (s / maxSituation);
    out.set(id, { vote, coverage: coverage.get(id) ?? 0 });
    max = Math.max(max, vote);
  }
  for (const v of out.values()) v.vote /= max;
  return out;
}

/**
 * Below this relevance the companion declines (decision 011). Relevance is the idf-weighted share
 * of the question's content words found in the best document; tuned on eval/questions.yaml.
 */
export const DECLINE_BELOW = 0.6;

/** Matched idf mass at which a question matching three or more distinct content words counts as fully relevant (≈ 4 specific terms). */
const MASS_FOR_FULL_RELEVANCE = 13;
/**
 * …when it holds at least this share of the question's idf mass. A casual story is full of words no
 * doctrine holds ("a husky mix… 9 stitches… the gate latch"); at 0.25 such a story about a dog that
 * had bitten before was declined with its doctrine ranked first. 0.2 (decision 092): no out-of-scope
 * item of the scope sets is answered even at 0.1.
 */
const MASS_MIN_COVERAGE = 0.2;

/** Title terms that say nothing about the doctrine (rule numbers, code names). */
const TITLE_NOISE = /^(\d+[a-z]?|fre|frcp|ucc|mpc|amend|const|rule|law)$/;

/**
 * In a story of at least LONG_STORY_TERMS content words, the title terms weigh LONG_STORY_TITLE_WEIGHT
 * of their weight in a question: a story's everyday words meet titles by chance ("his business
 * dropped by half" is not Business Records, "the paper reported" not Public Reports), while a
 * question's words name the doctrine. Short stories keep it ("a guy punched me at a bar": Battery).
 * Measured on the facts sets seen before stop 29: +5 hit@3 over 946 questions at 0.3, +3 at 0.6,
 * no set lower; the follow-up, MBE, scope and gated sets unchanged.
 */
const LONG_STORY_TERMS = 8;
const LONG_STORY_TITLE_WEIGHT = 0.3;
/** A question of at most this many content words may ask what something is ("what is the hearsay rule?"). */
const DEFINES_MAX_TERMS = 3;
/** Ranking-score bonus for the topic that defines what such a question names (SearchIndex.defines). */
const DEFINES_BONUS = 0.2;

/**
 * Ranked hits for a parsed query, best first, at most `limit`. Ranking mixes coverage, BM25
 * (normalised by the best score), how much of the query the title names and how much of the title
 * the query names (the most specific title wins: "What is hearsay?" → "The Definition of
 * Hearsay", not "Hearsay Within Hearsay"). A named case lifts its brief; a named provision lifts its
 * page and, when it governs only a few topics, those topics.
 */
export function search(index: SearchIndex, q: ParsedQuery, limit = 12): Hit[] {
  const top = index.bm25.search(q.weights).slice(0, 60);
  const maxBm25 = top[0]?.score ?? 1;
  const candidates = new Map<string, number>(
    top.filter((r) => !r.key.startsWith("provision:")).map((r) => [r.key, r.score]),
  );
  const lift = new Map<string, number>();
  const setLift = (key: string, v: number) => {
    lift.set(key, Math.max(lift.get(key) ?? 0, v));
    if (!candidates.has(key)) candidates.set(key, 0);
  };
  for (const m of q.caseMentions) {
    setLift(`brief:${m.briefId}`, m.strength === "full" ? 0.95 : 0.8);
    // The doctrine a named case teaches ("the Pinkerton rule" → conspiracy).
    const topics = index.corpus.briefs.get(m.briefId)?.topicIds ?? [];
    for (const [i, t] of topics.entries()) setLift(`topic:${t}`, i === 0 ? 0.35 : 0.2);
  }
  for (const id of q.provisionIds) {
    setLift(`provision:${id}`, 0.85);
    const under = index.corpus.provisions.get(id)?.topicIds ?? [];
    // "Rule 403" points at a few topics; "the Fourteenth Amendment" at dozens and decides nothing.
    const strength = under.length <= 3 ? 0.7 : under.length <= 6 ? 0.3 : 0;
    if (strength) for (const t of under) setLift(`topic:${t}`, strength);
  }
  const votes = exampleVotes(index, q);
  for (const id of votes.keys()) if (!candidates.has(`topic:${id}`)) candidates.set(`topic:${id}`, 0);
  const queryStems = new Set(q.terms.flatMap((t) => t.alts.flat()));
  const subjectLean = querySubjects(index, q);
  const askPenalty = askPenalties(q.text, q.story);
  // "What is hearsay?", "what's negligence?": a short question naming what a topic defines asks for it.
  const definedAsk = !q.story && q.terms.length <= DEFINES_MAX_TERMS ? definedKey(q.terms.map((t) => t.stem)) : "";
  const hits: Hit[] = [];
  for (const [key, bm25] of candidates) {
    const doc = index.docs.get(key);
    if (!doc) continue;
    const e = evidence(q, index.docTerms.get(key));
    const r = evidence(q, relevanceView(index, q, key));
    const titleCov = titleCoverage(index, q, key);
    const titleWords = [...(index.titleTerms.get(key) ?? [])].filter((t) => !TITLE_NOISE.test(t));
    const titlePrecision = titleWords.length
      ? titleWords.filter((t) => queryStems.has(t)).length / titleWords.length
      : 0;
    const l = lift.get(key) ?? 0;
    // A title naming the question's doctrine ("substantial performance", "venue") vouches for it.
    const titleVouch = titleCov >= 0.75 ? 0.3 * titleCov : 0;
    const relevance = Math.max(Math.min(1, relevanceOf(r, q.terms.length) + titleVouch), l);
    const prior =
      (doc.kind === "topic" ? 0.08 : 0) +
      (doc.kind === "provision"
        ? 0
        : 0.25 * Math.max(0, (subjectLean.get(doc.subjectId) ?? 0) - 1 / SUBJECT_IDS.length));
    const vote = doc.kind === "topic" ? (votes.get(doc.id)?.vote ?? 0) : 0;
    const score =
      0.4 * e.coverage +
      0.3 * (bm25 / maxBm25) +
      (q.story && q.terms.length >= LONG_STORY_TERMS ? LONG_STORY_TITLE_WEIGHT : 1) *
        (0.2 * titleCov + 0.15 * titlePrecision) +
      0.6 * l +
      prior +
      (q.story ? VOTE_WEIGHT.story : VOTE_WEIGHT.question) * vote +
      (definedAsk && index.defines.get(key)?.has(definedAsk) ? DEFINES_BONUS : 0) -
      askPenalty(doc);
    hits.push({ key, doc, score, relevance, coverage: e.coverage, titleCoverage: titleCov });
  }
  hits.sort((a, b) => b.score - a.score);
  return hits.slice(0, limit);
}
