/**
 * The study plan to exam day (issue 18 §4, decision 080). Pure: no clock, no database; dates are
 * calendar dates `YYYY-MM-DD` (the exam date as the student gave it, "today" in the student's
 * time zone) and every figure is computed from what is passed in, so re-planning after a missed
 * day is simply planning again from today with what remains.
 *
 * - Subject weights per exam format (`SUBJECT_WEIGHTS`, sources in decision 080).
 * - Time estimates per item (`PLAN_ESTIMATES`): a review, a new card, a practice question, a timed
 *   question.
 * - Desired retention rising toward the exam (`examRetention`) and the last day an FSRS interval
 *   may reach (`examIntervalCap`), used by the scheduler so no interval skips past the exam.
 * - Weak topics ranked by (1 − accuracy) × topic weight (`rankWeakTopics`).
 * - The day-by-day plan (`planStudy`): no day's planned minutes exceed its available minutes.
 */
import type { SubjectId } from "../contract/content";

export const EXAM_FORMATS = ["mbe-ube", "nextgen"] as const;
export type ExamFormat = (typeof EXAM_FORMATS)[number];
export const EXAM_FORMAT_NAMES: Record<ExamFormat, string> = { "mbe-ube": "MBE / UBE", nextgen: "NextGen" };

/** Weekly study hours a student may set. */
export const WEEKLY_HOURS_RANGE = [1, 80] as const;
/** An exam date may be at most this many days after today (about two years). */
export const EXAM_MAX_DAYS_AHEAD = 731;
/** One study day never plans more than 16 hours, whatever the weekly hours ÷ study days give. */
export const MAX_MINUTES_PER_DAY = 960;

/**
 * Relative weight of each subject on the exam (decision 080). MBE / UBE: the seven MBE subjects
 * equally (NCBE's MBE: 25 scored questions in each of the seven subjects); Business Associations,
 * an MEE subject, half of an MBE subject; Professional Responsibility is not on the UBE (the MPRE is
 * a separate exam): weight 0. NextGen: the eight foundational areas equally and Professional
 * Responsibility (select Model Rules, tested inside the skills) half of one: an assumption, NCBE
 * publishes no per-subject percentages for NextGen.
 */
export const SUBJECT_WEIGHTS: Record<ExamFormat, Record<SubjectId, number>> = {
  "mbe-ube": {
    "civil-procedure": 1,
    "constitutional-law": 1,
    contracts: 1,
    "criminal-law": 1,
    evidence: 1,
    "real-property": 1,
    torts: 1,
    "business-associations": 0.5,
    "professional-responsibility": 0,
  },
  nextgen: {
    "civil-procedure": 1,
    "constitutional-law": 1,
    contracts: 1,
    "criminal-law": 1,
    evidence: 1,
    "real-property": 1,
    torts: 1,
    "business-associations": 1,
    "professional-responsibility": 0.5,
  },
};
/** Weight of cards without a subject (a student's own general decks): a quarter of a subject. */
export const OTHER_SUBJECT_WEIGHT = 0.25;
/** The key of cards without a subject in per-subject maps. */
export const OTHER_SUBJECT = "other";

/** Seconds per item (decision 080). */
export const PLAN_ESTIMATES = {
  /** One review of a card or missed question (8–10 s in Anki's and FSRS's published timings). */
  reviewSec: 9,
  /** One new card: read, understand, first ratings and its same-day learning steps. */
  newCardSec: 40,
  /** One practice question in tutor mode: answer and read the explanation. */
  practiceSec: 120,
  /** One question of a timed session at the MBE's pace (1.8 minutes). */
  timedSec: 108,
} as const;

/** After each new card, the plan expects reviews this many days later (a typical FSRS "Good" path). */
export const NEW_CARD_FOLLOW_UPS = [1, 3, 8, 20, 45] as const;
/** Reviews take at most this share of a study day; the rest carries to the next days. */
export const REVIEW_SHARE_MAX = 0.7;
/** Overdue reviews (a missed day) are spread over this many study days at most. */
export const BACKLOG_SPREAD_DAYS = 5;
/** No new cards in the last this many days: they are for review and practice. */
export const NEW_CARDS_STOP_DAYS = 14;
/** Topics with fewer attempts count as unknown: their accuracy is pulled toward 50 %. */
export const MIN_TOPIC_ATTEMPTS = 5;
/** Weak topics suggested for one day's practice set. */
export const TOPICS_PER_DAY = 3;
/** The longest timed session: an MBE session, 100 questions in 3 hours. */
export const TIMED_SESSION_MAX_MIN = 180;

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const dateOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** Calendar days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);
/** The date `n` days after `date`. */
export const addDays = (date: string, n: number) => dateOf(dayNumber(date) + n);
/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The exam settings a student saves (`study_exam_plans`). */
export interface ExamSettings {
  /** YYYY-MM-DD. */
  examDate: string;
  format: ExamFormat;
  /** 1–80. */
  weeklyHours: number;
  /** Weekdays without study, 0 = Sunday … 6 = Saturday; at most six. */
  daysOff: number[];
}

