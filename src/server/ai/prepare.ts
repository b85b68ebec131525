/**
 * Everything both engines (composed and LLM) do before writing: retrieval over the official index,
 * follow-up questions resolved against the previous question, the student's own sources, the
 * question's kind, and the relevance the decline decision rests on (decision 011).
 */
import type { Logger } from "pino";
import type { Db } from "../db/client";
import { type Classification, classify } from "./classify";
import type { UserHit } from "./compose/shared";
import type { IndexCache } from "./index-cache";
import { evidence, type Hit, type ParsedQuery, parseQuery, relevanceOf, search } from "./retrieve";
import type { SearchIndex } from "./search-index";
import { hasLegalCue, type NotLegalKind, notLegal, outsideArea } from "./scope";
import { isFramingTerm, terms } from "./text";
import type { AnswerInput } from "./types";
import { retrieveUserSources } from "./user-sources";

/**
 * Below this relevance the companion declines (decision 011). Relevance is the idf-weighted share
 * of the question's content words found in the best document; tuned on eval/questions.yaml.
 */
export const DECLINE_BELOW = 0.6;
/** A shared title word this specific (idf; "foreclosure" ≈ 4.5, "duty" ≈ 2) lets a decline in an outside area point to the topic. */
const ANCHOR_MIN_IDF = 3;
/** Ranking-score bonus, in a follow-up, for documents in the subject the thread is about. */
const THREAD_SUBJECT_BONUS = 0.15;
/** A student's own note or brief must reach this relevance to be used. */
export const USER_SOURCE_MIN = 0.6;

export interface Prepared {
  index: SearchIndex;
  /** The question retrieval ran on (the previous question prepended for an elliptical follow-up). */
  effectiveQuestion: string;
  query: ParsedQuery;
  hits: Hit[];
  relevance: number;
  classification: Classification;
  userHits: UserHit[];
  /** An area of law outside the library the question is about (then relevance is 0). */
  outsideArea: string | null;
  /** Whether a decline may list the nearest topics (false when only an outside area's words matched). */
  nearestToo: boolean;
  /** Set when the request is not a law-school question at all (then relevance is 0; issue 13 §5). */
  notLegal: NotLegalKind | null;
}

const LEADS_ON =
  /^\s*(what about|how about|and\b|but\b|what if|does (?:that|it|this)|is (?:that|it|this)|are (?:they|those|these)|why\b|how come|can you|could you|explain (?:that|it|this)|more\b|elaborate|give me an example|example|so\b|then\b|same\b|what are the (?:exceptions|elements|defenses|defences)|any exceptions|are there (?:any )?(?:exceptions|defen[cs]es|limits)|is there (?:an? )?(?:exception|defen[cs]e|limit))/i;
const PRONOUN = /\b(it|that|this|they|them|those|these|its|their|he|she|him|her|his)\b/i;

/**
 * Words that ask about an aspect of whatever doctrine is under discussion ("are there exceptions?",
 * "how long does it take?", "what are the defenses?", "why?"): a question made only of these (and
 * stop or framing words) names no doctrine of its own, so it is about the previous one.
 */
const ASPECT_WORDS = new Set(
  terms(`exception exceptions defense defenses defence defences element elements requirement requirements
  example examples instance why reason reasons purpose policy point how long take takes time period
  remedy remedies damages recover recovery relief standard test burden proof prove limit limits
  limitation apply applies work works mean matter matters happen happens effect effects consequence
  consequences result outcome when who whom else other another rule majority minority modern view approach
  first party more tell explain again instead also too same opposite`),
);

/** Whether every content word of `question` is an aspect, stop or framing word (it names no doctrine). */
function onlyAspects(question: string): boolean {
  const ts = terms(question);
  return ts.every((t) => ASPECT_WORDS.has(t) || isFramingTerm(t));
}

/** A short question that leans on the previous one: "what about the exceptions?" (strong) or one with a pronoun (weak). */
export function followUpStrength(question: string): "strong" | "weak" | null {
  const words = question.split(/\s+/).filter(Boolean).length;
  // "what if he's dead now and it was just something he told his girlfriend…" varies the facts.
  if (
    words <= 30 &&
    /^\s*(?:and |but |so |ok(?:ay)?,? )?(what if|what about|how about|and if|but what if|same (?:thing|question)|suppose|say (?:that|he|she|they|the)|let'?s say|instead)/i.test(
      question,
    )
  )
    return "strong";
  if (words > 12) return null;
  if (LEADS_ON.test(question)) return "strong";
  // "are there exceptions?", "how long does it take?", "why?": an aspect of the doctrine just discussed.
  if (onlyAspects(question)) return "strong";
  // A short question with a pronoun ("does he have to retreat first?") continues the thread.
  if (PRONOUN.test(question)) return words <= 8 ? "strong" : "weak";
  return null;
}

