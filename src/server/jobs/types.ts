/**
 * Background jobs: the types handlers and callers share (issue 11 §5, decision 049).
 */
import type { JobState } from "../db/schema-jobs";

export type { JobState };

/** What a handler gets for one attempt of one job. */
export interface JobContext<P = unknown> {
  id: string;
  kind: string;
  payload: P;
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
  ownerId: string | null;
  /** Aborted when the owner cancels, the lease is lost, or the process shuts down. */
  signal: AbortSignal;
  /** Records progress (`percent` 0–100, clamped and rounded) and a one-line message for the owner. */
  progress(percent: number, message?: string): Promise<void>;
}

export type JobHandler<P = unknown, R = unknown> = (ctx: JobContext<P>) => Promise<R>;

export interface JobKindOptions<P = unknown> {
  /** Attempts before the job is `failed` (default 5). An enqueue may override it. */
  maxAttempts?: number;
  /**
   * Shrinks the payload kept in the history once the job ends (e.g. an email's body and its
   * one-time link are dropped, keeping `to` and `subject`).
   */
  redact?(payload: P): unknown;
}

export interface EnqueueOptions {
  ownerId?: string | null;
  maxAttempts?: number;
  /** Earliest start (UTC); default now. */
  runAt?: Date;
}

/** A job as the owner and the admin monitor see it. Times are UTC. */
export interface JobView {
  id: string;
  kind: string;
  state: JobState;
  progress: number;
  message: string;
  error: string | null;
  result: unknown;
  ownerId: string | null;
  attempts: number;
  maxAttempts: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** Thrown by a handler for a failure no retry can fix: the job fails at once. */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

/** Why a running handler's signal was aborted. */
export type AbortReason = "cancel" | "lease-lost" | "shutdown";

export class JobAbortedError extends Error {
  override name = "AbortError";
  constructor(readonly reason: AbortReason) {
    super(
      reason === "cancel"
        ? "The job was cancelled."
        : reason === "shutdown"
          ? "The server is shutting down."
          : "The job's lease was lost.",
    );
  }
}

/**
 * Delay (ms) before attempt `attempt + 1` after attempt `attempt` failed: `baseMs · 2^(attempt-1)`,
 * capped at one hour, plus up to 10 % jitter so processes retrying the same outage spread out.
 */
export function backoffMs(attempt: number, baseMs: number, random = Math.random): number {
  const raw = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 3_600_000);
  return Math.round(raw * (1 + random() * 0.1));
}

export const TERMINAL_STATES: readonly JobState[] = ["succeeded", "failed", "cancelled"];
