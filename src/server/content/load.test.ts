import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CITATION_PATTERN } from "../../contract/content";
import { checkMinimums, checkTriggers, countContent, loadContent, TRIGGER_MINIMUM } from "./load";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempContent(files: Record<string, string>) {
  const d = mkdtempSync(join(tmpdir(), "lexmate-content-"));
  dirs.push(d);
  cpSync(resolve("content/subjects.yaml"), join(d, "subjects.yaml"));
  for (const [path, text] of Object.entries(files)) {
    const full = join(d, path);
    cpSync(resolve("content/subjects.yaml"), full, { force: true }); // creates the parent folders
    writeFileSync(full, text);
  }
  return d;
}

describe("content loader", () => {
  it("reports the file, the field and the reason", () => {
    const dir = tempContent({
      "torts/briefs/bad.yaml":
        "id: bad-case\nname: X v. Y\ncitation: not a cite\ncourt: C\nyear: 1990\nsubject: torts\ntopics: [torts-x]\nfacts: f\nproceduralHistory: p\nissue: i\nrule: r\nholding: h\nreasoning: ''\ntakeaways: [t]\n",
      "torts/questions/q.yaml":
        "id: qs\nsubject: torts\ntitle: T\nquestions:\n  - id: torts-q-1\n    topic: torts-x\n    difficulty: advanced\n    stem: s\n    call: c\n    choices: {A: a, B: b, C: c, D: d}\n    answer: E\n    explanations: {A: a, B: b, C: c}\n  - id: torts-q-2\n    topic: torts-x\n    difficulty: easy\n    stem: s\n    call: c\n    choices: {A: a, B: b, C: c, D: d}\n    answer: A\n    explanations: {A: a, B: b, C: c, D: d}\n",
      "torts/topics/broken.yaml": "id: [unclosed",
    });
    const { problems } = loadContent(dir);
    const find = (file: string, field: string) => problems.find((p) => p.file === file && p.field === field);
    expect(find("torts/briefs/bad.yaml", "citation")?.reason).toMatch(/reporter citation/);
    expect(find("torts/briefs/bad.yaml", "reasoning")?.reason).toBe("must not be empty");
    expect(find("torts/questions/q.yaml", "questions.0.answer")).toBeDefined();
    expect(find("torts/questions/q.yaml", "questions.0.explanations.D")).toBeDefined();
    expect(find("torts/questions/q.yaml", "questions.1.difficulty")).toBeDefined();
    expect(find("torts/topics/broken.yaml", "(file)")?.reason).toMatch(/not valid YAML/);
  });

  it("loads NextGen multi-select items beside four-choice items, counts them, and refuses a malformed key", () => {
    const q = (id: string, body: string) =>
      `  - id: ${id}\n    topic: torts-x\n    difficulty: intermediate\n    stem: s\n    call: Which TWO are correct?\n${body}`;
    const six =
      "    choices: {A: a, B: b, C: c, D: d, E: e, F: f}\n    explanations: {A: a, B: b, C: c, D: d, E: e, F: f}\n";
    const dir = tempContent({
      "torts/questions/ms.yaml": `id: ms\nsubject: torts\ntitle: T\nquestions:\n${[
        q("torts-ms-1", `${six}    answer: [B, E]\n    skills: [issue-spotting, investigation]\n`),
        q(
          "torts-ms-2",
          "    choices: {A: a, B: b, C: c, D: d}\n    explanations: {A: a, B: b, C: c, D: d}\n    answer: C\n",
        ),
        q("torts-ms-3", `${six}    answer: [B, B]\n`),
        q(
          "torts-ms-4",
          "    choices: {A: a, B: b, C: c, E: e}\n    explanations: {A: a, B: b, C: c, E: e}\n    answer: [A, B]\n",
        ),
        q("torts-ms-5", `${six}    answer: [A, B, C, D, E, F]\n`),
        q("torts-ms-6", `${six}    answer: [B, E]\n    skills: [spelling]\n`),
      ].join("")}`,
    });
    const { corpus, problems } = loadContent(dir);
    const fields = problems.filter((p) => p.file === "torts/questions/ms.yaml").map((p) => p.field);
    expect(fields).toContain("questions.2.answer");
    expect(fields).toContain("questions.3.choices");
    expect(fields).toContain("questions.4.answer");
    expect(fields.some((f) => f.startsWith("questions.5.skills"))).toBe(true);
    expect(fields.some((f) => f.startsWith("questions.0") || f.startsWith("questions.1"))).toBe(false);
    // A file with a bad item is refused whole; the good items alone count.
    const good = tempContent({
      "torts/questions/ms.yaml": `id: ms\nsubject: torts\ntitle: T\nquestions:\n${q("torts-ms-1", `${six}    answer: [B, E]\n`)}${q("torts-ms-2", "    choices: {A: a, B: b, C: c, D: d}\n    explanations: {A: a, B: b, C: c, D: d}\n    answer: C\n")}`,
    });
    const counts = countContent(loadContent(good).corpus);
    expect(counts.totals.questions).toBe(2);
    expect(counts.totals.multi_select).toBe(1);
    expect(counts.subjects.torts.multi_select).toBe(1);
    expect(counts.subjects.contracts.multi_select).toBe(0);
    expect(corpus).toBeDefined();
  });

  it("catches duplicate ids and references that do not resolve", () => {
    const topic = (id: string, extra = "") =>
      `id: ${id}\nsubject: torts\ntitle: T\nsummary: s\nrule: r\nelements: [e]\ntraps: [t]\n${extra}`;
    const dir = tempContent({
      "torts/topics/a.yaml": topic("torts-a", "related: [torts-missing]\ncases: [no-such-case]\n"),
      "torts/topics/b.yaml": topic("torts-a"),
    });
    const reasons = loadContent(dir).problems.map((p) => `${p.file}|${p.field}|${p.reason}`);
    expect(reasons).toContain("topics|id|duplicate id 'torts-a'");
    expect(reasons).toContain("topic torts-a|related|unknown topic id 'torts-missing'");
    expect(reasons).toContain("topic torts-a|cases|unknown case id 'no-such-case'");
  });

  it("counts trigger facts per subject and flags a topic with fewer than three", () => {
    const topic = (id: string, triggers: string[]) =>
      `id: ${id}\nsubject: torts\ntitle: T\nsummary: s\nrule: r\nelements: [e]\ntraps: [t]\ntriggers: ${JSON.stringify(triggers)}\n`;
    const dir = tempContent({
      "torts/topics/a.yaml": topic("torts-a", ["A kid climbs the fence.", "A guest slips.", "A burglar falls."]),
      "torts/topics/b.yaml": topic("torts-b", ["A dog bites."]),
    });
    const { corpus } = loadContent(dir);
    const counts = countContent(corpus).subjects.torts;
    expect(counts.triggers).toBe(4);
    expect(counts.topicsBelowTriggerMinimum).toBe(1);
    expect(checkTriggers(corpus)).toEqual([
      { file: "topic torts-b", field: "triggers", reason: "has 1 trigger fact(s), needs at least 3" },
    ]);
  });

  it("accepts real reporter citations and rejects others", () => {
    for (const ok of [
      "326 U.S. 310",
      "248 N.Y. 339",
      "162 N.E. 99",
      "84 F.3d 1004",
      "24 Cal. 2d 453",
      "9 Ex. 341",
      "2 H. & C. 906",
      "717 F. App'x 468",
    ])
      expect(ok).toMatch(CITATION_PATTERN);
    for (const bad of ["326 US", "Shoe 326", "2014 WL 12345", "No. 12-cv-345", "326 U.S. 310, 316"])
      expect(bad).not.toMatch(CITATION_PATTERN);
  });

  it("accepts the standard English citation forms", () => {
    const english = [
      "[1868] UKHL 1", // Rylands v. Fletcher, BAILII neutral citation
      "[2002] EWCA Civ 1407",
      "[2005] EWHC 123 (QB)",
      "L.R. 3 H.L. 330", // Rylands v. Fletcher in the Law Reports, 1865-1875 series
      "L.R. 3 H.L. 330 (1868)",
      "(1868) L.R. 3 H.L. 330",
      "L.R. 1 Ex. 265",
      "[1961] A.C. 388", // The Wagon Mound (No. 1)
      "[1932] A.C. 562",
      "[1921] 3 K.B. 560", // In re Polemis
      "[1893] 1 Q.B. 256", // Carlill v. Carbolic Smoke Ball Co.
      "[1957] 2 Q.B. 396",
      "(1854) 9 Exch. 341", // Hadley v. Baxendale, nominate report with its year
      "156 Eng. Rep. 145", // ... and in the English Reports reprint
      "29 Eng. Rep. 1186",
      "2 Ch. D. 463",
      "7 Q.B. 742",
    ];
    for (const ok of english) expect(ok).toMatch(CITATION_PATTERN);
  });

  it("still rejects garbage and half-formed English citations", () => {
    const bad = [
      "[1868]", // a year alone
      "[1868] UKHL", // no number
      "[1868] UKXX 1", // not a court of the neutral citation scheme
      "[1961] AC 388", // reporter without its periods
      "[1961] A.C.", // no page
      "[1961] A.C. 388, 392", // pin cite
      "[1961] A.C. 388; 1 All E.R. 404", // parallel citation
      "[61] A.C. 388", // two-digit year
      "[1061] A.C. 388", // impossible year
      "1961 A.C. 388", // year without brackets
      "2 K.B. 740", // volume-per-year report without its year
      "1 A.C. 388",
      "L.R. H.L. 330", // no volume
      "L.R. 3 H.L. 330 1868", // year without brackets
      "(1868) L.R. 3 H.L. 330 (1868)", // the year twice
      "(1854) 9 Exch. 341 (1854)",
      "(1854)",
      "(185) 9 Exch. 341",
      "Rylands v. Fletcher [1868] UKHL 1", // a case name is not a citation
      "[1868] UKHL 1 (Lord Cairns)",
    ];
    for (const b of bad) expect(b).not.toMatch(CITATION_PATTERN);
  });
});

describe("the official corpus (content/)", () => {
  const { corpus, problems } = loadContent(resolve("content"));
  it("has no invalid file and no broken reference", () => {
    expect(problems).toEqual([]);
  });
  it("meets the per-subject minimums of issue 3", () => {
    expect(checkMinimums(countContent(corpus))).toEqual([]);
  });
  it(`gives every topic at least ${TRIGGER_MINIMUM} trigger facts (issue 13 §1)`, () => {
    expect(checkTriggers(corpus)).toEqual([]);
  });
  it("has exactly 8 demo flashcards and one correct choice per question", () => {
    expect(corpus.demoFlashcards).toHaveLength(8);
    for (const s of corpus.questionSets)
      for (const q of s.questions)
        for (const a of Array.isArray(q.answer) ? q.answer : [q.answer]) expect(Object.keys(q.choices)).toContain(a);
  });
});
