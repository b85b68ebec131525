/**
 * FSRS scheduling through ts-fsrs 5.4 (Free Spaced Repetition Scheduler, Ye et al.; the
 * library's default FSRS-6 weights, learning steps 1m/10m, relearning step 10m, fuzz on).
 * Pure: no clock, no database. `now` is always passed in; dates are UTC instants.
 */
import { type Card, createEmptyCard, fsrs, type Grade, Rating, State } from "ts-fsrs";

import { RATINGS, type RatingName, STATE_NAMES, type StateName } from "../../../contract/study";

export { RATINGS, type RatingName, STATE_NAMES, type StateName };
export const RATING_VALUE: Record<RatingName, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

/** The persisted memory state (one `study_schedules` row, minus its keys). */
export interface MemoryState {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: Date | null;
}

/**
 * How ratings are scheduled: a desired retention (0.7–0.99), or that plus an exam cap (decision
 * 080): `maxDays` is ts-fsrs's `maximum_interval` and `until` the latest due instant, so no
 * interval skips past the exam (ts-fsrs keeps Hard < Good < Easy by adding a day, which can pass
 * `maximum_interval`: the due date is clamped to `until` after).
 */
export type Policy = number | { retention: number; cap: { until: Date; maxDays: number } | null };
const retentionOf = (p: Policy) => (typeof p === "number" ? p : p.retention);
const capOf = (p: Policy) => (typeof p === "number" ? null : p.cap);

/** Schedulers by retention, short-term flag and interval cap; cached because students share a few. */
const cache = new Map<string, ReturnType<typeof fsrs>>();
/**
 * `shortTerm` false (bank questions) skips the minute learning steps, so a missed question comes
 * back on a later day rather than a minute later. `maxDays` caps intervals (ts-fsrs
 * `maximum_interval`, default 36,500 days).
 */
export function schedulerFor(desiredRetention: number, shortTerm = true, maxDays?: number) {
  const key = `${desiredRetention}:${shortTerm}:${maxDays ?? ""}`;
  let s = cache.get(key);
  if (!s) {
    if (cache.size > 500) cache.clear();
    s = fsrs({
      request_retention: desiredRetention,
      enable_fuzz: true,
      enable_short_term: shortTerm,
      ...(maxDays ? { maximum_interval: maxDays } : {}),
    });
    cache.set(key, s);
  }
  return s;
}

const schedulerOf = (p: Policy, shortTerm: boolean) => schedulerFor(retentionOf(p), shortTerm, capOf(p)?.maxDays);

/** A card whose due date passes the exam cap, brought back to it. */
function capped(c: Card, p: Policy, now: Date): Card {
  const cap = capOf(p);
  if (!cap || c.due.getTime() <= cap.until.getTime()) return c;
  const days = Math.max(0, Math.floor((cap.until.getTime() - now.getTime()) / 86_400_000));
  return { ...c, due: cap.until, scheduled_days: days };
}

/** The memory state of an item never studied. */
export const newMemory = (now: Date): MemoryState => fromCard(createEmptyCard(now));

export function toCard(m: MemoryState | null, now: Date): Card {
  if (!m) return createEmptyCard(now);
  return {
    due: m.due,
    stability: m.stability,
    difficulty: m.difficulty,
    elapsed_days: m.elapsedDays,
    scheduled_days: m.scheduledDays,
    learning_steps: m.learningSteps,
    reps: m.reps,
    lapses: m.lapses,
    state: m.state as State,
    last_review: m.lastReview ?? undefined,
  };
}

export function fromCard(c: Card): MemoryState {
  return {
    due: c.due,
    stability: c.stability,
    difficulty: c.difficulty,
    elapsedDays: c.elapsed_days,
    scheduledDays: c.scheduled_days,
    learningSteps: c.learning_steps,
    reps: c.reps,
    lapses: c.lapses,
    state: c.state,
    lastReview: c.last_review ?? null,
  };
}

/**
 * Applies one rating: the new memory state and what to log. `m` null means a new item. `policy`:
 * the desired retention, or retention and exam cap (decision 080).
 */
export function rate(m: MemoryState | null, rating: RatingName, now: Date, policy: Policy, shortTerm = true) {
  const { card, log } = schedulerOf(policy, shortTerm).next(toCard(m, now), now, RATING_VALUE[rating]);
  return { next: fromCard(capped(card, policy, now)), previousState: m?.state ?? State.New, log };
}

/** When each rating would next bring the item back: due instants in ms since the epoch (UTC). */
export function preview(
  m: MemoryState | null,
  now: Date,
  policy: Policy,
  shortTerm = true,
): Record<RatingName, number> {
  const p = schedulerOf(policy, shortTerm).repeat(toCard(m, now), now);
  const due = (g: Grade) => capped(p[g].card, policy, now).due.getTime();
  return { again: due(Rating.Again), hard: due(Rating.Hard), good: due(Rating.Good), easy: due(Rating.Easy) };
}

/** Probability of recall now (0–1); 0 for a new item. */
export function retrievability(m: MemoryState | null, now: Date, policy: Policy): number {
  if (!m || m.state === State.New) return 0;
  return schedulerFor(retentionOf(policy)).get_retrievability(toCard(m, now), now, false);
}

/** The schedule shape of DESIGN.md §5's review answer. */
export function publicSchedule(id: string, m: MemoryState) {
  return {
    id,
    due: m.due.toISOString(),
    stability: m.stability,
    difficulty: m.difficulty,
    reps: m.reps,
    lapses: m.lapses,
    state: STATE_NAMES[m.state] ?? "new",
  };
}
