import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import YAML from "yaml";
import { loadContent } from "../src/server/content/load";
import { seedContent } from "../src/server/content/seed";
import { openDatabase } from "../src/server/db/client";
import { IndexCache } from "../src/server/ai/index-cache";
import { prepare } from "../src/server/ai/prepare";
import { exampleVotes } from "../src/server/ai/retrieve";
const root = resolve(import.meta.dirname, "..");
const database = await openDatabase({ dataDir: "memory://" });
const { corpus } = loadContent(resolve(root, "content"));
await seedContent(database.db, corpus);
const cache = new IndexCache(database.db);
const sets = process.argv.slice(2);
for (const set of sets) {
  const qs = YAML.parse(readFileSync(resolve(root, `eval/${set}.yaml`), "utf8"));
  for (const q of qs) {
    const question = q.question ?? q.turns.at(-1);
    const p = await prepare({ cache, db: database.db, input: { userId: "", question, history: [] } });
    const v = [...exampleVotes(p.index, p.query)].sort((a, b) => b[1].vote - a[1].vote).slice(0, 3);
    const ok = (q.expect ?? []).some((e: string) => p.hits.slice(0, 3).some((h) => h.doc.id === e));
    console.log(
      `${q.id}\t${ok ? "OK" : "--"}\trel=${p.relevance.toFixed(2)}\tkind=${p.classification.kind}\tvotes=${v.map(([id, x]) => `${id}:${x.vote.toFixed(2)}/${x.coverage.toFixed(2)}`).join(" ")}\thits=${p.hits.slice(0, 3).map((h) => `${h.doc.id}:${h.relevance.toFixed(2)}`).join(" ")}`,
    );
  }
}
await database.close();
