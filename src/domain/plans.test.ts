import { describe, expect, it } from "vitest";
import {
  courseAccess,
  daysLeft,
  displayState,
  hasFeature,
  isActiveSubscription,
  monthPeriod,
  subscriptionBanner,
  tierName,
  trialBanner,
  usagePercent,
} from "./plans";

const NOW = new Date("2026-03-15T12:00:00Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);
const DAY = 86_400_000;

describe("isActiveSubscription (SPEC.md §4)", () => {
  it.each([
    ["active, ends tomorrow", { status: "active", currentPeriodEnd: at(DAY) }, true],
    ["trialing, ends tomorrow", { status: "trialing", currentPeriodEnd: at(DAY) }, true],
    ["trial, ends in 1 ms", { status: "trial", currentPeriodEnd: at(1) }, true],
    ["active, ends exactly now", { status: "active", currentPeriodEnd: NOW }, false],
    ["active, ended 1 ms ago", { status: "active", currentPeriodEnd: at(-1) }, false],
    ["canceled, ends tomorrow", { status: "canceled", currentPeriodEnd: at(DAY) }, false],
    ["active, no end", { status: "active", currentPeriodEnd: null }, false],
    ["past_due within grace", { status: "past_due", currentPeriodEnd: at(DAY), graceUntil: at(1) }, true],
    ["past_due after grace", { status: "past_due", currentPeriodEnd: at(DAY), graceUntil: NOW }, false],
    ["past_due without grace", { status: "past_due", currentPeriodEnd: at(DAY) }, false],
  ])("%s → %s", (_n, sub, expected) => {
    expect(isActiveSubscription(sub, NOW)).toBe(expected);
  });
  it("no subscription is inactive", () => expect(isActiveSubscription(null, NOW)).toBe(false));
});

describe("tierName and displayState (SPEC.md §3, §4)", () => {
  it.each([
    [null, "Free", "free"],
    [{ status: "active", currentPeriodEnd: at(-1), priceId: "price_unlimited" }, "Free", "free"],
    [{ status: "trialing", currentPeriodEnd: at(DAY), priceId: "trial" }, "Trial", "trial"],
    [{ status: "active", currentPeriodEnd: at(DAY), priceId: "price_unlimited_month" }, "unlimited", "paid"],
    [{ status: "active", currentPeriodEnd: at(DAY), priceId: "manual_activation_unlimited" }, "unlimited", "paid"],
    [{ status: "active", currentPeriodEnd: at(DAY), priceId: "price_premium" }, "premium", "paid"],
    [{ status: "active", currentPeriodEnd: at(DAY), priceId: "price_123" }, "unlimited", "paid"],
  ] as const)("%j → %s / %s", (sub, tier, state) => {
    expect(tierName(sub, NOW)).toBe(tier);
    expect(displayState(sub, NOW)).toBe(state);
  });
});

describe("hasFeature (SPEC.md §6)", () => {
  it("Free gets chat and case briefs only", () => {
    expect(hasFeature("Free", "chat_messages")).toBe(true);
    expect(hasFeature("Free", "case_briefs")).toBe(true);
    for (const f of ["notes", "outline_iq", "flashcards", "question_bank", "video_courses"] as const)
      expect(hasFeature("Free", f)).toBe(false);
  });
  it("Trial and unlimited get everything", () => {
    for (const tier of ["Trial", "unlimited", "premium"] as const)
      for (const f of ["notes", "flashcards", "video_courses"] as const) expect(hasFeature(tier, f)).toBe(true);
  });
});

describe("monthPeriod (UTC months from the 1st)", () => {
  it.each([
    ["2026-03-15T12:00:00Z", "2026-03-01T00:00:00.000Z", "2026-04-01T00:00:00.000Z"],
    ["2026-12-31T23:59:59.999Z", "2026-12-01T00:00:00.000Z", "2027-01-01T00:00:00.000Z"],
    ["2027-01-01T00:00:00Z", "2027-01-01T00:00:00.000Z", "2027-02-01T00:00:00.000Z"],
    ["2028-02-29T10:00:00Z", "2028-02-01T00:00:00.000Z", "2028-03-01T00:00:00.000Z"],
  ])("%s", (now, start, end) => {
    const p = monthPeriod(new Date(now));
    expect(p.start.toISOString()).toBe(start);
    expect(p.end.toISOString()).toBe(end);
  });
});

describe("usagePercent (rounded, capped at 100)", () => {
  it.each([
    [0, 10, 0],
    [1, 3, 33],
    [2, 3, 67],
    [10, 10, 100],
    [14, 10, 100],
  ])("%i of %i → %i%%", (n, l, p) => expect(usagePercent(n, l)).toBe(p));
});

describe("trialBanner (SPEC.md §4)", () => {
  const base = { status: "trialing", dismissed: false, path: "/chat", now: NOW };
  it.each([
    [7 * DAY, "Free trial: 7 days remaining", false],
    [4 * DAY, "Free trial: 4 days remaining", false],
    [3 * DAY + 1, "Free trial: 4 days remaining", false],
    [3 * DAY, "Trial expires in 3 days!", true],
    [DAY + 1, "Trial expires in 2 days!", true],
    [DAY, "Trial expires in 1 day!", true],
    [1, "Trial expires in 1 day!", true],
  ])("%i ms left → %s", (left, text, urgent) => {
    expect(trialBanner({ ...base, currentPeriodEnd: at(left) })).toEqual({
      days: daysLeft(at(left), NOW),
      text,
      urgent,
    });
  });
  it("hidden at the exact expiry instant and after", () => {
    expect(trialBanner({ ...base, currentPeriodEnd: NOW })).toBeNull();
    expect(trialBanner({ ...base, currentPeriodEnd: at(-1) })).toBeNull();
  });
  it("hidden when dismissed, for paid users, and on public paths", () => {
    expect(trialBanner({ ...base, currentPeriodEnd: at(DAY), dismissed: true })).toBeNull();
    expect(trialBanner({ ...base, status: "active", currentPeriodEnd: at(DAY) })).toBeNull();
    for (const path of [
      "/",
      "/pricing",
      "/terms",
      "/privacy",
      "/disclaimer",
      "/auth",
      "/auth/callback",
      "/resend-confirmation",
    ])
      expect(trialBanner({ ...base, path, currentPeriodEnd: at(DAY) })).toBeNull();
    expect(trialBanner({ ...base, path: "/settings", currentPeriodEnd: at(DAY) })).not.toBeNull();
  });
});

describe("subscriptionBanner (SPEC.md §4, 7-day window)", () => {
  it.each([
    [{ status: "active", currentPeriodEnd: at(8 * DAY) }, null],
    [{ status: "active", currentPeriodEnd: at(7 * DAY) }, "expiring"],
    [{ status: "active", currentPeriodEnd: at(1) }, "expiring"],
    [{ status: "active", currentPeriodEnd: NOW }, "expired"],
    [{ status: "active", currentPeriodEnd: at(-DAY) }, "expired"],
    [{ status: "trialing", currentPeriodEnd: at(DAY) }, null],
    [null, null],
    // A Free user (plan ended by an operator or a cancellation) is not told anything expired (issue 14 §5).
    [{ status: "canceled", currentPeriodEnd: at(-DAY) }, null],
    [{ status: "incomplete", currentPeriodEnd: at(30 * DAY) }, null],
    [{ status: "trialing", currentPeriodEnd: at(-DAY) }, null],
    // A failed renewal within its grace period, then after it (issue 14 §4).
    [{ status: "past_due", currentPeriodEnd: at(30 * DAY), graceUntil: at(DAY) }, "past_due"],
    [{ status: "past_due", currentPeriodEnd: at(30 * DAY), graceUntil: at(-1) }, "expired"],
  ] as const)("%j → %s", (sub, expected) => expect(subscriptionBanner(sub, NOW)).toBe(expected));
});

describe("courseAccess (SPEC.md §6 order)", () => {
  const enrollment = { status: "active", enrolledAt: at(-DAY), expiresAt: at(DAY) };
  it.each([
    ["free course (0)", { coursePrice: 0, tier: "Free" }, true, "free"],
    ["free course (null)", { coursePrice: null, tier: "Free" }, true, "free"],
    ["active enrollment", { coursePrice: 4000, tier: "Free", enrollment }, true, "enrollment"],
    [
      "enrollment starting later",
      { coursePrice: 4000, tier: "Free", enrollment: { ...enrollment, enrolledAt: at(1) } },
      false,
      "none",
    ],
    [
      "enrollment expired",
      { coursePrice: 4000, tier: "Free", enrollment: { ...enrollment, expiresAt: at(-1) } },
      false,
      "none",
    ],
    [
      "enrollment expiring exactly now",
      { coursePrice: 4000, tier: "Free", enrollment: { ...enrollment, expiresAt: NOW } },
      true,
      "enrollment",
    ],
    [
      "inactive enrollment",
      { coursePrice: 4000, tier: "Free", enrollment: { ...enrollment, status: "canceled" } },
      false,
      "none",
    ],
    ["trial", { coursePrice: 4000, tier: "Trial" }, true, "subscription"],
    ["unlimited", { coursePrice: 4000, tier: "unlimited" }, true, "subscription"],
    [
      "price id with unlimited",
      { coursePrice: 4000, tier: "premium", priceId: "price_unlimited" },
      true,
      "subscription",
    ],
    ["premium", { coursePrice: 4000, tier: "premium" }, false, "none"],
  ] as const)("%s", (_n, input, hasAccess, reason) => {
    expect(courseAccess({ ...input, now: NOW } as Parameters<typeof courseAccess>[0])).toEqual({ hasAccess, reason });
  });
});
