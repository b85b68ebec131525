import { describe, expect, it } from "vitest";
import { parseSyllabus } from "./outline-syllabus";

describe("parseSyllabus", () => {
  it("reads I. A. 1. a. (i) as five levels and strips the markers", () => {
    const text = [
      "I. Intentional torts",
      "  A. Battery",
      "    1. Elements",
      "      a. Intent",
      "        (i) Single intent",
      "      b. Contact",
      "  B. Assault",
      "II. Negligence",
      "  A. Duty",
      "  B. Breach",
      "  C. Causation",
    ].join("\n");
    expect(parseSyllabus(text)).toEqual([
      { text: "Intentional torts", level: 1 },
      { text: "Battery", level: 2 },
      { text: "Elements", level: 3 },
      { text: "Intent", level: 4 },
      { text: "Single intent", level: 5 },
      { text: "Contact", level: 4 },
      { text: "Assault", level: 2 },
      { text: "Negligence", level: 1 },
      { text: "Duty", level: 2 },
      { text: "Breach", level: 2 },
      { text: "Causation", level: 2 },
    ]);
  });

  it("reads a week-by-week syllabus with bullets and a Markdown table of contents", () => {
    expect(
      parseSyllabus("Week 1: Offer\n- Invitations to treat\n- Advertisements\n\nWeek 2: Acceptance\n- Mailbox rule"),
    ).toEqual([
      { text: "Week 1: Offer", level: 1 },
      { text: "Invitations to treat", level: 2 },
      { text: "Advertisements", level: 2 },
      { text: "Week 2: Acceptance", level: 1 },
      { text: "Mailbox rule", level: 2 },
    ]);
    expect(parseSyllabus("# Contracts\n## Formation\n### Offer\n## Defences")).toEqual([
      { text: "Contracts", level: 1 },
      { text: "Formation", level: 2 },
      { text: "Offer", level: 3 },
      { text: "Defences", level: 2 },
    ]);
  });

  it("never skips a level and reads dotted numbers", () => {
    expect(parseSyllabus("1. Formation\n1.1 Offer\n1.2 Acceptance\n2. Remedies")).toEqual([
      { text: "Formation", level: 1 },
      { text: "Offer", level: 2 },
      { text: "Acceptance", level: 2 },
      { text: "Remedies", level: 1 },
    ]);
    expect(parseSyllabus("### Deep first\nNext")[0].level).toBe(1);
  });
});
