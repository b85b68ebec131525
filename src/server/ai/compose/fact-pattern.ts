/**
 * A fact-pattern answer (issue 4 §3, issue 13 §2): the issues the facts raise, and for each its
 * rule, each element matched to the student's own facts that bear on it (or marked as a fact the
 * story does not give, or one its words cut against), the likely conclusion with its reason, the
 * counter-argument, and the leading case. The conclusion is drawn from what the facts supply —
 * elements met, an exception or trap the facts point at, a trigger situation (content `triggers`)
 * the story resembles — and says plainly when the facts do not decide it. Every sentence cites
 * the topic it rests on; nothing is invented (decision 053).
 */
import type { BriefDoc, TopicDoc } from "../corpus";
import { expandShorthand, SYNONYMS } from "../lexicon";
import { factIdf } from "../search-index";
import { isFramingTerm, normalize, sentences, terms } from "../text";
import { bullets, caseLines, type ComposeContext, mark, plain, short, topicCases } from "./shared";

/** Minimum relevance of a topic to be raised as an issue (a story's words are spread over its issues). */
const ISSUE_MIN = 0.2;
/** …and of the best-ranked hit. */
const TOP_ISSUE_MIN = 0.1;

/** A topic of another subject scoring at least this share of the best hit's score is raised as an issue too (decision 093). */
const CLOSE_CONTEST = 0.85;
/**
 * ... and, in a follow-up whose best topic is the one the thread is already about, as the second issue
 * at this share: "what if they only asked after the trial was over?" after a group's wish to join a
 * suit read as a third-party beneficiary moves on to intervention (decision 096; the concept answer's
 * FOLLOW_UP_SECOND share).
 */
const FOLLOW_UP_CONTEST = 0.6;

/** Two topics of different subjects that list each other (either one the other) as related: one doctrine taught twice. */
function isTwin(a: TopicDoc, b: TopicDoc): boolean {
  return a.subjectId !== b.subjectId && (a.related.includes(b.id) || b.related.includes(a.id));
}

/** Topics the facts raise, best first: topic hits close to the best, and the topics of matching cases. */
export function issueTopics(ctx: ComposeContext, max = 3): TopicDoc[] {
  const topScore = ctx.hits[0]?.score ?? 0;
  const out: TopicDoc[] = [];
  // A follow-up the thread's own topic still leads has that answer already: its second issue may
  // come from another subject at FOLLOW_UP_CONTEST (decision 096).
  const lead = ctx.hits.find((h) => h.doc.kind === "topic");
  const followUp = !!ctx.thread?.topicId && lead?.doc.id === ctx.thread.topicId;
  for (const [i, h] of ctx.hits.entries()) {
    // The best-ranked hit leads even on thin words of its own: its rank already weighed the
    // situations it matches (a client's lie on the stand → candour, decision 092).
    if (out.length >= max || h.score < 0.6 * topScore || h.relevance < (i === 0 ? TOP_ISSUE_MIN : ISSUE_MIN)) continue;
    const candidates =
      h.doc.kind === "topic"
        ? [h.doc]
        : h.doc.kind === "brief"
          ? (h.doc as BriefDoc).topicIds.slice(0, 1).map((id) => ctx.corpus.topics.get(id))
          : [];
    // The issues of one exam question belong to one subject: "what crimes?" is not a torts question —
    // except a doctrine taught in two subjects, whose topics name each other as related (respondeat
    // superior in Torts and in Agency, issue 18 §1): the twin is the same issue and joins it; and a
    // topic of another subject ranked nearly as high as the best (a sale of land agreed on the phone:
    // the Statute of Frauds beside equitable conversion; decision 093).
    for (const t of candidates)
      if (
        t &&
        !out.some((x) => x.id === t.id) &&
        (!out.length ||
          t.subjectId === out[0].subjectId ||
          isTwin(t, out[0]) ||
          h.score >= CLOSE_CONTEST * topScore ||
          (followUp && out.length === 1 && h.score >= FOLLOW_UP_CONTEST * topScore)) &&
        out.length < max
      )
        out.push(t);
  }
  return out;
}

