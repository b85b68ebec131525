import { describe, expect, it } from "vitest";
import { opinionPageUrl, recordPath } from "../server/features/case-law/courtlistener";
import { safeHttpUrl } from "./links";

describe("safeHttpUrl", () => {
  it.each([
    ["https://www.courtlistener.com/opinion/1/x/", "https://www.courtlistener.com/opinion/1/x/"],
    ["http://example.test/a", "http://example.test/a"],
    ["data:text/html,<script>alert(1)</script>", null],
    ["javascript:alert(1)", null],
    [" JaVaScRiPt:alert(1)", null],
    ["vbscript:x", null],
    ["/relative", null],
    [42, null],
  ])("%s → %s", (input, expected) => {
    expect(safeHttpUrl(input)).toBe(expected);
  });
});

describe("CourtListener references (issue 12 items 5 and 12)", () => {
  const base = "https://www.courtlistener.com";
  it("rebuilds docket and opinion paths on the configured origin from their number only", () => {
    expect(recordPath("dockets", 42)).toBe("/api/rest/v4/dockets/42/");
    expect(recordPath("dockets", "https://evil.test/api/rest/v4/dockets/42/")).toBe("/api/rest/v4/dockets/42/");
    expect(recordPath("opinions", "https://www.courtlistener.com/api/rest/v4/opinions/7/")).toBe(
      "/api/rest/v4/opinions/7/",
    );
    expect(recordPath("opinions", "https://evil.test/steal-token")).toBeNull();
    expect(recordPath("opinions", "//evil.test/x")).toBeNull();
    expect(recordPath("dockets", -1)).toBeNull();
    expect(recordPath("dockets", { id: 1 })).toBeNull();
  });
  it("keeps a hit's page link on CourtListener's own http(s) origin", () => {
    expect(opinionPageUrl("/opinion/5/roe/", 5, base)).toBe("https://www.courtlistener.com/opinion/5/roe/");
    expect(opinionPageUrl("data:text/html,x", 5, base)).toBe("https://www.courtlistener.com/opinion/5/");
    expect(opinionPageUrl("javascript:alert(1)", 5, base)).toBe("https://www.courtlistener.com/opinion/5/");
    expect(opinionPageUrl("https://evil.test/opinion/5/", 5, base)).toBe("https://www.courtlistener.com/opinion/5/");
    expect(opinionPageUrl(undefined, 5, base)).toBe("https://www.courtlistener.com/opinion/5/");
  });
});
