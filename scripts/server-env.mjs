// The environment `npm start` runs the bundled server with, shared with the benches that spawn it
// (bench/run.ts, bench/threads.ts, bench/import-load.ts) so they measure the server as it runs.
//
// MALLOC_MMAP_THRESHOLD_ (glibc; decision 082): allocations of 128 KiB or more get their own
// mapping, returned to the system when freed. Left to itself glibc raises this threshold to the
// size of the largest block freed (up to 32 MiB), so after the case-law import frees a 20 MB file
// buffer, later large blocks come from the heap and stay resident after they are freed. Measured
// on a 15 × 19.5 MB import: RSS growth +135–163 MB → +120 MB, idle RSS 360 → 320 MB. Other C
// libraries ignore the variable. An operator's own value wins.

/** `env` with the server's defaults added (values already set are kept). */
export function serverEnv(env = process.env) {
  return { MALLOC_MMAP_THRESHOLD_: "131072", ...env };
}
