import { describe, expect, it } from "vitest";
import { DEFAULT_THREAD_TITLE, groupThreads, nextThreadAfterDelete, renamedTitle, titleFromQuestion } from "./threads";

describe("titleFromQuestion (a short title from the first question)", () => {
  it.each([
    ["what is the mailbox rule?", "What is the mailbox rule?"],
    ["  Explain   **res ipsa loquitur**  ", "Explain res ipsa loquitur"],
    ["What is consideration? I keep confusing it with promissory estoppel and reliance.", "What is consideration?"],
    ["", DEFAULT_THREAD_TITLE],
    ["   \n  ", DEFAULT_THREAD_TITLE],
    ["# Heading\nsecond line", "Heading second line"],
    ["Brief International Shoe Co. v. Washington for me.", "Brief International Shoe Co. v. Washington for me."],
    ["Explain Pennoyer v. Neff. Then compare it with Shaffer.", "Explain Pennoyer v. Neff."],
    ["Is 42 U.S.C. § 1983 a cause of action? Asking for a friend.", "Is 42 U.S.C. § 1983 a cause of action?"],
  ])("%j → %j", (q, t) => expect(titleFromQuestion(q)).toBe(t));
  it("cuts a long question at a word boundary to at most 60 characters with an ellipsis", () => {
    const t = titleFromQuestion(
      "Under the Federal Rules of Civil Procedure when may a defendant implead a third party who may be liable to it for all or part of the claim",
    );
    expect(t.length).toBeLessThanOrEqual(60);
    expect(t.endsWith("…")).toBe(true);
    expect(t).toBe("Under the Federal Rules of Civil Procedure when may a…");
  });
  it("cuts a single long word hard", () => {
    const t = titleFromQuestion("x".repeat(200));
    expect(t).toBe(`X${"x".repeat(58)}…`);
  });
});

describe("renamedTitle (SPEC.md §4, §5: non-empty trimmed title; an empty one is ignored)", () => {
  it.each([
    ["  Torts review  ", "Old", "Torts review"],
    ["", "Old", null],
    ["    ", "Old", null],
    ["Old", "Old", null],
    ["a\n  b", "Old", "a b"],
  ])("%j (current %j) → %j", (input, cur, out) => expect(renamedTitle(input, cur)).toBe(out));
});

describe("groupThreads (SPEC.md §4: Today, Yesterday, This Week, then month and year, newest first)", () => {
  const now = new Date("2026-03-15T10:00:00Z"); // a Sunday
  const t = (id: string, iso: string) => ({ id, createdAt: iso });
  const list = [
    t("old", "2025-12-31T23:00:00Z"),
    t("today-early", "2026-03-15T00:30:00Z"),
    t("yesterday", "2026-03-14T09:00:00Z"),
    t("today-late", "2026-03-15T09:59:00Z"),
    t("six-days", "2026-03-09T01:00:00Z"),
    t("seven-days", "2026-03-08T12:00:00Z"),
    t("feb", "2026-02-20T12:00:00Z"),
    t("future", "2026-03-15T11:00:00Z"),
  ];
  it("groups in UTC", () => {
    const groups = groupThreads(list, now, "UTC");
    expect(groups.map((g) => [g.label, g.threads.map((x) => x.id)])).toEqual([
      ["Today", ["future", "today-late", "today-early"]],
      ["Yesterday", ["yesterday"]],
      ["This Week", ["six-days"]],
      ["March 2026", ["seven-days"]],
      ["February 2026", ["feb"]],
      ["December 2025", ["old"]],
    ]);
  });
  it("uses the student's calendar day, not UTC's", () => {
    // In Los Angeles (UTC−7 in March) 00:30Z on the 15th is still the 14th, and now is the 15th 03:00.
    const groups = groupThreads(list, now, "America/Los_Angeles");
    expect(groups[0]).toEqual({ label: "Today", threads: [list[7], list[3]] });
    expect(groups[1].label).toBe("Yesterday");
    expect(groups[1].threads.map((x) => x.id)).toEqual(["today-early", "yesterday"]);
    expect(groups.at(-1)!.label).toBe("December 2025");
  });
  it("is empty for no threads", () => expect(groupThreads([], now)).toEqual([]));
});

describe("nextThreadAfterDelete (SPEC.md §4: next remaining thread, or /chat)", () => {
  const l = [{ id: "a" }, { id: "b" }, { id: "c" }];
  it.each([
    ["a", "b"],
    ["b", "c"],
    ["c", "b"],
    ["zzz", "a"],
  ])("deleting %s opens %s", (del, next) => expect(nextThreadAfterDelete(l, del)?.id).toBe(next));
  it("returns null when nothing remains", () => expect(nextThreadAfterDelete([{ id: "a" }], "a")).toBeNull());
});
