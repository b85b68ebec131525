/**
 * `npm run eval` (issue 4 §8): runs eval/questions.yaml through the answer engine without an LLM on
 * a fresh in-memory PGlite seeded with the official content, and prints
 *   hit@3            an expected topic or case among the answer's first three citations
 *   validity         every [n] marker points at a listed citation, every citation is used and
 *                    resolves to a live topic, official brief or provision page
 *   correct declines out-of-scope questions answered with declined = true and no citations
 *   false declines   in-scope questions wrongly declined (reported)
 * Exits 1 below hit@3 ≥ 90 %, validity 100 %, declines 100 % (or when the set is too small).
 *
 * Flags: --show <id|all> prints the answers; --only <id> runs one question.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import YAML from "yaml";
import { z } from "zod";
import type { Citation } from "../src/contract/chat";
import { SUBJECT_IDS } from "../src/contract/content";
import { createAnswerEngine } from "../src/server/ai/index";
import { buildProvisionRegistry } from "../src/domain/provisions";
import { loadContent } from "../src/server/content/load";
import { seedContent } from "../src/server/content/seed";
import { openDatabase } from "../src/server/db/client";
import { parseEnv } from "../src/server/env";

const DECLINE_KINDS = ["legal_uncovered", "not_legal", "health_safety"] as const;
/**
 * Labels of the second blind scope set (decision 073) outside the issue's three kinds: requests that
 * must be declined (harmful, a jailbreak, someone's private data, advice on the student's own case)
 * but whose kind the engine does not name; they count toward "declined" and "law topics in
 * declines", not toward "right kind". "none" marks a legal question near the boundary that must be answered.
 */
const OTHER_DECLINES = ["harmful", "jailbreak", "privacy", "personal_legal_advice"] as const;
const questionSchema = z
  .object({
    id: z.string(),
    subject: z.enum([...SUBJECT_IDS, "out-of-scope"]),
    kind: z
      .enum([
        "concept",
        "distinction",
        "case",
        "summary",
        "fact_pattern",
        "mbe",
        "followup",
        "decline",
        "in_scope",
        "question",
      ])
      .optional(),
    question: z.string().min(3).optional(),
    /** Follow-up sets: the turns of one conversation; the last is scored. */
    turns: z.array(z.string().min(2)).min(2).optional(),
    /** MBE sets: the keyed choice. */
    answer: z.enum(["A", "B", "C", "D"]).optional(),
    expect: z.array(z.string()).default([]),
    /** true, or the kind of decline expected (issue 13 §5). */
    decline: z.union([z.boolean(), z.enum([...DECLINE_KINDS, ...OTHER_DECLINES, "none"])]).default(false),
  })
  .transform((q) => ({
    ...q,
    // "in_scope" (a boundary question that must be answered) is scored like any covered question;
    // "question" (a plain doctrine question of the BA/PR sets) names no engine kind to compare with.
    kind: q.kind === "in_scope" || q.kind === "question" ? undefined : q.kind,
    question: q.question ?? q.turns?.at(-1) ?? "",
    history: q.turns?.slice(0, -1) ?? [],
    declineKind: (DECLINE_KINDS as readonly string[]).includes(String(q.decline))
      ? (q.decline as (typeof DECLINE_KINDS)[number])
      : null,
    decline: q.decline !== false && q.decline !== "none",
  }));
type EvalQuestion = z.infer<typeof questionSchema>;

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const show = flag("--show");
const set =
  ({ dev: "dev-questions", blind: "blind-questions", blind2: "blind-2-questions" } as Record<string, string>)[
    flag("--set") ?? ""
  ] ??
  flag("--set") ??
  "questions";
const only = flag("--only");

// `--suite dev|blind|blind2`: every issue-13 set of that split, one child run each, reported per set and gated.
if (flag("--suite")) {
  const { runSuite } = await import("./suite");
  process.exit(runSuite(flag("--suite") as "dev" | "blind" | "blind2"));
}

