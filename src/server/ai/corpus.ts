/**
 * The official corpus as the answer engine sees it: topics, case briefs and provisions, read from
 * the seeded database (never from the YAML files), plus the flashcards and practice questions of
 * each topic as extra vocabulary for retrieval (they are never cited).
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { briefs, contentState, flashcards, questions, subjects, topics } from "../db/schema";
import { buildProvisionRegistry, type ProvisionEntry } from "../../domain/provisions";

export interface TopicDoc {
  kind: "topic";
  id: string;
  subjectId: string;
  title: string;
  summary: string;
  rule: string;
  elements: string[];
  exceptions: string[];
  positions: { view: string; rule: string }[];
  provisions: string[];
  cases: string[];
  traps: string[];
  /** Trigger facts in students' words (content `triggers`, issue 13 §1). */
  triggers: string[];
  related: string[];
}

export interface BriefDoc {
  kind: "brief";
  id: string;
  subjectId: string;
  name: string;
  citation: string;
  court: string;
  year: number;
  topicIds: string[];
  facts: string;
  proceduralHistory: string;
  issue: string;
  rule: string;
  holding: string;
  reasoning: string;
  separateOpinions: string | null;
  takeaways: string[];
}

export interface ProvisionDoc extends ProvisionEntry {
  kind: "provision";
}

export type CorpusDoc = TopicDoc | BriefDoc | ProvisionDoc;

export interface Corpus {
  /** content_state hash of the official seed this corpus was read from ("" when never seeded). */
  hash: string;
  subjects: Map<string, { id: string; name: string; shortName: string }>;
  topics: Map<string, TopicDoc>;
  briefs: Map<string, BriefDoc>;
  provisions: Map<string, ProvisionDoc>;
  /**
   * Flashcard and practice-question text per topic id (retrieval vocabulary only), and each card's
   * question and each practice stem on its own (labelled examples for issue spotting, issue 13 §1).
   */
  extra: Map<string, { cards: string; practice: string; cardQuestions: string[]; stems: string[] }>;
}

/** The hash of the last official content seed (one indexed SELECT). */
export async function currentContentHash(db: Db): Promise<string> {
  const [row] = await db
    .select({ hash: contentState.hash })
    .from(contentState)
    .where(eq(contentState.kind, "official"));
  return row?.hash ?? "";
}

const str = (v: unknown) => (typeof v === "string" ? v : "");
const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** Reads the live (not retired) official corpus. */
export async function readCorpus(db: Db): Promise<Corpus> {
  const hash = await currentContentHash(db);
  const [subjectRows, topicRows, briefRows, cardRows, questionRows] = await Promise.all([
    db.select().from(subjects).where(isNull(subjects.retiredAt)),
    db.select().from(topics).where(isNull(topics.retiredAt)),
    db
      .select()
      .from(briefs)
      .where(and(eq(briefs.isOfficial, true), isNull(briefs.retiredAt))),
    db
      .select({
        topicId: flashcards.topicId,
        question: flashcards.question,
        answer: flashcards.answer,
        tags: flashcards.tags,
      })
      .from(flashcards)
      .where(and(eq(flashcards.isOfficial, true), isNull(flashcards.retiredAt))),
    db
      .select({
        topicId: questions.topicId,
        stem: questions.stem,
        call: questions.call,
        tags: questions.tags,
        answer: questions.answer,
        explanations: questions.explanations,
      })
      .from(questions)
      .where(isNull(questions.retiredAt)),
  ]);
  const corpus: Corpus = {
    hash,
    subjects: new Map(),
    topics: new Map(),
    briefs: new Map(),
    provisions: new Map(),
    extra: new Map(),
  };
  for (const s of subjectRows) corpus.subjects.set(s.id, { id: s.id, name: s.name, shortName: s.shortName });
  for (const t of topicRows) {
    const b = t.body;
    corpus.topics.set(t.id, {
      kind: "topic",
      id: t.id,
      subjectId: t.subjectId,
      title: t.title,
      summary: t.summary,
      rule: t.rule,
      elements: list(b.elements),
      exceptions: list(b.exceptions),
      positions: Array.isArray(b.positions) ? (b.positions as { view: string; rule: string }[]) : [],
      provisions: list(b.provisions),
      cases: list(b.cases),
      traps: list(b.traps),
      related: list(b.related),
      triggers: list(b.triggers),
    });
  }
  for (const r of briefRows) {
    const b = r.body;
    corpus.briefs.set(r.id, {
      kind: "brief",
      id: r.id,
      subjectId: r.subjectId ?? "",
      name: r.name,
      citation: r.citation ?? "",
      court: r.court ?? "",
      year: r.year ?? 0,
      topicIds: r.topicIds.filter((id) => corpus.topics.has(id)),
      facts: str(b.facts),
      proceduralHistory: str(b.proceduralHistory),
      issue: str(b.issue),
      rule: str(b.rule),
      holding: str(b.holding),
      reasoning: str(b.reasoning),
      separateOpinions: str(b.separateOpinions) || null,
      takeaways: list(b.takeaways),
    });
  }
  // A topic's cases: only live briefs.
  for (const t of corpus.topics.values()) t.cases = t.cases.filter((id) => corpus.briefs.has(id));
  for (const [id, p] of buildProvisionRegistry([...corpus.topics.values()]))
    corpus.provisions.set(id, { ...p, kind: "provision" });
  const extra = (id: string) => {
    let e = corpus.extra.get(id);
    if (!e) {
      e = { cards: "", practice: "", cardQuestions: [], stems: [] };
      corpus.extra.set(id, e);
    }
    return e;
  };
  for (const c of cardRows)
    if (c.topicId) {
      const e = extra(c.topicId);
      e.cards += ` ${c.question} ${c.answer} ${c.tags.join(" ")}`;
      e.cardQuestions.push(c.question);
    }
  for (const q of questionRows) {
    const e = extra(q.topicId);
    e.practice += ` ${q.stem} ${q.call} ${q.tags.join(" ")}`;
    e.stems.push(q.stem);
    // The keyed choices' explanations (a multi-select key is "B,E").
    e.cards += ` ${q.tags.join(" ")} ${q.answer
      .split(",")
      .map((k) => q.explanations[k] ?? "")
      .join(" ")}`;
  }
  return corpus;
}
