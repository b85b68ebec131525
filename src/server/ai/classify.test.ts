import { describe, expect, it } from "vitest";
import { classify, distinctionSides } from "./classify";

describe("classify", () => {
  it.each([
    ["What is the mailbox rule?", null, "concept"],
    ["Difference between larceny and embezzlement?", null, "distinction"],
    ["joint tenancy vs tenancy in common", null, "distinction"],
    ["What did Palsgraf hold?", "short", "case"],
    ["Explain Marbury v. Madison", "full", "case"],
    ["What are the Miranda warnings?", "short", "concept"],
    ["Give me a quick rundown of adverse possession", null, "summary"],
    ["What does the moving party have to show to win summary judgment?", null, "concept"],
    ["Explain the Pinkerton rule for co-conspirators", "short", "concept"],
    ["Is res judicata the same thing as collateral estoppel?", null, "distinction"],
    [
      "A buyer ordered 500 widgets from a seller. The seller shipped 480 and the buyer rejected the whole shipment. Was the buyer entitled to reject?",
      null,
      "fact_pattern",
    ],
    ["My landlord won't fix the heat; can I stop paying rent and still be entitled to stay?", null, "fact_pattern"],
  ] as const)("%s → %s", (q, mention, kind) => expect(classify(q, mention).kind).toBe(kind));

  it("extracts both sides of a comparison", () => {
    expect(distinctionSides("What's the difference between specific and general jurisdiction?")).toEqual([
      "specific jurisdiction",
      "general jurisdiction",
    ]);
    expect(distinctionSides("Difference between voluntary and involuntary manslaughter")).toEqual([
      "voluntary manslaughter",
      "involuntary manslaughter",
    ]);
    expect(distinctionSides("How is proximate cause different from actual cause?")).toEqual([
      "proximate cause",
      "actual cause",
    ]);
    expect(distinctionSides("excited utterance vs present sense impression")).toEqual([
      "excited utterance",
      "present sense impression",
    ]);
    // Two sides ending on the same word share the noun the second goes on with.
    expect(distinctionSides("What's the difference between specific intent and general intent crimes?")).toEqual([
      "specific intent crimes",
      "general intent crimes",
    ]);
    expect(distinctionSides("difference between actual cause and proximate cause")).toEqual([
      "actual cause",
      "proximate cause",
    ]);
  });

  it("reads a student's story as a fact pattern, a doctrine question as a concept (issue 13 §1)", () => {
    for (const story of [
      "My coworker told the whole office I was fired for stealing. It's not true and now nobody will hire me.",
      "Police arrested me in my kitchen and then searched the locked safe in the basement without a warrant.",
      "The city's only public pool admits residents only. A family from the next town wants to swim there. Can they?",
    ])
      expect(classify(story, null).kind).toBe("fact_pattern");
    for (const concept of [
      "Can an offer to settle be used to prove the defendant was liable?",
      "When does a land-use regulation go so far that it counts as a taking?",
      "How far does Congress's commerce power go? Can it regulate activity that isn't economic at all?",
    ])
      expect(classify(concept, null).kind).toBe("concept");
  });
});

describe("a story that speaks of a difference (stop 35, decision 096)", () => {
  it("reads a state defending a fee difference as a fact pattern, not a comparison of its reasons", () => {
    const q =
      "State X charges residents $50 for a fishing license and nonresidents $900. State X defends the difference as necessary to protect fish stocks and to recover enforcement costs, but offers no evidence. Ana, a citizen of State Y, sues. Will she win?";
    expect(distinctionSides(q)).toBeNull();
    expect(classify(q, null).kind).toBe("fact_pattern");
  });
});