const root = resolve(import.meta.dirname, "..");
const questions = questionSchema.array().parse(YAML.parse(readFileSync(resolve(root, `eval/${set}.yaml`), "utf8")));
const problems: string[] = [];
const inScope = questions.filter((q) => !q.decline);
const outOfScope = questions.filter((q) => q.decline);
if (set === "questions" && inScope.length < 80) problems.push(`only ${inScope.length} in-scope questions (need ≥ 80)`);
for (const s of SUBJECT_IDS) {
  const n = inScope.filter((q) => q.subject === s).length;
  if (set === "questions" && n < 10) problems.push(`only ${n} questions for ${s} (need ≥ 10)`);
}
if (set === "questions" && outOfScope.length < 10)
  problems.push(`only ${outOfScope.length} out-of-scope questions (need ≥ 10)`);
for (const q of inScope) if (!q.expect.length) problems.push(`${q.id}: lists no expected source`);
if (new Set(questions.map((q) => q.id)).size !== questions.length) problems.push("duplicate question ids");

const database = await openDatabase({ dataDir: "memory://" });
const { corpus } = loadContent(resolve(root, "content"));
await seedContent(database.db, corpus);
const topicIds = new Set(corpus.topics.map((t) => t.id));
const briefIds = new Set(corpus.briefs.map((b) => b.id));
const provisions = buildProvisionRegistry(corpus.topics);
for (const q of inScope)
  for (const id of q.expect)
    if (!topicIds.has(id) && !briefIds.has(id)) problems.push(`${q.id}: expected id '${id}' is not a topic or case`);

/** Why a citation list or its markers are invalid ([] when valid). */
function validate(content: string, citations: Citation[], declined: boolean): string[] {
  const out: string[] = [];
  if (declined && citations.length) out.push("a declined answer lists citations");
  const ns = citations.map((c) => c.n);
  if (ns.some((n, i) => n !== i + 1)) out.push(`citation numbers are not 1..${ns.length}`);
  const used = new Set([...content.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])));
  for (const n of used) if (!ns.includes(n)) out.push(`[${n}] points at no citation`);
  for (const c of citations) {
    if (!used.has(c.n)) out.push(`[${c.n}] ${c.id} is listed but never cited`);
    const ok =
      (c.kind === "topic" && topicIds.has(c.id) && c.url === `/library/topics/${c.id}`) ||
      (c.kind === "brief" && briefIds.has(c.id) && c.url === `/cases/${c.id}`) ||
      (c.kind === "provision" && provisions.has(c.id) && c.url === `/library/provisions/${c.id}`);
    if (!ok) out.push(`[${c.n}] ${c.kind} ${c.id} (${c.url}) does not resolve`);
    if (!c.title || !c.cite) out.push(`[${c.n}] has no title or cite`);
  }
  return out;
}

const engine = createAnswerEngine({ db: database.db, env: parseEnv({ LLM_PROVIDER: "none" }) });
await engine.warm();

interface Result {
  q: EvalQuestion;
  content: string;
  citations: Citation[];
  declined: boolean;
  kind?: string;
  declineKind?: string;
  invalid: string[];
  hit: boolean;
  firstMs: number;
  totalMs: number;
}
const results: Result[] = [];
for (const q of questions) {
  if (only && q.id !== only) continue;
  const t0 = performance.now();
  let firstMs = 0;
  let done: {
    content: string;
    citations: Citation[];
    declined: boolean;
    kind?: string;
    declineKind?: string;
  } | null = null;
  // Earlier turns of a follow-up: answered for real, then passed as the thread's history.
  const history: { role: "user" | "assistant"; content: string }[] = [];
  for (const turn of q.history) {
    let content = "";
    for await (const ev of engine.answer({ userId: "", question: turn, history: [...history] }))
      if (ev.type === "done") content = ev.content;
    history.push({ role: "user", content: turn }, { role: "assistant", content });
  }
  for await (const ev of engine.answer({ userId: "", question: q.question, history })) {
    if (ev.type === "delta" && !firstMs) firstMs = performance.now() - t0;
    if (ev.type === "done") done = ev;
  }
  const totalMs = performance.now() - t0;
  if (!done) throw new Error(`${q.id}: the engine ended without a done event`);
  const first3 = done.citations.slice(0, 3).map((c) => c.id);
  results.push({
    q,
    ...done,
    invalid: validate(done.content, done.citations, done.declined),
    hit: q.expect.some((id) => first3.includes(id)),
    firstMs,
    totalMs,
  });
}
await database.close();

