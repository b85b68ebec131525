/**
 * A distinction answer (issue 4 §3): the two doctrines (or cases) side by side in a table, then
 * the sentences of each source that draw the line against the other, then each rule in full.
 * Each side is retrieved on its own words, so "larceny vs. embezzlement" finds both topics even
 * when one outranks the other for the whole question.
 */
import type { BriefDoc, TopicDoc } from "../corpus";
import { coverage, parseQuery, search } from "../retrieve";
import { sentences } from "../text";
import { composeConcept } from "./concept";
import {
  bullets,
  caseName,
  type ComposeContext,
  mark,
  overlap,
  plain,
  short,
  table,
  topicCases,
  topicSentences,
} from "./shared";

interface Side {
  text: string;
  topic: TopicDoc | null;
  brief: BriefDoc | null;
  terms: ReturnType<typeof parseQuery>["terms"];
  /** How much of the side's words the picked topic's title holds (0 without a topic). */
  titleCoverage: number;
}

/** Minimum relevance for a side to count as found. */
const SIDE_MIN = 0.6;
/** A side whose topic's title holds this share of its words names that topic ("larceny" → Larceny). */
const SIDE_TITLE_NAMES = 0.5;

function resolveSide(ctx: ComposeContext, text: string, avoid?: string): Side {
  const q = parseQuery(ctx.index, text);
  const hits = search(ctx.index, q, 10).filter((h) => h.relevance >= SIDE_MIN);
  const mention = q.caseMentions[0];
  const brief = mention ? (ctx.corpus.briefs.get(mention.briefId) ?? null) : null;
  // Prefer a topic whose title names this side (holds SIDE_TITLE_NAMES of its words), then the best
  // ranked: a title holding one word of three ("crimes" of "specific intent crimes" in "Parties to
  // Crime") names nothing. Avoid the other side's topic when a close one exists.
  const topics = hits.filter((h) => h.doc.kind === "topic");
  const names = (h: (typeof topics)[number]) => (h.titleCoverage >= SIDE_TITLE_NAMES ? h.titleCoverage : 0);
  const best = [...topics].sort((a, b) => names(b) - names(a) || b.score - a.score);
  let pick = best[0];
  if (pick && avoid && pick.doc.id === avoid) {
    // Only a topic whose title names this side as well as the avoided one does ("tenancy in common"
    // is in the joint-tenancy topic's title, not in "Tenancy by the Entirety").
    const alt = best.find(
      (h) => h.doc.id !== avoid && h.titleCoverage >= 0.5 && h.titleCoverage >= pick.titleCoverage - 0.01,
    );
    if (alt) pick = alt;
  }
  return {
    text,
    topic: pick ? (pick.doc as TopicDoc) : null,
    brief,
    terms: q.terms,
    titleCoverage: pick?.titleCoverage ?? 0,
  };
}

const elementsCell = (t: TopicDoc) =>
  t.elements
    .slice(0, 3)
    .map((e) => short(e, 90).replace(/[.;]$/, ""))
    .join("; ");

