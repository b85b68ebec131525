import { describe, expect, it } from "vitest";
import {
  CLOZE,
  clozeOf,
  draftsFromBrief,
  draftsFromText,
  draftsFromTopic,
  parseLlmDrafts,
  sentences,
} from "./generate";

describe("card drafts by extraction", () => {
  it("splits sentences without breaking on case names and reporters", () => {
    expect(
      sentences("In Lucy v. Zehmer, 196 Va. 493, intent was objective. The U.S. Supreme Court agreed. See § 2-207."),
    ).toEqual([
      "In Lucy v. Zehmer, 196 Va. 493, intent was objective.",
      "The U.S. Supreme Court agreed.",
      "See § 2-207.",
    ]);
  });

  it("brief: case → rule, issue → holding, facts, takeaways as cloze", () => {
    const d = draftsFromBrief({
      name: "Hadley v. Baxendale",
      issue: "Is a carrier liable for lost profits it could not foresee?",
      rule: "Damages are limited to those foreseeable at contracting.",
      holding: "No. The profits were not recoverable.",
      facts: "A mill shaft broke. The carrier delayed. The mill was idle. More facts.",
      takeaways: ["Foreseeability is measured at the time of contracting, not at breach."],
    });
    expect(d[0]).toMatchObject({
      kind: "rule",
      question: "What rule of law does Hadley v. Baxendale stand for?",
      answer: "Damages are limited to those foreseeable at contracting.",
    });
    expect(d[1]).toMatchObject({
      kind: "holding",
      question: "Hadley v. Baxendale: Is a carrier liable for lost profits it could not foresee?",
      answer: "No. The profits were not recoverable.",
    });
    expect(d[2]).toMatchObject({
      kind: "facts",
      answer: "A mill shaft broke. The carrier delayed. The mill was idle.",
    });
    expect(d[3]).toMatchObject({
      kind: "cloze",
      question: `Foreseeability is ${CLOZE}, not at breach.`,
      answer: "measured at the time of contracting",
    });
  });

  it("rule statements become cloze deletions hiding numbers, predicates or references", () => {
    expect(clozeOf("A party may amend once as a matter of course within 21 days after serving the pleading.")).toEqual({
      question: `A party may amend once as a matter of course within ${CLOZE} after serving the pleading.`,
      answer: "21 days",
    });
    expect(clozeOf("Consideration is a bargained-for exchange of legal value, judged objectively.")).toEqual({
      question: `Consideration is ${CLOZE}, judged objectively.`,
      answer: "a bargained-for exchange of legal value",
    });
    expect(clozeOf("Too short.")).toBeNull();
  });

  it("topic: rule, elements, exceptions, clozes and a trap", () => {
    const d = draftsFromTopic({
      title: "Offer",
      rule: "An offer is a manifestation of willingness to enter into a bargain, judged objectively. Under the UCC a contract does not fail for indefiniteness.",
      elements: ["Intent", "Definite terms"],
      exceptions: ["Advertisements"],
      traps: ["Secret intent"],
    });
    expect(d.map((x) => x.kind)).toEqual(["rule", "elements", "exceptions", "cloze", "trap"]);
    expect(d[1].answer).toBe("1. Intent\n2. Definite terms");
  });

  it("free text (notes): definitions and rule clozes, capped", () => {
    const d = draftsFromText({
      title: "My torts notes",
      text: "Battery is an intentional harmful or offensive contact with the person of another. The plaintiff must prove causation by a preponderance. I liked this class.",
    });
    expect(d[0]).toMatchObject({
      kind: "definition",
      question: "What is battery?",
      answer: "An intentional harmful or offensive contact with the person of another",
      tags: ["My torts notes"],
    });
    expect(d).toHaveLength(1 + d.filter((x) => x.kind === "cloze").length);
    expect(
      draftsFromText({
        title: "",
        text:
          "Battery is an intentional harmful contact. ".repeat(1) +
          Array.from(
            { length: 50 },
            (_, i) => `Rule ${i + 1} requires service within ${i + 2} days after filing. `,
          ).join(""),
        max: 5,
      }),
    ).toHaveLength(5);
  });

  it("ordinary study notes: labelled definitions, element lists, holdings and rule/exception pairs (issue 12 item 23)", () => {
    const text = [
      "# Intentional torts",
      "Battery: an intentional harmful or offensive contact with the person of another.",
      "Rule: A battery is an intentional harmful or offensive contact.",
      "Elements of negligence:",
      "- Duty",
      "- Breach",
      "- Causation",
      "- Damages",
      "In Palsgraf v. Long Island R.R. Co., the court held that a duty is owed only to foreseeable plaintiffs.",
      "A promise without consideration is unenforceable unless the promisee reasonably relied on it to her detriment.",
      "False imprisonment requires (1) an act intended to confine, (2) actual confinement, and (3) awareness or harm.",
    ].join("\n");
    const d = draftsFromText({ title: "Torts", text });
    const q = (question: string) => d.find((x) => x.question === question);
    expect(q("What is battery?")).toMatchObject({
      kind: "definition",
      answer: "An intentional harmful or offensive contact with the person of another",
    });
    expect(d.some((x) => x.question.startsWith("Rule:"))).toBe(false);
    expect(q("What are the elements of negligence?")?.answer).toBe("1. Duty\n2. Breach\n3. Causation\n4. Damages");
    expect(q("What did the court hold in Palsgraf v. Long Island R.R. Co.?")?.answer).toBe(
      "A duty is owed only to foreseeable plaintiffs",
    );
    expect(d.find((x) => x.kind === "exceptions" && x.question.includes("unless what?"))?.answer).toBe(
      "The promisee reasonably relied on it to her detriment",
    );
    expect(q("What are the elements of false imprisonment?")?.answer).toBe(
      "1. An act intended to confine\n2. Actual confinement\n3. Awareness or harm",
    );
  });

  it("reads an LLM reply with prose and fences around the JSON, dropping bad entries", () => {
    const reply =
      'Here you go:\n```json\n[{"question":"Q1","answer":"A1"},{"question":5},{"question":"Q2","answer":"A2"}]\n```';
    expect(parseLlmDrafts(reply, ["t"]).map((d) => d.question)).toEqual(["Q1", "Q2"]);
    expect(parseLlmDrafts("no json", [])).toEqual([]);
  });
});
