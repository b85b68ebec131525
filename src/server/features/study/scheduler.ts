/**
 * FSRS scheduling through ts-fsrs 5.4 (Free Spaced Repetition Scheduler, Ye et al.; the
 * library's default FSRS-6 weights, learning steps 1m/10m, relearning step 10m, fuzz on).
 * Pure: no clock, no database. `now` is always passed in; dates are UTC instants.
 */
import { type Card, createEmptyCard, fsrs, type Grade, Rating, State } from "ts-fsrs";

import { type RatingName, RATINGS, STATE_NAMES, type StateName } from "../../../contract/study";

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

/** One scheduler per desired retention (0.7–0.99); cached because students share a few values. */
const cache = new Map<string, ReturnType<typeof fsrs>>();
/**
 * `shortTerm` false (bank questions) skips the minute learning steps, so a missed question comes
 * back on a later day rather than a minute later.
 */
export function schedulerFor(desiredRetention: number, shortTerm = true) {
  const key = `${desiredRetention}:${shortTerm}`;
  let s = cache.get(key);
  if (!s) {
    s = fsrs({ request_retention: desiredRetention, enable_fuzz: true, enable_short_term: shortTerm });
    cache.set(key, s);
  }
  return s;
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

/** Applies one rating: the new memory state and what to log. `m` null means a new item. */
export function rate(m: MemoryState | null, rating: RatingName, now: Date, desiredRetention: number, shortTerm = true) {
  const { card, log } = schedulerFor(desiredRetention, shortTerm).next(toCard(m, now), now, RATING_VALUE[rating]);
  return { next: fromCard(card), previousState: m?.state ?? State.New, log };
}

/** When each rating would next bring the item back: due instants in ms since the epoch (UTC). */
export function preview(
  m: MemoryState | null,
  now: Date,
  desiredRetention: number,
  shortTerm = true,
): Record<RatingName, number> {
  const p = schedulerFor(desiredRetention, shortTerm).repeat(toCard(m, now), now);
  return {
    again: p[Rating.Again].card.due.getTime(),
    hard: p[Rating.Hard].card.due.getTime(),
    good: p[Rating.Good].card.due.getTime(),
    easy: p[Rating.Easy].card.due.getTime(),
  };
}

/** Probability of recall now (0–1); 0 for a new item. */
export function retrievability(m: MemoryState | null, now: Date, desiredRetention: number): number {
  if (!m || m.state === State.New) return 0;
  return schedulerFor(desiredRetention).get_retrievability(toCard(m, now), now, false);
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
