/**
 * Pure study rules shared by server and web (issue 6). No function reads the clock.
 */

/** Defaults of the study settings (issue 6 §2). Desired retention is FSRS's request_retention. */
export const STUDY_DEFAULTS = { desiredRetention: 0.9, newPerDay: 20, maxReviewsPerDay: 200, timeZone: "UTC" } as const;
export const RETENTION_RANGE = [0.7, 0.99] as const;
export const NEW_PER_DAY_MAX = 9999;
export const REVIEWS_PER_DAY_MAX = 9999;

/** Learning cards due within this many ms are shown now (Anki's "learn ahead limit", 20 min). */
export const LEARN_AHEAD_MS = 20 * 60_000;

/** Exam mode allows 1.8 minutes a question, like the MBE (issue 6 §6): 108 s each. */
export const EXAM_SECONDS_PER_QUESTION = 108;
export const QUIZ_MIN = 5;
export const QUIZ_MAX = 100;
export const examTimeLimitSec = (questions: number) => questions * EXAM_SECONDS_PER_QUESTION;

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** The local calendar date (YYYY-MM-DD) of an instant in a zone. */
export function localDate(at: Date, timeZone: string): string {
  let f = dateFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dateFormats.set(timeZone, f);
  }
  return f.format(at);
}

/** True when `tz` is an IANA time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The first whole second in [lo, hi] where `pred` (false, then true) holds. */
function firstSecond(lo: number, hi: number, pred: (sec: number) => boolean): number {
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (pred(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The study day containing `now` in `timeZone`: [start, end) as UTC instants, where start is the
 * first instant whose local date is today's and end the first whose local date is later. Found by
 * searching the local calendar date itself (offsets change on whole seconds), so days of 23 or 25
 * hours and zones whose DST starts at midnight (America/Santiago: 00:00 never happens, the day
 * starts at 01:00) come out right.
 */
export function studyDay(now: Date, timeZone: string): { start: Date; end: Date } {
  const today = localDate(now, timeZone);
  const at = (sec: number) => localDate(new Date(sec * 1000), timeZone);
  const nowSec = Math.floor(now.getTime() / 1000);
  const span = 50 * 3600; // a local day lasts 25 h at most; room for a skipped calendar day
  const start = firstSecond(nowSec - span, nowSec, (sec) => at(sec) >= today);
  const end = firstSecond(nowSec + 1, nowSec + span, (sec) => at(sec) > today);
  return { start: new Date(start * 1000), end: new Date(end * 1000) };
}

/** A short interval label for rating buttons: "1m", "10m", "4h", "3d", "2.5mo", "1.2y". */
export function formatInterval(ms: number): string {
  const min = Math.max(1, Math.round(ms / 60_000));
  if (min < 60) return `${min}m`;
  const h = ms / 3_600_000;
  if (h < 24) return `${Math.round(h)}h`;
  const d = ms / 86_400_000;
  if (d < 30) return `${Math.round(d)}d`;
  if (d < 365) return `${(d / 30).toFixed(1).replace(/\.0$/, "")}mo`;
  return `${(d / 365).toFixed(1).replace(/\.0$/, "")}y`;
}

/**
 * The daily workload (decision 026): how many due items and new cards a session may still take
 * today. Reviews of cards and of missed questions share `maxReviewsPerDay`; only cards are new.
 */
export function remainingToday(
  s: { newPerDay: number; maxReviewsPerDay: number },
  done: { newToday: number; reviewsToday: number },
) {
  return {
    reviews: Math.max(0, s.maxReviewsPerDay - done.reviewsToday),
    newCards: Math.max(0, s.newPerDay - done.newToday),
  };
}

/**
 * What a study session can take today across everything the student may study (the study home's
 * figures): review-state cards and missed questions capped by the reviews left today, learning
 * items uncapped, new cards capped by the new cards left; `overLimit` is the due work left for
 * later days. Mirrors buildQueue's caps (decision 026).
 */
export function todayWorkload(
  available: { due: number; learning: number; questionsDue: number; fresh: number },
  s: { newPerDay: number; maxReviewsPerDay: number },
  done: { newToday: number; reviewsToday: number },
) {
  const left = remainingToday(s, done);
  const dueAll = available.due + available.questionsDue;
  const reviews = Math.min(dueAll, left.reviews);
  return {
    reviews,
    learning: available.learning,
    fresh: Math.min(available.fresh, left.newCards),
    overLimit: dueAll - reviews,
  };
}
