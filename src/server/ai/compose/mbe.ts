/**
 * An MBE answer (issue 13 §3): a question with lettered choices "(A) … (D)" (up to "(F)") gets
 * `**Best answer: (X)**`, then one line per choice saying why it is the best answer or not, each
 * citing its source; when two choices remain close it says which two and what decides between
 * them. A NextGen multi-select item, whose call asks for "TWO" (or "THREE") answers, gets
 * `**Best answers: (B) and (E)**`: the that many best-scored choices, in letter order (decision 078). The stem alone is retrieved (a wrong choice's words must not pick the doctrine) and the
 * choices are never quoted as the student's facts.
 *
 * Without a model the choice is scored from our content: how much of the choice's reasoning the
 * issue's rule, elements, exceptions and positions state (idf-weighted matched mass times share;
 * an exception weighs a little more, and a trap written as a forgotten rule counts as that rule),
 * less how much more of it an exam trap of the topic describes (traps are the wrong reasoning
 * examiners bait), less a little for absolute words ("all", "always", "never"). The subject is the
 * one among the stem's candidates whose doctrine supports the choices best. The leading case cited
 * is the case of the topic whose holding best matches the chosen choice.
 */
import type { BriefDoc, TopicDoc } from "../corpus";
import { namesCase } from "../case-names";
import { evidence, parseQuery, search } from "../retrieve";
import { idf } from "../search-index";
import { isFramingTerm, sentences, terms } from "../text";
import { caseName, type ComposeContext, mark, plain, short, topicSentences } from "./shared";

export interface Choice {
  letter: string;
  text: string;
}

/** Number words a multi-select call uses ("Which TWO of the following…", "Select three"). */
const SELECT_COUNT: Record<string, number> = { two: 2, three: 3, "2": 2, "3": 3 };

/**
 * How many answers the stem's call asks for: 2 or 3 when it says "Which TWO…", "select two",
 * "the two best answers" and the like; 1 otherwise (the classic single-best-answer MBE call).
 */
export function selectCount(stem: string, choices: number): number {
  const m =
    stem.match(/\b(?:which|select|choose|pick|identify|mark)\s+(?:the\s+)?(two|three|2|3)\b/i) ??
    stem.match(/\b(two|three|2|3)\s+(?:best\s+|correct\s+)?(?:answers|choices|options|statements|of the following)\b/i);
  const n = m ? SELECT_COUNT[m[1].toLowerCase()] : 1;
  return n < choices ? n : 1;
}

/**
 * The stem and its lettered choices (three to six, "(A)" … "(F)"), or null when the question has
 * fewer than three "(A)"-style choices. `select` is how many answers the call asks for (`selectCount`).
 */
export function parseChoices(question: string): { stem: string; choices: Choice[]; select: number } | null {
  const re = /(?:^|\s)\(([A-Fa-f])\)\s+/g;
  const marks = [...question.matchAll(re)];
  const letters = marks.map((m) => m[1].toUpperCase());
  if (marks.length < 3 || letters.some((l, i) => l !== "ABCDEF"[i])) return null;
  const choices = marks.map((m, i) => ({
    letter: letters[i],
    text: question
      .slice((m.index ?? 0) + m[0].length, marks[i + 1]?.index ?? question.length)
      .trim()
      .replace(/\s+/g, " "),
  }));
  const stem = question.slice(0, marks[0].index ?? 0).trim();
  return stem ? { stem, choices, select: selectCount(stem, choices.length) } : null;
}

/** Content terms of a choice, without the verdict words every choice shares ("guilty", "because"). */
const VERDICT =
  /^(ye|no|not|becaus|unless|onli|if|will|win|lose|guilti|liabl|admiss|inadmiss|valid|invalid|constitut|unconstitut|court|would|should|likely|correct)$/;

function weighted(ctx: ComposeContext, text: string) {
  return [...new Set(terms(text).filter((t) => !isFramingTerm(t) && !VERDICT.test(t)))].map((stem) => ({
    stem,
    idf: idf(ctx.index, stem),
  }));
}

function support(wt: { stem: string; idf: number }[], sentence: string): number {
  const set = new Set(terms(sentence));
  const total = wt.reduce((n, t) => n + t.idf, 0);
  const mass = wt.reduce((n, t) => n + (set.has(t.stem) ? t.idf : 0), 0);
  return total ? mass * (mass / total) : 0;
}

/** A trap must share at least this much (idf mass × share) with a choice to be named as its error. */
const TRAP_MIN = 2;

