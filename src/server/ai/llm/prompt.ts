/**
 * What the model is given (issue 4 §4): the retrieved sources, numbered, with their text; the
 * instructions to answer only from them and cite every legal statement with [n]; and the
 * conversation so far within a token budget. Token counts are estimated at 4 characters a token.
 */
import type { BriefDoc, TopicDoc } from "../corpus";
import type { Prepared } from "../prepare";
import { DECLINE_BELOW } from "../prepare";
import { SourceList } from "../sources";
import type { AnswerInput } from "../types";

/** Budgets in estimated tokens. */
export const SOURCE_TOKENS = 7000;
export const HISTORY_TOKENS = 2000;
const CHARS_PER_TOKEN = 4;
export const estimateTokens = (s: string) => Math.ceil(s.length / CHARS_PER_TOKEN);

export const SYSTEM_PROMPT = `You are Lexmate's study companion for US law students and bar-exam takers (MBE subjects).
Answer ONLY from the numbered sources in the user's message. They are Lexmate's own outlines, case briefs,
governing provisions and the student's notes.
- Cite every sentence that states law with the number of its source in square brackets, e.g. [1] or [2][3].
  Cite only numbers that are listed. Never cite a source for something it does not say.
- Do not name any case, statute or rule that is not in the sources. If the sources do not answer the
  question, say plainly that you don't know and point to the closest source — do not guess.
- Write like a good bar tutor, in Markdown: a direct answer first, then the rule, its elements, exceptions,
  key cases (with their citations) and exam traps, as far as the sources support them. Be concise.`;

/**
 * The documents the model sees, best first: the leading topics (up to three above the decline
 * threshold), the cases the question names, the leading cases of the first topic, provisions the
 * question names, and the student's own relevant sources — within SOURCE_TOKENS.
 */
export function selectSources(prep: Prepared): SourceList {
  const corpus = prep.index.corpus;
  const sources = new SourceList(corpus);
  let budget = SOURCE_TOKENS * CHARS_PER_TOKEN;
  const add = (doc: Parameters<SourceList["cite"]>[0], score: number) => {
    const before = sources.list.length;
    sources.cite(doc, score);
    if (sources.list.length === before) return;
    budget -= sources.retrieved().at(-1)!.text.length + 200;
  };
  const topics = prep.hits.filter((h) => h.doc.kind === "topic" && h.relevance >= DECLINE_BELOW).slice(0, 3);
  const named = prep.query.caseMentions.map((m) => corpus.briefs.get(m.briefId)).filter((b): b is BriefDoc => !!b);
  if (topics[0]) add(topics[0].doc, topics[0].relevance);
  for (const b of named) if (budget > 0) add(b, 1);
  for (const t of topics.slice(1)) if (budget > 0) add(t.doc, t.relevance);
  const first = topics[0]?.doc as TopicDoc | undefined;
  for (const id of first?.cases.slice(0, 3) ?? []) {
    const b = corpus.briefs.get(id);
    if (b && budget > 0) add(b, 1);
  }
  for (const h of prep.hits)
    if (h.doc.kind === "brief" && h.relevance >= DECLINE_BELOW && budget > 0 && sources.list.length < 8)
      add(h.doc, h.relevance);
  for (const id of prep.query.provisionIds) {
    const p = corpus.provisions.get(id);
    if (p && budget > 0) add(p, 1);
  }
  for (const u of prep.userHits.slice(0, 3)) if (budget > 0) add(u.doc, u.relevance);
  return sources;
}

const KIND_LABEL: Record<string, string> = {
  topic: "Outline",
  brief: "Case brief",
  provision: "Provision",
  note: "Student's note",
  user_brief: "Student's brief",
  opinion: "Opinion",
  rule: "Rule",
};

/** The user message: sources block, then the question. Long sources are cut at a sentence end. */
export function userMessage(sources: SourceList, question: string): string {
  const blocks = sources.retrieved().map((s) => {
    const max = 6000;
    const text = s.text.length > max ? `${s.text.slice(0, s.text.lastIndexOf(". ", max) + 1)} …` : s.text;
    return `[${s.n}] ${KIND_LABEL[s.kind] ?? s.kind}: ${s.title} — ${s.cite}\n${text}`;
  });
  return `Sources:\n\n${blocks.join("\n\n")}\n\nQuestion: ${question}`;
}

/**
 * Earlier turns, oldest first, trimmed from the oldest to HISTORY_TOKENS; earlier answers lose
 * their [n] markers (those numbers referred to other source lists).
 */
export function trimHistory(
  history: AnswerInput["history"],
  budget = HISTORY_TOKENS,
): { role: "user" | "assistant"; content: string }[] {
  const out: { role: "user" | "assistant"; content: string }[] = [];
  let left = budget;
  for (const m of [...history].reverse()) {
    // Markers have one or two digits; "[1893] 1 Q.B. 256" keeps its year.
    const content = m.role === "assistant" ? m.content.replace(/\s?\[\d{1,2}\]/g, "") : m.content;
    const cost = estimateTokens(content) + 4;
    if (cost > left) break;
    left -= cost;
    out.unshift({ role: m.role, content });
  }
  // A conversation sent to a model starts with the user.
  while (out[0]?.role === "assistant") out.shift();
  // Turns alternate (providers such as Anthropic reject two user turns in a row): a question whose
  // answer failed has no answer in the history, so it gives way to the next user turn — and the last
  // history turn must not be a user's, since the new question follows it (issue 13 §7).
  const alternating = out.filter((m, i) => !(m.role === out[i + 1]?.role));
  while (alternating.at(-1)?.role === "user") alternating.pop();
  return alternating;
}
