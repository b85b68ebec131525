/**
 * The conversation's state for retrieval (issue 13 §4: "a follow-up is read with the thread's
 * earlier turns — the subject, the doctrine, the facts"). Decisions 057 and 073.
 *
 * - `followUpStrength`: whether a question's form leans on the previous one ("what about the
 *   exceptions?", "why?", "does he have to retreat first?", "what if …").
 * - `namesNoDoctrine`: a short question whose own content words name no doctrine ("what's the
 *   deadline?", "which test do federal courts use?", "is there a defense for the store?") is about
 *   the doctrine under discussion, whatever its form.
 * - `continuesStory`: a longer turn with no follow-up word still goes on with the story when it names
 *   one of the thread's parties ("should Priya tell the bar?") or two of its distinctive words.
 * - `resolveThread`: the earlier user turns folded in order, each follow-up read with the turn
 *   before it, so a third turn ("what if the owner put up a fence?") inherits the first turn's
 *   doctrine through a second one ("does it cover a teenager?").
 * - `readWithThread`: a follow-up retrieved together with the resolved earlier question, the
 *   follow-up's own words weighing double and the thread's subject (or a subject the follow-up
 *   names: "is it different in criminal law?") lifted.
 */
import {
  capitalized,
  DECLINE_BELOW,
  evidence,
  type Hit,
  type ParsedQuery,
  parseQuery,
  relevanceOf,
  relevanceView,
  search,
  spreadRelevance,
} from "./retrieve";
import type { SearchIndex } from "./search-index";
import { isFramingTerm, terms, wordCount } from "./text";

/** Ranking-score bonus, in a follow-up, for documents in the subject the thread is about (decision 057). */
const THREAD_SUBJECT_BONUS = 0.15;
/** Ranking-score bonus, in a follow-up, for the topics the thread's topic lists as related (decision 093). */
const RELATED_BONUS = 0.05;
/** Ranking-score bonus for documents in a subject the follow-up names itself ("in criminal law"). */
const NAMED_SUBJECT_BONUS = 0.3;
/** A short question whose own words the best topic's title holds at least this share of names that doctrine. */
const OWN_DOCTRINE_TITLE_SHARE = 0.6;
/** ... and those title words must carry at least this idf ("federal", 0.8, names nothing; "mailbox", 4.2, does). */
const OWN_DOCTRINE_MIN_IDF = 2.5;
/** Questions of at most this many words may lean on the thread without a follow-up form. */
const SHORT_QUESTION_WORDS = 12;
/**
 * Turns of at most this many words may be follow-ups at all: by their form (a changed fact, an opening
 * conjunction, a contrast, a pronoun) or, whatever their form, when they answer nothing alone. A
 * changed fact that points back with a pronoun may run to CHANGED_FACT_MAX_WORDS.
 */
const FOLLOW_UP_MAX_WORDS = 30;
/** A turn that varies the thread's facts ("what if he…") and points back with a pronoun is a follow-up up to this many words. */
const CHANGED_FACT_MAX_WORDS = 50;
/** How many earlier user turns the thread is resolved over (older ones rarely bear on the question). */
const THREAD_TURNS = 4;

const LEADS_ON =
  /^\s*(what about|how about|and\b|but\b|what if|does (?:that|it|this)|is (?:that|it|this)|are (?:they|those|these)|why\b|how come|can you|could you|explain (?:that|it|this)|more\b|elaborate|give me an example|example|so\b|then\b|same\b|what are the (?:exceptions|elements|defenses|defences)|any exceptions|are there (?:any )?(?:exceptions|defen[cs]es|limits)|is there (?:an? )?(?:exception|defen[cs]e|limit))/i;
const CONTRAST =
  /\b(?:how (?:is|are|does|do) (?:that|it|this|those|these|they) (?:\w+ )?(?:differ\w*|compare|distinguish\w*)|(?:is|are) (?:that|it|this|those|these|they) (?:the same|different)|(?:difference|differences|distinction) between (?:that|it|this|those|these|them)|compared? (?:to|with) (?:that|it|this))\b/i;
