/**
 * Realtime reconnection policy (SPEC.md §4 "Realtime connection", §9 "Realtime backoff"):
 * base 1 s, doubling, capped at 30 s, jitter of up to 10%, fallback polling after 3 failed
 * retries, a 1 s pause before resubscribing, and a successful subscribe resets the count.
 * Pure: the random source is passed in so tests can pin it.
 */

export const REALTIME_BACKOFF = {
  baseMs: 1000,
  capMs: 30_000,
  /** Largest fraction added at random to a delay (≤ 10%). */
  jitter: 0.1,
  /** Failed retries after which the client also polls. */
  pollAfterFailures: 3,
  /** Pause after a channel closes before subscribing again. */
  resubscribePauseMs: 1000,
  /** How often the fallback polls (ms); not set by the spec, chosen to match the 10 s thread fetch time-out. */
  pollIntervalMs: 10_000,
} as const;

/**
 * Delay before retry number `failures` (1 = first retry): min(cap, base · 2^(failures−1)) plus up
 * to 10% jitter, never above the cap. `random` returns a number in [0, 1).
 */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const n = Math.max(1, Math.floor(failures));
  const raw = Math.min(REALTIME_BACKOFF.capMs, REALTIME_BACKOFF.baseMs * 2 ** (n - 1));
  return Math.min(REALTIME_BACKOFF.capMs, Math.round(raw * (1 + REALTIME_BACKOFF.jitter * random())));
}

export interface RealtimeState {
  /** Consecutive failed subscribe attempts since the last success. */
  failures: number;
  mode: "connecting" | "connected" | "reconnecting";
  /** True once `failures` reaches 3: the client polls while it keeps retrying. */
  polling: boolean;
}

export const initialRealtimeState: RealtimeState = { failures: 0, mode: "connecting", polling: false };

export type RealtimeEvent = { type: "subscribed" } | { type: "closed" } | { type: "timed_out" };

/**
 * One transition of the connection. `subscribed` resets the count and stops polling; `closed` or
 * `timed_out` counts a failure and returns `retryInMs` = 1 s pause + backoff delay.
 */
export function nextRealtimeState(
  state: RealtimeState,
  event: RealtimeEvent,
  random: () => number = Math.random,
): { state: RealtimeState; retryInMs: number | null } {
  if (event.type === "subscribed")
    return { state: { failures: 0, mode: "connected", polling: false }, retryInMs: null };
  const failures = state.failures + 1;
  return {
    state: { failures, mode: "reconnecting", polling: failures >= REALTIME_BACKOFF.pollAfterFailures },
    retryInMs: REALTIME_BACKOFF.resubscribePauseMs + backoffDelay(failures, random),
  };
}