function compareTopics(ctx: ComposeContext, a: Side & { topic: TopicDoc }, b: Side & { topic: TopicDoc }): string {
  const na = ctx.sources.cite(a.topic);
  const nb = ctx.sources.cite(b.topic);
  const ta = a.topic;
  const tb = b.topic;
  const used = new Set<string>();
  const caseCell = (t: TopicDoc) => {
    const c = topicCases(ctx, t, 3).find((x) => !used.has(x.id));
    if (c) used.add(c.id);
    return c ? `${caseName(c)} [${ctx.sources.cite(c)}]` : "—";
  };
  const rows: string[][] = [
    ["Core rule", mark(short(ta.rule, 260), na), mark(short(tb.rule, 260), nb)],
    ["Elements", mark(elementsCell(ta), na), mark(elementsCell(tb), nb)],
    [
      "Main exception or defense",
      ta.exceptions[0] ? mark(short(ta.exceptions[0], 160), na) : "—",
      tb.exceptions[0] ? mark(short(tb.exceptions[0], 160), nb) : "—",
    ],
    ["Leading case", caseCell(ta), caseCell(tb)],
    [
      "Governing law",
      plain(ta.provisions.slice(0, 3).join(", ")) || "—",
      plain(tb.provisions.slice(0, 3).join(", ")) || "—",
    ],
  ];
  const parts = [
    `**${plain(ta.title)}** vs. **${plain(tb.title)}** — ${mark(short(ta.summary), na)} By contrast, ${mark(lowerFirst(short(tb.summary)), nb)}`,
    table(["", plain(ta.title), plain(tb.title)], rows),
  ];
  // Sentences of each topic that speak about the other side draw the line best.
  const line = (t: TopicDoc, n: number, other: Side) =>
    topicSentences(t)
      .filter((s) => s.from !== "rule")
      .map((s) => ({ s, score: overlap(other.terms, s.text) }))
      .filter((x) => x.score >= 0.5)
      .sort((x, y) => y.score - x.score)
      .slice(0, 2)
      .map((x) => mark(x.s.text, n));
  let apart = [...line(ta, na, b), ...line(tb, nb, a)];
  if (!apart.length)
    apart = [ta.traps[0] ? mark(ta.traps[0], na) : "", tb.traps[0] ? mark(tb.traps[0], nb) : ""].filter(Boolean);
  parts.push(`**How to tell them apart**\n\n${bullets(apart)}`);
  parts.push(`**${plain(ta.title)} in full.** ${mark(ta.rule, na)}`);
  parts.push(`**${plain(tb.title)} in full.** ${mark(tb.rule, nb)}`);
  const traps = [ta.traps[0] && mark(ta.traps[0], na), tb.traps[0] && mark(tb.traps[0], nb)].filter(
    (x): x is string => !!x && !apart.includes(x),
  );
  if (traps.length) parts.push(`**Exam traps**\n\n${bullets(traps)}`);
  return parts.join("\n\n");
}

function compareCases(ctx: ComposeContext, a: BriefDoc, b: BriefDoc): string {
  const na = ctx.sources.cite(a);
  const nb = ctx.sources.cite(b);
  const rows = [
    ["Court and year", `${plain(a.court)}, ${a.year} [${na}]`, `${plain(b.court)}, ${b.year} [${nb}]`],
    ["Issue", mark(short(a.issue, 260), na), mark(short(b.issue, 260), nb)],
    ["Holding", mark(short(a.holding, 260), na), mark(short(b.holding, 260), nb)],
    ["Rule", mark(short(a.rule, 260), na), mark(short(b.rule, 260), nb)],
    ["Takeaway", mark(a.takeaways[0] ?? "", na), mark(b.takeaways[0] ?? "", nb)],
  ];
  return [
    `${caseName(a)} [${na}] and ${caseName(b)} [${nb}] side by side:`,
    table(["", plain(a.name), plain(b.name)], rows),
    `**${plain(a.name)}: holding.** ${mark(a.holding, na)}`,
    `**${plain(b.name)}: holding.** ${mark(b.holding, nb)}`,
  ].join("\n\n");
}