/**
 * Minutes of one study day: weekly hours ÷ study days a week, at most `MAX_MINUTES_PER_DAY`.
 */
export function minutesPerStudyDay(s: Pick<ExamSettings, "weeklyHours" | "daysOff">): number {
  const studyDays = 7 - new Set(s.daysOff).size;
  if (studyDays <= 0) return 0;
  return Math.min(MAX_MINUTES_PER_DAY, Math.floor((s.weeklyHours * 60) / studyDays));
}

/** Desired retention reaches this in the final weeks (or stays at the student's, if higher). */
export const EXAM_RETENTION = 0.95;
/** The rise starts this many days before the exam … */
export const RETENTION_RISE_START = 60;
/** … and reaches `EXAM_RETENTION` this many days before it. */
export const RETENTION_RISE_END = 14;

/**
 * Desired retention for ratings made `daysLeft` days before the exam (decision 080): the
 * student's own setting until 60 days out, then rising linearly to 0.95 at 14 days out and held
 * there to the exam; never below the student's setting. Rounded to 0.005 so schedulers are shared.
 * After the exam (`daysLeft` < 0) the student's setting.
 */
export function examRetention(base: number, daysLeft: number): number {
  if (daysLeft < 0 || base >= EXAM_RETENTION || daysLeft >= RETENTION_RISE_START) return base;
  const t = Math.min(1, (RETENTION_RISE_START - daysLeft) / (RETENTION_RISE_START - RETENTION_RISE_END));
  const r = base + (EXAM_RETENTION - base) * t;
  return Math.max(base, Math.round(r * 200) / 200);
}

/**
 * The latest instant an FSRS interval may reach (decision 080): 00:00 UTC on the day before the
 * exam, so every card comes due before the exam. `null` when that instant is less than a day
 * away (the eve or later): intervals are then left alone.
 */
export function examIntervalCap(examDate: string, now: Date): { until: Date; maxDays: number } | null {
  const until = new Date(Date.parse(`${examDate}T00:00:00Z`) - DAY_MS);
  const maxDays = Math.floor((until.getTime() - now.getTime()) / DAY_MS);
  return maxDays >= 1 ? { until, maxDays } : null;
}

/** Accuracy of one topic from the student's question attempts. */
export interface TopicAccuracy {
  topicId: string;
  subjectId: string;
  title: string;
  attempts: number;
  correct: number;
}

export interface RankedTopic extends TopicAccuracy {
  /** Accuracy used for the ranking: observed, pulled toward 0.5 while attempts are few. */
  accuracy: number;
  /** The topic's share of the exam: its subject's weight ÷ the subject's number of topics. */
  weight: number;
  /** (1 − accuracy) × weight; higher is weaker. */
  score: number;
  /** Fewer than `MIN_TOPIC_ATTEMPTS` attempts. */
  unknown: boolean;
}

/**
 * Ranks topics weakest first by (1 − accuracy) × topic weight (issue 18 §4). A topic's weight is
 * its subject's exam weight divided by the number of topics the subject has (the topics listed,
 * so it works with whatever content exists). Accuracy is smoothed with `MIN_TOPIC_ATTEMPTS`
 * pseudo-attempts at 50 %, so a topic never tried counts as 0.5 (unknown, fairly weak) and a
 * topic answered 1 of 1 is not yet strong. Topics of subjects weighing 0 are left out.
 */
