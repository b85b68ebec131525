import { describe, expect, it } from "vitest";
import {
  addDays,
  examIntervalCap,
  examRetention,
  minutesPerStudyDay,
  type PlanInput,
  planStudy,
  rankWeakTopics,
  type TopicAccuracy,
} from "./study-plan";

const today = "2026-12-01";
const topics: TopicAccuracy[] = [
  { topicId: "t-hearsay", subjectId: "evidence", title: "Hearsay", attempts: 40, correct: 12 },
  { topicId: "t-relevance", subjectId: "evidence", title: "Relevance", attempts: 40, correct: 36 },
  { topicId: "t-negligence", subjectId: "torts", title: "Negligence", attempts: 0, correct: 0 },
  { topicId: "t-battery", subjectId: "torts", title: "Battery", attempts: 30, correct: 27 },
  { topicId: "t-llc", subjectId: "business-associations", title: "LLCs", attempts: 10, correct: 9 },
  { topicId: "t-agency", subjectId: "business-associations", title: "Agency", attempts: 10, correct: 8 },
  { topicId: "t-conflicts", subjectId: "professional-responsibility", title: "Conflicts", attempts: 40, correct: 12 },
  { topicId: "t-fees", subjectId: "professional-responsibility", title: "Fees", attempts: 40, correct: 36 },
];
const input = (over: Partial<PlanInput> = {}): PlanInput => ({
  today,
  exam: { examDate: addDays(today, 60), format: "nextgen", weeklyHours: 6, daysOff: [0] },
  dueByDay: Array.from({ length: 60 }, (_, i) => 40 + (i % 7) * 5),
  overdue: 0,
  newBySubject: { evidence: 800, torts: 800, contracts: 600, "business-associations": 300, other: 50 },
  topics,
  ...over,
});

describe("planStudy", () => {
  it("a NextGen exam 60 days out, 6 h a week, Sundays off: every day within its minutes", () => {
    const plan = planStudy(input());
    expect(plan.daysLeft).toBe(60);
    expect(plan.minutesPerStudyDay).toBe(60);
    expect(plan.days).toHaveLength(60);
    for (const d of plan.days) {
      const parts = d.reviewMinutes + d.newMinutes + (d.practice?.minutes ?? 0) + (d.timed?.minutes ?? 0);
      expect(parts).toBeCloseTo(d.minutesPlanned, 6);
      expect(d.minutesPlanned).toBeLessThanOrEqual(d.minutesAvailable + 1e-9);
      if (d.weekday === 0) {
        expect(d.off).toBe(true);
        expect(d.minutesPlanned).toBe(0);
      } else expect(d.minutesAvailable).toBe(60);
    }
    // Something is planned on study days, and the whole week adds up to at most 6 hours.
    expect(plan.days.filter((d) => !d.off).every((d) => d.minutesPlanned > 30)).toBe(true);
    for (let w = 0; w + 7 <= 60; w += 7) {
      const week = plan.days.slice(w, w + 7).reduce((s, d) => s + d.minutesPlanned, 0);
      expect(week).toBeLessThanOrEqual(6 * 60 + 1e-9);
    }
  });

  it("timed sessions: one a week in the final four weeks, two in the last two, none before", () => {
    const plan = planStudy(input());
    const timed = plan.days.filter((d) => d.timed);
    expect(timed.every((d) => d.daysLeft <= 28)).toBe(true);
    expect(timed.filter((d) => d.daysLeft > 14)).toHaveLength(2);
    expect(timed.filter((d) => d.daysLeft <= 14)).toHaveLength(4);
    expect(timed.every((d) => (d.timed?.questions ?? 0) >= 5)).toBe(true);
  });

  it("new cards follow the format's weights and stop 14 days out; PR gets none on MBE/UBE", () => {
    const plan = planStudy(
      input({
        newBySubject: { evidence: 5000, "business-associations": 5000, "professional-responsibility": 5000 },
        exam: { examDate: addDays(today, 60), format: "mbe-ube", weeklyHours: 20, daysOff: [] },
      }),
    );
    const total = (s: string) =>
      plan.days.flatMap((d) => d.newCards).reduce((n, x) => n + (x.subjectId === s ? x.count : 0), 0);
    expect(total("evidence")).toBeGreaterThan(0);
    expect(total("professional-responsibility")).toBe(0);
    // Business Associations weighs half of an MBE subject on the UBE.
    expect(total("business-associations") / total("evidence")).toBeCloseTo(0.5, 1);
    expect(plan.days.filter((d) => d.daysLeft <= 14).every((d) => d.newCards.length === 0)).toBe(true);
  });

  it("a missed day's reviews are spread over several days, never piled onto one", () => {
    const base = planStudy(input({ dueByDay: Array(60).fill(20) }));
    const missed = planStudy(input({ dueByDay: Array(60).fill(20), overdue: 100 }));
    const extra = missed.days.map((d, i) => d.reviews - base.days[i].reviews);
    const studyIdx = missed.days.map((d, i) => (d.off ? -1 : i)).filter((i) => i >= 0);
    // At most a fifth of the backlog on any day, and all of it placed within the first study days.
    for (const d of missed.days) expect(d.backlog).toBeLessThanOrEqual(20);
    expect(missed.days.reduce((s, d) => s + d.backlog, 0)).toBe(100);
    expect(Math.max(...extra)).toBeLessThanOrEqual(20);
    expect(studyIdx.slice(0, 5).every((i) => missed.days[i].backlog === 20)).toBe(true);
    // Reviews are not cut below the day's own: the backlog takes the time of new cards and practice.
    for (const d of missed.days) expect(d.minutesPlanned).toBeLessThanOrEqual(d.minutesAvailable + 1e-9);
  });

  it("a huge backlog never takes more than 70 % of a day; the rest is reported as unplanned", () => {
    const plan = planStudy(input({ overdue: 100_000 }));
    for (const d of plan.days) expect(d.reviewMinutes).toBeLessThanOrEqual(0.7 * d.minutesAvailable + 1e-9);
    expect(plan.unplannedReviews).toBeGreaterThan(0);
  });

  it("never plans more new cards a day than the student's own limit", () => {
    const plan = planStudy({ ...input(), exam: { ...input().exam, weeklyHours: 40 }, newPerDay: 12 });
    for (const d of plan.days) expect(d.newCards.reduce((s, x) => s + x.count, 0)).toBeLessThanOrEqual(12);
    expect(plan.days.some((d) => d.newCards.reduce((s, x) => s + x.count, 0) === 12)).toBe(true);
  });

  it("practice goes to the weakest topics first", () => {
    const plan = planStudy(input());
    const first = plan.days.find((d) => d.practice)!;
    expect(first.practice?.topics[0].topicId).toBe("t-hearsay");
    expect(first.practice?.topics.map((t) => t.topicId)).not.toContain("t-relevance");
  });

  it("days off plan nothing, and an exam today or past plans no day", () => {
    expect(planStudy(input({ exam: { ...input().exam, examDate: today } })).days).toHaveLength(0);
    const allOff = planStudy(input({ exam: { ...input().exam, daysOff: [0, 1, 2, 3, 4, 5, 6] } }));
    expect(allOff.days.every((d) => d.off && d.minutesPlanned === 0)).toBe(true);
  });
});