function weightedTerms(ctx: ComposeContext, text: string) {
  return [...new Set(terms(text).filter((t) => !isFramingTerm(t)))].map((t) => ({
    stem: t,
    idf: factIdf(ctx.index, t),
  }));
}

interface Fact {
  text: string;
  /** Its stems, their synonyms and the lay lexicon's doctrine words. */
  set: Set<string>;
  /** Its stems and synonyms only: an exception is matched on what the student actually wrote. */
  raw: Set<string>;
}

/** The fact (a clause of the story) that speaks most to `text`, with its score, when it shares enough of its meaningful words. */
function bestFact(
  ctx: ComposeContext,
  facts: Fact[],
  text: string,
  strict = false,
  exclude?: Set<string>,
): { text: string; score: number } | null {
  const wt = weightedTerms(ctx, text).filter((t) => !exclude?.has(t.stem));
  const total = wt.reduce((n, t) => n + t.idf, 0);
  if (!total) return null;
  let best: { text: string; score: number; mass: number; n: number } | null = null;
  for (const f of facts) {
    const set = strict ? f.raw : f.set;
    const hit = wt.filter((t) => set.has(t.stem));
    const mass = hit.reduce((n, t) => n + t.idf, 0);
    if (!best || mass / total > best.score) best = { text: f.text, score: mass / total, mass, n: hit.length };
  }
  // A fair share of the element's words, or two of its specific ones ("trespassing", "children").
  if (!best) return null;
  // An exception or trap is named only on a clear match: it changes the conclusion.
  if (strict) return best.score >= 0.3 && best.n >= 2 ? best : null;
  return best.score >= FACT_SHARE || (best.n >= 2 && best.mass >= FACT_MASS) ? best : null;
}

/** Share of an element's idf mass a fact must hold to speak to it. */
const FACT_SHARE = 0.2;
/** Matched idf mass at which a fact speaks to a long element (about two specific words). */
const FACT_MASS = 6;

/** The fact an exception or trap clearly speaks to; the topic's own title words do not count (every fact about the issue shares them). */
const matchingFact = (ctx: ComposeContext, facts: Fact[], text: string, title: Set<string>) =>
  bestFact(ctx, facts, text, true, title)?.text ?? null;

/**
 * The story cut into the clauses a fact is quoted from: sentences, split again at semicolons and
 * at ", but", ", and", ", so", "because", "while", "although" (a one-sentence story quotes its part).
 */
export function factClauses(question: string): string[] {
  const out: string[] = [];
  for (const s of sentences(question))
    for (const c of s.split(
      /;\s*|,\s*(?=(?:but|and|so|then|yet|because|while|although|though|after|before|when)\b)|\s+(?=(?:but|because|although|though)\b)/i,
    ))
      if (c.split(/\s+/).length >= 3) out.push(c.trim());
  return out.length ? out : [question];
}

/** "But-for test: the usual test…": elements written as named alternatives or components. */
const LABELLED = /^([A-Z][^:.]{2,60}):\s+\S/;

const quote = (s: string) => `“${plain(s.length > 180 ? `${s.slice(0, 177).replace(/\s+\S*$/, "")}…` : s)}”`;

/** Words that deny a fact ("never asked", "didn't sign", "without a warrant"). */
const NEGATION = /\b(?:not|never|no|nothing|none|without|neither|nor)\b|n't\b/i;
/**
 * A clause that reports what a party argues rather than what happened: "his lawyer says he can't be
 * tried twice", "the store argues she consented". "The lease says no pets" reports a fact.
 */
const CONTENTION =
  /\b(?:argues?|argued|contends?|contended|insists?|insisted|maintains?)\b|\b(?:says?|said|claims?|claimed)(?: that)? (?:he|she|they|it|i|we|you)(?:'s|'re)? (?:can'?t|cannot|can|could(?:n'?t)?|is(?:n'?t)?|was(?:n'?t)?|did(?:n'?t)?|does(?:n'?t)?|had(?:n'?t)?|has(?:n'?t)?|owes?|never|not|should(?:n'?t)?|must|will|won'?t)\b/i;

