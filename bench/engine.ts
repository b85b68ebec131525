/**
 * Benchmark of the companion's answer engine without an LLM (DESIGN.md §6: first streamed token
 * p95 ≤ 100 ms, whole answer p95 ≤ 400 ms). Runs every question of eval/questions.yaml (in and out
 * of scope) `rounds` times against an in-memory PGlite seeded with the official content, after one
 * warm-up round, timing from the call to the first `delta` and to `done`. Also reports the cold
 * build of the search index (read corpus + index), which warm() does at boot.
 *
 * Follow-ups (decision 073): the last turn of every conversation of eval/followups-dev*.yaml, timed
 * with its earlier turns as history (the thread is resolved turn by turn on each answer). The heap
 * the warmed engine holds is reported when node runs with --expose-gc
 * (`node --expose-gc --import tsx bench/engine.ts`).
 */
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import YAML from "yaml";
import { createAnswerEngine } from "../src/server/ai/index";
import { loadContent } from "../src/server/content/load";
import { seedContent } from "../src/server/content/seed";
import { openDatabase } from "../src/server/db/client";
import { parseEnv } from "../src/server/env";

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? 0;
};

export async function benchEngine(rounds = 5): Promise<[string, string, string][]> {
  const root = resolve(import.meta.dirname, "..");
  const questions = (
    YAML.parse(readFileSync(resolve(root, "eval/questions.yaml"), "utf8")) as { question: string }[]
  ).map((q) => q.question);
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    await seedContent(database.db, loadContent(resolve(root, "content")).corpus);
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const engine = createAnswerEngine({ db: database.db, env: parseEnv({ LLM_PROVIDER: "none" }) });
    const t0 = performance.now();
    await engine.warm();
    const buildMs = performance.now() - t0;
    const conversations = readdirSync(resolve(root, "eval"))
      .filter((f) => /^followups-dev\d*\.yaml$/.test(f))
      .flatMap((f) => YAML.parse(readFileSync(resolve(root, "eval", f), "utf8")) as { turns: string[] }[]);
    const first: number[] = [];
    const whole: number[] = [];
    for (let round = 0; round <= rounds; round++) {
      for (const question of questions) {
        const start = performance.now();
        let firstAt = 0;
        for await (const ev of engine.answer({ userId: "", question, history: [] }))
          if (ev.type === "delta" && !firstAt) firstAt = performance.now();
        if (round === 0) continue; // warm-up
        first.push(firstAt - start);
        whole.push(performance.now() - start);
      }
    }
    const followUp: number[] = [];
    for (let round = 0; round <= Math.min(rounds, 2); round++)
      for (const { turns } of conversations) {
        const history: { role: "user" | "assistant"; content: string }[] = [];
        for (const turn of turns.slice(0, -1)) {
          let content = "";
          for await (const ev of engine.answer({ userId: "", question: turn, history: [...history] }))
            if (ev.type === "done") content = ev.content;
          history.push({ role: "user", content: turn }, { role: "assistant", content });
        }
        const start = performance.now();
        for await (const _ of engine.answer({ userId: "", question: turns.at(-1) ?? "", history })) {
          // drain
        }
        if (round > 0) followUp.push(performance.now() - start);
      }
    gc?.();
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
    const n = first.length;
    return [
      ["companion index build (read corpus + BM25F index), once at boot", `${buildMs.toFixed(0)} ms`, "—"],
      [
        `companion, no LLM: first token p50 / p95 (${n} answers)`,
        `${pct(first, 0.5).toFixed(1)} / ${pct(first, 0.95).toFixed(1)} ms`,
        "p95 ≤ 100 ms",
      ],
      [
        `companion, no LLM: whole answer p50 / p95 (${n} answers)`,
        `${pct(whole, 0.5).toFixed(1)} / ${pct(whole, 0.95).toFixed(1)} ms`,
        "p95 ≤ 400 ms",
      ],
      [
        `companion, no LLM: follow-up whole answer p50 / p95 (${followUp.length} answers)`,
        `${pct(followUp, 0.5).toFixed(1)} / ${pct(followUp, 0.95).toFixed(1)} ms`,
        "p95 ≤ 400 ms",
      ],
      [
        "companion: heap held by the warmed engine",
        gc ? `${heapMb.toFixed(1)} MB` : "run node with --expose-gc",
        "idle RSS ≤ 400 MB",
      ],
    ];
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [a, b, c] of await benchEngine()) console.log(`${a.padEnd(70)}  ${b.padEnd(18)}  ${c}`);
}
