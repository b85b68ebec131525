/**
 * A rapid topic summary (issue 4 §3): the outline of the doctrine. When the question names an area
 * several topics share ("personal jurisdiction", "hearsay exceptions"), an outline of each of
 * them; otherwise the one topic in outline form.
 */
import type { TopicDoc } from "../corpus";
import { sentences } from "../text";
import {
  bullets,
  caseLines,
  type ComposeContext,
  mark,
  plain,
  provisionLine,
  relatedLinks,
  short,
  topicCases,
} from "./shared";

/** Topics that share the question's area: close in score, title naming the question's words, same subject. */
export function areaTopics(ctx: ComposeContext, first: TopicDoc, max = 4): TopicDoc[] {
  const topicHits = ctx.hits.filter((h) => h.doc.kind === "topic");
  const top = topicHits[0];
  if (!top || top.doc.id !== first.id) return [first];
  const out = topicHits
    .filter(
      (h) =>
        h.doc.kind === "topic" &&
        (h.doc as TopicDoc).subjectId === first.subjectId &&
        h.score >= 0.8 * top.score &&
        h.titleCoverage >= 0.5 &&
        h.titleCoverage >= top.titleCoverage - 0.01,
    )
    .map((h) => h.doc as TopicDoc);
  return out.slice(0, max);
}

function outlineOne(ctx: ComposeContext, t: TopicDoc): string {
  const n = ctx.sources.cite(t);
  const parts = [`**${plain(t.title)} — rapid summary**`, mark(t.summary, n)];
  const items: string[] = [];
  // Rapid: the rule's first sentences, each point cut to its first sentence, the top traps.
  const brief = (x: string) => mark(short(x, 200), n);
  items.push(`**Rule.** ${mark(sentences(t.rule).slice(0, 2).join(" "), n)}`);
  if (t.elements.length) items.push(`**Elements.**\n${t.elements.map((e) => `   - ${brief(e)}`).join("\n")}`);
  if (t.exceptions.length)
    items.push(`**Exceptions and defenses.**\n${t.exceptions.map((e) => `   - ${brief(e)}`).join("\n")}`);
  if (t.positions.length)
    items.push(
      `**Positions.**\n${t.positions
        .slice(0, 3)
        .map((p) => `   - **${plain(p.view)}:** ${brief(p.rule)}`)
        .join("\n")}`,
    );
  const cases = topicCases(ctx, t, 3);
  if (cases.length)
    items.push(
      `**Key cases.**\n${caseLines(ctx, cases)
        .map((l) => `   - ${l}`)
        .join("\n")}`,
    );
  const law = provisionLine(ctx, t);
  if (law) items.push(`**Governing law.** ${law}`);
  if (t.traps.length)
    items.push(
      `**Exam traps.**\n${t.traps
        .slice(0, 3)
        .map((x) => `   - ${brief(x)}`)
        .join("\n")}`,
    );
  parts.push(items.map((x, i) => `${i + 1}. ${x}`).join("\n"));
  const related = relatedLinks(ctx, t);
  if (related) parts.push(`**Related topics:** ${related}`);
  return parts.join("\n\n");
}

function outlineArea(ctx: ComposeContext, list: TopicDoc[]): string {
  const subject = ctx.corpus.subjects.get(list[0].subjectId)?.name ?? "";
  const parts = [`Here is a rapid outline of the ${list.length} ${plain(subject)} topics your question spans:`];
  list.forEach((t, i) => {
    const n = ctx.sources.cite(t);
    const lines = [`**Rule:** ${mark(sentences(t.rule).slice(0, 2).join(" "), n)}`];
    if (t.elements.length)
      lines.push(
        `**Elements:** ${mark(
          t.elements
            .slice(0, 4)
            .map((e) => short(e, 110).replace(/[.;]$/, ""))
            .join("; "),
          n,
        )}`,
      );
    const c = topicCases(ctx, t, 1);
    if (c.length) lines.push(`**Key case:** ${caseLines(ctx, c)[0]}`);
    if (t.traps[0]) lines.push(`**Trap:** ${mark(t.traps[0], n)}`);
    parts.push(`**${i + 1}. ${plain(t.title)}** — ${mark(t.summary, n)}\n\n${bullets(lines)}`);
  });
  return parts.join("\n\n");
}

export function composeSummary(ctx: ComposeContext, t: TopicDoc): string {
  const area = areaTopics(ctx, t);
  return area.length >= 2 ? outlineArea(ctx, area) : outlineOne(ctx, t);
}
