/**
 * A fact-pattern answer (issue 4 §3): the issues the facts raise, each with its rule, its elements
 * matched to the student's own facts where they speak to them, the exception or trap the facts
 * point at, and the leading case — in IRAC order. Without a model we do not decide the outcome;
 * we show the student exactly what to decide and on which facts.
 */
import type { BriefDoc, TopicDoc } from "../corpus";
import { SYNONYMS } from "../lexicon";
import { idf } from "../search-index";
import { isFramingTerm, sentences, terms } from "../text";
import { bullets, caseLines, type ComposeContext, mark, plain, topicCases } from "./shared";

/** Minimum relevance of a topic to be raised as an issue (a story's words are spread over its issues). */
const ISSUE_MIN = 0.2;

/** Topics the facts raise, best first: topic hits close to the best, and the topics of matching cases. */
export function issueTopics(ctx: ComposeContext, max = 3): TopicDoc[] {
  const topScore = ctx.hits[0]?.score ?? 0;
  const out: TopicDoc[] = [];
  for (const h of ctx.hits) {
    if (out.length >= max || h.score < 0.6 * topScore || h.relevance < ISSUE_MIN) continue;
    const candidates =
      h.doc.kind === "topic"
        ? [h.doc]
        : h.doc.kind === "brief"
          ? (h.doc as BriefDoc).topicIds.slice(0, 1).map((id) => ctx.corpus.topics.get(id))
          : [];
    // The issues of one exam question belong to one subject: "what crimes?" is not a torts question.
    for (const t of candidates)
      if (t && !out.some((x) => x.id === t.id) && (!out.length || t.subjectId === out[0].subjectId) && out.length < max)
        out.push(t);
  }
  return out;
}

function weightedTerms(ctx: ComposeContext, text: string) {
  return [...new Set(terms(text).filter((t) => !isFramingTerm(t)))].map((t) => ({ stem: t, idf: idf(ctx.index, t) }));
}

/** The fact sentence that speaks most to `text`, when it shares enough of its meaningful words. */
function matchingFact(ctx: ComposeContext, facts: { text: string; set: Set<string> }[], text: string): string | null {
  const wt = weightedTerms(ctx, text);
  const total = wt.reduce((n, t) => n + t.idf, 0);
  if (!total) return null;
  let best: { text: string; score: number } | null = null;
  for (const f of facts) {
    const score = wt.reduce((n, t) => n + (f.set.has(t.stem) ? t.idf : 0), 0) / total;
    if (!best || score > best.score) best = { text: f.text, score };
  }
  return best && best.score >= 0.2 ? best.text : null;
}

const quote = (s: string) => `“${plain(s.length > 180 ? `${s.slice(0, 177).replace(/\s+\S*$/, "")}…` : s)}”`;

export function composeFactPattern(ctx: ComposeContext, issues: TopicDoc[]): string {
  // A fact sentence also holds the doctrinal words its plain words stand for ("grabbed" → taking).
  const withSynonyms = (text: string) => {
    const set = new Set(terms(text));
    for (const t of [...set]) for (const alt of SYNONYMS.get(t) ?? []) for (const x of terms(alt)) set.add(x);
    return set;
  };
  const facts = sentences(ctx.question).map((text) => ({ text, set: withSynonyms(text) }));
  // The issues first, as a list: the student sees the shape of the answer before the detail.
  const list = issues.map((t) => `**${plain(t.title)}** [${ctx.sources.cite(t)}]`);
  const parts = [
    issues.length === 1
      ? `These facts raise one main issue: ${list[0]}. Here it is, with the rule and the facts that matter:`
      : `These facts raise ${issues.length} issues — ${list.slice(0, -1).join(", ")} and ${list.at(-1)}. Take them in this order:`,
  ];
  issues.forEach((t, i) => {
    const n = ctx.sources.cite(t);
    const block: string[] = [`### ${i + 1}. ${plain(t.title)}`];
    block.push(`**Rule.** ${mark(sentences(t.rule).slice(0, 2).join(" "), n)}`);
    let matched = 0;
    const elements = t.elements.map((e) => {
      const f = matchingFact(ctx, facts, e);
      if (f) matched++;
      return f ? `${mark(e, n)} *Your facts:* ${quote(f)}` : mark(e, n);
    });
    block.push(`**Elements to check**\n\n${bullets(elements)}`);
    const risks = [...t.exceptions, ...t.traps].map((x) => ({ x, f: matchingFact(ctx, facts, x) }));
    const risk = risks.find((r) => r.f) ?? risks[0];
    if (risk) block.push(`**Watch for.** ${mark(risk.x, n)}`);
    const c = topicCases(ctx, t, 1);
    if (c.length) block.push(`**Leading case.** ${caseLines(ctx, c)[0]}`);
    block.push(
      matched
        ? `**Apply it.** Your facts speak directly to ${matched} of the ${t.elements.length} elements (quoted above). Decide each of those on the quoted facts, then say what the facts leave open for the others and which way it likely cuts.`
        : `**Apply it.** Take each element in turn and say which facts satisfy it, which are missing, and which way the gap cuts.`,
    );
    parts.push(block.join("\n\n"));
  });
  parts.push(
    "**Writing it up:** for each issue, state the rule, apply it element by element to the facts, meet the strongest counter-argument (the exception or trap above), and conclude.",
  );
  return parts.join("\n\n");
}
