/**
 * The in-memory search index over the official corpus (DESIGN.md §2: an in-memory index for the
 * official corpus). BM25F over stemmed unigrams and bigrams in weighted fields (bm25f.ts), plus
 * what the relevance measure needs:
 * document frequencies (idf), each document's set of terms, the vocabulary (spelling repair) and
 * the short names students use for cases ("Palsgraf", "International Shoe").
 */
import { parseProvision } from "../../domain/provisions";
import type { BriefDoc, Corpus, CorpusDoc, ProvisionDoc, TopicDoc } from "./corpus";
import { Bm25fIndex } from "./bm25f";
import { normalize, terms, words } from "./text";

export const FIELDS = [
  "title",
  "alias",
  "summary",
  "rule",
  "body",
  "cases",
  "provisions",
  "cards",
  "practice",
  "triggers",
] as const;
type Field = (typeof FIELDS)[number];

/** Field weights (BM25F-style boosts). Titles and names dominate; practice stems only nudge. */
export const FIELD_BOOST: Record<Field, number> = {
  title: 4,
  alias: 4,
  summary: 2,
  rule: 1.5,
  body: 1,
  cases: 1,
  provisions: 1.5,
  cards: 0.8,
  practice: 0.6,
  triggers: 1.2,
};
/** Fields whose words count toward a question's coverage in the ranking: every field. */
const COVERAGE_FIELDS: readonly Field[] = FIELDS;
/** Fields indexed with bigrams too (the long, noisy ones get unigrams only). */
const BIGRAM_FIELDS = new Set<Field>(["title", "alias", "summary", "rule", "body", "cases", "provisions", "triggers"]);

/**
 * Labelled examples for nearest-neighbour issue spotting (issue 13 §1): each trigger fact, official
 * practice stem and flashcard question is a short story or question labelled with its topic. The
 * weight says how much one example's vote counts (a trigger is written to be exactly such a story;
 * a card question is usually a doctrine question, not a story).
 */
export const EXAMPLE_WEIGHT = { trigger: 1, stem: 0.8, card: 0.5 } as const;
export interface Example {
  topicId: string;
  kind: keyof typeof EXAMPLE_WEIGHT;
}

export interface CaseAlias {
  briefId: string;
  /** Matched against the lower-cased question. */
  re: RegExp;
  /** "full" for "A v. B"; "short" for one party's name. */
  strength: "full" | "short";
  /**
   * For a one-word short name ("Pike", "Baker"), which a student may also give a party of a story:
   * the name as a whole word, any case, to find where it stands in the question (namesAParty).
   */
  word?: RegExp;
  /**
   * The one-word name is also an everyday word students write in lower case ("friend", "wood",
   * "bird" in our trigger facts): it names the case only when capitalised (namesTheCase).
   */
  everyday?: boolean;
}

/** What follows a person's name in a story: a verb ("Pike told", "Baker never recorded") or a possessive noun ("Pike's store"). */
const ACTS_AFTER =
  /^(?:'s\s+(?!case|rule|test|doctrine|balancing|holding|analysis|framework|standard)[a-z]+|[a-z]+ed\b|(?:told|tells|said|says|found|finds|knew|knows|had|has|did|does|went|goes|got|gets|took|takes|gave|gives|made|makes|sold|sells|bought|buys|paid|pays|owns|wants|will|would|could|can|cannot|can't|didn't|doesn't|never|then|later|just)\b)/;
/** What comes before a party's name in a story: "sold the lot to Baker", "the owner, Pike". */
const PARTY_BEFORE = /\b(?:to|from|against|owner|buyer|seller|tenant|landlord|named|hired|told|sued|paid|asked),?\s*$/i;
/** Shorter questions name a case by one word ("What did Daubert change?"); a story names its parties. */
const STORY_WORDS = 12;

/**
 * Whether a one-word case name (`word`, CaseAlias.word) stands for a party of the student's story,
 * not the case: it follows a role or a verb ("sold the lot to Baker", "the owner, Pike") or a verb
 * follows it ("Pike told her", "if Pike found out"). "Under Pike" and "the Pike test" still name
 * the case. `q` is the normalised question (lower case, plain apostrophes) the aliases are matched
 * on; asked only of questions of STORY_WORDS words or more (findCaseMentions).
 */
