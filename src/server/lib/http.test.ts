import { describe, expect, it } from "vitest";
import { nulPath } from "./http";

describe("nulPath", () => {
  it("names the path of the first string or key holding U+0000", () => {
    expect(nulPath({ a: "ok", b: { c: ["x", "y\u0000"] } })).toBe("b.c.1");
    expect(nulPath({ ["k\u0000"]: 1 })).toBe("k\u0000");
    expect(nulPath("a\u0000")).toBe("body");
    expect(nulPath({ a: [1, 2, { b: "fine" }] })).toBeNull();
  });
  it("walks a body nested 100,000 deep without overflowing the stack (issue 12 item 2)", () => {
    const deep = JSON.parse(`${"[".repeat(100_000)}"x\\u0000"${"]".repeat(100_000)}`);
    expect(nulPath(deep)).toMatch(/^0(\.0)+$/);
    const clean = JSON.parse(`${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}`);
    expect(nulPath(clean)).toBeNull();
  });
});