/** An element or exception as a short clause for a sentence: "the defendant intended the contact". */
function clause(text: string, max = 110): string {
  const first = short(plain(text), max).replace(/[.;:]+$/, "");
  return first.charAt(0).toLowerCase() + first.slice(1);
}

/** How one element stands on the facts. */
type Standing = { element: string; fact: string | null; score: number; against: boolean };

/**
 * A named element ("Consent: voluntary…") is met by a fact that holds its name and one more of its
 * words, however long its description (decision 092), scored at the lowest passing share.
 */
function namedElementFact(ctx: ComposeContext, facts: Fact[], element: string): { text: string; score: number } | null {
  const label = LABELLED.exec(element)?.[1];
  if (!label) return null;
  const name = weightedTerms(ctx, label).map((x) => x.stem);
  if (!name.length) return null;
  const rest = weightedTerms(ctx, element.slice(label.length + 1))
    .map((x) => x.stem)
    .filter((x) => !name.includes(x));
  const fact = facts.find((f) => name.every((x) => f.set.has(x)) && rest.some((x) => f.set.has(x)));
  return fact ? { text: fact.text, score: FACT_SHARE } : null;
}

/** Applies one issue's elements (and exceptions, traps, triggers) to the facts. */
function apply(ctx: ComposeContext, facts: Fact[], t: TopicDoc) {
  const elements: Standing[] = t.elements.map((e) => {
    const best = bestFact(ctx, facts, e) ?? namedElementFact(ctx, facts, e);
    const fact = best?.text ?? null;
    // A fact that denies what the element requires cuts against it ("he never asked" for consent
    // is met, so only when the element itself asks for no negation).
    const against = !!fact && NEGATION.test(fact) && !NEGATION.test(e);
    return { element: e, fact, score: best?.score ?? 0, against };
  });
  // Named alternatives ("But-for test: …", "Alternative liability: …") are not all required: the
  // one the facts fit best decides.
  const labelled =
    t.elements.length >= 2 && t.elements.filter((e) => LABELLED.test(e)).length >= 0.6 * t.elements.length;
  const title = new Set(terms(t.title));
  const exception = t.exceptions.map((x) => ({ x, f: matchingFact(ctx, facts, x, title) })).find((r) => r.f) ?? null;
  const trap = t.traps.map((x) => ({ x, f: matchingFact(ctx, facts, x, title) })).find((r) => r.f) ?? null;
  // The trigger situation the story is closest to (idf share of the trigger's words the facts hold).
  const all = new Set(facts.flatMap((f) => [...f.set]));
  let trigger: { text: string; share: number } | null = null;
  for (const tr of t.triggers) {
    const wt = weightedTerms(ctx, tr);
    const total = wt.reduce((n, x) => n + x.idf, 0);
    const share = total ? wt.reduce((n, x) => n + (all.has(x.stem) ? x.idf : 0), 0) / total : 0;
    if (!trigger || share > trigger.share) trigger = { text: tr, share };
  }
  return { elements, labelled, exception, trap, trigger: trigger && trigger.share >= 0.25 ? trigger : null };
}

type Applied = ReturnType<typeof apply>;