const ABSOLUTE = /\b(all|always|never|any|every|only|automatically|regardless|strictly liable for all)\b/gi;

/**
 * Admissibility is the verdict of most evidence choices, and the choice's reason shares its words with
 * the rule whichever way it comes out: "inadmissible, because character evidence may not prove conduct"
 * matched the habit rule's words ("may be admitted to prove … conduct") better than "admissible, as
 * evidence of habit". A choice whose verdict contradicts what its supporting sentence says of
 * admissibility is weighed down (stop 34).
 */
const CHOICE_ADMISSIBLE = /^\W*(?:yes,?\s+)?(admissible|inadmissible|excluded|admitted)\b/i;
const SAYS_ADMITTED =
  /\b(?:may be (?:admitted|received|offered|used)|is admissible|are admissible|admissible (?:to|as|for|if|when|whether|even))\b/i;
const SAYS_EXCLUDED =
  /\b(?:inadmissible|not admissible|may not be (?:admitted|received|offered|used)|must be excluded|is excluded|are excluded)\b/i;
/** Share of a choice's support kept when its verdict contradicts the sentence that supports it. */
const CONTRADICTED = 0.3;

/** What a choice's opening verdict says of the evidence: "in" (admissible), "out", or null (no such verdict). */
function choiceVerdict(choice: string): "in" | "out" | null {
  const m = CHOICE_ADMISSIBLE.exec(choice);
  return m ? (/^(?:admissible|admitted)$/i.test(m[1]) ? "in" : "out") : null;
}

/** Whether `sentence` says the opposite of `verdict` about admissibility (false when it says neither or both). */
function contradicts(verdict: "in" | "out" | null, sentence: string): boolean {
  if (!verdict) return false;
  const admitted = SAYS_ADMITTED.test(sentence);
  const excluded = SAYS_EXCLUDED.test(sentence);
  if (admitted === excluded) return false;
  return (admitted ? "in" : "out") !== verdict;
}

/**
 * A trap written as an omission ("Forgetting that a defendant who files a Rule 12 motion without
 * raising personal jurisdiction has waived it", "Overlooking consent: …", "Ignoring standing: …")
 * names the error by the rule the student forgot: what follows the opening is the correct law, so a
 * choice that says it agrees with the rule and is not baited by a trap (stop 37).
 */
const OMISSION =
  /^(?:forgetting|overlooking|ignoring|missing|skipping|neglecting|failing to (?:see|notice|recogni[sz]e|apply))\s+(?:that\s+)?/i;

/**
 * A topic's sentences for scoring choices. An omission trap becomes the rule it says was forgotten;
 * a trap that names its error, then a colon and the correction ("Allowing a defendant who moved
 * under 12(b)(6) alone to raise personal jurisdiction in the answer: both are waived") baits only
 * with the error, and the correction supports like a rule (stop 37). `shown` is how the answer
 * quotes it: the whole trap, or for the correction "<error> is an error: <correction>".
 */
/** A trap that opens by naming the mistaken act ("Allowing …", "Treating …", "Applying …"). */
const ERROR_NAMED = /^[A-Z][a-z]+ing\b/;

/** Index of the first ": " outside parentheses ("… (Walker v. Armco: Rule 3 …)" holds none), or -1. */
function topLevelColon(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length - 1; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")") depth = Math.max(0, depth - 1);
    else if (depth === 0 && text[i] === ":" && text[i + 1] === " ") return i;
  }
  return -1;
}

function choiceSentences(t: TopicDoc): { text: string; from: string; shown?: string }[] {
  return topicSentences(t).flatMap((s) => {
    if (s.from !== "trap") return [s];
    if (OMISSION.test(s.text)) {
      const rest = s.text.replace(OMISSION, "");
      return [{ text: rest[0].toUpperCase() + rest.slice(1), from: "omission" }];
    }
    const k = topLevelColon(s.text);
    if (k < 0 || !ERROR_NAMED.test(s.text)) return [s];
    const error = s.text.slice(0, k);
    const correction = s.text.slice(k + 2);
    return [
      { text: error, from: "trap", shown: s.text },
      { text: correction, from: "correction", shown: `${error} is an error: ${correction}` },
    ];
  });
}

interface Scored extends Choice {
  score: number;
  best: { text: string; topic: TopicDoc; score: number } | null;
  trap: { text: string; topic: TopicDoc; score: number } | null;
}

