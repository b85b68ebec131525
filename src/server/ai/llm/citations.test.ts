import { describe, expect, it } from "vitest";
import { trimHistory } from "./prompt";
import { durationPhrase, toLlmError } from "./provider";
import {
  caseNamesIn,
  impossibleCitations,
  invalidMarkerNotes,
  MarkerFilter,
  tidy,
  unverifiedCaseNames,
} from "./citations";

describe("MarkerFilter", () => {
  it("holds a marker split across deltas until it can judge it", () => {
    const f = new MarkerFilter(new Set([1, 2]));
    const out =
      ["Survives death [", "1", "] and ", "[1", "2] ends [2", ", 5]."].map((d) => f.push(d)).join("") + f.flush();
    // Issue 13 §7: an invalid marker leaves a visible note, never silence.
    expect(out).toBe(
      "Survives death [1] and  (unverified: there is no source 12) ends [2] (unverified: there is no source 5).",
    );
    expect(tidy(out)).toBe(
      "Survives death [1] and (unverified: there is no source 12) ends [2] (unverified: there is no source 5).",
    );
    expect(f.removed).toEqual([12, 5]);
    expect([...f.used].sort()).toEqual([1, 2]);
  });
  it("lets brackets that are not markers through", () => {
    const f = new MarkerFilter(new Set([1]));
    expect(f.push("He said [sic] it [a]") + f.push(" — [1]") + f.flush()).toBe("He said [sic] it [a] — [1]");
  });
});

describe("issue 13 §7: markers, years and turns", () => {
  it("keeps a bracketed year in a real citation, in the stream and split across deltas", () => {
    const f = new MarkerFilter(new Set([1, 2, 3, 4, 5]));
    const out = ["Carlill v. Carbolic Smoke Ball Co. [", "18", "93] 1 Q.B. 256 held so [1]."]
      .map((d) => f.push(d))
      .join("");
    expect(out + f.flush()).toBe("Carlill v. Carbolic Smoke Ball Co. [1893] 1 Q.B. 256 held so [1].");
    expect(f.removed).toEqual([]);
  });
  it("marks a sentence citing a source that does not exist instead of dropping the marker silently", () => {
    const f = new MarkerFilter(new Set([1, 2, 3, 4, 5]));
    const out = tidy(f.push("An invented claim [2][7]. A real one [1].") + f.flush());
    expect(out).toBe("An invented claim [2] (unverified: there is no source 7). A real one [1].");
    expect(invalidMarkerNotes(out)).toEqual(["(unverified: there is no source 7)"]);
    expect(f.removed).toEqual([7]);
  });
  it("flags reporter citations dated after the current year, not real ones", () => {
    const text =
      "See Smith v. Jones, 123 F.4th 456 (9th Cir. 2031); Palsgraf v. Long Island R.R. Co., 248 N.Y. 339 (1928); Carlill [1893] 1 Q.B. 256; Doe [2040] 2 A.C. 10.";
    expect(impossibleCitations(text, 2026)).toEqual(["123 F.4th 456 (9th Cir. 2031)", "[2040] 2 A.C. 10"]);
  });
  it("keeps a bracketed year in the history sent to the model, stripping only markers", () => {
    const sent = trimHistory([
      { role: "user", content: "What did Carlill hold?" },
      { role: "assistant", content: "In Carlill [1893] 1 Q.B. 256 the offer was accepted by performance [1]." },
    ]);
    expect(sent[1].content).toBe("In Carlill [1893] 1 Q.B. 256 the offer was accepted by performance.");
  });
  it("never sends two user turns in a row after a failed answer", () => {
    const sent = trimHistory([
      { role: "user", content: "What is hearsay?" },
      { role: "assistant", content: "An out-of-court statement [1]." },
      { role: "user", content: "What about the exceptions? (its answer failed)" },
    ]);
    expect(sent.map((m) => m.role)).toEqual(["user", "assistant"]);
    const failedTwice = trimHistory([
      { role: "user", content: "First (failed)" },
      { role: "user", content: "Second" },
      { role: "assistant", content: "An answer." },
    ]);
    expect(failedTwice.map((m) => m.content)).toEqual(["Second", "An answer."]);
  });
});

