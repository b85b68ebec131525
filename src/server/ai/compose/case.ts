/**
 * A case answer (issue 4 §3): the brief's essentials — issue, facts, procedural history, rule,
 * holding, reasoning, separate opinions, takeaways — and where the case fits in the doctrine.
 */
import type { BriefDoc, TopicDoc } from "../corpus";
import { bullets, caseName, type ComposeContext, mark, plain } from "./shared";

export function composeCase(ctx: ComposeContext, b: BriefDoc): string {
  const n = ctx.sources.cite(b);
  const parts: string[] = [`${caseName(b)} [${n}]`];
  parts.push(`**Issue.** ${mark(b.issue, n)}`);
  parts.push(`**Facts.** ${mark(b.facts, n)}`);
  parts.push(`**Procedural history.** ${mark(b.proceduralHistory, n)}`);
  parts.push(`**Rule.** ${mark(b.rule, n)}`);
  parts.push(`**Holding.** ${mark(b.holding, n)}`);
  parts.push(`**Reasoning.** ${mark(b.reasoning, n)}`);
  if (b.separateOpinions) parts.push(`**Separate opinions.** ${mark(b.separateOpinions, n)}`);
  if (b.takeaways.length) parts.push(`**Why it matters**\n\n${bullets(b.takeaways.map((t) => mark(t, n)))}`);
  const topics = b.topicIds
    .map((id) => ctx.corpus.topics.get(id))
    .filter((t): t is TopicDoc => !!t)
    .slice(0, 3);
  if (topics.length) {
    const lines = topics.map((t) => `**${plain(t.title)}:** ${mark(t.summary, ctx.sources.cite(t))}`);
    parts.push(`**Where it fits**\n\n${bullets(lines)}`);
  }
  return parts.join("\n\n");
}