function namesAParty(q: string, word: RegExp): boolean {
  for (const m of q.matchAll(word)) {
    const at = m.index ?? 0;
    if (ACTS_AFTER.test(q.slice(at + m[0].length).trimStart())) return true;
    if (PARTY_BEFORE.test(q.slice(0, at))) return true;
  }
  return false;
}

export interface SearchIndex {
  corpus: Corpus;
  bm25: Bm25fIndex<Field>;
  docs: Map<string, CorpusDoc>;
  df: Map<string, number>;
  /** Number of topics and briefs (the documents idf is computed over). */
  n: number;
  /** Each document's unigram stems over every field (ranking coverage, document frequency). */
  docTerms: Map<string, Set<string>>;
  /**
   * A topic's stems without its trigger facts (the doctrine's own text, cards and practice stems):
   * what the decline relevance is measured on, with the one trigger fact nearest the question
   * (retrieve.ts relevanceView). Briefs and provisions have no trigger facts: their docTerms serve.
   */
  doctrineTerms: Map<string, Set<string>>;
  /** Each topic's trigger facts' stems, one set per trigger fact, keyed by the topic's document key. */
  triggerTerms: Map<string, Set<string>[]>;
  /**
   * Words (lower-cased, unstemmed) the library uses other than as a story's party names: every word of
   * the doctrinal fields (title, alias, summary, rule, body, case names, provisions) and every word the
   * labelled examples write in lower case. A capitalised word of a long question outside it ("Dana",
   * "Reyes", named in a practice stem or a trigger fact) is a party's name (retrieve.ts parseQuery).
   */
  plainWords: Set<string>;
  /** Terms of each document's title (and a case's short names). */
  titleTerms: Map<string, Set<string>>;
  /** Every term of every topic title: the doctrinal vocabulary a question's title match is measured on. */
  titleVocab: Set<string>;
  /** P(subject | term) over topics and briefs, for terms in at least three documents. */
  subjectOfTerm: Map<string, Map<string, number>>;
  /** Spelling repair: every vocabulary stem and each one-letter deletion of it → the stems. */
  deletions: Map<string, string[]>;
  caseAliases: CaseAlias[];
  /** BM25 over the labelled examples (one field), keyed by their position in `examples`. */
  exampleIndex: Bm25fIndex<"text">;
  examples: Example[];
  /** Each example's unigram stems (what its coverage of a question is measured on). */
  exampleTerms: Set<string>[];
}

export const docKey = (d: CorpusDoc) => `${d.kind}:${d.id}`;

function topicFields(t: TopicDoc, c: Corpus): Record<Field, string> {
  const extra = c.extra.get(t.id);
  const provisionWords = t.provisions.map(
    (p) =>
      `${p} ${parseProvision(p)
        .map((l) => `${l.label} ${l.aliases.join(" ")}`)
        .join(" ")}`,
  );
  return {
    title: t.title,
    alias: "",
    summary: t.summary,
    rule: t.rule,
    // Section names are indexed too, so "what about the exceptions?" finds a topic's exceptions.
    body: [
      ...t.elements,
      t.exceptions.length ? "Exceptions and defenses:" : "",
      ...t.exceptions,
      t.positions.length ? "Majority and minority positions:" : "",
      ...t.positions.map((p) => `${p.view}: ${p.rule}`),
      "Exam traps:",
      ...t.traps,
    ].join(" "),
    cases: t.cases.map((id) => c.briefs.get(id)?.name ?? "").join(" ; "),
    provisions: provisionWords.join(" ; "),
    cards: extra?.cards ?? "",
    // Official practice stems: stories that raise the issue.
    practice: extra?.practice ?? "",
    // Trigger facts: situations in students' words where the doctrine comes up (issue 13 §1).
    triggers: t.triggers.join(" ; "),
  };
}

function briefFields(b: BriefDoc, c: Corpus): Record<Field, string> {
  return {
    title: b.name,
    alias: caseShortNames(b.name).join(" ; "),
    summary: `${b.issue} ${b.holding}`,
    rule: b.rule,
    body: b.takeaways.join(" "),
    cases: b.topicIds.map((id) => c.topics.get(id)?.title ?? "").join(" ; "),
    provisions: "",
    cards: "",
    triggers: "",
    // The story of the case: searchable (fact patterns resemble it) but too incidental for coverage.
    practice: [b.facts, b.proceduralHistory, b.reasoning, b.separateOpinions ?? ""].join(" "),
  };
}