export function rankWeakTopics(topics: TopicAccuracy[], format: ExamFormat): RankedTopic[] {
  const perSubject = new Map<string, number>();
  for (const t of topics) perSubject.set(t.subjectId, (perSubject.get(t.subjectId) ?? 0) + 1);
  const weights = SUBJECT_WEIGHTS[format] as Record<string, number>;
  const out: RankedTopic[] = [];
  for (const t of topics) {
    const sw = weights[t.subjectId] ?? 0;
    if (sw <= 0) continue;
    const weight = sw / (perSubject.get(t.subjectId) ?? 1);
    const k = MIN_TOPIC_ATTEMPTS;
    const accuracy = (t.correct + 0.5 * k) / (t.attempts + k);
    out.push({ ...t, accuracy, weight, score: (1 - accuracy) * weight, unknown: t.attempts < MIN_TOPIC_ATTEMPTS });
  }
  out.sort((a, b) => b.score - a.score || a.topicId.localeCompare(b.topicId));
  return interleaveUnknown(out);
}

/**
 * Topics the student has not tried enough (`unknown`) differ in score only by their subject's topic
 * count, so ranked as they are a new student's practice would work through one whole subject before
 * the next. The places the unknown topics hold in the ranking are kept, but they are filled in turn
 * from each subject (subjects in the order they first appear; each subject's own order kept), so the
 * first practice sets sample every subject the exam weighs. Known topics keep their exact places.
 */
function interleaveUnknown(ranked: RankedTopic[]): RankedTopic[] {
  const queues = new Map<string, RankedTopic[]>();
  for (const t of ranked) if (t.unknown) queues.set(t.subjectId, [...(queues.get(t.subjectId) ?? []), t]);
  const unknownCount = [...queues.values()].reduce((n, q) => n + q.length, 0);
  const turns: RankedTopic[] = [];
  for (let round = 0; turns.length < unknownCount; round++)
    for (const q of queues.values()) if (q[round]) turns.push(q[round]);
  let next = 0;
  return ranked.map((t) => (t.unknown ? turns[next++] : t));
}

/** What the planner needs to know about the student's cards and questions. */
export interface PlanInput {
  /** The student's local date today, YYYY-MM-DD. */
  today: string;
  exam: ExamSettings;
  /**
   * Reviews due by day: index 0 = today (learning items and reviews due by the end of today,
   * not overdue), 1 = tomorrow, …; days past the array are 0.
   */
  dueByDay: number[];
  /** Reviews overdue from earlier days (a missed day's work): spread, never piled on one day. */
  overdue: number;
  /** Cards never studied, by subject id (`OTHER_SUBJECT` for cards without one). */
  newBySubject: Record<string, number>;
  /** Per-topic accuracy of the live topics (all of them, attempted or not). */
  topics: TopicAccuracy[];
  /** The student's own new-cards-per-day limit (study settings): a day never plans more. */
  newPerDay?: number;
}

export interface PlanDay {
  date: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  daysLeft: number;
  off: boolean;
  /** The minutes the student gives this day (0 on a day off). */
  minutesAvailable: number;
  /** Sum of the minutes below; never more than `minutesAvailable`. */
  minutesPlanned: number;
  reviews: number;
  /** Of `reviews`, how many are overdue work carried from earlier days. */
  backlog: number;
  reviewMinutes: number;
  newCards: { subjectId: string; count: number }[];
  newMinutes: number;
  /** Untimed practice questions on weak topics. */
  practice: {
    questions: number;
    minutes: number;
    topics: { topicId: string; subjectId: string; title: string }[];
  } | null;
  /** A timed session at exam pace in the final weeks. */
  timed: { questions: number; minutes: number } | null;
}

export interface StudyPlan {
  today: string;
  examDate: string;
  format: ExamFormat;
  /** Calendar days from today to the exam. */
  daysLeft: number;
  minutesPerStudyDay: number;
  /** Today to the day before the exam. */
  days: PlanDay[];
  weakTopics: RankedTopic[];
  /** Reviews the plan could not fit before the exam (0 when it all fits). */
  unplannedReviews: number;
  /** New cards the plan could not fit before new material stops. */
  unplannedNewCards: number;
}

