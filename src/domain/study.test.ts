import { describe, expect, it } from "vitest";
import { formatInterval, localDate, remainingToday, studyDay, todayWorkload } from "./study";

const H = 3_600_000;
const day = (iso: string, tz: string) => {
  const d = studyDay(new Date(iso), tz);
  return { start: d.start.toISOString(), end: d.end.toISOString(), hours: (d.end.getTime() - d.start.getTime()) / H };
};

describe("the study day (local midnight to local midnight)", () => {
  it("rolls over at local midnight, not UTC midnight", () => {
    // 03:30 UTC on 3 March is still 2 March in New York (UTC−5)
    expect(day("2026-03-03T03:30:00Z", "America/New_York")).toEqual({
      start: "2026-03-02T05:00:00.000Z",
      end: "2026-03-03T05:00:00.000Z",
      hours: 24,
    });
    expect(day("2026-03-03T05:00:00Z", "America/New_York").start).toBe("2026-03-03T05:00:00.000Z");
    expect(day("2026-03-03T04:59:59Z", "America/New_York").end).toBe("2026-03-03T05:00:00.000Z");
    expect(day("2026-03-03T12:00:00Z", "UTC")).toEqual({
      start: "2026-03-03T00:00:00.000Z",
      end: "2026-03-04T00:00:00.000Z",
      hours: 24,
    });
  });

  it("handles half- and quarter-hour offsets", () => {
    expect(day("2026-05-01T20:00:00Z", "Asia/Kolkata")).toEqual({
      start: "2026-05-01T18:30:00.000Z",
      end: "2026-05-02T18:30:00.000Z",
      hours: 24,
    });
    expect(day("2026-05-01T12:00:00Z", "Asia/Kathmandu").start).toBe("2026-04-30T18:15:00.000Z");
  });

  it("DST days last 23 and 25 hours", () => {
    expect(day("2026-03-08T12:00:00Z", "America/New_York")).toEqual({
      start: "2026-03-08T05:00:00.000Z",
      end: "2026-03-09T04:00:00.000Z",
      hours: 23,
    });
    expect(day("2026-11-01T12:00:00Z", "America/New_York")).toEqual({
      start: "2026-11-01T04:00:00.000Z",
      end: "2026-11-02T05:00:00.000Z",
      hours: 25,
    });
  });

  it("zones whose DST starts at midnight: the day before ends when the next one starts at 01:00", () => {
    // Chile, 6 Sep 2026: 00:00 −04 jumps to 01:00 −03, so 5 Sep lasts until 04:00 UTC
    expect(day("2026-09-06T03:30:00Z", "America/Santiago")).toEqual({
      start: "2026-09-05T04:00:00.000Z",
      end: "2026-09-06T04:00:00.000Z",
      hours: 24,
    });
    expect(localDate(new Date("2026-09-06T03:30:00Z"), "America/Santiago")).toBe("2026-09-05");
    expect(day("2026-09-06T12:00:00Z", "America/Santiago")).toEqual({
      start: "2026-09-06T04:00:00.000Z",
      end: "2026-09-07T03:00:00.000Z",
      hours: 23,
    });
  });

  it("every instant of a year lies in a day whose bounds are its own local date's first and last instants", () => {
    for (const tz of [
      "America/Santiago",
      "Australia/Lord_Howe",
      "Pacific/Chatham",
      "America/St_Johns",
      "Europe/London",
    ]) {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 7 * H + 777_000) {
        const now = new Date(t);
        const { start, end } = studyDay(now, tz);
        const today = localDate(now, tz);
        expect(start.getTime() <= t && t < end.getTime()).toBe(true);
        expect([localDate(start, tz), localDate(new Date(end.getTime() - 1000), tz)]).toEqual([today, today]);
        expect([localDate(new Date(start.getTime() - 1000), tz) < today, localDate(end, tz) > today]).toEqual([
          true,
          true,
        ]);
      }
    }
  });
});

describe("interval labels and the daily allowance", () => {
  it("formats the next interval shown on the rating buttons", () => {
    expect([60_000, 10 * 60_000, 5 * H, 3 * 24 * H, 75 * 24 * H, 500 * 24 * H].map(formatInterval)).toEqual([
      "1m",
      "10m",
      "5h",
      "3d",
      "2.5mo",
      "1.4y",
    ]);
  });
  it("never goes below zero", () => {
    expect(remainingToday({ newPerDay: 20, maxReviewsPerDay: 100 }, { newToday: 25, reviewsToday: 40 })).toEqual({
      newCards: 0,
      reviews: 60,
    });
  });
});

describe("today's workload on the study home", () => {
  it("caps reviews (cards and missed questions together) and new cards like the queue; learning is never capped", () => {
    const settings = { newPerDay: 20, maxReviewsPerDay: 200 };
    expect(
      todayWorkload({ due: 480, learning: 7, questionsDue: 20, fresh: 900 }, settings, {
        newToday: 5,
        reviewsToday: 50,
      }),
    ).toEqual({ reviews: 150, learning: 7, fresh: 15, overLimit: 350 });
    expect(
      todayWorkload({ due: 3, learning: 0, questionsDue: 1, fresh: 2 }, settings, { newToday: 0, reviewsToday: 0 }),
    ).toEqual({ reviews: 4, learning: 0, fresh: 2, overLimit: 0 });
  });
});
