/**
 * Loading NextGen content (decision 076, 079): integrated sets and performance tasks are read,
 * validated, cross-checked (topic ids, unique ids) and counted like the other kinds.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import YAML from "yaml";
import { countContent, loadContent } from "./load";

const SET = "evidence/integrated-sets/evidence-sample-delivery-log.yaml";
const PT = "performance-tasks/pt-sample-security-deposit.yaml";
const TOPICS = ["evidence-business-and-public-records", "evidence-hearsay-within-hearsay"];

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A temp content tree: subjects, the two topics the sample set names, the sample set and task, plus `files`. */
function tree(files: Record<string, string> = {}, skip: string[] = []) {
  const d = mkdtempSync(join(tmpdir(), "lexmate-nextgen-"));
  dirs.push(d);
  const copy = (rel: string) => {
    mkdirSync(dirname(join(d, rel)), { recursive: true });
    cpSync(resolve("content", rel), join(d, rel));
  };
  copy("subjects.yaml");
  for (const t of TOPICS) if (!skip.includes(t)) copy(`evidence/topics/${t}.yaml`);
  copy(SET);
  copy(PT);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(d, rel)), { recursive: true });
    writeFileSync(join(d, rel), text);
  }
  return d;
}
const sample = () => YAML.parse(readFileSync(resolve("content", SET), "utf8"));

describe("NextGen content loader", () => {
  it("loads the sample set and task and counts them per subject, kind and item type", () => {
    const { corpus, problems } = loadContent(tree());
    expect(problems.filter((p) => /integrated|performance/.test(p.file))).toEqual([]);
    const counts = countContent(corpus);
    expect(counts.subjects.evidence.integrated_sets).toBe(1);
    expect(counts.subjects.torts.integrated_sets).toBe(0);
    expect(counts.totals.integrated_sets).toBe(1);
    expect(counts.totals.performance_tasks).toBe(1);
    expect(counts.integrated_items).toEqual({ choice: 1, "multi-select": 1, "short-answer": 1, "medium-answer": 0 });
    expect(counts.performance_task_kinds).toEqual({ objective: 1 });
  });

  it("reports a bad item with its real field, an unknown topic, duplicate ids and a misplaced subject", () => {
    const bad = sample();
    bad.id = "evidence-bad-set";
    bad.items[0].answer = "F"; // no choice F
    bad.items[1].id = "evidence-sample-delivery-log-q3"; // clashes with the written item's id
    bad.items[2].topic = "evidence-no-such-topic";
    delete bad.items[2].rubric;
    const dup = sample(); // same id as the real sample
    const misplaced = { ...sample(), id: "misplaced-set", items: [] };
    const dir = tree({
      "evidence/integrated-sets/bad.yaml": YAML.stringify(bad),
      "evidence/integrated-sets/dup.yaml": YAML.stringify(dup),
      "torts/integrated-sets/misplaced.yaml": YAML.stringify({
        ...misplaced,
        items: sample().items.map((i: { id: string }) => ({ ...i, id: `m-${i.id}` })),
      }),
      "performance-tasks/broken.yaml": "id: [unclosed",
      "performance-tasks/short.yaml": YAML.stringify({
        ...YAML.parse(readFileSync(resolve("content", PT), "utf8")),
        id: "pt-short",
        rubric: [{ point: "only one" }],
      }),
    });
    const got = loadContent(dir).problems.map((p) => `${p.file}|${p.field}|${p.reason}`);
    expect(got).toContain("evidence/integrated-sets/bad.yaml|items.0.answer|names a choice that does not exist");
    expect(got.some((g) => g.startsWith("evidence/integrated-sets/bad.yaml|items.2.rubric|"))).toBe(true);
    expect(got).toContain("integrated sets|id|duplicate id 'evidence-sample-delivery-log'");
    expect(got).toContain("integrated set items|id|duplicate id 'evidence-sample-delivery-log-q1'");
    expect(got).toContain("torts/integrated-sets/misplaced.yaml|subject|is 'evidence' but the file is in torts/");
    expect(got.some((g) => g.startsWith("performance-tasks/broken.yaml|(file)|not valid YAML"))).toBe(true);
    expect(got.some((g) => g.startsWith("performance-tasks/short.yaml|rubric|"))).toBe(true);
  });

  it("reports an item whose topic does not exist", () => {
    const dir = tree({}, ["evidence-hearsay-within-hearsay"]);
    const got = loadContent(dir).problems.map((p) => `${p.file}|${p.field}|${p.reason}`);
    expect(got).toContain(
      "integrated set evidence-sample-delivery-log item evidence-sample-delivery-log-q3|topic|unknown topic id 'evidence-hearsay-within-hearsay'",
    );
  });
});