/** Both sides live in one topic ("joint tenancy vs. tenancy in common"): what the topic says about each. */
function withinTopic(ctx: ComposeContext, t: TopicDoc, a: Side, b: Side): string | null {
  const n = ctx.sources.cite(t);
  const own = (side: Side, other: Side) => side.terms.filter((x) => !other.terms.some((o) => o.stem === x.stem));
  const ownA = own(a, b);
  const ownB = own(b, a);
  const scored = topicSentences(t)
    .filter((s) => s.from !== "rule" && s.from !== "trap")
    .map((s) => ({ s, a: overlap(ownA, s.text), b: overlap(ownB, s.text) }));
  const only = (mine: "a" | "b", theirs: "a" | "b") =>
    scored
      .filter((x) => x[mine] >= 0.6 && x[mine] > x[theirs])
      .sort((x, y) => y[mine] - x[mine])
      .slice(0, 3)
      .map((x) => mark(x.s.text, n));
  const sa = only("a", "b");
  const sb = only("b", "a");
  if (!sa.length || !sb.length) return null;
  // Sentences that speak of both draw the line.
  const both = scored.filter((x) => x.a >= 0.6 && x.b >= 0.6 && x.a === x.b).map((x) => mark(x.s.text, n));
  return [
    `Both are covered by **${plain(t.title)}**: ${mark(t.summary, n)}`,
    `**${plain(capital(a.text))}**\n\n${bullets(sa)}`,
    `**${plain(capital(b.text))}**\n\n${bullets(sb)}`,
    both.length ? `**The difference**\n\n${bullets(both)}` : "",
    `**The rule in full.** ${mark(sentences(t.rule).join(" "), n)}`,
    t.traps.length ? `**Exam traps**\n\n${bullets(t.traps.slice(0, 3).map((x) => mark(x, n)))}` : "",
  ]
    .filter(Boolean)
    .join("\n\n");
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** "The two crimes…" → "the two crimes…" after "By contrast,"; names and acronyms keep their capital. */
const lowerFirst = (s: string) =>
  /^(The|A|An|This|These|That|Those|Its|Their|When|Where|How|What|Whether|Every|Each|Any|Some|Beyond|Under|Liability|Conduct|Uncharged)\b/.test(
    s,
  )
    ? s.charAt(0).toLowerCase() + s.slice(1)
    : s;

/**
 * In a follow-up, a side that names nothing ("how is that different from a pure notice statute?")
 * is the doctrine under discussion: the thread's best topic. The other side is read in the thread's
 * context when its own best topic lies outside the thread's subject and either its title does not
 * name that side or a topic of the thread's subject holds all of the side's words: "a race statute"
 * after a notice statute is the Recording Acts, not Equal Protection; "criminal battery" after the
 * tort keeps its own topic.
 */
function resolveInThread(ctx: ComposeContext, text: string, avoid?: string): Side {
  const own = resolveSide(ctx, text, avoid);
  const thread = ctx.thread;
  if (!thread) return own;
  const current = thread.topicId ? ctx.corpus.topics.get(thread.topicId) : undefined;
  if (!own.terms.length && current) return { ...own, text: current.title, topic: current, brief: null };
  if (own.brief || !own.topic || own.topic.subjectId === thread.subjectId) return own;
  const inThread = resolveSide(ctx, `${text}\n${thread.question}`, avoid);
  if (!inThread.topic || inThread.topic.subjectId !== thread.subjectId) return own;
  const holdsAll = coverage(ctx.index, parseQuery(ctx.index, text), `topic:${inThread.topic.id}`) >= 0.99;
  return own.titleCoverage < SIDE_TITLE_NAMES || holdsAll ? { ...inThread, text, terms: own.terms } : own;
}

/** Returns null when the sides cannot be resolved (the engine then answers it as a concept). */
export function composeDistinction(ctx: ComposeContext, sides: [string, string]): string | null {
  const a = resolveInThread(ctx, sides[0]);
  const b = resolveInThread(ctx, sides[1], a.topic?.id);
  if (a.brief && b.brief && a.brief.id !== b.brief.id) return compareCases(ctx, a.brief, b.brief);
  if (a.topic && b.topic && a.topic.id !== b.topic.id)
    return compareTopics(ctx, a as Side & { topic: TopicDoc }, b as Side & { topic: TopicDoc });
  const t = a.topic ?? b.topic;
  if (!t) return null;
  return withinTopic(ctx, t, a, b) ?? composeConcept(ctx, t);
}