export function composeMbe(
  ctx: ComposeContext,
  parsed: { stem: string; choices: Choice[]; select?: number },
): string | null {
  // An exam stem is long and written in exam prose: it is retrieved on its doctrinal words, without
  // the nearest-neighbour vote that serves students' short stories (measured: 60 % → 50 % with it).
  const q = { ...parseQuery(ctx.index, parsed.stem), story: false };
  const hits = search(ctx.index, q, 12);
  // Candidate issues: the stem's topics and the whole question's (the choices name doctrines too).
  const topics: TopicDoc[] = [];
  const addTopic = (t: TopicDoc | undefined) => {
    if (t && !topics.includes(t) && topics.length < 5) topics.push(t);
  };
  for (const h of hits.slice(0, 6))
    addTopic(
      h.doc.kind === "topic"
        ? h.doc
        : h.doc.kind === "brief"
          ? ctx.corpus.topics.get((h.doc as BriefDoc).topicIds[0] ?? "")
          : undefined,
    );
  for (const h of ctx.hits.slice(0, 4)) if (h.doc.kind === "topic") addTopic(h.doc as TopicDoc);
  if (!topics.length) return null;
  // How well each candidate fits the stem's facts (coverage of the stem's words).
  const fitAll = new Map(topics.map((t) => [t, evidence(q, ctx.index.docTerms.get(`topic:${t.id}`)).coverage]));
  // One MBE question tests one subject. It starts as the stem's leading subject; another subject
  // among the candidates takes over when its doctrine supports the choices better, with every topic's
  // fit weighed against the best fit of all: an exam stem tells its procedural posture ("the city
  // moved for summary judgment") in words that retrieve Civil Procedure while the choices argue
  // the First Amendment (stop 37).
  const globalMax = Math.max(0.01, ...fitAll.values());
  const inSubject = (sid: string) => topics.filter((t) => t.subjectId === sid);
  const top = (xs: Scored[]) => Math.max(...xs.map((x) => x.score));
  let subject = topics[0].subjectId;
  let bestTop = top(scoreChoices(ctx, parsed.choices, inSubject(subject), fitAll, globalMax));
  for (const sid of new Set(topics.map((t) => t.subjectId))) {
    const v = sid === subject ? bestTop : top(scoreChoices(ctx, parsed.choices, inSubject(sid), fitAll, globalMax));
    if (v > bestTop) [subject, bestTop] = [sid, v];
  }
  const pool = inSubject(subject);
  const scored = scoreChoices(
    ctx,
    parsed.choices,
    pool,
    fitAll,
    Math.max(0.01, ...pool.map((t) => fitAll.get(t) ?? 0)),
  );
  const ranked = [...scored].sort((a, b) => b.score - a.score);
  const select = parsed.select ?? 1;
  const pick = ranked[0];
  // A multi-select call: the `select` best-scored choices; the close call is the last of them
  // against the first one left out.
  const picks = ranked.slice(0, select);
  const lastPick = picks[picks.length - 1];
  const runnerUp = ranked[select];
  const main = pick.best?.topic ?? pool[0];
  const n = ctx.sources.cite(main);
  const lines: string[] = [
    select > 1
      ? `**Best answers: ${picks
          .map((p) => `(${p.letter})`)
          .sort()
          .join(select === 2 ? " and " : ", ")
          .replace(/, (\([A-F]\))$/, ", and $1")}**`
      : `**Best answer: (${pick.letter})**`,
  ];
  // The leading case: the topic's case whose holding best matches the chosen answer's reasoning. When
  // that case is taught mainly under another doctrine (Camden, an Article IV case, for a dormant
  // Commerce Clause answer), a case the rule sentence behind the answer names ("… (Philadelphia v. New
  // Jersey; Maine v. Taylor)") leads instead (decision 096).
  const wtPick = weighted(ctx, pick.text);
  const briefs = main.cases.map((id) => ctx.corpus.briefs.get(id)).filter((b): b is BriefDoc => !!b);
  const cases = briefs
    .map((b) => ({ b, v: support(wtPick, `${b.holding} ${b.rule} ${b.takeaways.join(" ")}`) }))
    .sort((a, b) => b.v - a.v);
  const best = cases[0] && cases[0].v > 0 ? cases[0].b : null;
  const named = briefs.find((b) => b.topicIds[0] === main.id && namesCase(pick.best?.text ?? "", b.name));
  const lead = best && best.topicIds[0] !== main.id && named ? named : best;
  for (const c of parsed.choices) {
    const s = scored.find((x) => x.letter === c.letter)!;
    const label = `**(${c.letter})** ${plain(short(c.text, 140))}`;
    if (s === pick) {
      const why = s.best ? mark(s.best.text, ctx.sources.cite(s.best.topic)) : mark(short(main.rule), n);
      const caseLine = lead ? ` See ${caseName(lead)} [${ctx.sources.cite(lead)}].` : "";
      lines.push(
        `- ${label} — **${select > 1 ? "One of the best answers" : "Best answer"}.** It tracks the rule: ${why}${caseLine}`,
      );
    } else if (picks.includes(s)) {
      const why = s.best ? mark(s.best.text, ctx.sources.cite(s.best.topic)) : mark(short(main.rule), n);
      lines.push(`- ${label} — **One of the best answers.** It tracks the rule: ${why}`);
    } else if (s.trap && s.trap.score >= (s.best?.score ?? 0) * 0.6 && s.trap.score >= TRAP_MIN) {
      lines.push(
        `- ${label} — **Not the best answer:** it looks like the exam trap the outline warns about: ${mark(s.trap.text, ctx.sources.cite(s.trap.topic))}`,
      );
    } else {
      const rule = pick.best ?? { text: short(main.rule), topic: main };
      lines.push(
        `- ${label} — **Not the best answer:** it does not state what decides the issue, which is that ${mark(lowerFirst(rule.text), ctx.sources.cite(rule.topic))}`,
      );
    }
  }
  if (runnerUp && runnerUp.score >= 0.85 * lastPick.score && lastPick.score > 0) {
    const decider = lastPick.best && runnerUp.best?.text !== lastPick.best.text ? lastPick.best : null;
    lines.push(
      decider
        ? `\n**Close call: (${lastPick.letter}) and (${runnerUp.letter}).** What decides between them is ${mark(lowerFirst(decider.text), ctx.sources.cite(decider.topic))}`
        : `\n**Close call: (${lastPick.letter}) and (${runnerUp.letter}).** Both rest on the same rule; decide which of them applies it to every fact of the stem before you choose.`,
    );
  }
  lines.push(`\n**The rule (${plain(main.title)}).** ${mark(sentences(main.rule).slice(0, 2).join(" "), n)}`);
  return lines.join("\n");
}