describe("rankWeakTopics", () => {
  it("ranks by (1 − accuracy) × topic weight; few attempts count as unknown", () => {
    const r = rankWeakTopics(topics, "nextgen");
    // Hearsay and Conflicts have the same accuracy; Conflicts (PR) weighs half as much on NextGen.
    expect(r.map((t) => t.topicId)).toEqual([
      "t-hearsay",
      "t-negligence",
      "t-conflicts",
      "t-agency",
      "t-llc",
      "t-battery",
      "t-relevance",
      "t-fees",
    ]);
    for (const t of r) expect(t.score).toBeCloseTo((1 - t.accuracy) * t.weight, 9);
    expect(r[0].weight).toBe(0.5);
    expect(r.find((t) => t.topicId === "t-negligence")?.unknown).toBe(true);
    expect(r.find((t) => t.topicId === "t-negligence")?.accuracy).toBe(0.5);
    // Under MBE/UBE, Professional Responsibility weighs 0 and drops out.
    expect(rankWeakTopics(topics, "mbe-ube").map((t) => t.topicId)).not.toContain("t-conflicts");
  });
});

describe("a new student's weak topics", () => {
  it("sample every weighed subject in turn before any subject's second topic", () => {
    const subjects = ["civil-procedure", "evidence", "torts", "business-associations", "professional-responsibility"];
    const fresh: TopicAccuracy[] = subjects.flatMap((subjectId, i) =>
      Array.from({ length: 3 + i * 4 }, (_, k) => ({
        topicId: `${subjectId}-${String(k).padStart(2, "0")}`,
        subjectId,
        title: `${subjectId} ${k}`,
        attempts: 0,
        correct: 0,
      })),
    );
    const r = rankWeakTopics(fresh, "nextgen");
    expect(r).toHaveLength(fresh.length);
    expect(new Set(r.slice(0, subjects.length).map((t) => t.subjectId)).size).toBe(subjects.length);
    // A topic the student has tried enough keeps its place by score among the unknown ones.
    const withKnown = rankWeakTopics(
      [...fresh, { topicId: "t-hearsay", subjectId: "evidence", title: "Hearsay", attempts: 40, correct: 4 }],
      "nextgen",
    );
    const at = withKnown.findIndex((t) => t.topicId === "t-hearsay");
    expect(at).toBeGreaterThan(0);
    expect(at).toBe(withKnown.filter((t) => t.score > withKnown[at].score).length);
  });
});

describe("exam-day FSRS rules", () => {
  it("desired retention rises toward the exam: exam−30 < exam−5, never below the student's", () => {
    expect(examRetention(0.9, 90)).toBe(0.9);
    expect(examRetention(0.9, 30)).toBeLessThan(examRetention(0.9, 5));
    expect(examRetention(0.9, 5)).toBe(0.95);
    expect(examRetention(0.97, 5)).toBe(0.97);
    expect(examRetention(0.9, -1)).toBe(0.9);
  });

  it("caps intervals at the day before the exam", () => {
    const cap = examIntervalCap("2027-01-26", new Date("2026-12-01T12:00:00Z"));
    expect(cap?.until.toISOString()).toBe("2027-01-25T00:00:00.000Z");
    expect(cap?.maxDays).toBe(54);
    expect(examIntervalCap("2026-12-02", new Date("2026-12-01T12:00:00Z"))).toBeNull();
  });

  it("minutes per study day", () => {
    expect(minutesPerStudyDay({ weeklyHours: 6, daysOff: [0] })).toBe(60);
    expect(minutesPerStudyDay({ weeklyHours: 80, daysOff: [0, 1, 2, 3, 4, 5] })).toBe(960);
  });
});
