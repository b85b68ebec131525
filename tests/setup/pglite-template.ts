/**
 * Vitest global setup (decision 085): on PGlite, migrates and seeds one database with the
 * official content, pricing and official courses, and writes its dump to a temp file whose path
 * goes to the workers in LEXMATE_TEST_PGLITE_TEMPLATE. `startTestServer` starts each server
 * from that dump (about 1.5 s) instead of an empty cluster that it migrates and seeds (about
 * 6 s). Boot still runs every seed step; each finds its work done. On PostgreSQL
 * (DATABASE_URL) it does nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadContent } from "../../src/server/content/load";
import { seedContent } from "../../src/server/content/seed";
import { openDatabase } from "../../src/server/db/client";
import { seedPricing } from "../../src/server/features/billing/pricing.service";
import { seedOfficialCourses } from "../../src/server/features/courses/official-courses";

export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.DATABASE_URL) return undefined;
  const dir = mkdtempSync(join(tmpdir(), "lexmate-template-"));
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    const { corpus, problems } = loadContent(resolve("content"));
    if (problems.length) throw new Error(`official content has problems: ${problems[0]}`);
    await seedContent(database.db, corpus);
    await seedPricing(database.db);
    await seedOfficialCourses(database.db, corpus);
    const dump = await database.dumpDataDir!();
    const file = join(dir, "pglite.tar.gz");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env.LEXMATE_TEST_PGLITE_TEMPLATE = file;
  } finally {
    await database.close();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