/**
 * An exam stem is written to raise the exception: a choice an exception (or a forgotten rule, see
 * OMISSION) supports weighs this much more than one the general rule supports as well (stop 37:
 * on the 95 read MBE stems, 1.3 gained one pick and lost none; 1.6 lost three).
 */
const EXCEPTION_WEIGHT = 1.3;

/**
 * A choice that shares its words with a trap is baited by it only for what the trap matches beyond
 * this share of the choice's best rule support: a choice that says the opposite of the trap's error
 * shares its words too ("no longer than three months" against "letting a firm offer run longer than
 * three months"), and the rule supports it as well (stop 37: 0.5 gained two of 95, lost none; 0.8 lost
 * two).
 */
const TRAP_MARGIN = 0.5;

/**
 * Each choice scored against the pool's sentences: its best support (weighted by the square of how
 * well that topic fits the stem, relative to `maxFit`), less 0.6 × what its best-matching trap
 * holds beyond TRAP_MARGIN of that support, less 0.5 per absolute word. Returns one Scored per
 * choice, in the choices' order.
 */
function scoreChoices(
  ctx: ComposeContext,
  choices: Choice[],
  pool: TopicDoc[],
  fit: Map<TopicDoc, number>,
  maxFit: number,
): Scored[] {
  return choices.map((c) => {
    const wt = weighted(ctx, c.text);
    const verdict = choiceVerdict(c.text);
    let best: Scored["best"] = null;
    let trap: Scored["trap"] = null;
    for (const t of pool) {
      const w = ((fit.get(t) ?? 0) / maxFit) ** 2;
      for (const s of choiceSentences(t)) {
        const v =
          support(wt, s.text) *
          w *
          (s.from !== "trap" && contradicts(verdict, s.text) ? CONTRADICTED : 1) *
          (s.from === "exception" || s.from === "omission" ? EXCEPTION_WEIGHT : 1);
        if (s.from === "trap") {
          if (!trap || v > trap.score) trap = { text: s.shown ?? s.text, topic: t, score: v };
        } else if (!best || v > best.score) best = { text: s.shown ?? s.text, topic: t, score: v };
      }
    }
    const absolute = (c.text.match(ABSOLUTE) ?? []).length;
    const score =
      (best?.score ?? 0) - 0.6 * Math.max(0, (trap?.score ?? 0) - TRAP_MARGIN * (best?.score ?? 0)) - 0.5 * absolute;
    return { ...c, score, best, trap };
  });
}

const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s[0].toLowerCase() + s.slice(1) : s);
