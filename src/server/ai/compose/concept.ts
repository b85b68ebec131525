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
 * A second topic that answers the question almost as well as the first ("counts as a taking" is
 * both Constitutional Law's and Real Property's takings topic): pointed to, with its summary.
 */
export function closeSecond(ctx: ComposeContext, t: TopicDoc): TopicDoc | null {
  const topics = ctx.hits.filter((h) => h.doc.kind === "topic");
  const first = topics.find((h) => h.doc.id === t.id);
  const second = topics.find((h) => h.doc.id !== t.id);
  const share = ctx.thread?.topicId === t.id ? FOLLOW_UP_SECOND : CLOSE_SECOND;
  if (!first || !second || second.relevance < DECLINE_BELOW || second.score < share * first.score) return null;
  return second.doc as TopicDoc;
}

export function composeConcept(ctx: ComposeContext, t: TopicDoc): string {
  const n = ctx.sources.cite(t);
  const parts: string[] = [];
  const second = closeSecond(ctx, t);
  const focus = focusSentences(ctx, t);
  if (focus.length) {
    parts.push(`**Short answer:** ${focus.map((f) => mark(f.text, n)).join(" ")}`);
    parts.push(`This falls under **${plain(t.title)}**: ${mark(t.summary, n)}`);
  } else {
    parts.push(`**${plain(t.title)}** — ${mark(t.summary, n)}`);
  }
  if (second) {
    const other =
      second.subjectId !== t.subjectId ? ` (${plain(ctx.corpus.subjects.get(second.subjectId)?.name ?? "")})` : "";
    parts.push(`**See also ${plain(second.title)}${other}:** ${mark(second.summary, ctx.sources.cite(second))}`);
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