/** A turn that opens on a question or a request, whether or not it ends in "?". */
const ASKS =
  /^\s*(?:what|how|why|when|where|who|whom|which|whose|is|are|was|were|do|does|did|can|could|should|would|will|may|might|must|has|have|explain|tell|define|describe|list|give|compare|summari[sz]e|outline|show|help|quiz|brief|write|walk me)\b/i;
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
  first party more tell explain again instead also too same opposite deadline deadlines decide decides
  court courts judge jury use uses used win get still ever require requires required different difference`),
);

/** Whether every content word of `question` is an aspect, stop or framing word (it names no doctrine). */
function onlyAspects(question: string): boolean {
  return terms(question).every((t) => ASPECT_WORDS.has(t) || isFramingTerm(t));
}

/** Words a turn may open on before its question ("ok, but", "and so"). */
const OPENING = String.raw`^\s*(?:(?:and|but|so|ok(?:ay)?|well),? )*`;
/** A turn that varies the thread's question: a changed fact, another party, the same question again. */
const VARIES = new RegExp(
  `${OPENING}(?:what if|what about|how about|and if|but what if|same (?:thing|question)|suppose|say (?:that|he|she|they|the)|let'?s say|instead)`,
  "i",
);
/** A follow-up that changes a fact of the story before it ("what if he was drunk?", "suppose instead …"). */
export const CHANGED_FACT = new RegExp(
  `${OPENING}(?:what if|suppose|say (?:that|he|she|they|the|i)|let'?s say|and if|but if|if instead)\\b`,
  "i",
);

/**
 * A short question that leans on the previous one by its form: "what about the exceptions?"
 * (strong) or one with a pronoun (weak when longer than 8 words). null when nothing in its form does.
 * Since stop 34 readWithThread reads both with the thread; "weak" still names the forms that rest on
 * a pronoun alone.
 */
export function followUpStrength(question: string): "strong" | "weak" | null {
  const words = wordCount(question);
  // "what if he's dead now and it was just something he told his girlfriend…" varies the facts.
  if (words <= FOLLOW_UP_MAX_WORDS && VARIES.test(question)) return "strong";
  // "what if he'd been standing on the very top cap, the one with the sticker that says 'not a step,'
  // and using it to haul a 90-pound AC unit onto the roof?": a longer changed fact that points back
  // with a pronoun still varies the story (decision 096).
  if (words <= CHANGED_FACT_MAX_WORDS && VARIES.test(question) && PRONOUN.test(question)) return "strong";
  // "and who gets it if …?", "ok and what if …": a turn that opens on a conjunction continues the one before.
  // "so if that charge falls apart, can they still get him for trying?" (stop 33) opens on "so" too.
  if (words <= FOLLOW_UP_MAX_WORDS && /^\s*(?:and|but|so|ok(?:ay)?,? (?:and|but|so)|so then)\b/i.test(question))
    return "strong";
  // "how is that different from a pure notice statute?": a contrast with the doctrine just discussed.
  if (words <= FOLLOW_UP_MAX_WORDS && CONTRAST.test(question)) return "strong";
  // "by the time it gets to the court of appeals the agency has withdrawn the rule tho": a new fact
  // told, not asked, with a pronoun pointing back (weak).
  if (words <= FOLLOW_UP_MAX_WORDS && !question.includes("?") && !ASKS.test(question) && PRONOUN.test(question))
    return "weak";
  // "so what does he actually get for the pipe then? ripping it out would cost $50k": a longer
  // question with a pronoun pointing back, weak too (stop 33).
  if (words > SHORT_QUESTION_WORDS) return words <= FOLLOW_UP_MAX_WORDS && PRONOUN.test(question) ? "weak" : null;
  if (LEADS_ON.test(question)) return "strong";
  // "are there exceptions?", "how long does it take?", "why?": an aspect of the doctrine just discussed.
  if (onlyAspects(question)) return "strong";
  // A short question with a pronoun ("does he have to retreat first?") continues the thread.
  if (PRONOUN.test(question)) return words <= 8 ? "strong" : "weak";
  return null;
}

/**
 * Whether a short question's own words name no doctrine: it names no case or provision, and the
 * title of its best topic holds less than OWN_DOCTRINE_TITLE_SHARE of the idf of its content words
 * that are not aspect words, or less than OWN_DOCTRINE_MIN_IDF of it ("which test do federal courts
 * use?": "federal" is in a title but names no doctrine; "How does diversity jurisdiction work?"
 * names Diversity Jurisdiction).
 */