export async function prepare(opts: {
  cache: IndexCache;
  db: Db;
  logger?: Logger;
  input: AnswerInput;
}): Promise<Prepared> {
  const { input } = opts;
  const index = await opts.cache.get();
  const question = input.question.trim();
  let effectiveQuestion = question;
  let query = parseQuery(index, question);
  let hits = search(index, query);
  let relevance = hits[0]?.relevance ?? 0;

  const previous = [...input.history].reverse().find((m) => m.role === "user")?.content;
  const follow = previous ? followUpStrength(question) : null;
  if (previous && follow && (follow === "strong" || relevance < DECLINE_BELOW || !query.terms.length)) {
    // Read the follow-up with the earlier question (issue 13 §4): "What is hearsay?" then "what about
    // when the declarant is unavailable?" is retrieved as both together, so the doctrine holding the
    // new words and the old subject (FRE 804) wins. The follow-up's own words weigh double.
    const qBoth = parseQuery(index, `${previous}\n${question}`);
    for (const [t, w] of query.weights) qBoth.weights.set(t, Math.max(qBoth.weights.get(t) ?? 0, 2 * w));
    const hBoth = search(index, qBoth);
    // The thread keeps its subject (issue 13 §4): "Can I sue him?" then "what if he says I swung
    // first?" is self-defense in Torts, not in Criminal Law. The subject is the previous question's best topic's.
    const thread = search(index, parseQuery(index, previous), 3).find((h) => h.doc.kind === "topic")?.doc;
    if (thread && thread.kind === "topic") {
      for (const h of hBoth)
        if (h.doc.kind !== "provision" && h.doc.subjectId === thread.subjectId) h.score += THREAD_SUBJECT_BONUS;
      hBoth.sort((a, b) => b.score - a.score);
    }
    const top = hBoth[0];
    if (top && top.relevance >= DECLINE_BELOW) {
      effectiveQuestion = `${previous}\n${question}`;
      query = qBoth;
      hits = hBoth;
      relevance = top.relevance;
    }
  }

  // A question about an area of law we do not cover is declined unless it also names something of ours.
  let outside: string | null = null;
  let nearestToo = true;
  const area = outsideArea(question);
  if (area && !query.caseMentions.length && !query.provisionIds.length) {
    const title = hits[0] ? index.titleTerms.get(hits[0].key) : undefined;
    const anchors = query.terms.filter(
      (t) => !area.stems.has(t.stem) && !!title && t.alts.some((a) => a.every((x) => title.has(x))),
    );
    // One shared title word ("priority" for an Article 9 question) does not make it ours; two do.
    // A specific one ("foreclosure") may still be offered as the nearest topic.
    if (anchors.length < 2) {
      outside = area.area;
      relevance = 0;
      nearestToo = anchors.some((t) => t.idf >= ANCHOR_MIN_IDF);
    } else if (relevance < DECLINE_BELOW) {
      // Not answerable either way: name the area; point to a topic only when it shares a specific
      // word ("foreclosure"), never a common one ("duties" → negligence for an LLC question).
      outside = area.area;
      nearestToo = anchors.some((t) => t.idf >= ANCHOR_MIN_IDF);
    }
  }

  // Not a law-school question at all (a cover letter, the weather, a headache): no law is offered.
  let offTopic =
    query.caseMentions.length || query.provisionIds.length ? null : notLegal(question, { legalArea: !!area });
  // Nothing in the library answers it and nothing in it is about the law ("recommend some music to
  // study to"): a kind decline with no law topics, not "I don't know" with absurd nearest topics.
  if (!offTopic && !area && relevance < DECLINE_BELOW && !hasLegalCue(question) && !query.story) offTopic = "not_legal";
  if (offTopic) {
    relevance = 0;
    outside = null;
  }

  const mention = query.caseMentions[0]?.strength ?? null;
  const classification = classify(question, mention);
  // A fact pattern raises several issues: its words are spread over the first few topics.
  if (classification.kind === "fact_pattern" && !outside && !offTopic) {
    const union = new Set<string>();
    for (const h of hits.filter((x) => x.doc.kind === "topic").slice(0, 3))
      for (const t of index.docTerms.get(h.key) ?? []) union.add(t);
    relevance = Math.max(relevance, relevanceOf(evidence(query, union), query.terms.length));
  }

  let userHits: UserHit[] = [];
  if (input.userId) {
    const { sources, errors } = await retrieveUserSources({
      db: opts.db,
      userId: input.userId,
      query: effectiveQuestion,
      limit: 5,
    });
    for (const e of errors) opts.logger?.warn({ err: e }, "a user source provider failed; answering without it");
    userHits = sources
      .map((s) => ({
        doc: { kind: "user" as const, source: s },
        relevance: userRelevance(query, `${s.title} ${s.text}`),
      }))
      .filter((h) => h.relevance >= USER_SOURCE_MIN)
      .sort((a, b) => b.relevance - a.relevance || b.doc.source.score - a.doc.source.score);
  }
  return {
    index,
    effectiveQuestion,
    query,
    hits,
    relevance,
    classification,
    userHits,
    outsideArea: outside,
    nearestToo,
    notLegal: offTopic,
  };
}

/** The same coverage measure as for official documents, on a user source's own text. */
function userRelevance(query: ParsedQuery, text: string): number {
  if (!query.terms.length) return 0;
  const set = new Set(terms(text));
  let hit = 0;
  let total = 0;
  for (const t of query.terms) {
    total += t.idf;
    if (t.alts.some((a) => a.every((s) => set.has(s)))) hit += t.idf;
  }
  return total ? hit / total : 0;
}
