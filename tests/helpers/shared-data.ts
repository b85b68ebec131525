/**
 * The real legal material in ../shared/data (never copied into the repository). Tests that
 * read it skip with a clear message when it is absent (a fresh clone has no ../shared).
 * SHARED_DATA_DIR overrides the location; otherwise the folder beside the checkout is used
 * (or the one beside a worktree's parent).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

export const SHARED_DATA_DIR: string | null =
  [process.env.SHARED_DATA_DIR, resolve("../shared/data"), resolve("../../shared/data")].find(
    (p): p is string => !!p && existsSync(join(p, "README.md")),
  ) ?? null;

export const SKIP_MESSAGE =
  "skipped: ../shared/data is absent (set SHARED_DATA_DIR to the folder of real opinions to run this test)";

/** Files under `dir` (relative to the shared data folder), recursively, sorted. */
export function sharedFiles(dir: string, ext = /\.md$/): string[] {
  if (!SHARED_DATA_DIR) return [];
  const walk = (d: string): string[] =>
    readdirSync(d)
      .sort()
      .flatMap((f) => {
        const p = join(d, f);
        return statSync(p).isDirectory() ? walk(p) : ext.test(f) ? [p] : [];
      });
  return walk(join(SHARED_DATA_DIR, dir));
}
