/**
 * `npm run cli -- content:check [dir]`: validates every official content file and prints
 * the counts per subject and kind (with the trigger facts per subject, issue 13 §1) as JSON on
 * stdout. Problems go to stderr as `file: field: reason` lines; the exit code is 1 when there is
 * any (issue 3), including a topic with fewer than 3 trigger facts (checkTriggers).
 */
import { resolve } from "node:path";
import { checkMinimums, checkTriggers, countContent, loadContent } from "../content/load";

export function contentCheck(args: string[]): number {
  const dir = resolve(args[0] ?? "content");
  const { corpus, problems } = loadContent(dir);
  const counts = countContent(corpus);
  const all = [...problems, ...checkMinimums(counts), ...checkTriggers(corpus)];
  process.stdout.write(`${JSON.stringify({ ok: all.length === 0, ...counts }, null, 2)}\n`);
  for (const p of all) process.stderr.write(`${p.file}: ${p.field}: ${p.reason}\n`);
  if (all.length) process.stderr.write(`content:check found ${all.length} problem(s)\n`);
  return all.length ? 1 : 0;
}
