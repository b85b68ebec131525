import { describe, expect, it } from "vitest";
import { attackOutline, checklist, flowchart, flowchartTopics, type Mark, type ViewTree } from "./outline-views";

/** [id, parent, text, mark?, topic embed html?] */
function tree(rows: [string, string | null, string, Mark?, string?][]): ViewTree {
  const t: ViewTree = { byId: new Map(), kids: new Map() };
  for (const [id, parent, text, mark, html] of rows) {
    t.byId.set(id, { id, text, mark: mark ?? null, embed: html ? { kind: "topic", html, title: text } : null });
    t.kids.set(parent, [...(t.kids.get(parent) ?? []), id]);
  }
  return t;
}

const t = tree([
  ["battery", null, "Battery"],
  ["r", "battery", "Rule: intentional harmful or offensive contact"],
  ["els", "battery", "Elements"],
  ["e1", "els", "Act"],
  ["e2", "els", "Intent"],
  ["e2a", "e2", "Substantial certainty (Garratt)"],
  ["x", "battery", "Consent", "exception"],
  ["tf", "battery", "Trigger facts: a push, a kiss, a spit"],
  ["notes", "battery", "My notes"],
  ["n1", "notes", "Vosburg is the eggshell case"],
  ["neg", null, "Negligence"],
  [
    "t",
    "neg",
    "Negligence (official)",
    undefined,
    "<p><strong>Rule:</strong> Duty, breach, causation, damages.</p><p><strong>Elements:</strong></p><ol><li>Duty</li><li>Breach</li></ol>",
  ],
  ["flow", "neg", "Analysis", "issue"],
  ["s1", "flow", "Is there a duty?", "step"],
  ["s1d", "s1", "Foreseeable plaintiff (Palsgraf)"],
  ["s2", "flow", "Was it breached?", "step"],
  ["s2a", "s2", "Hand formula", "step"],
]);

describe("outline views", () => {
  it("reduces each topic to rule, elements, exceptions and trigger facts with pointers", () => {
    const [battery, neg] = attackOutline(t);
    expect(battery.title).toBe("Battery");
    expect(battery.rule).toEqual([{ text: "intentional harmful or offensive contact", entryId: "r" }]);
    expect(battery.elements.map((e) => e.entryId)).toEqual(["e1", "e2"]);
    expect(battery.exceptions).toEqual([{ text: "Consent", entryId: "x" }]);
    expect(battery.triggers).toEqual([{ text: "a push, a kiss, a spit", entryId: "tf" }]);
    expect(JSON.stringify(battery)).not.toContain("eggshell");
    expect(neg.rule).toEqual([{ text: "Duty, breach, causation, damages.", entryId: "t" }]);
    expect(neg.elements.map((e) => e.text)).toEqual(["Duty", "Breach"]);
  });

  it("lists issue names only, in order", () => {
    expect(checklist(t).map((c) => [c.text, c.depth])).toEqual([
      ["Battery", 1],
      ["My notes", 2],
      ["Negligence", 1],
      ["Analysis", 2],
    ]);
  });

  it("draws a flow from entries marked as steps", () => {
    expect(flowchartTopics(t)).toEqual([
      { id: "flow", text: "Analysis" },
      { id: "s2", text: "Was it breached?" },
    ]);
    expect(flowchart(t, "flow")).toEqual([
      { id: "s1", text: "Is there a duty?", details: ["Foreseeable plaintiff (Palsgraf)"], next: [] },
      {
        id: "s2",
        text: "Was it breached?",
        details: [],
        next: [{ id: "s2a", text: "Hand formula", details: [], next: [] }],
      },
    ]);
  });
});
