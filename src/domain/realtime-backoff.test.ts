import { describe, expect, it } from "vitest";
import { backoffDelay, initialRealtimeState, nextRealtimeState, REALTIME_BACKOFF } from "./realtime-backoff";

const none = () => 0;
const most = () => 0.999_999;

describe("backoffDelay (SPEC.md §9: base 1 s, doubling, cap 30 s, jitter ≤ 10%)", () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [4, 8000],
    [5, 16_000],
    [6, 30_000],
    [50, 30_000],
  ])("retry %i without jitter waits %i ms", (n, ms) => {
    expect(backoffDelay(n, none)).toBe(ms);
  });
  it("adds at most 10% jitter and never exceeds the cap", () => {
    expect(backoffDelay(1, most)).toBe(1100);
    expect(backoffDelay(4, most)).toBe(8800);
    expect(backoffDelay(6, most)).toBe(30_000);
    for (let i = 0; i < 1000; i++) {
      const n = 1 + (i % 8);
      const d = backoffDelay(n);
      const raw = Math.min(30_000, 1000 * 2 ** (n - 1));
      expect(d).toBeGreaterThanOrEqual(raw);
      expect(d).toBeLessThanOrEqual(Math.min(30_000, raw * 1.1));
    }
  });
  it("treats 0 or negative counts as the first retry", () => {
    expect(backoffDelay(0, none)).toBe(1000);
    expect(backoffDelay(-3, none)).toBe(1000);
  });
});

describe("nextRealtimeState (SPEC.md §4 realtime connection)", () => {
  it("retries after the 1 s pause plus the backoff, and polls from the third failure", () => {
    let s = initialRealtimeState;
    const waits: number[] = [];
    const polling: boolean[] = [];
    for (let i = 0; i < 4; i++) {
      const r = nextRealtimeState(s, { type: i % 2 ? "timed_out" : "closed" }, none);
      s = r.state;
      waits.push(r.retryInMs!);
      polling.push(s.polling);
    }
    expect(waits).toEqual([2000, 3000, 5000, 9000].map((x) => x));
    expect(waits[0]).toBe(REALTIME_BACKOFF.resubscribePauseMs + 1000);
    expect(polling).toEqual([false, false, true, true]);
    expect(s.mode).toBe("reconnecting");
  });
  it("a successful subscribe resets the count and stops polling", () => {
    let s = initialRealtimeState;
    for (let i = 0; i < 5; i++) s = nextRealtimeState(s, { type: "closed" }, none).state;
    expect(s.polling).toBe(true);
    const r = nextRealtimeState(s, { type: "subscribed" });
    expect(r).toEqual({ state: { failures: 0, mode: "connected", polling: false }, retryInMs: null });
    expect(nextRealtimeState(r.state, { type: "closed" }, none).retryInMs).toBe(2000);
  });
});