describe("case names", () => {
  it("finds 'A v. B' and 'In re A', without the words that lead into them", () => {
    expect(
      caseNamesIn(
        "In Palsgraf v. Long Island R.R. Co., the court held; see also Marbury v. Madison. In re Gault applies.",
      ),
    ).toEqual(["Palsgraf v. Long Island R.R. Co.", "Marbury v. Madison", "In re Gault"]);
  });
  // Signals and sentence words before a name are not part of it; real multi-word parties stay whole.
  it.each([
    ["Compare Smith v. Jones, 1 U.S. 1 (1800), with Doe v. Roe.", ["Smith v. Jones", "Doe v. Roe"]],
    ["See Smith v. Jones.", ["Smith v. Jones"]],
    ["See also Smith v. Jones.", ["Smith v. Jones"]],
    ["The rule is settled; see also Smith v. Jones.", ["Smith v. Jones"]],
    ["Cf. Smith v. Jones.", ["Smith v. Jones"]],
    ["The rule differs. But see Smith v. Jones.", ["Smith v. Jones"]],
    ["But cf. Smith v. Jones.", ["Smith v. Jones"]],
    ["Accord Smith v. Jones.", ["Smith v. Jones"]],
    ["Contra Smith v. Jones.", ["Smith v. Jones"]],
    ["E.g., Smith v. Jones.", ["Smith v. Jones"]],
    ["E.g. Smith v. Jones.", ["Smith v. Jones"]],
    ["In Smith v. Jones, the court held so.", ["Smith v. Jones"]],
    ["Under Smith v. Jones, the duty runs to all.", ["Smith v. Jones"]],
    ["Following Smith v. Jones, courts agree.", ["Smith v. Jones"]],
    ["Applying Smith v. Jones, the court held so.", ["Smith v. Jones"]],
    ["Unlike Smith v. Jones, this case is easy.", ["Smith v. Jones"]],
    ["Like Smith v. Jones, this case is easy.", ["Smith v. Jones"]],
    ["Per Smith v. Jones, the duty runs to all.", ["Smith v. Jones"]],
    ["After Smith v. Jones, the rule changed.", ["Smith v. Jones"]],
    ["Before Smith v. Jones, the rule was different.", ["Smith v. Jones"]],
    ["As in Smith v. Jones, the claim fails.", ["Smith v. Jones"]],
    ["Here Smith v. Jones controls.", ["Smith v. Jones"]],
    ["Thus Smith v. Jones controls.", ["Smith v. Jones"]],
    ["Notably Smith v. Jones left it open.", ["Smith v. Jones"]],
    ["Consider Brown v. Board of Education.", ["Brown v. Board of Education"]],
    ["Is Smith v. Jones still good law?", ["Smith v. Jones"]],
    ["This Smith v. Jones line of cases is narrow.", ["Smith v. Jones"]],
    ["Both Smith v. Jones and Doe v. Roe agree.", ["Smith v. Jones", "Doe v. Roe"]],
    ["Citing Smith v. Jones, the court declined.", ["Smith v. Jones"]],
    ["The standard is strict.\n\n### Cases\nSmith v. Jones sets it.", ["Smith v. Jones"]],
    ["United States v. Lopez limits the Commerce Clause.", ["United States v. Lopez"]],
    ["In United States v. Lopez, the Court struck the Act down.", ["United States v. Lopez"]],
    ["New York Times Co. v. Sullivan requires actual malice.", ["New York Times Co. v. Sullivan"]],
    ["See New York Times Co. v. Sullivan.", ["New York Times Co. v. Sullivan"]],
    ["International Shoe Co. v. Washington sets the test.", ["International Shoe Co. v. Washington"]],
    ["Under International Shoe Co. v. Washington, contacts matter.", ["International Shoe Co. v. Washington"]],
    ["Palsgraf v. Long Island R.R. Co. limits duty.", ["Palsgraf v. Long Island R.R. Co."]],
    ["Compare Palsgraf v. Long Island R.R. Co. with later cases.", ["Palsgraf v. Long Island R.R. Co."]],
    ["In re Winship requires proof beyond a reasonable doubt.", ["In re Winship"]],
    ["See In re Winship.", ["In re Winship"]],
    ["Ex parte Young allows suits against state officers.", ["Ex parte Young"]],
    ["Cf. Ex parte Young.", ["Ex parte Young"]],
    ["Reading Co. v. Brown is about railroads.", ["Reading Co. v. Brown"]],
    ["Contra Costa County v. Jones is a county case.", ["Contra Costa County v. Jones"]],
    ["Beverly Hills Bancorp v. Hine is about banks.", ["Beverly Hills Bancorp v. Hine"]],
    ["First National Bank v. Bellotti protects corporate speech.", ["First National Bank v. Bellotti"]],
    ["A Quantity of Books v. Kansas concerns seizures.", ["A Quantity of Books v. Kansas"]],
    ["Loving v. Virginia struck the ban down.", ["Loving v. Virginia"]],
    ["See ProCD, Inc. v. Zeidenberg, on shrinkwrap licences.", ["ProCD, Inc. v. Zeidenberg"]],
    ["Gertz v. Robert Welch, Inc. limits Sullivan.", ["Gertz v. Robert Welch, Inc."]],
    [
      "Shady Grove Orthopedic Associates, P.A. v. Allstate Insurance Co. applies Rule 23.",
      ["Shady Grove Orthopedic Associates, P.A. v. Allstate Insurance Co."],
    ],
  ])("%j names %j", (text, names) => {
    expect(caseNamesIn(text)).toEqual(names);
  });
  it("does not mark a case the sources hold because of the sentence word before it", () => {
    const sources = [{ title: "Smith v. Jones", text: "A duty runs to the foreseeable plaintiff." }];
    expect(unverifiedCaseNames("Compare Smith v. Jones, and cf. Doe v. Roe.", sources)).toEqual(["Doe v. Roe"]);
    // A lead word no list holds still does not hide that the sources give the case.
    expect(unverifiedCaseNames("Revisiting Smith v. Jones shows it.", sources)).toEqual([]);
  });
  it("accepts names the sources hold, in another spelling of the parties", () => {
    const sources = [
      { title: "Palsgraf v. Long Island Railroad Co.", text: "… (Swidler & Berlin v. United States) …" },
    ];
    expect(
      unverifiedCaseNames(
        "Palsgraf v. Long Island R.R. Co. and Swidler & Berlin v. United States; but Erie R.R. v. Tompkins",
        sources,
      ),
    ).toEqual(["Erie R.R. v. Tompkins"]);
  });
});

describe("time-out message", () => {
  it.each([
    [45_000, "45 seconds"],
    [90_000, "90 seconds"],
    [120_000, "2 minutes"],
    [1000, "1 second"],
    [400, "0.4 seconds"],
  ])("LLM_TIMEOUT_MS=%i → %s", (ms, phrase) => {
    expect(durationPhrase(ms)).toBe(phrase);
    const err = toLlmError(new Error("aborted"), { timedOut: true, timeoutMs: ms, started: false });
    expect(err.message).toContain(`within ${phrase},`);
  });
});
