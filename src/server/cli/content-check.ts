/**
 * `npm run cli -- content:check [dir] [--db]`: validates every official content file and prints
 * the counts per subject and kind (with the trigger facts per subject, issue 13 §1) as JSON on
 * stdout. Problems go to stderr as `file: field: reason` lines; the exit code is 1 when there is
 * any (issue 3), including a topic with fewer than 3 trigger facts (checkTriggers).
 *
 * `--db` also opens the configured database (DATABASE_URL, or the PGlite data in DATA_DIR: stop
 * a PGlite server first) and lists the admin edits that override the files (decision 067) under
 * `overrides`: kind, id, the file holding the item (null when the files no longer have it), the
 * fields the edit sets, whether it retires the item, and the admin's reason. An override is a
 * note, not a problem: it does not change the exit code.
 */
import { join, relative, resolve } from "node:path";
import { type Corpus, checkMinimums, checkTriggers, countContent, loadContent } from "../content/load";
import type { DbOrTx } from "../db/client";
import { contentOverrides } from "../db/schema";

export async function contentCheck(args: string[]): Promise<number> {
  const withDb = args.includes("--db");
  const dir = resolve(args.find((a) => !a.startsWith("--")) ?? "content");
  const { corpus, problems } = loadContent(dir);
  const counts = countContent(corpus);
  const all = [...problems, ...checkMinimums(counts), ...checkTriggers(corpus)];
  const overrides = withDb ? await listOverrides(dir, corpus) : undefined;
  process.stdout.write(
    `${JSON.stringify({ ok: all.length === 0, ...counts, ...(overrides ? { overrides } : {}) }, null, 2)}\n`,
  );
  for (const p of all) process.stderr.write(`${p.file}: ${p.field}: ${p.reason}\n`);
  for (const o of overrides ?? [])
    process.stderr.write(
      `${o.file ?? "(not in the files)"}: ${o.kind} ${o.id}: ${o.retired ? "retired" : `edited (${Object.keys(o.fields).join(", ")})`} by an administrator: ${o.reason}\n`,
    );
  if (all.length) process.stderr.write(`content:check found ${all.length} problem(s)\n`);
  return all.length ? 1 : 0;
}

async function listOverrides(dir: string, corpus: Corpus) {
  const [{ openDatabase }, { parseEnv }] = await Promise.all([import("../db/client"), import("../env")]);
  const env = parseEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    return await overridesReport(database.db, dir, corpus);
  } finally {
    await database.close();
  }
}

/** The admin overrides of official content, each with the content file that holds its item. */
export async function overridesReport(db: DbOrTx, dir: string, corpus: Corpus) {
  const rows = await db.select().from(contentOverrides).orderBy(contentOverrides.kind, contentOverrides.itemId);
  const fileOf = (kind: string, id: string) => {
    const holder =
      kind === "flashcard"
        ? corpus.decks.find((d) => d.cards.some((c) => c.id === id))
        : corpus.questionSets.find((s) => s.questions.some((q) => q.id === id));
    if (!holder) return null;
    return relative(dir, join(dir, holder.subject, kind === "flashcard" ? "decks" : "questions", `${holder.id}.yaml`));
  };
  return rows.map((r) => ({
    kind: r.kind,
    id: r.itemId,
    file: fileOf(r.kind, r.itemId),
    fields: r.fields,
    retired: r.retired,
    reason: r.reason,
    updatedAt: r.updatedAt.toISOString(),
  }));
}
