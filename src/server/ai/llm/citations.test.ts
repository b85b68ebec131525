import { describe, expect, it } from "vitest";
import { caseNamesIn, MarkerFilter, tidy, unverifiedCaseNames } from "./citations";

describe("MarkerFilter", () => {
  it("holds a marker split across deltas until it can judge it", () => {
    const f = new MarkerFilter(new Set([1, 2]));
    const out = ["Survives death [", "1", "] and ", "[1", "2] ends [2", ", 5]."].map((d) => f.push(d)).join("") + f.flush();
    expect(out).toBe("Survives death [1] and  ends [2].");
    expect(tidy(out)).toBe("Survives death [1] and ends [2].");
    expect(f.removed).toEqual([12, 5]);
    expect([...f.used].sort()).toEqual([1, 2]);
  });
  it("lets brackets that are not markers through", () => {
    const f = new MarkerFilter(new Set([1]));
    expect(f.push("He said [sic] it [a]") + f.push(" — [1]") + f.flush()).toBe("He said [sic] it [a] — [1]");
  });
});

describe("case names", () => {
  it("finds 'A v. B' and 'In re A', without the words that lead into them", () => {
    expect(caseNamesIn("In Palsgraf v. Long Island R.R. Co., the court held; see also Marbury v. Madison. In re Gault applies.")).toEqual([
      "Palsgraf v. Long Island R.R. Co.",
      "Marbury v. Madison",
      "In re Gault",
    ]);
  });
  it("accepts names the sources hold, in another spelling of the parties", () => {
    const sources = [{ title: "Palsgraf v. Long Island Railroad Co.", text: "… (Swidler & Berlin v. United States) …" }];
    expect(unverifiedCaseNames("Palsgraf v. Long Island R.R. Co. and Swidler & Berlin v. United States; but Erie R.R. v. Tompkins", sources)).toEqual(["Erie R.R. v. Tompkins"]);
  });
});