export function namesNoDoctrine(index: SearchIndex, question: string, query: ParsedQuery, hits: Hit[]): boolean {
  if (wordCount(question) > SHORT_QUESTION_WORDS) return false;
  if (query.caseMentions.length || query.provisionIds.length) return false;
  const own = query.terms.filter((t) => !ASPECT_WORDS.has(t.stem));
  if (!own.length) return true;
  const best = hits.find((h) => h.doc.kind === "topic");
  const title = best ? index.titleTerms.get(best.key) : undefined;
  if (!title) return true;
  let total = 0;
  let named = 0;
  for (const t of own) {
    total += t.idf;
    if (t.alts.some((a) => a.every((x) => title.has(x)))) named += t.idf;
  }
  return named / total < OWN_DOCTRINE_TITLE_SHARE || named < OWN_DOCTRINE_MIN_IDF;
}

/** "instead of sex", "rather than the buyer": the fact a changed-fact follow-up replaces (at most four words, to a comma or the end). */
const REPLACED = /\b(?:instead of|rather than)\s+(?:[\w'-]+\s*){1,4}?(?=[,;.?!]|$)/gi;

/**
 * A reply to the companion that opens a follow-up ("ok but…", "okay so…", "got it, and…"): the
 * student answering the tutor, not a party answering an offer. Read with a story of a sale, "ok but"
 * was a counteroffer (the lexicon's reply-in-a-bargain class) in a products-liability thread.
 */
const OPENER =
  /^\s*(?:(?:ok(?:ay)?|alright|all right|right|yeah|yes|sure|hm+|wait|got it|i see|makes sense|cool|thanks|thank you)\b[,.!]*\s*)+/i;

/** The follow-up without its opening reply (OPENER) and the facts it replaces (unchanged when that leaves nothing). */
export function withoutReplaced(question: string): string {
  const out = question.replace(OPENER, "").replace(REPLACED, " ").replace(/\s+/g, " ").trim();
  return out.length >= 3 ? out : question;
}

/** A subject the question names in words ("in criminal law", "under the Constitution"), or null. */
const SUBJECT_CUES: [string, RegExp][] = [
  // Only the subject's own name: "in a criminal case" or "is that constitutional?" is context, not a change of subject.
  ["criminal-law", /\b(?:criminal law|crim law)\b/i],
  ["torts", /\b(?:in torts?|tort law|under torts?)\b/i],
  ["contracts", /\b(?:contracts? law|in contracts)\b/i],
  ["evidence", /\b(?:evidence law|in evidence|federal rules of evidence)\b/i],
  ["real-property", /\b(?:property law|real property)\b/i],
  ["constitutional-law", /\b(?:constitutional law|con ?law)\b/i],
  ["civil-procedure", /\b(?:civil procedure|civ ?pro)\b/i],
];
function namedSubject(question: string): string | null {
  const found = SUBJECT_CUES.filter(([, re]) => re.test(question));
  return found.length === 1 ? found[0][0] : null;
}

/** The earlier conversation as retrieval sees it: the last question read with its own thread, and its subject. */
export interface Thread {
  /** The earlier question, with the questions it leaned on prepended ("What is hearsay?\nwhy?"). */
  question: string;
  /** The subject of the best topic that question retrieved. */
  subjectId: string | null;
  /** That topic's id (the doctrine under discussion). */
  topicId: string | null;
}

export interface ThreadReading {
  effectiveQuestion: string;
  /** The earlier conversation the follow-up was read with. */
  thread: Thread;
  query: ParsedQuery;
  hits: Hit[];
  /** How well the library covers the follow-up read with its thread (spreadRelevance). */
  relevance: number;
}

const bestTopic = (hits: Hit[]) => {
  const d = hits.find((h) => h.doc.kind === "topic")?.doc;
  return d && d.kind === "topic" ? { subjectId: d.subjectId, topicId: d.id } : { subjectId: null, topicId: null };
};

/** Words shared with the thread that tie a question to its story: this many distinctive ones... */
const SHARED_STORY_WORDS = 2;
/** ... each at least this specific (idf; "driver" 1.9 and "passenger" 2.7 are, "court" 1.0 is not). */
const SHARED_WORD_MIN_IDF = 1.5;

/**
 * The question continues the thread's story by naming what it named: a party's name ("does Mei
 * have to tell the bar?") or two of its distinctive words ("the other driver filed a counterclaim;
 * what about the passenger?"). A name is a capitalised word the library never uses as a word.
 */
export function continuesStory(index: SearchIndex, question: string, query: ParsedQuery, thread: Thread): boolean {
  // A party's name counts however the follow-up writes it: "raina wants to pull in the mechanic".
  const words = new Set(question.toLowerCase().match(/[a-z]+/g) ?? []);
  for (const w of capitalized(thread.question))
    if (words.has(w) && !index.plainWords.has(w) && terms(w).length) return true;
  const threadTerms = new Set(terms(thread.question));
  const shared = query.terms.filter(
    (t) =>
      t.idf >= SHARED_WORD_MIN_IDF && !ASPECT_WORDS.has(t.stem) && !isFramingTerm(t.stem) && threadTerms.has(t.stem),
  );
  return shared.length >= SHARED_STORY_WORDS;
}

/** The question's own best topic is in the subject the thread is about: it continues that conversation. */
function sameSubject(hits: Hit[], thread: Thread): boolean {
  return thread.subjectId !== null && bestTopic(hits).subjectId === thread.subjectId;
}

/** A follow-up's own best topic leads the reading when it covers at least this share of the follow-up's words... */
const MOVE_OWN_MIN = 0.9;
/** ... and the reading's leading topic covers at least this much less of them (relevance, 0–1). */
const MOVE_GAP = 0.4;

/**
 * Moves the follow-up's own best topic to the front of `hits` (in place) when it is another topic of
 * the thread's subject that covers the follow-up's own words (MOVE_OWN_MIN) far better (MOVE_GAP) than
 * the reading's leading topic: the student moved on to a neighbouring doctrine (decision 097). Measured
 * on the read follow-up sets: hit@3 +2, −0; the leading topic right 16 times more and 4 times less.
 */
function movesTo(index: SearchIndex, hits: Hit[], ownQuery: ParsedQuery, ownHits: Hit[], thread: Thread): boolean {
  const ownBest = ownHits.find((h) => h.doc.kind === "topic");
  const lead = hits.find((h) => h.doc.kind === "topic");
  if (!ownBest || !lead || ownBest.key === lead.key) return false;
  if (ownBest.doc.kind !== "topic" || ownBest.doc.subjectId !== thread.subjectId) return false;
  const ownRelevance = (key: string) =>
    relevanceOf(evidence(ownQuery, relevanceView(index, ownQuery, key)), ownQuery.terms.length);
  const moved = ownRelevance(ownBest.key);
  if (moved < MOVE_OWN_MIN || ownRelevance(lead.key) > moved - MOVE_GAP) return false;
  const i = hits.findIndex((h) => h.key === ownBest.key);
  if (i > 0) hits.unshift(...hits.splice(i, 1));
  return true;
}

/**
 * The follow-up read with the thread, or null when the question stands on its own (or the reading
 * with the thread answers nothing). `own` is the question's own query and hits.
 */
export function readWithThread(
  index: SearchIndex,
  question: string,
  own: { query: ParsedQuery; hits: Hit[] },
  thread: Thread | null,
): ThreadReading | null {
  if (!thread) return null;
  const relevance = own.hits[0]?.relevance ?? 0;
  const form = followUpStrength(question);
  const leans =
    // Any follow-up form leans, a weak one too: its pronoun points back at the thread ("can she just
    // cancel and get her deposit back?" after a tenant shut out by a holdover is the tenant's, not
    // restitution in general; "can somebody who wasn't a party use it against the side that lost?"
    // after collateral estoppel is nonmutual preclusion, not a third-party beneficiary; stop 34).
    form !== null ||
    !own.query.terms.length ||
    // A turn the library cannot answer alone, asked in a conversation ("would the court be as tough
    // if the law instead rewrote private leases?"), is read with it before it is declined (stop 33).
    (relevance < DECLINE_BELOW && wordCount(question) <= FOLLOW_UP_MAX_WORDS) ||
    namesNoDoctrine(index, question, own.query, own.hits) ||
    sameSubject(own.hits, thread) ||
    continuesStory(index, question, own.query, thread);
  if (!leans) return null;
  // Read the follow-up with the earlier question (issue 13 §4): "What is hearsay?" then "what about
  // when the declarant is unavailable?" is retrieved as both together, so the doctrine holding the
  // new words and the old subject (FRE 804) wins. The follow-up's own words weigh double (three
  // times was measured at stop 29 and rejected: followups-dev4 fell below its floor; decision 090).
  // A changed fact replaces an old one: "if it were race instead of sex" is about race, so the
  // replaced words ("instead of sex", "rather than underage") leave the follow-up's own words.
  const changed = withoutReplaced(question);
  const ownQuery = changed === question ? own.query : parseQuery(index, changed);
  const both = `${thread.question}\n${changed}`;
  const query = parseQuery(index, both);
  for (const [t, w] of ownQuery.weights) query.weights.set(t, Math.max(query.weights.get(t) ?? 0, 2 * w));
  const hits = search(index, query);
  // The thread keeps its subject ("Can I sue him?" then "what if he says I swung first?" is
  // self-defense in Torts), unless the follow-up names another ("is it different in criminal law?").
  const named = namedSubject(question);
  const subject = named ?? thread.subjectId;
  if (subject) {
    const bonus = named && named !== thread.subjectId ? NAMED_SUBJECT_BONUS : THREAD_SUBJECT_BONUS;
    for (const h of hits) if (h.doc.kind !== "provision" && h.doc.subjectId === subject) h.score += bonus;
  }
  // A follow-up that moves on moves to a neighbouring doctrine (diversity → removal, a director's
  // duty → the shareholder's derivative suit): the thread topic's own related list names them (decision 093).
  const threadTopic = thread.topicId ? index.corpus.topics.get(thread.topicId) : undefined;
  for (const h of hits) if (h.doc.kind === "topic" && threadTopic?.related.includes(h.doc.id)) h.score += RELATED_BONUS;
  // A topic is as relevant as it is to the follow-up's own words: read over both turns, the words of a
  // long first turn about summary judgment drown the few a move to judgment as a matter of law shares
  // ("after she finishes putting on her case … no reasonable jury"), and a topic under ISSUE_MIN is not
  // raised as an issue (decision 096).
  for (const h of hits) {
    const own = relevanceOf(evidence(ownQuery, relevanceView(index, ownQuery, h.key)), ownQuery.terms.length);
    h.relevance = Math.max(h.relevance, own);
  }
  hits.sort((a, b) => b.score - a.score);
  // A follow-up that names another doctrine of the thread's subject in its own words leads with it
  // (decision 097): "ok say it's in federal court in texas now but all the witnesses are up in ohio.
  // can it get the case sent up there?" after removal is transfer of venue, which its own words cover
  // while removal covers under half of them. A question of aspect words only ("how long does it
  // take?") names nothing and keeps the thread's doctrine.
  if (!onlyAspects(question))
    movesTo(index, hits, ownQuery, changed === question ? own.hits : search(index, ownQuery), thread);
  // The reading holds two turns' words: its relevance is a story's (spread over its first topics).
  const covered = spreadRelevance(index, query, hits);
  if (!hits[0] || covered < DECLINE_BELOW) return null;
  return { effectiveQuestion: both, thread, query, hits, relevance: covered };
}

/**
 * The thread before the current question: the last THREAD_TURNS user turns folded in order, each
 * read with the thread before it (readWithThread). null without earlier user turns.
 */
export function resolveThread(index: SearchIndex, history: { role: string; content: string }[]): Thread | null {
  const turns = history.filter((m) => m.role === "user" && m.content.trim()).slice(-THREAD_TURNS);
  let thread: Thread | null = null;
  for (const m of turns) {
    const question = m.content.trim();
    const query = parseQuery(index, question);
    const hits = search(index, query, 3);
    const reading = readWithThread(index, question, { query, hits }, thread);
    thread = reading
      ? { question: reading.effectiveQuestion, ...bestTopic(reading.hits) }
      : { question, ...bestTopic(hits) };
  }
  return thread;
}
