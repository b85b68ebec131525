import { readFileSync } from "node:fs";
import YAML from "yaml";
import { classify } from "../src/server/ai/classify";
for (const set of process.argv.slice(2)) {
  const qs = YAML.parse(readFileSync(`/work/wt-companion2/eval/${set}.yaml`, "utf8"));
  const tally: Record<string, number> = {};
  for (const q of qs) {
    if (q.decline || !q.question) continue;
    const k = classify(q.question, null).kind;
    const key = `${q.kind ?? "?"}→${k}`;
    tally[key] = (tally[key] ?? 0) + 1;
    if (process.env.V && q.kind !== k) console.log(key, q.question.split(/\s+/).length, q.question.slice(0, 150));
  }
  console.log(set, tally);
}
