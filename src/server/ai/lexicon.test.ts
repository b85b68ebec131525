import { describe, expect, it } from "vitest";
import { expandShorthand } from "./lexicon";

describe("expandShorthand", () => {
  it("expands bar-prep shorthand", () => {
    expect(expandShorthand("is there pj over him?", "is there pj over him?")).toContain("personal jurisdiction");
    expect(expandShorthand("iied elements", "IIED elements")).toContain("intentional infliction");
  });

  it("reads an acronym that is also texting or an everyday word as the word unless written in capitals", () => {
    // "im 16" is "I'm 16", not involuntary manslaughter; "my sales rep" is not a reasonable expectation of privacy.
    expect(expandShorthand("im 16 and my mom crashed", "im 16 and my mom crashed")).not.toContain("manslaughter");
    expect(expandShorthand("my sales rep lied", "my sales rep lied")).not.toContain("privacy");
    expect(expandShorthand("k thanks", "k thanks")).not.toContain("contract");
    // Written in capitals, they name the doctrine.
    expect(expandShorthand("im vs vm", "IM vs VM")).toContain("involuntary manslaughter");
    expect(expandShorthand("is a k for land enforceable", "is a K for land enforceable")).toContain("contract");
  });
});