/** The likely conclusion with its reason, and the verdict word the bottom line repeats. */
function conclude(t: TopicDoc, a: Applied, n: number): { text: string; verdict: string } {
  const title = plain(t.title);
  const met = a.elements.filter((e) => e.fact && !e.against);
  const against = a.elements.filter((e) => e.against);
  const silent = a.elements.filter((e) => !e.fact);
  const m = a.elements.length;
  if (a.exception)
    return {
      text: mark(
        `Contested: even if the elements are there, your facts (${quote(a.exception.f ?? "")}) point to an exception or defense — ${clause(a.exception.x, 160)}.`,
        n,
      ),
      verdict: `turns on the exception (${clause(a.exception.x, 70)})`,
    };
  if (a.labelled && met.length) {
    const best = [...met].sort((x, y) => y.score - x.score)[0];
    const label = LABELLED.exec(best.element)?.[1] ?? clause(best.element, 60);
    return {
      text: mark(
        `Likely decided under ${label.toLowerCase()}: your facts (${quote(best.fact ?? "")}) fit it — ${clause(best.element.replace(LABELLED, "").trim() ? best.element.slice(best.element.indexOf(":") + 1) : best.element, 200)}.`,
        n,
      ),
      verdict: `likely decided under ${label.toLowerCase()}`,
    };
  }
  if (m && met.length >= Math.ceil(m / 2) && !against.length) {
    const best = met[0];
    const rest = silent.length
      ? ` What remains to show is that ${clause(silent[0].element)}; nothing in the facts suggests otherwise.`
      : "";
    return {
      text: mark(
        `Likely ${title} applies: your facts supply ${met.length} of its ${m} elements — most directly ${quote(best.fact ?? "")} for the requirement that ${clause(best.element)}.${rest}`,
        n,
      ),
      verdict: "likely applies",
    };
  }
  if (against.length)
    return {
      text: mark(
        `Doubtful: your facts cut against the requirement that ${clause(against[0].element)} (${quote(against[0].fact ?? "")}), and without it ${title} fails.`,
        n,
      ),
      verdict: `doubtful (the facts cut against: ${clause(against[0].element, 70)})`,
    };
  if (met.length)
    return {
      text: mark(
        `The facts do not decide it: they speak to ${met.length} of ${m} elements (${quote(met[0].fact ?? "")}), but say nothing on whether ${clause(silent[0]?.element ?? t.elements[0])} — that is the fact that decides the issue.`,
        n,
      ),
      verdict: `open — turns on whether ${clause(silent[0]?.element ?? t.elements[0], 70)}`,
    };
  if (a.labelled) {
    const labels = a.elements.map((e) => (LABELLED.exec(e.element)?.[1] ?? clause(e.element, 40)).toLowerCase());
    const list = labels.length > 4 ? `${labels.slice(0, 4).join(", ")}, …` : labels.join(", ");
    return {
      text: mark(
        `${a.trigger ? "This is the issue your story raises, but the" : "The"} facts do not decide it: the answer turns on which of its categories they fit (${list}), and they do not yet say enough to choose.`,
        n,
      ),
      verdict: `open — turns on which category fits (${labels.slice(0, 3).join(", ")})`,
    };
  }
  if (a.trigger)
    return {
      text: mark(
        `This is the issue your story raises, but the facts do not decide it: they do not yet show that ${clause(t.elements[0] ?? t.rule)}.`,
        n,
      ),
      verdict: `raised but open — turns on whether ${clause(t.elements[0] ?? t.rule, 70)}`,
    };
  return {
    text: mark(
      `The facts do not decide it: none of them speaks directly to the elements, so the answer turns on whether ${clause(t.elements[0] ?? t.rule)}.`,
      n,
    ),
    verdict: `open — turns on whether ${clause(t.elements[0] ?? t.rule, 70)}`,
  };
}

/** The other side's best argument: a trap the facts point at, an exception, or the weakest element. */
function counter(t: TopicDoc, a: Applied, n: number): string | null {
  if (a.exception && a.trap) return mark(`The other side will press the trap here: ${clause(a.trap.x, 200)}.`, n);
  if (a.exception) {
    const need = a.elements.find((e) => !e.fact) ?? a.elements[0];
    return need
      ? mark(`The other side will answer that the claim fails first on its elements: ${clause(need.element, 200)}.`, n)
      : null;
  }
  if (a.trap) return mark(`The other side will argue: ${clause(a.trap.x, 200)}.`, n);
  const met = a.elements.some((e) => e.fact && !e.against);
  // When no element is met the conclusion already names the first open one: argue a defense instead.
  const weak = a.elements.find((e) => e.against) ?? (met ? a.elements.find((e) => !e.fact) : undefined);
  if (weak && !a.labelled)
    return mark(`The other side will argue that this element is not shown: ${clause(weak.element, 200)}.`, n);
  const defense = t.exceptions[0] ?? t.traps[0];
  return defense ? mark(`The other side's best answer is an exception or defense: ${clause(defense, 200)}.`, n) : null;
}