function provisionFields(p: ProvisionDoc, c: Corpus): Record<Field, string> {
  return {
    title: `${p.label} ${p.aliases.join(" ")}`,
    alias: "",
    summary: p.family,
    rule: "",
    body: p.cites.map((x) => x.cite).join(" ; "),
    cases: p.topicIds.map((id) => c.topics.get(id)?.title ?? "").join(" ; "),
    provisions: "",
    cards: "",
    practice: "",
    triggers: "",
  };
}

const GENERIC_PARTY =
  /^(the )?(united states|state|people|commonwealth|city|county|town|village|board|territory|government|district of columbia|alabama|alaska|arizona|arkansas|california|colorado|connecticut|delaware|florida|georgia|hawaii|idaho|illinois|indiana|iowa|kansas|kentucky|louisiana|maine|maryland|massachusetts|michigan|minnesota|mississippi|missouri|montana|nebraska|nevada|new hampshire|new jersey|new mexico|new york|north carolina|north dakota|ohio|oklahoma|oregon|pennsylvania|rhode island|south carolina|south dakota|tennessee|texas|utah|vermont|virginia|washington|west virginia|wisconsin|wyoming)\b/i;
const CORPORATE =
  /,?\s*(?:&\s*co\.|co\.|inc\.|corp\.|ltd\.|l\.l\.c\.|llc|r\.r\.|ry\.|bros\.|company|corporation|railroad|railway|et al\.)(?=\s|$)/gi;

