/**
 * Numbered sources of one answer. A composer asks `cite(doc)` for the number of a document it is
 * about to draw a sentence from; the first call adds the source, so only what the answer actually
 * uses is listed, numbered in order of first use. Only retrieved documents (official corpus hits,
 * their linked cases and provisions, the student's own sources) ever reach this registry.
 */
import type { Citation } from "../../contract/chat";
import { provisionUrl } from "../../domain/provisions";
import type { BriefDoc, Corpus, CorpusDoc, ProvisionDoc, TopicDoc } from "./corpus";
import type { RetrievedSource } from "./types";

/** A student's own note or brief offered by a UserSourceProvider. */
export interface UserDoc {
  kind: "user";
  source: RetrievedSource;
}

export type AnyDoc = CorpusDoc | UserDoc;

export const topicUrl = (id: string) => `/library/topics/${id}`;
export const briefUrl = (id: string) => `/cases/${id}`;

/** "Palsgraf v. Long Island R.R. Co., 248 N.Y. 339 (1928)" style reference of a brief. */
export function briefCite(b: BriefDoc): string {
  const court = /supreme court of the united states/i.test(b.court) || !b.court ? "" : `${b.court} `;
  return `${b.citation} (${court}${b.year})`;
}

/** Plain text of a corpus document (for the LLM prompt and the RetrievedSource contract). */
export function docText(doc: AnyDoc, corpus: Corpus): string {
  if (doc.kind === "user") return doc.source.text;
  if (doc.kind === "topic") {
    const t = doc;
    const cases = t.cases.map((id) => corpus.briefs.get(id)).filter(Boolean) as BriefDoc[];
    return [
      `Summary: ${t.summary}`,
      `Rule: ${t.rule}`,
      `Elements: ${t.elements.join(" | ")}`,
      t.exceptions.length ? `Exceptions and defenses: ${t.exceptions.join(" | ")}` : "",
      t.positions.length ? `Positions: ${t.positions.map((p) => `${p.view}: ${p.rule}`).join(" | ")}` : "",
      t.provisions.length ? `Governing provisions: ${t.provisions.join("; ")}` : "",
      cases.length ? `Cases: ${cases.map((b) => `${b.name}, ${briefCite(b)}`).join("; ")}` : "",
      `Exam traps: ${t.traps.join(" | ")}`,
    ]
      .filter(Boolean)
      .join("\n");
  }
  if (doc.kind === "brief") {
    const b = doc;
    return [
      `Citation: ${b.name}, ${briefCite(b)}`,
      `Facts: ${b.facts}`,
      `Procedural history: ${b.proceduralHistory}`,
      `Issue: ${b.issue}`,
      `Rule: ${b.rule}`,
      `Holding: ${b.holding}`,
      `Reasoning: ${b.reasoning}`,
      b.separateOpinions ? `Separate opinions: ${b.separateOpinions}` : "",
      `Takeaways: ${b.takeaways.join(" | ")}`,
    ]
      .filter(Boolean)
      .join("\n");
  }
  const p = doc;
  return `${p.label} (${p.family}). Cited in Lexmate's library for: ${p.cites
    .map((c) => `${c.cite}: ${c.topicIds.map((id) => corpus.topics.get(id)?.title ?? id).join(", ")}`)
    .join("; ")}.`;
}

function citationOf(doc: AnyDoc, corpus: Corpus): Omit<Citation, "n"> {
  if (doc.kind === "user") {
    const { text: _t, score: _s, ...c } = doc.source;
    return c;
  }
  if (doc.kind === "topic") {
    const t = doc as TopicDoc;
    return {
      id: t.id,
      kind: "topic",
      title: t.title,
      cite: `${corpus.subjects.get(t.subjectId)?.name ?? t.subjectId} · Lexmate library`,
      url: topicUrl(t.id),
    };
  }
  if (doc.kind === "brief")
    return { id: doc.id, kind: "brief", title: doc.name, cite: briefCite(doc), url: briefUrl(doc.id) };
  const p = doc as ProvisionDoc;
  return { id: p.id, kind: "provision", title: p.label, cite: p.family, url: provisionUrl(p.id) };
}

export interface NumberedSource {
  n: number;
  doc: AnyDoc;
  citation: Citation;
  /** Relevance in [0, 1] of the document to the question (1 for documents reached by a link). */
  score: number;
}

export class SourceList {
  private readonly byKey = new Map<string, NumberedSource>();
  readonly list: NumberedSource[] = [];

  constructor(private readonly corpus: Corpus) {}

  /** The number of `doc`, adding it on first use. */
  cite(doc: AnyDoc, score = 1): number {
    const key = doc.kind === "user" ? `user:${doc.source.kind}:${doc.source.id}` : `${doc.kind}:${doc.id}`;
    const found = this.byKey.get(key);
    if (found) return found.n;
    const n = this.list.length + 1;
    const s: NumberedSource = { n, doc, citation: { n, ...citationOf(doc, this.corpus) }, score };
    this.byKey.set(key, s);
    this.list.push(s);
    return n;
  }

  get citations(): Citation[] {
    return this.list.map((s) => s.citation);
  }

  /** The contract's RetrievedSource shape (for providers and the LLM prompt). */
  retrieved(): (RetrievedSource & { n: number })[] {
    return this.list.map((s) => ({ ...s.citation, text: docText(s.doc, this.corpus), score: s.score }));
  }
}
