import { describe, expect, it } from "vitest";
import { meetsPasswordRules, passwordChecks } from "./password";

describe("password rules (SPEC.md §5)", () => {
  it.each([
    ["Aa1!aaaa", true],
    ["Aa1!aaa", false],
    ["aa1!aaaa", false],
    ["AA1!AAAA", false],
    ["Aa!aaaaa", false],
    ["Aa1aaaaa", false],
    ["Ünïcødé1!", true],
  ])("%s → %s", (p, ok) => expect(meetsPasswordRules(p)).toBe(ok));
  it("names each failing rule for the live checklist", () => {
    expect(
      passwordChecks("abc")
        .filter((c) => !c.ok)
        .map((c) => c.id),
    ).toEqual(["length", "upper", "digit", "special"]);
  });
});
