/**
 * `settleHeap`: one full garbage collection once the server has booted and warmed up (DESIGN.md
 * §6, server resident memory at idle ≤ 400 MB, goal ≤ 300 MB; issue 12 item 1).
 *
 * Measured on the bundled server with PGlite (warm start, load ≈ 5–13): 3 s after the first 200
 * the process held 435 MB, of which the V8 heap was 225 MB but only ≈ 65–100 MB of it live (heap
 * snapshot: the answer engine's index, the modules' code, sessions); the rest was garbage of the
 * boot itself — the official content parsed from YAML to compute its hash, the seed's rows, the
 * index build's intermediates — promoted to the old generation while it was still in use. V8's
 * memory reducer collects it only after the process has been idle for about a minute (RSS then
 * fell to 303 MB by itself). Collecting it once, right after the warm-up, brings the idle figure
 * there at once. Nothing is unloaded: the index stays built, so the first answer is as fast.
 *
 * Node exposes no collection call without `--expose-gc`; the flag is set at run time and `gc` is
 * taken from a fresh context, as jest's leak detector does. Costs three full mark-compacts of the
 * live heap (≈ 100 MB), once, after "Lexmate is ready" and the warm-up, each its own pause
 * (measured 100–250 ms each on this 2-core machine at load 5–13).
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** This thread's `gc`, taken once (undefined: not looked up yet; null: cannot be had). */
let exposed: (() => void) | null | undefined;

/** `gc` of a fresh context (`--expose-gc` set at run time), or null where it cannot be had. */
function exposedGc(): (() => void) | null {
  if (exposed !== undefined) return exposed;
  try {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as (() => void) | undefined;
    exposed = typeof gc === "function" ? gc : null;
  } catch {
    exposed = null;
  }
  return exposed;
}

/**
 * One full collection now, on the calling thread; false where it cannot be requested. For the
 * parse worker (parse-worker.ts), whose pauses keep no request waiting: after a build, the
 * parse's intermediates (≈ 100 MB for a 20 MB opinion) are garbage while the worker holds the
 * opinions until they are written, and V8 would keep them up to its 256 MB heap cap.
 */
export function collectNow(): boolean {
  const gc = exposedGc();
  if (!gc) return false;
  gc();
  return true;
}

/**
 * V8's heap growing percent in the server process (decision 074 §6): the next major collection
 * starts once the old generation is this much above what the last one left live.
 */
export const HEAP_GROWING_PERCENT = 50;

/** Set by `tightenHeapGrowth`: this is the server process (main.ts), not a test or the CLI. */
let tuned = false;

/**
 * Makes V8 start its major collections sooner (DESIGN.md §6 "the largest allowed upload: RSS
 * growth ≤ 150 MB; /api/health p99 ≤ 100 ms meanwhile"; issue 12 item 1). Called once at boot,
 * before `settleHeap`'s collections, so the limit they set is already the tight one.
 *
 * V8 lets the old generation grow to ≈ 1.5–3× its live size after each major collection before it
 * starts the next one: with ≈ 120 MB live, the case-law writer's garbage (each text part and
 * passage batch as it arrives from the parse worker, and its copies on the way to PGlite, ≈ 75 MB
 * per 20 MB opinion) piled up to ≈ 430 MB of heap, collected in one pause of up to 436 ms.
 * `--heap-growing-percent=N` (read each time V8 sets the next limit) makes the limit
 * live × (1 + N/100): with 50, a collection starts after ≈ 60 MB of garbage (measured on a
 * 15 × 19.5 MB import: RSS growth +230 MB instead of +503 MB, major pauses ≤ 137 ms and 1.4 s in
 * all instead of 2.4 s). 25 held RSS lower (+187 MB) but collected 145 times (6.5 s of pauses, health
 * p99 164 ms); a forced `gc({execution: "async"})` every N MB written runs in Node 20 as one full
 * stop-the-world collection (100–320 ms at load 13). Answers false where the flag cannot be set.
 */
export function tightenHeapGrowth(percent = HEAP_GROWING_PERCENT): boolean {
  try {
    setFlagsFromString(`--heap-growing-percent=${percent}`);
    tuned = true;
    return true;
  } catch {
    return false;
  }
}

/**
 * One full collection of the main thread's heap between two long tasks (decision 082), in the
 * server process only (after `tightenHeapGrowth`; a no-op in tests and the CLI, which share or
 * do not need it). The case-law import calls it after each opinion is written and before the
 * parse worker starts the next: the writer's garbage (up to ≈ 60–90 MB over the live heap, the
 * 50 % headroom above) is then freed before the worker's parse adds its own ≈ 100 MB, instead of
 * both peaking at once. One full pause of the main thread per opinion (not timed on its own; the
 * health figures of the decision include it: p99 60–71 ms during the job). Answers whether a
 * collection ran.
 */
export function collectBetweenTasks(): boolean {
  return tuned && collectNow();
}

/** The heap growing percent while a long write runs (`withTightHeap`, decision 082). */
export const WRITE_HEAP_GROWING_PERCENT = 25;
/** Long writes running now (`withTightHeap`). */
let tightWrites = 0;

/**
 * Runs `task` with V8's heap growing percent at `WRITE_HEAP_GROWING_PERCENT` (decision 082), in
 * the server process only (after `tightenHeapGrowth`; elsewhere it just runs `task`); the usual
 * `HEAP_GROWING_PERCENT` comes back when the last such task ends. For the case-law import: its
 * writes make garbage at ≈ 40 MB a second, which the usual 50 % headroom let pile up to ≈ 60 MB
 * over the live heap. More, shorter collections during the job instead.
 */
export async function withTightHeap<T>(task: () => Promise<T>): Promise<T> {
  if (!tuned) return task();
  if (tightWrites++ === 0) tightenHeapGrowth(WRITE_HEAP_GROWING_PERCENT);
  try {
    return await task();
  } finally {
    if (--tightWrites === 0) tightenHeapGrowth();
  }
}

/**
 * Runs three full collections, one per turn of the event loop so requests are served between
 * them; resolves with the RSS before and after (MB) and the longest pause (ms), or null when
 * collection cannot be requested.
 */
export async function settleHeap(): Promise<{ beforeMb: number; afterMb: number; longestPauseMs: number } | null> {
  const before = process.memoryUsage.rss();
  const gc = exposedGc();
  if (!gc) return null;
  // The first full collection frees the garbage but keeps its pages pooled; the next ones give
  // the empty pages back to the system (measured: heap 195 → 97 MB used, RSS 419 → 330 MB).
  // (An options object such as {type: "major"} made in this context is not read by the other
  // context's gc, which then runs a minor collection only.)
  let longest = 0;
  for (let i = 0; i < 3; i++) {
    if (i) await new Promise((r) => setTimeout(r, 50));
    const t0 = performance.now();
    gc();
    longest = Math.max(longest, performance.now() - t0);
  }
  return {
    beforeMb: Math.round(before / 1048576),
    afterMb: Math.round(process.memoryUsage.rss() / 1048576),
    longestPauseMs: Math.round(longest),
  };
}
