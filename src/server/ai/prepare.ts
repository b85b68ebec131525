/**
 * Everything both engines (composed and LLM) do before writing: retrieval over the official index,
 * follow-up questions resolved against the previous question, the student's own sources, the
 * question's kind, and the relevance the decline decision rests on (decision 011).
 */
import type { Logger } from "pino";
import type { Db } from "../db/client";
import { type Classification, classify, isStory } from "./classify";
import type { UserHit } from "./compose/shared";
import type { IndexCache } from "./index-cache";
import { DECLINE_BELOW, type Hit, type ParsedQuery, parseQuery, search, topicsRelevance } from "./retrieve";
import type { SearchIndex } from "./search-index";
import { findCaseMentions } from "./case-names";
import { areaOnlyInFacts, hasLegalCue, type NotLegalKind, notLegal, outsideArea } from "./scope";
import { terms } from "./text";
import { CHANGED_FACT, readWithThread, resolveThread, type Thread } from "./thread";
import type { AnswerInput } from "./types";
import { retrieveUserSources } from "./user-sources";

export { DECLINE_BELOW } from "./retrieve";
/** A shared title word this specific (idf; "foreclosure" ≈ 4.5, "duty" ≈ 2) lets a decline in an outside area point to the topic. */
const ANCHOR_MIN_IDF = 3;
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
  /** The earlier conversation a follow-up was read with (null for a question that stands alone). */
  thread: Thread | null;
}

export { followUpStrength } from "./thread";

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
  const ownQuery = parseQuery(index, question);
  let query = ownQuery;
  let hits = search(index, query);
  // A question in the law's own words ("is a doctor liable in negligence for …?") is covered when any
  // of its first three hits covers it: the best-ranked one may hold fewer of its words than the next.
  let relevance = hasLegalCue(question)
    ? Math.max(0, ...hits.slice(0, 3).map((h) => h.relevance))
    : (hits[0]?.relevance ?? 0);

  // A follow-up is read with the thread's earlier turns (issue 13 §4; thread.ts).
  const reading = readWithThread(index, question, { query, hits }, resolveThread(index, input.history));
  if (reading) {
    effectiveQuestion = reading.effectiveQuestion;
    query = reading.query;
    hits = reading.hits;
    relevance = reading.relevance;
  }

  // A question about an area of law we do not cover is declined unless it also names something of ours.
  let outside: string | null = null;
  let nearestToo = true;
  // A follow-up read with a covered thread is asked in that thread: "what about a cut of the back
  // alimony?" after a question about a divorce lawyer's fee is still about the fee (decision 092).
  const named = outsideArea(question);
  const found = named && reading && !outsideArea(reading.effectiveQuestion) ? null : named;
  const area = found && relevance >= DECLINE_BELOW && areaOnlyInFacts(question, found) ? null : found;
  if (area && !query.caseMentions.length && !query.provisionIds.length) {
    const title = hits[0] ? index.titleTerms.get(hits[0].key) : undefined;
    // Only the student's own words anchor: a word the lexicon added ("private company" → "state
    // action") is the engine's guess at a doctrine, not the student naming one.
    const said = new Set(terms(question.toLowerCase()));
    const anchors = query.terms.filter(
      (t) => said.has(t.stem) && !area.stems.has(t.stem) && !!title && t.alts.some((a) => a.every((x) => title.has(x))),
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
  const relevant = relevance >= DECLINE_BELOW;
  let offTopic =
    query.caseMentions.length || query.provisionIds.length
      ? null
      : notLegal(question, { legalArea: !!area, relevant: relevant && !area });
  // A follow-up read with a legal thread varies its story (decision 073, a fourth dev split): "what
  // if my cousin had sold pills before?" after an entrapment question is a fact, not a health
  // question. Danger, symptoms and explicit non-legal requests ("a poem", "the weather") still decline.
  if (offTopic && reading)
    offTopic = notLegal(question, {
      legalArea: !!area,
      inLegalThread: true,
      relevant,
      changedFact: CHANGED_FACT.test(question),
    });
  // Nothing in the library answers it and nothing in it is about the law ("recommend some music to
  // study to"): a kind decline with no law topics, not "I don't know" with absurd nearest topics.
  if (!offTopic && !area && relevance < DECLINE_BELOW && !hasLegalCue(question) && !query.story) offTopic = "not_legal";
  if (offTopic) {
    relevance = 0;
    outside = null;
  }

  // A follow-up's kind is its own: a case named only in the thread ("Save the Marsh" beside a fight
  // over "a different marsh") does not make "what if the ruling could be cited against them?" a
  // question about that case, unless the thread was about a case (decision 096).
  const threadCase = reading ? findCaseMentions(index, reading.thread.question)[0] : undefined;
  const threadOnCase = !!threadCase && classify(reading?.thread.question ?? "", threadCase.strength).kind === "case";
  const mention = (reading && !threadOnCase ? ownQuery.caseMentions : query.caseMentions)[0]?.strength ?? null;
  let classification = classify(question, mention);
  // A changed fact in a story's thread ("what if he was drunk?" after a bar fight) is still that
  // story, now with a new fact: it is answered issue by issue over the thread read with it.
  if (reading && classification.kind === "concept" && isStory(reading.thread.question) && CHANGED_FACT.test(question))
    classification = { kind: "fact_pattern" };
  // A fact pattern raises several issues: its words are spread over the first few topics.
  if (classification.kind === "fact_pattern" && !outside && !offTopic) {
    relevance = Math.max(relevance, topicsRelevance(index, query, hits));
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
    thread: reading?.thread ?? null,
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
