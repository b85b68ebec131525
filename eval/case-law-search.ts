/**
 * Case-law search evaluation (issue 12 item 27; decision 051): imports every real opinion of
 * ../shared/data into a fresh PGlite seeded with the official content, runs the doctrine
 * queries of eval/case-law-queries.yaml through `searchOpinions` (the code behind
 * GET /api/case-law/search) and prints, per split (`tune`, `held-out`), the top-3 hit rate: the
 * share of queries whose leading case is among the first three results. Lists every miss with
 * the rank the leading case got (or "—" when it is not in the first 20).
 *
 * `npx tsx eval/case-law-search.ts [--keep <dir>]`: `--keep` reuses a PGlite folder between
 * runs (imports only when it is empty). Needs ../shared/data (or SHARED_DATA_DIR).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { sql } from "drizzle-orm";
import YAML from "yaml";
import { z } from "zod";

const querySchema = z.array(
  z.object({ split: z.enum(["tune", "held-out"]), case: z.string().min(2), q: z.string().min(3) }),
);
export type CaseLawQuery = z.infer<typeof querySchema>[number];

/** The doctrine queries (eval/case-law-queries.yaml), validated. */
export function loadCaseLawQueries(): CaseLawQuery[] {
  return querySchema.parse(YAML.parse(readFileSync(resolve("eval/case-law-queries.yaml"), "utf8")));
}

export interface QueryOutcome extends CaseLawQuery {
  /** 1-based rank of the first result whose name matches `case`, or null beyond the results. */
  rank: number | null;
  top: string[];
}

/** Runs every query through `search` (names of the results, best first) and scores it. */
export async function runCaseLawQueries(
  queries: CaseLawQuery[],
  search: (q: string) => Promise<string[]>,
): Promise<{ outcomes: QueryOutcome[]; hitRate: Record<CaseLawQuery["split"], number> }> {
  const outcomes: QueryOutcome[] = [];
  for (const query of queries) {
    const names = await search(query.q);
    const re = new RegExp(query.case, "i");
    const i = names.findIndex((n) => re.test(n));
    outcomes.push({ ...query, rank: i < 0 ? null : i + 1, top: names.slice(0, 3) });
  }
  const rate = (split: CaseLawQuery["split"]) => {
    const of = outcomes.filter((o) => o.split === split);
    return of.filter((o) => o.rank !== null && o.rank <= 3).length / Math.max(1, of.length);
  };
  return { outcomes, hitRate: { tune: rate("tune"), "held-out": rate("held-out") } };
}

/** The opinion files the case-law test and bench import (casebook cases, not problems). */
export function caseLawFiles(data: string): string[] {
  const walk = (d: string): string[] =>
    readdirSync(d)
      .sort()
      .flatMap((f) => {
        const p = join(d, f);
        return statSync(p).isDirectory() ? walk(p) : /\.md$/.test(f) ? [p] : [];
      });
  return [...walk(join(data, "civpro-casebook-fink/cases")), ...walk(join(data, "conlaw-casebook-gowder"))];
}

async function main() {
  const { loadContent } = await import("../src/server/content/load");
  const { seedContent } = await import("../src/server/content/seed");
  const { openDatabase } = await import("../src/server/db/client");
  const { importOpinions } = await import("../src/server/features/case-law/import.service");
  const { searchOpinions } = await import("../src/server/features/case-law/search.service");
  const data = [process.env.SHARED_DATA_DIR, resolve("../shared/data"), resolve("../../shared/data")].find(
    (p): p is string => !!p && existsSync(join(p, "README.md")),
  );
  if (!data) {
    console.log("skipped: ../shared/data is absent (set SHARED_DATA_DIR)");
    return;
  }
  const args = process.argv.slice(2);
  const keep = args.includes("--keep") ? args[args.indexOf("--keep") + 1] : undefined;
  const database = await openDatabase(keep ? { dataDir: keep } : { dataDir: "memory://" });
  try {
    const n = (
      (await database.db.execute(sql`select count(*)::int as n from opinions`)) as unknown as { rows: { n: number }[] }
    ).rows[0].n;
    if (!n) {
      await seedContent(database.db, loadContent(resolve("content")).corpus);
      const files = caseLawFiles(data).map((f) => ({ name: relative(data, f), content: readFileSync(f) }));
      const r = await importOpinions({ db: database.db, ownerId: null, files });
      console.log(`imported ${r.counts.opinions} opinions from ${files.length} files`);
    }
    const queries = loadCaseLawQueries();
    const { outcomes, hitRate } = await runCaseLawQueries(queries, async (q) =>
      (await searchOpinions({ db: database.db, userId: "eval", q, limit: 20 })).results.map((h) => h.name),
    );
    for (const o of outcomes)
      if (o.rank === null || o.rank > 3)
        console.log(`miss [${o.split}] ${o.case} at ${o.rank ?? "—"}: "${o.q}" → ${o.top.join(" | ")}`);
    for (const split of ["tune", "held-out"] as const) {
      const of = outcomes.filter((o) => o.split === split);
      const hits = of.filter((o) => o.rank !== null && o.rank <= 3).length;
      console.log(`top-3 hit rate, ${split}: ${hits}/${of.length} = ${(hitRate[split] * 100).toFixed(0)} %`);
    }
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
