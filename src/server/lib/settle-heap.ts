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

/**
 * Runs three full collections, one per turn of the event loop so requests are served between
 * them; resolves with the RSS before and after (MB) and the longest pause (ms), or null when
 * collection cannot be requested.
 */
export async function settleHeap(): Promise<{ beforeMb: number; afterMb: number; longestPauseMs: number } | null> {
  const before = process.memoryUsage.rss();
  let gc: (() => void) | undefined;
  try {
    setFlagsFromString("--expose-gc");
    gc = runInNewContext("gc") as (() => void) | undefined;
  } catch {
    return null;
  }
  if (typeof gc !== "function") return null;
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
