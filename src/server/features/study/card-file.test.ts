import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import { parseCardFile, parseTags, writeCardFile } from "./card-file";

const lineOfError = (text: string) => {
  try {
    parseCardFile(text);
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return { line: ((e as AppError).details as { line: number }).line, message: (e as AppError).message };
  }
  throw new Error("expected a failure");
};

describe("card files", () => {
  it("reads quoted CSV fields with commas, quotes, new lines and Unicode", () => {
    const csv =
      'front,back\n"What is ""consideration""?","A bargained-for exchange,\nof legal value — § 71",contracts\nÉtat,"naïve 中文 ✓",tag_one tag2\n';
    const cards = parseCardFile(csv);
    expect(cards).toEqual([
      {
        question: 'What is "consideration"?',
        answer: "A bargained-for exchange,\nof legal value — § 71",
        tags: ["contracts"],
        line: 2,
      },
      { question: "État", answer: "naïve 中文 ✓", tags: ["tag one", "tag2"], line: 4 },
    ]);
  });

  it("reads TSV with Anki headers and HTML", () => {
    const tsv = "#separator:tab\n#html:true\nQ1<br>line\tA &amp; B\tx\nQ2\tA2\n";
    expect(parseCardFile(tsv)).toEqual([
      { question: "Q1\nline", answer: "A & B", tags: ["x"], line: 3 },
      { question: "Q2", answer: "A2", tags: [], line: 4 },
    ]);
  });

  it("names the physical line of a bad row after multi-line quoted fields", () => {
    const bad = 'a,"multi\nline\nanswer"\nb,ok\nonly-a-front\nc,d\n';
    const e = lineOfError(bad);
    expect(e.line).toBe(5);
    expect(e.message).toBe('Line 5: a card needs a front and a back separated by ",". Nothing was imported.');
  });

  it("reports an unclosed quote and an empty back", () => {
    expect(lineOfError('a,b\nc,"never closed\nd,e\n').line).toBe(2);
    expect(lineOfError("a\tb\nc\t \n").message).toContain("Line 2: the back of the card is empty");
  });

  it("round-trips through export", () => {
    const cards = [{ question: 'He said "hi",\tthen\nleft', answer: "Ünïcødé, 𝔘", tags: ["mailbox rule", "ucc"] }];
    for (const format of ["csv", "tsv"] as const) {
      const back = parseCardFile(writeCardFile(cards, format, true));
      expect(back.map(({ line: _l, ...c }) => c)).toEqual(cards);
    }
  });

  it("splits tags on commas when present, else on spaces", () => {
    expect(parseTags("a, b c,d")).toEqual(["a", "b c", "d"]);
    expect(parseTags("a  b_c")).toEqual(["a", "b c"]);
  });
});

describe("CSV formula injection (issue 12 item 11)", () => {
  const cards = [
    { question: '=cmd|" /C calc"!A0', answer: '=HYPERLINK("http://evil.test","x")', tags: ["t"] },
    { question: "@SUM(1+1)", answer: "+1", tags: [] },
    { question: "-2 is negative", answer: "\tleading tab", tags: [] },
    { question: "Battery", answer: "An intentional harmful or offensive contact", tags: [] },
  ];
  it.each(["csv", "tsv"] as const)(
    "%s: no exported cell starts like a formula, and the file imports back unchanged",
    (format) => {
      const text = writeCardFile(cards, format);
      const d = format === "csv" ? "," : "\t";
      for (const line of text.trim().split("\n")) {
        for (const cell of line.split(d)) expect(cell.replace(/^"/, "")).not.toMatch(/^[=+\-@\r]/);
      }
      const back = parseCardFile(text, { delimiter: d as "," | "\t" });
      expect(back.map((c) => [c.question, c.answer])).toEqual(cards.map((c) => [c.question, c.answer]));
    },
  );
});