/**
 * The stems the lay lexicon adds for `clause` when it is read inside `story`: an entry guarded by its
 * context ("said sure" is consent only where police are in the message) fires on the clause when the
 * context is elsewhere in the story. Only the words the lexicon writes into the clause itself count
 * (the story is expanded with the clause last, on a line of its own), so a clause gains what it
 * contributes (decision 092) even when another clause yields the same words ("agreed over the phone…
 * and we never signed anything": both are the statute of frauds's writing; stop 34).
 */
export function lexiconWordsInStory(clause: string, story: string): string[] {
  const rest = story.includes(clause) ? story.replace(clause, " ") : story;
  if (!rest.trim()) return [];
  const both = `${rest}\n${clause}`;
  const expanded = expandShorthand(normalize(both), both);
  const own = new Set(terms(normalize(clause)));
  return [...new Set(terms(expanded.slice(expanded.lastIndexOf("\n") + 1)))].filter((t) => !own.has(t));
}

export function composeFactPattern(ctx: ComposeContext, issues: TopicDoc[]): string {
  // A fact sentence also holds the doctrinal words its plain words stand for ("grabbed" → taking).
  const withSynonyms = (text: string) => {
    const set = new Set(terms(text));
    for (const t of [...set]) for (const alt of SYNONYMS.get(t) ?? []) for (const x of terms(alt)) set.add(x);
    return set;
  };
  // The lay lexicon's doctrine words count for elements too ("no fence … pool" → attractive nuisance).
  // A party's contention ("his lawyer says he can't be tried twice", "the store argues…") is what is
  // in dispute, not a fact an element is met or denied by; it stays only when the story is all contention.
  const clauses = factClauses(ctx.question);
  const happened = clauses.filter((c) => !CONTENTION.test(c));
  // A follow-up's clauses are read in the thread's story: "i said sure go ahead" is consent to a
  // search when the police are in the turn before (decision 092).
  const story = ctx.thread ? `${ctx.thread.question}\n${ctx.question}` : ctx.question;
  const facts: Fact[] = (happened.length ? happened : clauses).map((text) => {
    const set = withSynonyms(expandShorthand(normalize(text), text));
    for (const t of lexiconWordsInStory(text, story)) set.add(t);
    return { text, set, raw: withSynonyms(text) };
  });
  // The issues first, as a list: the student sees the shape of the answer before the detail.
  const list = issues.map((t) => `**${plain(t.title)}** [${ctx.sources.cite(t)}]`);
  const parts = [
    issues.length === 1
      ? `These facts raise one main issue: ${list[0]}. Here it is applied to your facts:`
      : `These facts raise ${issues.length} issues — ${list.slice(0, -1).join(", ")} and ${list.at(-1)}. Each is applied to your facts below:`,
  ];
  const bottom: string[] = [];
  issues.forEach((t, i) => {
    const n = ctx.sources.cite(t);
    const a = apply(ctx, facts, t);
    const block: string[] = [`### ${i + 1}. ${plain(t.title)}`];
    if (a.trigger)
      block.push(
        `**Why this issue.** ${mark(`Your story matches a standard setting for it: ${quote(a.trigger.text)}.`, n)}`,
      );
    block.push(`**Rule.** ${mark(sentences(t.rule).slice(0, 2).join(" "), n)}`);
    if (a.elements.length) {
      const lines = a.elements.map((e) =>
        e.against
          ? `${mark(e.element, n)} *Your facts cut against it:* ${quote(e.fact ?? "")}`
          : e.fact
            ? `${mark(e.element, n)} *Your facts:* ${quote(e.fact)} — likely met.`
            : `${mark(e.element, n)} *Your facts do not say.*`,
      );
      block.push(`**The elements on your facts**\n\n${bullets(lines)}`);
    }
    const c = conclude(t, a, n);
    block.push(`**Likely conclusion.** ${c.text}`);
    const ca = counter(t, a, n);
    if (ca) block.push(`**Counter-argument.** ${ca}`);
    const cases = topicCases(ctx, t, 1);
    if (cases.length) block.push(`**Leading case.** ${caseLines(ctx, cases)[0]}`);
    bottom.push(`${plain(t.title)}: ${c.verdict} [${n}]`);
    parts.push(block.join("\n\n"));
  });
  parts.push(`**Bottom line.** ${bottom.join("; ")}.`);
  return parts.join("\n\n");
}