/** Largest-remainder split of `n` across keys by weight, each capped by `cap[key]`. */
function split(n: number, weights: [string, number][], cap: Record<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  let left = n;
  let pool = weights.filter(([k, w]) => w > 0 && (cap[k] ?? 0) > 0);
  while (left > 0 && pool.length) {
    const total = pool.reduce((s, [, w]) => s + w, 0);
    const shares = pool.map(([k, w]) => {
      const room = (cap[k] ?? 0) - (out.get(k) ?? 0);
      const exact = Math.min(room, (left * w) / total);
      return { k, room, exact, whole: Math.floor(exact) };
    });
    let given = shares.reduce((s, x) => s + x.whole, 0);
    for (const x of shares) out.set(x.k, (out.get(x.k) ?? 0) + x.whole);
    // The remainders, largest first, one each.
    for (const x of [...shares].sort((a, b) => b.exact - b.whole - (a.exact - a.whole))) {
      if (given >= left) break;
      if ((out.get(x.k) ?? 0) < (cap[x.k] ?? 0) && x.exact > x.whole) {
        out.set(x.k, (out.get(x.k) ?? 0) + 1);
        given++;
      }
    }
    if (given === 0) {
      // Only remainders below one each were left: give one to the heaviest with room.
      const x = shares.find((s) => s.room > 0);
      if (!x) break;
      out.set(x.k, (out.get(x.k) ?? 0) + 1);
      given = 1;
    }
    left -= given;
    pool = pool.filter(([k]) => (out.get(k) ?? 0) < (cap[k] ?? 0));
  }
  return out;
}

/**
 * Picks the timed-session days (decision 080): one in each of the weeks 28–22 and 21–15 days
 * before the exam, two in each of the weeks 14–8 and 7–2 (the eve is left light). Within a week,
 * the days are spread over its study days (one: the last; two: the middle and the last).
 */
function timedDays(days: { date: string; daysLeft: number; off: boolean }[]): Set<string> {
  const windows: [number, number, number][] = [
    [28, 22, 1],
    [21, 15, 1],
    [14, 8, 2],
    [7, 2, 2],
  ];
  const out = new Set<string>();
  for (const [hi, lo, k] of windows) {
    const study = days.filter((d) => !d.off && d.daysLeft <= hi && d.daysLeft >= lo);
    for (let j = 0; j < Math.min(k, study.length); j++) {
      out.add(study[Math.round(((j + 1) * study.length) / k) - 1].date);
    }
  }
  return out;
}

/**
 * Plans every day from today to the day before the exam (issue 18 §4, decision 080).
 *
 * Each study day, in order of priority:
 *   1. reviews: those due that day (from the schedule, plus the follow-ups of the new cards the
 *      plan introduces, `NEW_CARD_FOLLOW_UPS`), plus a share of the overdue backlog (at most
 *      backlog ÷ min(5, study days left) a day); reviews take at most 70 % of the day, the rest
 *      carries to the next study days, never onto one day;
 *   2. on a timed-session day (`timedDays`): a timed session with the rest of the day (at most
 *      180 minutes, the MBE session), nothing else;
 *   3. otherwise the rest is split between new cards and practice: 60/40 more than 28 days out,
 *      35/65 from 28 to 15 days, practice only in the last 14 days. New cards go at the pace that
 *      finishes the new material before the last 14 days, split across subjects by the format's
 *      weights (largest remainder, capped by the cards each subject has), never more than the
 *      student's new-cards-per-day setting. Time the pace leaves
 *      unused goes to practice. Practice: whole questions at 2 minutes, on the next
 *      `TOPICS_PER_DAY` weak topics (the ranked list in turn, weakest first).
 * Days off plan nothing. Items are whole, and their minutes are floored from the estimates, so a
 * day's planned minutes never exceed its available minutes.
 */
