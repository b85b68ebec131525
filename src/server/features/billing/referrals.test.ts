import { describe, expect, it } from "vitest";
import { codeFromRefCookie, normalizeEmail, normalizeReferralCode, refCookieOf } from "./referrals.service";

const DAY = 86_400_000;
const NOW = new Date("2026-11-28T12:00:00Z");

describe("referral rules (decision 058)", () => {
  it("one mailbox, however it is spelled", () => {
    expect(normalizeEmail(" Ann.Lee+law@GMAIL.com ")).toBe("annlee@gmail.com");
    expect(normalizeEmail("annlee@googlemail.com")).toBe("annlee@gmail.com");
    expect(normalizeEmail("ann.lee+x@example.com")).toBe("ann.lee@example.com");
    expect(normalizeEmail("ann.lee@example.com")).not.toBe(normalizeEmail("annlee@example.com"));
  });

  it("codes are upper-cased; anything that cannot be a code is null", () => {
    expect(normalizeReferralCode(" abcd2345 ")).toBe("ABCD2345");
    expect(normalizeReferralCode("a b")).toBeNull();
    expect(normalizeReferralCode("")).toBeNull();
  });

  it("a link visit counts for 30 days", () => {
    const cookie = (ageMs: number) => `ABCD2345.${NOW.getTime() - ageMs}`;
    expect(codeFromRefCookie(cookie(0), NOW)).toBe("ABCD2345");
    expect(codeFromRefCookie(cookie(30 * DAY), NOW)).toBe("ABCD2345");
    expect(codeFromRefCookie(cookie(30 * DAY + 1), NOW)).toBeNull();
    expect(codeFromRefCookie("garbage", NOW)).toBeNull();
    expect(refCookieOf(`a=1; lm_ref=${cookie(0)}; b=2`)).toBe(cookie(0));
    expect(refCookieOf("a=1")).toBeNull();
  });
});
