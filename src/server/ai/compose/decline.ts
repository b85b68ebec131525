/**
 * Honest non-answers (issue 4 §3): below the relevance threshold the companion says it does not
 * know, says what it covers, and points to the nearest topics it has (links, not citations — they
 * were not used to answer anything). Also the student's own material, and small talk.
 */
import type { TopicDoc } from "../corpus";
import type { NotLegalKind } from "../scope";
import { sentences } from "../text";
import { bullets, type ComposeContext, mark, overlap, plain, short, type UserHit } from "./shared";

/** Hits at or above this relevance are offered as "nearest topics" in a decline. */
const NEAREST_MIN = 0.3;

export function composeDecline(ctx: ComposeContext): string {
  const subjects = [...ctx.corpus.subjects.values()].map((s) => s.name);
  const list = subjects.length > 1 ? `${subjects.slice(0, -1).join(", ")} and ${subjects.at(-1)}` : (subjects[0] ?? "");
  const nearest: TopicDoc[] = [];
  for (const h of ctx.nearestToo === false ? [] : ctx.hits) {
    if (h.relevance < NEAREST_MIN || nearest.length >= 3) continue;
    const t =
      h.doc.kind === "topic" ? h.doc : h.doc.kind === "brief" ? ctx.corpus.topics.get(h.doc.topicIds[0]) : undefined;
    if (t && !nearest.includes(t)) nearest.push(t);
  }
  const parts = [
    ctx.outsideArea
      ? `This is a question of ${ctx.outsideArea}, which Lexmate's library doesn't cover yet, so I can't answer it from a source you can check — and I won't guess at the law.`
      : "I don't know — I couldn't find anything in Lexmate's library that answers this, and I won't guess at the law without a source you can check.",
    `I answer from Lexmate's bar-exam materials — the MBE subjects (${plain(list)}) — and from your own notes and briefs.`,
  ];
  if (nearest.length)
    parts.push(
      `The nearest topics I have, in case one of them is what you meant:\n\n${bullets(nearest.map((t) => `[${plain(t.title)}](/library/topics/${t.id}) — ${plain(short(t.summary, 160))}`))}`,
    );
  else if (!ctx.outsideArea)
    parts.push("Nothing in the library comes close to this question, so I can't point you to a topic either.");
  parts.push(
    "If your question is about one of these subjects, try naming the doctrine, rule or case you have in mind.",
  );
  return parts.join("\n\n");
}

/** Up to two sentences of each relevant note or brief of the student's, cited. */
export function userMaterial(ctx: ComposeContext, hits: UserHit[]): string | null {
  if (!hits.length) return null;
  const lines = hits.slice(0, 3).map((h) => {
    const n = ctx.sources.cite(h.doc, h.relevance);
    const best = sentences(h.doc.source.text)
      .map((s, i) => ({ s, i, score: overlap(ctx.query.terms, s) }))
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .slice(0, 2)
      .sort((a, b) => a.i - b.i)
      .map((x) => x.s);
    return `**${plain(h.doc.source.title)}** (${h.doc.source.kind === "note" ? "your note" : "your brief"}): ${mark(best.join(" ") || short(h.doc.source.text), n)}`;
  });
  return `**From your own material**\n\n${bullets(lines)}`;
}

const SMALL_TALK: [RegExp, string][] = [
  [
    /^\s*(hi|hello|hey|good (morning|afternoon|evening))\b[\s!.,]*$/i,
    "Hi! Ask me about any MBE subject — a rule, the difference between two doctrines, a case, a quick summary of a topic, or a fact pattern — and I'll answer with sources you can open.",
  ],
  [
    /^\s*(thanks|thank you|thx|ty|cheers|great,? thanks)\b[\s!.,]*$/i,
    "You're welcome. Ask me anything else you're working on.",
  ],
];

/** A reply for greetings and thanks (no law, so no sources), or null. */
export function smallTalk(question: string): string | null {
  for (const [re, reply] of SMALL_TALK) if (re.test(question)) return reply;
  return null;
}

/**
 * The decline for a request that is not a law-school question (issue 13 §5c): short, kind, no law
 * topic; for health or safety, "see a doctor / call emergency services" first.
 */
export function composeNotLegal(kind: NotLegalKind): string {
  if (kind === "personal_legal_advice")
    return [
      "I can't advise you on your own case. I'm a study companion for law students, not a lawyer, and what you should do depends on facts, deadlines and local rules that only a lawyer who takes your case can weigh.",
      "Please talk to a lawyer licensed where your case is. If you've been charged with a crime and can't afford one, ask the court for a public defender; otherwise a legal aid office or your state bar's lawyer referral service can help, often free or at low cost. If a deadline or hearing is close, tell the court clerk you are looking for a lawyer.",
      "If it helps you study, I'm glad to explain the general rules behind a situation like yours as a bar-exam topic — ask me about the doctrine.",
    ].join("\n\n");
  if (kind === "harmful")
    return "I can't help with that: I won't help anyone obstruct justice, pressure a witness, hide assets or evidence, or get around the law. If you're studying these rules, ask me about the doctrine itself — the elements of a crime, or what a lawyer may and may not do — and I'll answer with sources you can check.";
  if (kind === "privacy")
    return "I can't share anything about another person — another student's questions, scores or account, or anyone's address or contact details. Each student's work in Lexmate is private to them. I'm glad to help with your own studying.";
  if (kind === "health_safety")
    return [
      "I'm sorry you're dealing with this. I'm a study companion for law students, so I can't give medical or safety advice — please see a doctor or another qualified health professional about it.",
      "If it is sudden or severe, or you or someone else may be in danger (for example a bad headache with blurred vision, chest pain, trouble breathing, or thoughts of harming yourself), call emergency services (911 in the US) or go to the nearest emergency room now.",
      "If you are thinking about ending your life, you don't have to face it alone: in the US you can call or text 988 (the Suicide & Crisis Lifeline) at any hour.",
    ].join("\n\n");
  return "I don't know how to help with that one — it's outside what I do: I'm Lexmate's study companion for the bar exam's subjects, so I only answer questions about the law I have sources for. If you have a question about Business Associations, Civil Procedure, Constitutional Law, Contracts, Criminal Law, Evidence, Professional Responsibility, Real Property or Torts, I'm glad to help.";
}
