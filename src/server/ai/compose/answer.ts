/**
 * The composed answer for a prepared question: picks the composer for the question's kind and the
 * documents it draws on, or declines below the relevance threshold.
 */
import type { BriefDoc } from "../corpus";
import { DECLINE_BELOW, type Prepared } from "../prepare";
import type { NotLegalKind } from "../scope";
import { SourceList } from "../sources";
import { composeCase } from "./case";
import { composeConcept } from "./concept";
import { composeDecline, composeNotLegal, smallTalk, userMaterial } from "./decline";
import { composeDistinction } from "./distinction";
import { composeFactPattern, issueTopics } from "./fact-pattern";
import { composeMbe, parseChoices } from "./mbe";
import { bestTopic, type ComposeContext } from "./shared";
import { composeSummary } from "./summary";

/**
 * Why an answer was declined (issue 13 §5): `uncovered` — a legal question the library has no
 * source for; `outside_area` — a named area of law Lexmate does not cover (tax, Article 9);
 * `not_legal` — not a law-school question; `health_safety` — a health or safety matter;
 * `personal_legal_advice` — advice on the student's own real case; `harmful` — help to obstruct
 * justice or evade the law; `privacy` — someone else's data (scope.ts `notLegal`).
 */
export type DeclineKind = "uncovered" | "outside_area" | NotLegalKind;

export interface Composed {
  content: string;
  declined: boolean;
  sources: SourceList;
  /** "mbe" when the answer was composed as an MBE answer (lettered choices, issue 13 §3). */
  kind?: "mbe";
  declineKind?: DeclineKind;
}

function official(ctx: ComposeContext, prep: Prepared): { body: string; kind?: "mbe" } | null {
  const kind = prep.classification.kind;
  const mentioned = ctx.query.caseMentions
    .map((m) => ctx.corpus.briefs.get(m.briefId))
    .filter((b): b is BriefDoc => !!b);
  const topBrief = ctx.hits[0]?.doc.kind === "brief" ? (ctx.hits[0].doc as BriefDoc) : null;
  // Lettered choices: an MBE stem is answered as one (issue 13 §3).
  const mbe = parseChoices(ctx.question);
  if (mbe) {
    const answer = composeMbe(ctx, mbe);
    if (answer) return { body: answer, kind: "mbe" };
  }
  const body = (text: string | null) => (text ? { body: text } : null);
  if (kind === "case") {
    const b = mentioned[0] ?? topBrief;
    if (b) return body(composeCase(ctx, b));
  }
  if (kind === "distinction" && prep.classification.sides) {
    const d = composeDistinction(ctx, prep.classification.sides);
    if (d) return body(d);
  }
  if (kind === "fact_pattern") {
    const issues = issueTopics(ctx);
    if (issues.length) return body(composeFactPattern(ctx, issues));
  }
  const topic = bestTopic(ctx, 6);
  if (!topic) return topBrief ? body(composeCase(ctx, topBrief)) : null;
  return body(kind === "summary" ? composeSummary(ctx, topic) : composeConcept(ctx, topic));
}

export function composeAnswer(prep: Prepared, question: string): Composed {
  const sources = new SourceList(prep.index.corpus);
  const ctx: ComposeContext = {
    index: prep.index,
    corpus: prep.index.corpus,
    question,
    query: prep.query,
    hits: prep.hits,
    sources,
    userHits: prep.userHits,
    outsideArea: prep.outsideArea,
    nearestToo: prep.nearestToo,
    thread: prep.thread,
  };
  const chat = smallTalk(question);
  if (chat) return { content: chat, declined: false, sources };
  if (prep.notLegal)
    return { content: composeNotLegal(prep.notLegal), declined: true, sources, declineKind: prep.notLegal };
  const declineKind: DeclineKind = prep.outsideArea ? "outside_area" : "uncovered";
  const own = () => userMaterial(ctx, prep.userHits);
  if (prep.relevance < DECLINE_BELOW) {
    const mine = own();
    if (mine)
      return {
        content: `Lexmate's library doesn't cover this, but your own material does:\n\n${mine}`,
        declined: false,
        sources,
      };
    return { content: composeDecline(ctx), declined: true, sources, declineKind };
  }
  const composed = official(ctx, prep);
  if (!composed) return { content: composeDecline(ctx), declined: true, sources, declineKind };
  const mine = own();
  const { body, kind } = composed;
  return { content: mine ? `${body}\n\n${mine}` : body, declined: false, sources, ...(kind ? { kind } : {}) };
}
