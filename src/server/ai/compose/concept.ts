/**
 * A concept answer (issue 4 §3): the direct answer first, then rule, elements, exceptions,
 * positions, key cases, governing law and exam traps, each sentence marked with its source.
 */
import type { BriefDoc, TopicDoc } from "../corpus";
import { DECLINE_BELOW } from "../prepare";
import { sentences } from "../text";
import {
  bullets,
  caseLines,
  type ComposeContext,
  focusSentences,
  mark,
  numbered,
  plain,
  provisionLine,
  relatedLinks,
  topicCases,
} from "./shared";

/** The sections of a topic, as used by the concept and summary answers. */
export function topicBody(
  ctx: ComposeContext,
  t: TopicDoc,
  opts: { ruleSentences?: number; cases?: BriefDoc[]; skip?: Set<string> } = {},
): string[] {
  const n = ctx.sources.cite(t);
  const out: string[] = [];
  const rule = sentences(t.rule);
  const ruleText = opts.ruleSentences ? rule.slice(0, opts.ruleSentences).join(" ") : t.rule;
  out.push(`**Rule**\n\n${mark(ruleText, n)}`);
  if (t.elements.length) out.push(`**Elements**\n\n${numbered(t.elements.map((e) => mark(e, n)))}`);
  const exceptions = t.exceptions.filter((e) => !opts.skip?.has(e));
  if (exceptions.length) out.push(`**Exceptions and defenses**\n\n${bullets(exceptions.map((e) => mark(e, n)))}`);
  if (t.positions.length)
    out.push(
      `**Majority, minority and other positions**\n\n${bullets(t.positions.map((p) => `**${plain(p.view)}:** ${mark(p.rule, n)}`))}`,
    );
  const cases = opts.cases ?? topicCases(ctx, t);
  if (cases.length) out.push(`**Key cases**\n\n${bullets(caseLines(ctx, cases))}`);
  const law = provisionLine(ctx, t);
  if (law) out.push(`**Governing law:** ${law}`);
  if (t.traps.length) out.push(`**Exam traps**\n\n${bullets(t.traps.map((x) => mark(x, n)))}`);
  return out;
}

/** A second topic scoring at least this share of the first's score is pointed to ("See also"). */
const CLOSE_SECOND = 0.85;
/**
 * ... and at least this share in a follow-up whose best topic is the one the thread is already about:
 * the student has that answer, and the new fact ("can they still get him for trying?") often moves
 * to the neighbouring doctrine (decision 094).
 */
const FOLLOW_UP_SECOND = 0.6;

/**
 * Topics that answer the question almost as well as the first, pointed to with their summaries
 * ("See also"): a second at CLOSE_SECOND of the first's score ("counts as a taking" is both
 * Constitutional Law's and Real Property's takings topic). In a follow-up the thread's own topic
 * still leads, the student already has that answer: the next two at FOLLOW_UP_SECOND are pointed to
 * ("what about the guy he sold it to, no questions asked?" after a larceny question: the accomplice
 * and receiving stolen property; decision 096). At most one for a question that stands alone.
 */
export function closeSeconds(ctx: ComposeContext, t: TopicDoc): TopicDoc[] {
  const topics = ctx.hits.filter((h) => h.doc.kind === "topic");
  const first = topics.find((h) => h.doc.id === t.id);
  if (!first) return [];
  const followUp = ctx.thread?.topicId === t.id;
  const share = followUp ? FOLLOW_UP_SECOND : CLOSE_SECOND;
  const out: TopicDoc[] = [];
  for (const h of topics) {
    if (h.doc.id === t.id) continue;
    if (h.relevance < DECLINE_BELOW || h.score < share * first.score || out.length >= (followUp ? 2 : 1)) break;
    out.push(h.doc as TopicDoc);
  }
  return out;
}

export function composeConcept(ctx: ComposeContext, t: TopicDoc): string {
  const n = ctx.sources.cite(t);
  const parts: string[] = [];
  const seeAlso = closeSeconds(ctx, t);
  const focus = focusSentences(ctx, t);
  if (focus.length) {
    parts.push(`**Short answer:** ${focus.map((f) => mark(f.text, n)).join(" ")}`);
    parts.push(`This falls under **${plain(t.title)}**: ${mark(t.summary, n)}`);
  } else {
    parts.push(`**${plain(t.title)}** — ${mark(t.summary, n)}`);
  }
  for (const other of seeAlso) {
    const subject =
      other.subjectId !== t.subjectId ? ` (${plain(ctx.corpus.subjects.get(other.subjectId)?.name ?? "")})` : "";
    parts.push(`**See also ${plain(other.title)}${subject}:** ${mark(other.summary, ctx.sources.cite(other))}`);
  }
  // A case the question names is cited among the key cases even if the topic lists it further down.
  const named = ctx.query.caseMentions
    .map((m) => ctx.corpus.briefs.get(m.briefId))
    .filter((b): b is BriefDoc => !!b && t.cases.includes(b.id));
  const cases = [...named, ...topicCases(ctx, t).filter((b) => !named.includes(b))].slice(0, 3);
  parts.push(...topicBody(ctx, t, { cases }));
  const related = relatedLinks(ctx, t);
  if (related) parts.push(`**Related topics:** ${related}`);
  return parts.join("\n\n");
}