function cleanParty(p: string): string {
  return p
    .replace(CORPORATE, "")
    .replace(/^the\s+/i, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Short names a student may use for a case: "Palsgraf", "International Shoe", "Carroll Towing". */
export function caseShortNames(name: string): string[] {
  const parts = name.split(/\s+v\.?\s+/i);
  if (parts.length < 2) {
    const bare = name.replace(/^(in re|ex parte|the)\s+/i, "").trim();
    return bare && bare !== name ? [bare] : [];
  }
  const out: string[] = [];
  for (const p of parts.slice(0, 2)) {
    const c = cleanParty(p);
    if (c && !GENERIC_PARTY.test(c) && c.length >= 4) out.push(c);
  }
  return out;
}

/** Words that are usually part of a place name ("New York"), never a case's name on their own. */
const PLACE_PART =
  /^(york|jersey|hampshire|mexico|carolina|dakota|virginia|island|orleans|haven|england|zealand|columbia)$/;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const wordsPattern = (s: string) => words(s).map(escapeRe).join("[\\s\\-.,']+");

function buildCaseAliases(c: Corpus, lowercaseWords: Set<string>, everydayWords: Set<string>): CaseAlias[] {
  const out: CaseAlias[] = [];
  for (const b of c.briefs.values()) {
    const parts = b.name.split(/\s+v\.?\s+/i);
    if (parts.length >= 2) {
      const a = wordsPattern(cleanParty(parts[0]));
      const d = wordsPattern(cleanParty(parts[1]).split(/,/)[0]);
      if (a && d)
        out.push({ briefId: b.id, re: new RegExp(`\\b${a}\\b[^\\n]{0,40}?\\bvs?\\.?\\s+${d}\\b`), strength: "full" });
    }
    for (const short of caseShortNames(b.name)) {
      const ws = words(short);
      // A one-word name that is also an ordinary word in our prose ("Marsh", "Board") is too ambiguous alone.
      if (ws.length === 1 && (lowercaseWords.has(ws[0]) || PLACE_PART.test(ws[0]))) continue;
      // "the Rule in Shelley's Case" is not Shelley v. Kraemer.
      out.push({
        briefId: b.id,
        re: new RegExp(`\\b${wordsPattern(short)}\\b(?!'s\\s+(?:case|rule|doctrine))`),
        strength: "short",
        ...(ws.length === 1
          ? { word: new RegExp(`\\b${escapeRe(ws[0])}\\b`, "gi"), everyday: everydayWords.has(ws[0]) }
          : {}),
      });
    }
  }
  return out;
}

/** Builds the index over `corpus` (≈ 100 ms for the full official corpus). */
export function buildSearchIndex(corpus: Corpus): SearchIndex {
  const docs = new Map<string, CorpusDoc>();
  const indexed: { key: string; fields: Record<Field, string[]> }[] = [];
  const docTerms = new Map<string, Set<string>>();
  const doctrineTerms = new Map<string, Set<string>>();
  const titleTerms = new Map<string, Set<string>>();
  const df = new Map<string, number>();
  const lowercaseWords = new Set<string>();
  const plainWords = new Set<string>();
  const add = (d: CorpusDoc, f: Record<Field, string>) => {
    const key = docKey(d);
    docs.set(key, d);
    const fields = {} as Record<Field, string[]>;
    const set = new Set<string>();
    const doctrine = new Set<string>();
    for (const field of FIELDS) {
      const uni = terms(f[field]);
      const toks = [...uni];
      if (BIGRAM_FIELDS.has(field)) for (let i = 0; i + 1 < uni.length; i++) toks.push(`${uni[i]}_${uni[i + 1]}`);
      fields[field] = toks;
      if (COVERAGE_FIELDS.includes(field)) for (const t of uni) set.add(t);
      if (field !== "triggers") for (const t of uni) doctrine.add(t);
    }
    indexed.push({ key, fields });
    docTerms.set(key, set);
    if (d.kind === "topic") doctrineTerms.set(key, doctrine);
    titleTerms.set(key, new Set([...terms(f.title), ...terms(f.alias)]));
    if (d.kind !== "provision") for (const t of set) df.set(t, (df.get(t) ?? 0) + 1);
    for (const field of ["summary", "rule", "body"] as const)
      for (const m of f[field].matchAll(/\b[a-z][a-z]+\b/g)) lowercaseWords.add(m[0]);
    for (const field of ["title", "alias", "summary", "rule", "body", "cases", "provisions"] as const)
      for (const m of f[field].toLowerCase().matchAll(/\b[a-z][a-z]+\b/g)) plainWords.add(m[0]);
  };
  for (const t of corpus.topics.values()) add(t, topicFields(t, corpus));
  for (const b of corpus.briefs.values()) add(b, briefFields(b, corpus));
  for (const p of corpus.provisions.values()) add(p, provisionFields(p, corpus));
  const bm25 = new Bm25fIndex(indexed, { fields: FIELDS, boosts: FIELD_BOOST });
  const examples: Example[] = [];
  const exampleTerms: Set<string>[] = [];
  const exampleDocs: { key: string; fields: Record<"text", string[]> }[] = [];
  // Words students write in lower case in the situations they describe (case-name ambiguity).
  const everydayWords = new Set<string>();
  const addExample = (topicId: string, kind: Example["kind"], text: string) => {
    for (const m of text.matchAll(/\b[a-z][a-z]+\b/g)) everydayWords.add(m[0]);
    const uni = terms(text);
    if (uni.length < 3) return;
    const toks = [...uni];
    for (let i = 0; i + 1 < uni.length; i++) toks.push(`${uni[i]}_${uni[i + 1]}`);
    exampleDocs.push({ key: String(examples.length), fields: { text: toks } });
    examples.push({ topicId, kind });
    exampleTerms.push(new Set(uni));
  };
  for (const t of corpus.topics.values()) {
    for (const x of t.triggers) addExample(t.id, "trigger", x);
    const extra = corpus.extra.get(t.id);
    for (const x of extra?.stems ?? []) addExample(t.id, "stem", x);
    for (const x of extra?.cardQuestions ?? []) addExample(t.id, "card", x);
  }
  const triggerTerms = new Map<string, Set<string>[]>();
  for (const [i, ex] of examples.entries()) {
    if (ex.kind !== "trigger") continue;
    const key = `topic:${ex.topicId}`;
    const list = triggerTerms.get(key);
    if (list) list.push(exampleTerms[i]);
    else triggerTerms.set(key, [exampleTerms[i]]);
  }
  const exampleIndex = new Bm25fIndex(exampleDocs, { fields: ["text"] as const, boosts: { text: 1 }, b: 0.5 });
  // The flashcard and practice text was only retrieval vocabulary; do not keep it in memory.
  corpus.extra.clear();

  const deletions = new Map<string, string[]>();
  const put = (k: string, t: string) => {
    const l = deletions.get(k);
    if (!l) deletions.set(k, [t]);
    else if (!l.includes(t)) l.push(t);
  };
  for (const t of df.keys()) {
    // Only stems of six letters or more are ever repaired (retrieve.ts); only they need neighbours.
    if (t.length < 5 || /\d/.test(t)) continue;
    put(t, t);
    for (let i = 0; i < t.length; i++) put(t.slice(0, i) + t.slice(i + 1), t);
  }
  return {
    corpus,
    bm25,
    docs,
    df,
    n: corpus.topics.size + corpus.briefs.size,
    docTerms,
    doctrineTerms,
    triggerTerms,
    titleTerms,
    titleVocab: new Set([...corpus.topics.values()].flatMap((t) => terms(t.title))),
    subjectOfTerm: subjectDistributions(corpus, docTerms),
    deletions,
    caseAliases: buildCaseAliases(corpus, lowercaseWords, everydayWords),
    plainWords: new Set([...plainWords, ...everydayWords]),
    exampleIndex,
    examples,
    exampleTerms,
  };
}

/** P(subject | term) from the documents holding each term (add-one smoothing over the subjects). */
function subjectDistributions(corpus: Corpus, docTerms: Map<string, Set<string>>): Map<string, Map<string, number>> {
  const subjects = [...corpus.subjects.keys()];
  const counts = new Map<string, Map<string, number>>();
  for (const [key, set] of docTerms) {
    const d = key.startsWith("topic:")
      ? corpus.topics.get(key.slice(6))
      : key.startsWith("brief:")
        ? corpus.briefs.get(key.slice(6))
        : undefined;
    if (!d) continue;
    for (const t of set) {
      let m = counts.get(t);
      if (!m) {
        m = new Map();
        counts.set(t, m);
      }
      m.set(d.subjectId, (m.get(d.subjectId) ?? 0) + 1);
    }
  }
  const out = new Map<string, Map<string, number>>();
  for (const [t, m] of counts) {
    const total = [...m.values()].reduce((a, b) => a + b, 0);
    if (total < 3) continue;
    out.set(t, new Map(subjects.map((s) => [s, ((m.get(s) ?? 0) + 1) / (total + subjects.length)])));
  }
  return out;
}

/** BM25 idf of a stem (unknown stems get the highest idf). */
export function idf(index: SearchIndex, stem: string): number {
  const n = index.df.get(stem) ?? 0;
  return Math.log(1 + (index.n - n + 0.5) / (n + 0.5));
}

/**
 * Whether the student who wrote `question` capitalises names: an upper-case letter past the first
 * character that is not the pronoun "I" ("my friend Jake", "Then the court…"). A question typed all
 * in lower case ("my friend sued me") says nothing by its case.
 */
function writesCapitals(question: string): boolean {
  return /[A-Z]/.test(question.slice(1).replace(/\bI\b/g, ""));
}

/**
 * Whether the raw question writes the one-word case name `word` the way a case is written. A
 * student who capitalises names writes "Summers" for the case and "summers" for the season; an
 * everyday word (CaseAlias.everyday: "my friend", "the wood") names the case only capitalised, even
 * in a question typed all in lower case. A rarer name ("palsgraf") still counts in lower case there.
 */
function namesTheCase(question: string, word: RegExp, everyday: boolean): boolean {
  if (!everyday && !writesCapitals(question)) return true;
  for (const m of question.matchAll(word)) if (/^[A-Z]/.test(m[0])) return true;
  return false;
}

/** Briefs whose name (or a short name) the question mentions. Full "A v. B" matches come first. */
export function findCaseMentions(
  index: SearchIndex,
  question: string,
): { briefId: string; strength: "full" | "short" }[] {
  const q = normalize(question);
  const found = new Map<string, "full" | "short">();
  const story = q.split(/\s+/).filter(Boolean).length >= STORY_WORDS;
  // A party's name inside a full "A v. B" names that case, not another with the same party
  // ("Wood v. Lucy" is not also Dairy Queen v. Wood and Lucy v. Zehmer): short names are matched
  // on the question with the full names blanked out.
  let rest = q;
  for (const a of index.caseAliases) {
    if (a.strength !== "full") continue;
    const m = a.re.exec(q);
    if (!m) continue;
    found.set(a.briefId, "full");
    rest = rest.slice(0, m.index) + " ".repeat(m[0].length) + rest.slice(m.index + m[0].length);
  }
  for (const a of index.caseAliases) {
    if (a.strength === "full" || found.has(a.briefId) || !a.re.test(rest)) continue;
    if (a.word && !namesTheCase(question, a.word, !!a.everyday)) continue;
    if (story && a.word && namesAParty(q, a.word)) continue;
    found.set(a.briefId, "short");
  }
  return [...found]
    .map(([briefId, strength]) => ({ briefId, strength }))
    .sort((x, y) => (x.strength === y.strength ? 0 : x.strength === "full" ? -1 : 1));
}
