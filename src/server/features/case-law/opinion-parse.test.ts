/**
 * The opinion parser on small inputs written for the test (the real corpus is imported in
 * tests/integration/case-law-import.test.ts): formats, front matter, captions, Liquid tags,
 * citations and the reasons a file is refused.
 */
import { describe, expect, it } from "vitest";
import { cleanParty, nameFromCaption } from "./case-name";
import { citeKey, findCitations, parseCitation, usReportsYear } from "./citations";
import { expandCourt } from "./courts";
import { mergeBodies, toPassages } from "./merge";
import { parseOpinionFile } from "./opinion-file";
import { displayCitation } from "./opinion-parse";
import { stripLiquid } from "./opinion-text";

const filler = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `The court considered argument number ${i} about the question presented and found it wanting.`,
  ).join(" ");
const enc = (s: string) => new TextEncoder().encode(s);

describe("citations", () => {
  it.each([
    ["302 F.Supp.3d 312", "302 F. Supp. 3d 312"],
    ["717 Fed.Appx. 468", "717 F. App'x 468"],
    ["556 US 662", "556 U.S. 662"],
    ["136 S.Ct. 2292", "136 S. Ct. 2292"],
    ["9 Wheat. 1", "9 Wheat. 1"],
  ])("writes %s as %s", (raw, canonical) => {
    const c = parseCitation(raw);
    expect(c && `${c.volume} ${c.reporter} ${c.page}`).toBe(canonical);
  });
  it("gives differently written citations of one case one key", () => {
    expect(citeKey({ citation: "302 F.Supp.3d 312", name: "a", year: null })).toBe(
      citeKey({ citation: "302 F. Supp. 3d 312", name: "b", year: 2018 }),
    );
  });
  it("keys docket numbers with the decision date, so two orders in one case stay apart", () => {
    const a = citeKey({ citation: "3:17CV228, slip op.", name: "X v. Y", year: 2017, decided: "2017-07-10" });
    const b = citeKey({ citation: "No. 3:17CV228", name: "X v. Y", year: 2017, decided: "2017-10-10" });
    expect(a).not.toBe(b);
    expect(a).toBe("docket:3:17CV228:2017-07-10");
  });
  it("finds reporter citations in running text but not statutes", () => {
    expect(
      findCitations("See Erie R. Co. v. Tompkins, 304 U.S. 64 (1938); 28 U.S.C. § 1332.").map((c) => c.page),
    ).toEqual([64]);
  });
  it("estimates the decade of a U.S. Reports volume", () => {
    expect(usReportsYear(356)).toBe(1958);
    expect(Math.abs((usReportsYear(326) ?? 0) - 1945)).toBeLessThanOrEqual(1);
  });
});

describe("case names from captions", () => {
  it.each([
    ["William Jefferson CLINTON, Petitioner, v. Paula Corbin JONES.", "Clinton v. Jones"],
    ["WICKARD, Secretary of Agriculture, et al. v. FILBURN.", "Wickard v. Filburn"],
    ["UNITED STATES, Petitioner v. Alfonso LOPEZ, Jr.", "United States v. Lopez"],
    ["C & A CARBONE, INC., et al. v. TOWN OF CLARKSTOWN, NEW YORK", "C & A Carbone, Inc. v. Town of Clarkstown"],
    [
      "YOUNGSTOWN SHEET & TUBE CO. et al. v. SAWYER. SAWYER v. YOUNGSTOWN SHEET & TUBE CO. et al.",
      "Youngstown Sheet & Tube Co. v. Sawyer",
    ],
    ["R.A.V., Petitioner, v. CITY OF ST. PAUL, MINNESOTA.", "R.A.V. v. City of St. Paul"],
  ])("%s → %s", (caption, name) => {
    expect(nameFromCaption(caption)).toBe(name);
  });
  it("keeps McCulloch's capitals", () => {
    expect(cleanParty("McCULLOCH")).toBe("McCulloch");
  });
});

describe("courts", () => {
  it.each([
    ["2d Cir.", "United States Court of Appeals for the Second Circuit"],
    ["N.D. Ohio", "United States District Court for the Northern District of Ohio"],
    ["D. Mass", "United States District Court for the District of Massachusetts"],
    ["D.D.C.", "United States District Court for the District of Columbia"],
    ["Court of Appeals of New York", "Court of Appeals of New York"],
  ])("%s → %s", (abbr, full) => expect(expandCourt(abbr)).toBe(full));
});

