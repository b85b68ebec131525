import { describe, expect, it } from "vitest";
import { letters, outlineLabel, roman } from "./outline-numbering";

describe("outline numbering", () => {
  it("labels levels I. A. 1. a. (i) (a) and repeats", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((d) => outlineLabel(d, 0))).toEqual(["I.", "A.", "1.", "a.", "(i)", "(a)", "I."]);
    expect(outlineLabel(1, 3)).toBe("IV.");
    expect(outlineLabel(5, 8)).toBe("(ix)");
  });
  it("counts past the alphabet and into large Roman numerals", () => {
    expect(letters(27)).toBe("aa");
    expect(roman(1994)).toBe("MCMXCIV");
  });
});
