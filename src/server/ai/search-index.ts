/**
 * The in-memory search index over the official corpus (DESIGN.md §2: an in-memory index for the
 * official corpus). BM25F over stemmed unigrams and bigrams in weighted fields (bm25f.ts), plus
 * what the relevance measure needs:
 * document frequencies (idf), each document's set of terms, the vocabulary (spelling repair) and
 * the short names students use for cases ("Palsgraf", "International Shoe").
 */
import { parseProvision } from "../../domain/provisions";
import type { BriefDoc, Corpus, CorpusDoc, ProvisionDoc, TopicDoc } from "./corpus";
import { Bm25fIndex, bm25Idf } from "./bm25f";
import { buildCaseAliases, type CaseAlias, caseShortNames } from "./case-names";
import { isFramingTerm, terms } from "./text";

export { caseShortNames, findCaseMentions, type CaseAlias } from "./case-names";

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

export interface SearchIndex {
  corpus: Corpus;
  bm25: Bm25fIndex<Field>;
  docs: Map<string, CorpusDoc>;
  df: Map<string, number>;
  /**
   * Document frequency over the doctrine's own text only (a topic without its trigger facts; a brief):
   * how specific a word is to the law, not to the situations students tell (decision 092). Thirty
   * trigger facts a topic put "gun", "farmhouse" and "trespasser" in dozens of documents, so a story's
   * clause no longer reached the share of an element's words it needs to be quoted (factIdf).
   */
  doctrineDf: Map<string, number>;
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
  /**
   * What each topic's summary or rule statement defines, as a key of sorted stems without framing
   * words: "Hearsay is a statement …" → "hearsai", "The elements of negligence are …" → "neglig"
   * (definedKey). A short "what is X?" question whose key is one of them asks for that topic.
   */
  defines: Map<string, Set<string>>;
  /** Terms of each document's title (and a case's short names). */
  titleTerms: Map<string, Set<string>>;
  /** Every term of every topic title: the doctrinal vocabulary a question's title match is measured on. */
  titleVocab: Set<string>;
  /**
   * Adjacent stem pairs of topic titles ("summari_judgment", "standard_care"): a framing word such
   * as "summary" or "standard" that opens one is a term of art, not the question's framing.
   */
  titleBigrams: Set<string>;
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

/** Builds the index over `corpus` (≈ 100 ms for the full official corpus). */
export function buildSearchIndex(corpus: Corpus): SearchIndex {
  const docs = new Map<string, CorpusDoc>();
  const indexed: { key: string; fields: Record<Field, string[]> }[] = [];
  const docTerms = new Map<string, Set<string>>();
  const doctrineTerms = new Map<string, Set<string>>();
  const titleTerms = new Map<string, Set<string>>();
  const df = new Map<string, number>();
  const doctrineDf = new Map<string, number>();
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
    if (d.kind !== "provision")
      for (const t of d.kind === "topic" ? doctrine : set) doctrineDf.set(t, (doctrineDf.get(t) ?? 0) + 1);
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
    doctrineDf,
    n: corpus.topics.size + corpus.briefs.size,
    docTerms,
    doctrineTerms,
    defines: new Map([...corpus.topics.values()].map((t) => [docKey(t), definedKeys(`${t.summary}\n${t.rule}`)])),
    triggerTerms,
    titleTerms,
    titleVocab: new Set([...corpus.topics.values()].flatMap((t) => terms(t.title))),
    titleBigrams: new Set(
      [...corpus.topics.values()].flatMap((t) => terms(t.title).flatMap((x, i, a) => (i ? [`${a[i - 1]}_${x}`] : []))),
    ),
    subjectOfTerm: subjectDistributions(corpus, docTerms),
    deletions,
    caseAliases: buildCaseAliases(corpus, lowercaseWords, everydayWords),
    plainWords: new Set([...plainWords, ...everydayWords]),
    exampleIndex,
    examples,
    exampleTerms,
  };
}

/** A sentence that defines its subject: "Hearsay is a statement", "An agent is a fiduciary", "Conspiracy requires". */
const DEFINITION =
  /(?:^|[.;:]\s+)(?:(?:a|an|the)\s+)?([a-z'-]+(?:\s+[a-z'-]+){0,3}?)\s+(?:is|are|means|exists|occurs)\s+(?:a|an|the|any|when|if|one)\b/gi;
/** "The elements of negligence are …", "the elements of a battery:". */
const ELEMENTS_OF = /\belements of (?:a |an |the )?([a-z'-]+(?: [a-z'-]+){0,2}?)(?=[,.;:]| are| is| must| require)/gi;

/** The key a set of words is looked up by in `defines`: its stems without framing words, sorted. */
export function definedKey(words: string[]): string {
  return [...new Set(words.filter((w) => !isFramingTerm(w)))].sort().join(" ");
}

/** The keys of what `text` defines (DEFINITION, ELEMENTS_OF). */
function definedKeys(text: string): Set<string> {
  const out = new Set<string>();
  for (const re of [DEFINITION, ELEMENTS_OF])
    for (const m of text.matchAll(re)) {
      const key = definedKey(terms(m[1]));
      if (key) out.add(key);
    }
  return out;
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

/**
 * idf of a stem over the doctrine's own text (SearchIndex.doctrineDf): what a story's clause is
 * matched to an element, exception or trap with (compose/fact-pattern.ts), not the ranking.
 */
export function factIdf(index: SearchIndex, stem: string): number {
  return bm25Idf(index.n, index.doctrineDf.get(stem) ?? 0);
}

/** BM25 idf of a stem (unknown stems get the highest idf). */
export function idf(index: SearchIndex, stem: string): number {
  return bm25Idf(index.n, index.df.get(stem) ?? 0);
}
