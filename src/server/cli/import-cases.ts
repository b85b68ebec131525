/**
 * `npm run cli -- import:cases <file or folder> [--subject <id>]` (DESIGN.md §5, issue 5 §2):
 * imports opinions into the shared library. A folder is walked recursively for .md, .markdown,
 * .txt, .html, .htm and .json files (dot-files skipped). Every file that cannot be imported is
 * printed with its reason; the rest still import. Exit code 0 when at least one opinion was
 * imported (or the batch was empty of problems), 1 when nothing could be imported, 2 on usage.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { SUBJECT_IDS } from "../../contract/content";
import { openDatabase } from "../db/client";
import { parseEnv } from "../env";
import { importOpinions } from "../features/case-law/import.service";

const EXTENSIONS = /\.(md|markdown|mdown|mkd|txt|text|html?|json)$/i;

export function collectFiles(path: string): string[] {
  const st = statSync(path);
  if (st.isFile()) return [path];
  return readdirSync(path)
    .filter((f) => !f.startsWith("."))
    .sort()
    .flatMap((f) => {
      const p = join(path, f);
      const s = statSync(p);
      return s.isDirectory() ? collectFiles(p) : EXTENSIONS.test(f) ? [p] : [];
    });
}

/** Where the command writes: stdout/stderr, or any writable (tests). */
export interface Output {
  write(text: string): unknown;
}

export async function importCases(
  args: string[],
  out: Output = process.stdout,
  err: Output = process.stderr,
): Promise<number> {
  const subjectAt = args.indexOf("--subject");
  const subject = subjectAt >= 0 ? args[subjectAt + 1] : undefined;
  const path = args.filter((a, i) => !a.startsWith("--") && !(subjectAt >= 0 && i === subjectAt + 1))[0];
  if (!path || (subject !== undefined && !(SUBJECT_IDS as readonly string[]).includes(subject))) {
    err.write(`usage: npm run cli -- import:cases <file or folder> [--subject ${SUBJECT_IDS.join("|")}]\n`);
    return 2;
  }
  let files: string[];
  try {
    files = collectFiles(resolve(path));
  } catch {
    err.write(`No such file or folder: ${path}\n`);
    return 2;
  }
  const base = statSync(resolve(path)).isDirectory() ? resolve(path) : resolve(path, "..");
  const env = parseEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const report = await importOpinions({
      db: database.db,
      ownerId: null,
      subjectId: subject ?? null,
      files: files.map((f) => ({ name: relative(base, f) || f, content: readFileSync(f) })),
    });
    for (const i of report.imported) {
      out.write(
        `${i.status === "created" ? "added  " : "updated"}  ${i.name}${i.citation ? `, ${i.citation}` : ""}${i.year ? ` (${i.year})` : ""}  ← ${i.files.join(", ")}\n`,
      );
      for (const w of i.warnings) out.write(`         note: ${w}\n`);
    }
    for (const f of report.failed) out.write(`skipped  ${f.file}: ${f.reason}\n`);
    const c = report.counts;
    const perSecond = report.ms ? (c.opinions / (report.ms / 1000)).toFixed(1) : "—";
    out.write(
      `\nImported ${c.opinions} opinion(s) (${c.created} new, ${c.updated} updated) from ${c.files} file(s) in ${(report.ms / 1000).toFixed(1)} s (${perSecond} opinions/s); ${c.failed} file(s) not imported.\n`,
    );
    return c.opinions > 0 || c.failed === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}