export function planStudy(input: PlanInput): StudyPlan {
  const { today, exam } = input;
  const daysLeft = daysBetween(today, exam.examDate);
  const perDay = minutesPerStudyDay(exam);
  const off = new Set(exam.daysOff);
  const weakTopics = rankWeakTopics(input.topics, exam.format);
  const E = PLAN_ESTIMATES;

  const skeleton = Array.from({ length: Math.max(0, daysLeft) }, (_, i) => {
    const date = addDays(today, i);
    const weekday = weekdayOf(date);
    return { date, weekday, daysLeft: daysLeft - i, off: off.has(weekday) || perDay === 0 };
  });
  const timed = timedDays(skeleton);
  const studyDaysFrom = (i: number, pred: (d: (typeof skeleton)[number]) => boolean = () => true) =>
    skeleton.slice(i).filter((d) => !d.off && pred(d)).length;

  const due = Array.from({ length: skeleton.length }, (_, i) => input.dueByDay[i] ?? 0);
  const newLeft: Record<string, number> = { ...input.newBySubject };
  const weights = Object.entries({
    ...(SUBJECT_WEIGHTS[exam.format] as Record<string, number>),
    [OTHER_SUBJECT]: OTHER_SUBJECT_WEIGHT,
  }).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const plannable = (k: string) => weights.some(([w, x]) => w === k && x > 0);
  let backlog = input.overdue;
  const backlogShare = Math.ceil(backlog / Math.max(1, Math.min(BACKLOG_SPREAD_DAYS, studyDaysFrom(0))));
  let carry = 0;
  let topicCursor = 0;
  let unplannedNew = 0;

  const days: PlanDay[] = skeleton.map((d, i) => {
    const empty: PlanDay = {
      ...d,
      minutesAvailable: 0,
      minutesPlanned: 0,
      reviews: 0,
      backlog: 0,
      reviewMinutes: 0,
      newCards: [],
      newMinutes: 0,
      practice: null,
      timed: null,
    };
    if (d.off) {
      carry += due[i];
      return empty;
    }
    const minutes = perDay;
    let sec = minutes * 60;

    // 1. Reviews: the day's own, earlier carry-over, then a share of the overdue backlog.
    const reviewCap = Math.floor((sec * REVIEW_SHARE_MAX) / E.reviewSec);
    const fromBacklog = Math.min(backlog, backlogShare);
    const want = due[i] + carry;
    const reviews = Math.min(reviewCap, want + fromBacklog);
    const takenOwn = Math.min(want, reviews);
    const backlogTaken = reviews - takenOwn;
    carry = want - takenOwn;
    backlog -= backlogTaken;
    sec -= reviews * E.reviewSec;
    const day: PlanDay = { ...empty, minutesAvailable: minutes, reviews, backlog: backlogTaken };

    // 2. A timed session takes the rest of the day.
    if (timed.has(d.date)) {
      const tMin = Math.min(TIMED_SESSION_MAX_MIN, Math.floor(sec / 60));
      const questions = Math.floor((tMin * 60) / E.timedSec);
      if (questions >= 5) {
        day.timed = { questions, minutes: (questions * E.timedSec) / 60 };
        sec -= questions * E.timedSec;
      }
    } else {
      // 3. New cards at the pace that finishes before the last 14 days, then practice.
      const newShare = d.daysLeft > 28 ? 0.6 : d.daysLeft > NEW_CARDS_STOP_DAYS ? 0.35 : 0;
      const learnDays = studyDaysFrom(i, (x) => x.daysLeft > NEW_CARDS_STOP_DAYS && !timed.has(x.date));
      const remaining = Object.entries(newLeft).reduce((s, [k, n]) => s + (plannable(k) ? n : 0), 0);
      if (newShare > 0 && remaining > 0 && learnDays > 0) {
        const pace = Math.ceil(remaining / learnDays);
        const fit = Math.floor((sec * newShare) / E.newCardSec);
        const bySubject = split(Math.min(pace, fit, input.newPerDay ?? Number.POSITIVE_INFINITY), weights, newLeft);
        for (const [subjectId, count] of bySubject) {
          if (count <= 0) continue;
          day.newCards.push({ subjectId, count });
          newLeft[subjectId] -= count;
          for (const f of NEW_CARD_FOLLOW_UPS) if (i + f < due.length) due[i + f] += count;
        }
        day.newCards.sort((a, b) => b.count - a.count || a.subjectId.localeCompare(b.subjectId));
        const n = day.newCards.reduce((s, x) => s + x.count, 0);
        sec -= n * E.newCardSec;
      }
      const questions = Math.floor(sec / E.practiceSec);
      if (questions > 0) {
        const topics = [];
        for (let k = 0; k < Math.min(TOPICS_PER_DAY, weakTopics.length); k++) {
          const t = weakTopics[(topicCursor + k) % weakTopics.length];
          topics.push({ topicId: t.topicId, subjectId: t.subjectId, title: t.title });
        }
        topicCursor = weakTopics.length ? (topicCursor + TOPICS_PER_DAY) % weakTopics.length : 0;
        day.practice = { questions, minutes: (questions * E.practiceSec) / 60, topics };
        sec -= questions * E.practiceSec;
      }
    }
    day.reviewMinutes = (reviews * E.reviewSec) / 60;
    day.newMinutes = (day.newCards.reduce((s, x) => s + x.count, 0) * E.newCardSec) / 60;
    day.minutesPlanned = minutes - sec / 60;
    return day;
  });
  unplannedNew = Object.entries(newLeft).reduce((s, [k, n]) => s + (plannable(k) ? n : 0), 0);
  return {
    today,
    examDate: exam.examDate,
    format: exam.format,
    daysLeft,
    minutesPerStudyDay: perDay,
    days,
    weakTopics,
    unplannedReviews: carry + backlog,
    unplannedNewCards: unplannedNew,
  };
}