describe("parseOpinionFile", () => {
  it("reads Markdown with front matter, strips Liquid margin notes and keeps the court's text", () => {
    const md = `---\ntitle: 'Smith v. Jones Co.'\ncite: '123 F.3d 456'\njurisdiction: '2d Cir.'\npublished: '1999'\ncourse: Civil Procedure\n---\n\nThe plaintiff sued {% marginnote "m1" "Editor: this is a **margin note**." %} in federal court. ${filler(8)}`;
    const r = parseOpinionFile("smith.md", enc(md));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const o = r.opinions[0];
    expect(o).toMatchObject({
      name: "Smith v. Jones Co.",
      citation: "123 F.3d 456",
      court: "United States Court of Appeals for the Second Circuit",
      year: 1999,
      subjectHint: "Civil Procedure",
      nameFromMetadata: true,
    });
    expect(o.text).toContain("The plaintiff sued in federal court.");
    expect(o.text).not.toContain("margin note");
    expect(o.body).not.toContain("{%");
  });

  it("finds name, citation, court and date in a reporter caption without front matter", () => {
    const txt = `317 U.S. 111\n\n63 S.Ct. 82\n\nWICKARD, Secretary of Agriculture, et al.\nv.\nFILBURN.\n\nNo. 59.\n\nArgued May 4, 1942.\n\nDecided Nov. 9, 1942.\n\n${filler(10)}`;
    const r = parseOpinionFile("wickard.txt", enc(txt));
    expect(r.ok && r.opinions[0]).toMatchObject({
      name: "Wickard v. Filburn",
      citation: "317 U.S. 111",
      court: "Supreme Court of the United States",
      year: 1942,
      decidedOn: "1942-11-09",
      nameFromMetadata: false,
    });
  });

  it("flags a front-matter year that cannot match the U.S. Reports volume", () => {
    const md = `---\ntitle: 'Byrd v. Blue Ridge'\ncite: '356 U.S. 525'\npublished: '2014'\n---\n\n${filler(10)}`;
    const r = parseOpinionFile("byrd.md", enc(md));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.opinions[0].year).toBeNull();
    expect(r.opinions[0].warnings.join(" ")).toMatch(/2014 cannot be right for 356 U.S. 525/);
  });

  it("reads CourtListener v4 opinion JSON with an expanded cluster and prefers html_with_citations", () => {
    const json = JSON.stringify({
      id: 1,
      type: "010combined",
      plain_text: "",
      html_with_citations: `<p>Opinion of the Court.</p><p>${filler(10)}</p><p>We hold that the &quot;rule&quot; applies.</p>`,
      cluster: {
        case_name: "Doe v. Roe",
        citations: [{ volume: 5, reporter: "F.4th", page: 77 }],
        date_filed: "2021-03-04",
        docket: { court_id: "ca9" },
      },
    });
    const r = parseOpinionFile("doe.json", enc(json));
    expect(r.ok && r.opinions[0]).toMatchObject({
      name: "Doe v. Roe",
      citation: "5 F.4th 77",
      court: "United States Court of Appeals for the Ninth Circuit",
      year: 2021,
      decidedOn: "2021-03-04",
      sourceFormat: "courtlistener",
    });
    if (r.ok) expect(r.opinions[0].text).toContain('We hold that the "rule" applies.');
  });

  it("refuses a CourtListener search response, naming what to import instead", () => {
    const r = parseOpinionFile("search.json", enc(JSON.stringify({ count: 1, results: [{ caseName: "A v. B" }] })));
    expect(r).toEqual({ ok: false, reason: expect.stringMatching(/search response.*opinions\/\{id\}/) });
  });

  it.each([
    [
      "notes.md",
      "# Justiciability\n\nThe five doctrines are advisory opinions, standing and so on.",
      /no case name found/,
    ],
    ["exam.md", `---\ntitle: Practice Exam\ndate: 2020-08-12\n---\n\n${filler(10)}`, /not a case name/],
    ["short.md", "# A v. B\n\n5 U.S. 1 (1801)\n\nToo short.", /too short/],
    ["brief.pdf", "%PDF-1.4", /unsupported file type '.pdf'/],
    ["bad.md", "---\ntitle: [unclosed\n---\ntext", /front matter is not valid YAML/],
    ["bad.json", "{nope", /not valid JSON/],
  ])("refuses %s with a reason", (name, content, reason) => {
    const r = parseOpinionFile(name, enc(content));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });

  it("refuses binary and non-UTF-8 files", () => {
    expect(parseOpinionFile("x.txt", new Uint8Array([0x41, 0, 0x42]))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/binary/),
    });
    expect(parseOpinionFile("x.txt", new Uint8Array([0xff, 0xfe, 0x41]))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/UTF-8/),
    });
  });
});

describe("text helpers", () => {
  it("strips Liquid tags that span lines and comment blocks with their content", () => {
    expect(
      stripLiquid('a{% marginnote "x"\n "two\nlines" %}b{% comment %}hidden{% endcomment %}c{{ page.title }}d'),
    ).toBe("abcd");
  });
  it("merges two excerpts of one opinion in order, without doubling a near-copy", () => {
    const intro =
      "The appellant argues that the district court erred when it dismissed the counterclaims for want of jurisdiction over them.";
    const a = `${intro}\n\nPart I, only in the first and longer excerpt.\n\nConclusion shared.`;
    const b = `${intro}\n\nPart II, only in the second.\n\nConclusion shared.`;
    expect(mergeBodies(b, a).split("\n\n")).toEqual([
      intro,
      "Part I, only in the first and longer excerpt.",
      "Part II, only in the second.",
      "Conclusion shared.",
    ]);
    const edited = `${intro.replace("district court", "trial court")}\n\nConclusion shared.`;
    expect(mergeBodies(a, edited).split("\n\n")).toEqual(a.split("\n\n"));
  });
  it("cuts passages near the target length on paragraph and sentence boundaries", () => {
    const passages = toPassages(`${filler(30)}\n\n${filler(2)}`, 500);
    expect(passages.length).toBeGreaterThan(3);
    for (const p of passages) expect(p.length).toBeLessThanOrEqual(1100);
    expect(passages.join(" ").replace(/\s+/g, " ")).toBe(`${filler(30)} ${filler(2)}`.replace(/\s+/g, " "));
  });
});

describe("displayCitation (issue 12 item 16)", () => {
  it.each([
    ["173 U.S. 273 (1999)", "173 U.S. 273"],
    ["326 U.S. 310 (1945)", "326 U.S. 310"],
    ["539 F.3d 1062 (9th Cir. 2008)", "539 F.3d 1062"],
    ["No. 20-724", "No. 20-724"],
    ["Docket No. 12-345", "No. 12-345"],
  ])("%s → %s", (raw, shown) => {
    expect(displayCitation(raw)).toBe(shown);
  });
});