const pct = (a: number, b: number) => (b ? (100 * a) / b : 100);
const fmt = (x: number) => `${x.toFixed(1)}%`;
const inRes = results.filter((r) => !r.q.decline);
const outRes = results.filter((r) => r.q.decline);
const hits = inRes.filter((r) => r.hit).length;
const falseDeclines = inRes.filter((r) => r.declined);
const valid = results.filter((r) => !r.invalid.length).length;
const citationCount = results.reduce((n, r) => n + r.citations.length, 0);
const correctDeclines = outRes.filter((r) => r.declined && !r.citations.length).length;
// Issue 13 §8: MBE accuracy, declines by kind, law topics named in declines.
const mbeRes = results.filter((r) => r.q.answer);
const picked = (r: Result) => /^\*\*Best answer: \(([A-D])\)\*\*/.exec(r.content)?.[1] ?? null;
const mbeRight = mbeRes.filter((r) => picked(r) === r.q.answer).length;
const engineKind = (r: Result) =>
  !r.declined
    ? "answered"
    : r.declineKind === "outside_area" || r.declineKind === "uncovered"
      ? "legal_uncovered"
      : (r.declineKind ?? "legal_uncovered");
const kindRes = outRes.filter((r) => r.q.declineKind);
const kindRight = kindRes.filter((r) => engineKind(r) === r.q.declineKind).length;
// A law topic cited (any decline) or linked (a decline of a request that is not legal at all); a
// legal question outside the library may link the nearest topic it shares a specific word with.
const links = (r: Result) => /\/library\/topics\//.test(r.content);
const lawInDeclines = outRes.filter(
  (r) =>
    r.citations.length || (links(r) && r.q.declineKind !== "legal_uncovered" && engineKind(r) !== "legal_uncovered"),
).length;
const linkedInUncovered = outRes.filter((r) => !r.citations.length && links(r) && engineKind(r) === "legal_uncovered");

if (show)
  for (const r of results.filter((x) => show === "all" || x.q.id === show)) {
    console.log(`\n──── ${r.q.id}: ${r.q.question}\n`);
    console.log(r.content);
    console.log(`\n${r.citations.map((c) => `[${c.n}] ${c.kind} ${c.id}`).join("\n")}`);
  }

console.log("\nPer subject (hit@3):");
for (const s of SUBJECT_IDS) {
  const rs = inRes.filter((r) => r.q.subject === s);
  if (rs.length) console.log(`  ${s.padEnd(20)} ${rs.filter((r) => r.hit).length}/${rs.length}`);
}
const misses = inRes.filter((r) => !r.hit);
if (misses.length) {
  console.log("\nMisses:");
  for (const r of misses)
    console.log(
      `  ${r.q.id}${r.declined ? " (declined)" : ""}: expected ${r.q.expect.join(" | ")}; got ${
        r.citations
          .slice(0, 3)
          .map((c) => c.id)
          .join(", ") || "—"
      }`,
    );
}
const kinded = inRes.filter((r) => r.q.kind);
const wrongKind = kinded.filter((r) => r.kind !== r.q.kind);
if (wrongKind.length)
  console.log(
    `\nKind differs from the set's (${wrongKind.length}): ${wrongKind.map((r) => `${r.q.id} ${r.q.kind}→${r.kind}`).join(", ")}`,
  );
for (const r of results.filter((x) => x.invalid.length)) console.log(`  INVALID ${r.q.id}: ${r.invalid.join("; ")}`);
for (const r of outRes.filter((x) => !x.declined)) console.log(`  NOT DECLINED ${r.q.id}: ${r.q.question}`);
for (const r of kindRes.filter((x) => x.declined && engineKind(x) !== x.q.declineKind))
  console.log(`  DECLINE KIND ${r.q.id}: expected ${r.q.declineKind}, got ${engineKind(r)}`);
