import { createEmptyCard, fsrs, Rating, State } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import { examIntervalCap, examRetention } from "../../../domain/study-plan";
import { fromCard, preview, rate } from "./scheduler";

const DAY = 86_400_000;
const t0 = new Date("2026-03-02T09:00:00Z");

describe("FSRS scheduling", () => {
  it("intervals grow with each Good rating taken when due", () => {
    let m = rate(null, "good", t0, 0.9).next; // learning step
    let now = m.due;
    m = rate(m, "good", now, 0.9).next; // graduates to review
    const intervals: number[] = [];
    for (let i = 0; i < 5; i++) {
      now = m.due;
      m = rate(m, "good", now, 0.9).next;
      intervals.push(Math.round((m.due.getTime() - now.getTime()) / DAY));
    }
    expect(m.state).toBe(State.Review);
    for (let i = 1; i < intervals.length; i++) expect(intervals[i]).toBeGreaterThan(intervals[i - 1]);
    expect(intervals[0]).toBeGreaterThanOrEqual(2);
  });

  it("Again on a review card resets it to relearning within minutes and counts a lapse", () => {
    let m = rate(null, "easy", t0, 0.9).next;
    m = rate(m, "good", m.due, 0.9).next;
    expect(m.state).toBe(State.Review);
    const at = m.due;
    const stabilityBefore = m.stability;
    const after = rate(m, "again", at, 0.9).next;
    expect(after.state).toBe(State.Relearning);
    expect(after.lapses).toBe(m.lapses + 1);
    expect(after.due.getTime() - at.getTime()).toBeLessThanOrEqual(10 * 60_000);
    expect(after.stability).toBeLessThan(stabilityBefore);
  });

  it("matches ts-fsrs given the same inputs", () => {
    const f = fsrs({ request_retention: 0.85, enable_fuzz: true, enable_short_term: true });
    let card = createEmptyCard(t0);
    let m = null as ReturnType<typeof rate>["next"] | null;
    let now = t0;
    for (const [g, r] of [
      [Rating.Good, "good"],
      [Rating.Hard, "hard"],
      [Rating.Good, "good"],
      [Rating.Again, "again"],
      [Rating.Easy, "easy"],
    ] as const) {
      card = f.next(card, now, g).card;
      m = rate(m, r, now, 0.85).next;
      expect(m).toEqual(fromCard(card));
      now = new Date(card.due.getTime() + 3_600_000);
    }
  });

  it("previews one due instant per rating, ordered again ≤ hard ≤ good ≤ easy", () => {
    const p = preview(null, t0, 0.9);
    expect(p.again).toBeLessThanOrEqual(p.hard);
    expect(p.hard).toBeLessThanOrEqual(p.good);
    expect(p.good).toBeLessThan(p.easy);
    expect(p.again - t0.getTime()).toBe(60_000);
  });

  it("questions (no short-term steps) come back on a later day after a miss", () => {
    const m = rate(null, "again", t0, 0.9, false).next;
    expect(m.due.getTime() - t0.getTime()).toBeGreaterThanOrEqual(DAY);
  });

  it("a higher desired retention gives shorter intervals", () => {
    const base = rate(rate(null, "good", t0, 0.9).next, "good", new Date(t0.getTime() + 600_000), 0.9).next;
    const lo = rate(base, "good", base.due, 0.8).next;
    const hi = rate(base, "good", base.due, 0.97).next;
    expect(hi.due.getTime()).toBeLessThan(lo.due.getTime());
  });
});

describe("FSRS toward the exam date (decision 080)", () => {
  const now = new Date("2026-12-01T15:00:00Z");
  // A mature card: reviewed Good on time, stability ≈ 100 days.
  const mature = {
    due: now,
    stability: 100,
    difficulty: 5,
    elapsedDays: 100,
    scheduledDays: 100,
    learningSteps: 0,
    reps: 6,
    lapses: 0,
    state: State.Review,
    lastReview: new Date(now.getTime() - 100 * DAY),
  };

  it("a card that would come back in 120+ days is due by the day before the exam", () => {
    const free = rate(mature, "good", now, 0.9).next;
    expect((free.due.getTime() - now.getTime()) / DAY).toBeGreaterThan(120);
    const cap = examIntervalCap("2027-01-26", now);
    expect(cap).not.toBeNull();
    for (const rating of ["hard", "good", "easy"] as const) {
      const next = rate(mature, rating, now, { retention: 0.9, cap }, false).next;
      expect(next.due.getTime()).toBeLessThanOrEqual(Date.parse("2027-01-25T00:00:00Z"));
      expect(next.due.getTime()).toBeGreaterThan(now.getTime());
      expect(next.scheduledDays).toBeLessThanOrEqual(cap!.maxDays);
    }
    const p = preview(mature, now, { retention: 0.9, cap });
    expect(Math.max(p.hard, p.good, p.easy)).toBeLessThanOrEqual(Date.parse("2027-01-25T00:00:00Z"));
  });

  it("a higher desired retention nearer the exam gives shorter intervals", () => {
    const ivl = (daysLeft: number) => rate(mature, "good", now, examRetention(0.9, daysLeft)).next.scheduledDays;
    expect(examRetention(0.9, 30)).toBeLessThan(examRetention(0.9, 5));
    expect(ivl(5)).toBeLessThan(ivl(30));
  });
});
