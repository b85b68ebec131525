import { describe, expect, it } from "vitest";
import { stem } from "./stemmer";
import { toDeltas } from "./stream";
import { sentences, terms } from "./text";

describe("stem (Porter 1980)", () => {
  it.each([
    ["caresses", "caress"],
    ["ponies", "poni"],
    ["agreed", "agre"],
    ["hopping", "hop"],
    ["relational", "relat"],
    ["generalization", "gener"],
    ["negligence", "neglig"],
    ["negligently", "neglig"],
    ["negligent", "neglig"],
    ["possession", "possess"],
    ["jurisdiction", "jurisdict"],
  ])("%s → %s", (word, expected) => expect(stem(word)).toBe(expected));
});

describe("terms", () => {
  it("drops stop words and contractions, strips possessives, stems the rest", () => {
    expect(terms("My landlord won't fix the client's heater")).toEqual(["landlord", "fix", "client", "heater"]);
  });
});

describe("sentences", () => {
  it("does not split at case names, reporters or common abbreviations", () => {
    const text =
      "The privilege survives death (Swidler & Berlin v. United States). See Palsgraf v. Long Island R.R. Co., 248 N.Y. 339. Courts, e.g. in Cal., agree. It is settled.";
    expect(sentences(text)).toEqual([
      "The privilege survives death (Swidler & Berlin v. United States).",
      "See Palsgraf v. Long Island R.R. Co., 248 N.Y. 339.",
      "Courts, e.g. in Cal., agree.",
      "It is settled.",
    ]);
  });
});

describe("toDeltas", () => {
  it("joins back to the exact text and never splits a citation marker", () => {
    const text = "**Rule**\n\nThe client holds the privilege [1]. It survives death [12][3].\n\n- A trap [2]";
    const deltas = toDeltas(text, 3);
    expect(deltas.join("")).toBe(text);
    expect(deltas.length).toBeGreaterThan(3);
    for (const d of deltas) expect(d).not.toMatch(/\[\d*$|^\d*\]/);
  });
});