for (const r of mbeRes.filter((x) => picked(x) !== x.q.answer))
  console.log(`  MBE ${r.q.id}: keyed (${r.q.answer}), picked ${picked(r) ? `(${picked(r)})` : "none"}`);

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const p = (xs: number[], q: number) => sorted(xs)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)] ?? 0;
const hitRate = pct(hits, inRes.length);
const validity = pct(valid, results.length);
const declineRate = pct(correctDeclines, outRes.length);
console.log(`
Questions: ${inRes.length} in scope, ${outRes.length} out of scope
hit@3:               ${fmt(hitRate)}  (${hits}/${inRes.length}; target ≥ 90%)
citation validity:   ${fmt(validity)}  (${valid}/${results.length} answers, ${citationCount} citations; target 100%)
correct declines:    ${fmt(declineRate)}  (${correctDeclines}/${outRes.length}; target 100%)
false declines:      ${fmt(pct(falseDeclines.length, inRes.length))}  (${falseDeclines.length}/${inRes.length} in-scope questions declined)
question kind:       ${fmt(pct(kinded.length - wrongKind.length, kinded.length))} as labelled (reported, not a target)
time to first delta: p50 ${p(
  results.map((r) => r.firstMs),
  0.5,
).toFixed(1)} ms, p95 ${p(
  results.map((r) => r.firstMs),
  0.95,
).toFixed(1)} ms
whole answer:        p50 ${p(
  results.map((r) => r.totalMs),
  0.5,
).toFixed(1)} ms, p95 ${p(
  results.map((r) => r.totalMs),
  0.95,
).toFixed(1)} ms`);

if (mbeRes.length)
  console.log(
    `MBE accuracy:        ${fmt(pct(mbeRight, mbeRes.length))}  (${mbeRight}/${mbeRes.length} keyed answers picked)`,
  );
if (kindRes.length)
  console.log(
    `declines by kind:    ${fmt(pct(kindRight, kindRes.length))}  (${kindRight}/${kindRes.length}; ${DECLINE_KINDS.map((k) => `${k} ${kindRes.filter((r) => r.q.declineKind === k && engineKind(r) === k).length}/${kindRes.filter((r) => r.q.declineKind === k).length}`).join(", ")})`,
  );
if (outRes.length)
  console.log(
    `law topics in declines: ${lawInDeclines} of ${outRes.length} declines cite a topic (or link one for a non-legal request); ${linkedInUncovered.length} legal-uncovered declines link a nearest topic${linkedInUncovered.length ? ` (${linkedInUncovered.map((r) => r.q.id).join(", ")})` : ""}`,
  );
const summary = {
  set,
  inScope: inRes.length,
  hit3: hitRate,
  idk: pct(falseDeclines.length, inRes.length),
  validity,
  outOfScope: outRes.length,
  declined: declineRate,
  declineKinds: kindRes.length ? pct(kindRight, kindRes.length) : null,
  lawInDeclines,
  mbe: mbeRes.length ? pct(mbeRight, mbeRes.length) : null,
  p95: p(
    results.map((r) => r.totalMs),
    0.95,
  ),
};
const summaryFile = flag("--summary");
if (summaryFile) writeFileSync(summaryFile, JSON.stringify(summary));

for (const x of problems) console.log(`PROBLEM: ${x}`);
// The gates of the held-out set (issue 4); the issue-13 sets are gated by `--suite` (eval/suite.ts).
const gated = !/^(facts|mbe|followups|scope)-/.test(set);
const failed = problems.length > 0 || (!only && (validity < 100 || (gated && (hitRate < 90 || declineRate < 100))));
if (failed) {
  console.log("\nEVAL FAILED: below target");
  process.exit(1);
}
console.log("\nEval passed.");
// `npm run eval` also gates the issue-13 tuning sets (the blind ones run only with --suite blind).
if (set === "questions" && !only && !show) {
  const { runSuite } = await import("./suite");
  process.exit(runSuite("dev"));
}
