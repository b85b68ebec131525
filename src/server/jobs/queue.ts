/**
 * The job queue and its worker loop (issue 11 §5, decision 049). Jobs are rows of `jobs`
 * (db/schema-jobs.ts), so they survive a restart, and the same code runs on PGlite and PostgreSQL.
 *
 *  - Claim: `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED LIMIT n)`: a queued job whose
 *    `run_at` has come, or a running job whose lease expired (its process died), goes to exactly
 *    one worker; every claim counts an attempt and takes a lease of `leaseMs`.
 *  - Heartbeat: every `leaseMs / 3` the worker renews the leases of its running jobs and learns of
 *    cancellations made by other processes. A job whose row is no longer ours is aborted.
 *  - Finish: success stores `result`; a failure with attempts left goes back to `queued` with
 *    `run_at = now + backoffMs(attempt)`; otherwise `failed`. `PermanentJobError` fails at once.
 *  - Wake-up: `enqueue` wakes this process's loop at once; on PostgreSQL it also sends
 *    `NOTIFY lexmate_jobs[_schema]` so idle workers in other processes claim without waiting for
 *    their next poll (`pollMs`). A cancel is announced the same way.
 *  - `stop()`: no new claims; running handlers get `graceMs` to finish, then their signal is
 *    aborted and their rows go back to `queued` (the attempt is not counted).
 */
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { and, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import pg from "pg";
import type { Logger } from "pino";
import type { Db } from "../db/client";
import { jobs } from "../db/schema-jobs";
import {
  type AbortReason,
  backoffMs,
  type EnqueueOptions,
  JobAbortedError,
  type JobContext,
  type JobHandler,
  type JobKindOptions,
  type JobView,
  PermanentJobError,
  TERMINAL_STATES,
} from "./types";

export interface JobQueueOptions {
  db: Db;
  logger: Logger;
  /** PostgreSQL URL: LISTEN for wake-ups from other processes. Absent (PGlite): in-process wake-ups only. */
  databaseUrl?: string;
  /** PostgreSQL schema (tests): suffixes the NOTIFY channel. */
  schema?: string;
  /** Idle poll interval (ms). */
  pollMs: number;
  /** Lease of a running job (ms); renewed every third of it. */
  leaseMs: number;
  /** Jobs this process runs at once. */
  concurrency: number;
  /** First retry delay (ms); doubles per attempt (types.ts `backoffMs`). */
  backoffMs: number;
  /** How long `stop()` lets running handlers finish (ms) before aborting them. */
  graceMs?: number;
}

type Row = typeof jobs.$inferSelect;

interface Registered {
  handler: JobHandler<never, unknown>;
  options: JobKindOptions<never>;
}

interface Active {
  controller: AbortController;
  done: Promise<void>;
}

export interface JobQueue {
  /** This worker's id (`host:pid:random`), written to `locked_by`. */
  readonly workerId: string;
  /** Registers the handler of a kind (once per kind). */
  register<P, R>(kind: string, handler: JobHandler<P, R>, options?: JobKindOptions<P>): void;
  /** Adds a job; returns its id. The worker that claims it may be in any process. */
  enqueue(kind: string, payload: unknown, options?: EnqueueOptions): Promise<string>;
  /**
   * Adds a job already claimed by this process and runs its first attempt now, in-process; resolves
   * with the job after that attempt (succeeded, failed, or queued for a retry by the worker).
   */
  runNow(kind: string, payload: unknown, options?: EnqueueOptions): Promise<JobView>;
  /** One job, or null. Not owner-scoped: callers scope (jobs.service.ts). */
  get(id: string): Promise<JobView | null>;
  /** Resolves with the job once it is succeeded, failed or cancelled (polls every `intervalMs`). */
  wait(id: string, options?: { timeoutMs?: number; intervalMs?: number }): Promise<JobView>;
  /**
   * Cancels a queued job at once, or asks a running one to stop (its handler's signal is aborted,
   * here or in the process that runs it). Returns the job, or null when `id` matches nothing
   * (`where` adds the owner scope).
   */
  cancel(id: string, scope?: { ownerId?: string }): Promise<JobView | null>;
  /**
   * Puts a failed or cancelled job back in the queue as new: attempts 0, no error, progress 0, run
   * now (the admin batch monitor's Retry). Returns the job, or null when `id` matches nothing;
   * a job in any other state is returned unchanged (callers answer 409).
   */
  retry(id: string): Promise<JobView | null>;
  /** Starts the worker loop (idempotent). */
  start(): void;
  /** Runs one claim round now (tests and `start`); resolves once the claimed jobs have started. */
  tick(): Promise<number>;
  /** Stops claiming, lets running jobs finish (or aborts them after `graceMs`), closes LISTEN. */
  stop(): Promise<void>;
}

export const jobsChannel = (schema?: string) => (schema ? `lexmate_jobs_${schema}` : "lexmate_jobs").slice(0, 63);

const view = (r: Row): JobView => ({
  id: r.id,
  kind: r.kind,
  state: r.state,
  progress: r.progress,
  message: r.message,
  error: r.error,
  result: r.result ?? null,
  ownerId: r.ownerId,
  attempts: r.attempts,
  maxAttempts: r.maxAttempts,
  createdAt: r.createdAt,
  startedAt: r.startedAt,
  finishedAt: r.finishedAt,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const errorText = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).split("\n")[0].slice(0, 1000) || "failed";

export function createJobQueue(o: JobQueueOptions): JobQueue {
  const { db, logger } = o;
  const workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const handlers = new Map<string, Registered>();
  const active = new Map<string, Active>();
  const channel = jobsChannel(o.schema);
  const leaseSql = sql`now() + (${o.leaseMs}::int * interval '1 millisecond')`;
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let ticking: Promise<number> | null = null;
  let again = false;
  let listener: pg.Client | null = null;

  const notify = async (message: string) => {
    if (!o.databaseUrl) return;
    try {
      await db.execute(sql`SELECT pg_notify(${channel}, ${message})`);
    } catch (err) {
      logger.warn({ err }, "jobs: notify failed");
    }
  };

  const ours = (id: string) => and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.state, "running"));

  const redacted = (kind: string, payload: unknown) => {
    const redact = handlers.get(kind)?.options.redact as ((p: unknown) => unknown) | undefined;
    return redact ? { payload: redact(payload) as object } : {};
  };

  async function finish(row: Row, outcome: { result?: unknown; error?: unknown; abort?: AbortReason }) {
    const { abort } = outcome;
    if (abort === "lease-lost") return; // another worker owns the row now
    if (abort === "shutdown") {
      await db
        .update(jobs)
        .set({
          state: "queued",
          attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
          leaseUntil: null,
          lockedBy: null,
          runAt: sql`now()`,
        })
        .where(ours(row.id));
      return;
    }
    if (abort === "cancel") {
      await db
        .update(jobs)
        .set({
          state: "cancelled",
          error: null,
          finishedAt: sql`now()`,
          leaseUntil: null,
          message: "Cancelled.",
          ...redacted(row.kind, row.payload),
        })
        .where(ours(row.id));
      return;
    }
    if (!("error" in outcome)) {
      await db
        .update(jobs)
        .set({
          state: "succeeded",
          progress: 100,
          result: (outcome.result ?? null) as object,
          error: null,
          finishedAt: sql`now()`,
          leaseUntil: null,
          ...redacted(row.kind, row.payload),
        })
        .where(ours(row.id));
      return;
    }
    const message = errorText(outcome.error);
    const permanent = outcome.error instanceof PermanentJobError;
    if (!permanent && row.attempts < row.maxAttempts) {
      const delay = backoffMs(row.attempts, o.backoffMs);
      await db
        .update(jobs)
        .set({
          state: "queued",
          error: message,
          leaseUntil: null,
          lockedBy: null,
          runAt: sql`now() + (${delay}::int * interval '1 millisecond')`,
        })
        .where(ours(row.id));
      logger.warn(
        { jobId: row.id, kind: row.kind, attempt: row.attempts, retryInMs: delay, err: message },
        "job failed; retrying",
      );
      schedule(delay + 5);
    } else {
      await db
        .update(jobs)
        .set({
          state: "failed",
          error: message,
          finishedAt: sql`now()`,
          leaseUntil: null,
          ...redacted(row.kind, row.payload),
        })
        .where(ours(row.id));
      logger.warn({ jobId: row.id, kind: row.kind, attempts: row.attempts, err: message }, "job failed");
    }
  }

  function execute(row: Row): Promise<void> {
    const reg = handlers.get(row.kind);
    const controller = new AbortController();
    const ctx: JobContext<unknown> = {
      id: row.id,
      kind: row.kind,
      payload: row.payload,
      attempt: row.attempts,
      maxAttempts: row.maxAttempts,
      ownerId: row.ownerId,
      signal: controller.signal,
      progress: async (percent, message) => {
        const p = Math.max(0, Math.min(100, Math.round(Number.isFinite(percent) ? percent : 0)));
        await db
          .update(jobs)
          .set({ progress: p, ...(message !== undefined ? { message: message.slice(0, 500) } : {}) })
          .where(ours(row.id));
      },
    };
    const done = (async () => {
      try {
        if (!reg) throw new PermanentJobError(`no handler for job kind '${row.kind}'`);
        const result = await (reg.handler as JobHandler<unknown, unknown>)(ctx);
        const reason = controller.signal.aborted ? (controller.signal.reason as JobAbortedError).reason : undefined;
        await finish(row, reason ? { abort: reason } : { result });
      } catch (err) {
        const reason = controller.signal.aborted ? (controller.signal.reason as JobAbortedError).reason : undefined;
        await finish(row, reason ? { abort: reason } : { error: err });
      }
    })()
      .catch((err) => logger.warn({ err, jobId: row.id }, "jobs: could not record the end of a job"))
      .finally(() => {
        active.delete(row.id);
        if (started && !stopped) schedule(0);
      });
    active.set(row.id, { controller, done });
    return done;
  }

  const abortLocal = (id: string, reason: AbortReason) => {
    const a = active.get(id);
    if (a && !a.controller.signal.aborted) a.controller.abort(new JobAbortedError(reason));
  };

  async function sweep() {
    // A job whose process died on its last attempt (or after a cancel) ends here instead of running again.
    await db
      .update(jobs)
      .set({
        state: sql`case when ${jobs.cancelRequested} is not null then 'cancelled' else 'failed' end`,
        error: sql`case when ${jobs.cancelRequested} is not null then null else 'The worker running this job stopped (lease expired) on its last attempt.' end`,
        finishedAt: sql`now()`,
        leaseUntil: null,
      })
      .where(
        and(
          eq(jobs.state, "running"),
          lt(jobs.leaseUntil, sql`now()`),
          or(sql`${jobs.attempts} >= ${jobs.maxAttempts}`, sql`${jobs.cancelRequested} is not null`),
        ),
      );
  }

  async function claim(limit: number): Promise<Row[]> {
    const kinds = [...handlers.keys()];
    if (!kinds.length || limit <= 0) return [];
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, kinds),
          or(
            and(eq(jobs.state, "queued"), lte(jobs.runAt, sql`now()`)),
            and(eq(jobs.state, "running"), lt(jobs.leaseUntil, sql`now()`)),
          ),
        ),
      )
      .orderBy(jobs.runAt, jobs.createdAt)
      .limit(limit)
      .for("update", { skipLocked: true });
    return db
      .update(jobs)
      .set({
        state: "running",
        attempts: sql`${jobs.attempts} + 1`,
        leaseUntil: leaseSql,
        heartbeatAt: sql`now()`,
        lockedBy: workerId,
        startedAt: sql`coalesce(${jobs.startedAt}, now())`,
      })
      .where(inArray(jobs.id, due))
      .returning();
  }

  async function tickOnce(): Promise<number> {
    if (stopped) return 0;
    await sweep();
    const rows = await claim(o.concurrency - active.size);
    for (const r of rows) {
      logger.debug({ jobId: r.id, kind: r.kind, attempt: r.attempts }, "job started");
      void execute(r);
    }
    return rows.length;
  }

  function tick(): Promise<number> {
    if (ticking) {
      again = true;
      return ticking;
    }
    ticking = tickOnce()
      .catch((err) => {
        if (!stopped) logger.warn({ err }, "jobs: claim failed");
        return 0;
      })
      .finally(() => {
        ticking = null;
        if (again && !stopped) {
          again = false;
          schedule(0);
        }
      });
    return ticking;
  }

  function schedule(ms: number) {
    if (!started || stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(
      () => {
        timer = null;
        void tick().finally(() => {
          if (!timer) schedule(o.pollMs);
        });
      },
      Math.min(ms, o.pollMs),
    );
    timer.unref?.();
  }

  async function beat() {
    const ids = [...active.keys()];
    if (!ids.length) return;
    const renewed = await db
      .update(jobs)
      .set({ leaseUntil: leaseSql, heartbeatAt: sql`now()` })
      .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, workerId), eq(jobs.state, "running")))
      .returning({ id: jobs.id, cancelRequested: jobs.cancelRequested });
    const kept = new Set(renewed.map((r) => r.id));
    for (const id of ids) if (!kept.has(id) && active.has(id)) abortLocal(id, "lease-lost");
    for (const r of renewed) if (r.cancelRequested) abortLocal(r.id, "cancel");
  }

  async function listen() {
    if (!o.databaseUrl || stopped) return;
    const c = new pg.Client({ connectionString: o.databaseUrl });
    c.on("notification", (msg) => {
      if (msg.channel !== channel) return;
      if (msg.payload?.startsWith("cancel:")) abortLocal(msg.payload.slice(7), "cancel");
      else schedule(0);
    });
    const lost = () => {
      if (listener !== c || stopped) return;
      listener = null;
      // Polling still finds every job; try to listen again after a poll interval.
      setTimeout(() => void listen(), o.pollMs).unref?.();
    };
    c.on("error", lost);
    c.on("end", lost);
    listener = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      logger.warn({ err }, "jobs: LISTEN failed; polling only");
      c.end().catch(() => {});
      lost();
    }
  }

  return {
    workerId,
    register(kind, handler, options = {}) {
      if (handlers.has(kind)) throw new Error(`jobs: '${kind}' is already registered`);
      handlers.set(kind, { handler: handler as JobHandler<never, unknown>, options: options as JobKindOptions<never> });
    },
    async enqueue(kind, payload, options = {}) {
      const [row] = await db
        .insert(jobs)
        .values({
          kind,
          payload: (payload ?? {}) as object,
          ownerId: options.ownerId ?? null,
          maxAttempts: options.maxAttempts ?? handlers.get(kind)?.options.maxAttempts ?? 5,
          ...(options.runAt ? { runAt: options.runAt } : {}),
        })
        .returning({ id: jobs.id });
      schedule(0);
      await notify("wake");
      return row.id;
    },
    async runNow(kind, payload, options = {}) {
      const [row] = await db
        .insert(jobs)
        .values({
          kind,
          payload: (payload ?? {}) as object,
          ownerId: options.ownerId ?? null,
          maxAttempts: options.maxAttempts ?? handlers.get(kind)?.options.maxAttempts ?? 5,
          state: "running",
          attempts: 1,
          lockedBy: workerId,
          leaseUntil: leaseSql,
          heartbeatAt: sql`now()`,
          startedAt: sql`now()`,
        })
        .returning();
      await execute(row);
      return (await this.get(row.id))!;
    },
    async get(id) {
      if (!UUID.test(id)) return null;
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row ? view(row) : null;
    },
    async wait(id, options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 60_000);
      for (;;) {
        const j = await this.get(id);
        if (!j) throw new Error(`jobs: no job ${id}`);
        if (TERMINAL_STATES.includes(j.state)) return j;
        if (Date.now() > deadline) throw new Error(`jobs: job ${id} still ${j.state} after the wait`);
        await new Promise((r) => setTimeout(r, options.intervalMs ?? 25));
      }
    },
    async cancel(id, scope = {}) {
      if (!UUID.test(id)) return null;
      const where = and(eq(jobs.id, id), scope.ownerId ? eq(jobs.ownerId, scope.ownerId) : undefined);
      const [queued] = await db
        .update(jobs)
        .set({
          state: "cancelled",
          cancelRequested: sql`now()`,
          finishedAt: sql`now()`,
          message: "Cancelled.",
        })
        .where(and(where, eq(jobs.state, "queued")))
        .returning();
      if (queued) {
        const redact = handlers.get(queued.kind)?.options.redact as ((p: unknown) => unknown) | undefined;
        if (redact)
          await db
            .update(jobs)
            .set({ payload: redact(queued.payload) as object })
            .where(eq(jobs.id, id));
        return view(queued);
      }
      const [running] = await db
        .update(jobs)
        .set({ cancelRequested: sql`coalesce(${jobs.cancelRequested}, now())` })
        .where(and(where, eq(jobs.state, "running")))
        .returning();
      if (running) {
        abortLocal(id, "cancel");
        await notify(`cancel:${id}`);
        return view(running);
      }
      const [row] = await db.select().from(jobs).where(where);
      return row ? view(row) : null;
    },
    async retry(id) {
      if (!UUID.test(id)) return null;
      const [row] = await db
        .update(jobs)
        .set({
          state: "queued",
          attempts: 0,
          error: null,
          progress: 0,
          message: "",
          result: null,
          cancelRequested: null,
          runAt: sql`now()`,
          leaseUntil: null,
          lockedBy: null,
          startedAt: null,
          finishedAt: null,
        })
        .where(and(eq(jobs.id, id), inArray(jobs.state, ["failed", "cancelled"])))
        .returning();
      if (row) {
        schedule(0);
        await notify("wake");
        return view(row);
      }
      const [current] = await db.select().from(jobs).where(eq(jobs.id, id));
      return current ? view(current) : null;
    },
    start() {
      if (started || stopped) return;
      started = true;
      void listen();
      heartbeat = setInterval(
        () => void beat().catch((err) => !stopped && logger.warn({ err }, "jobs: heartbeat failed")),
        Math.max(50, Math.floor(o.leaseMs / 3)),
      );
      heartbeat.unref?.();
      schedule(0);
    },
    tick,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearTimeout(timer);
      if (heartbeat) clearInterval(heartbeat);
      const l = listener;
      listener = null;
      await l?.end().catch(() => {});
      await ticking?.catch(() => {});
      const running = [...active.values()].map((a) => a.done);
      if (running.length) {
        const grace = new Promise<void>((r) => setTimeout(r, o.graceMs ?? 5_000).unref?.());
        await Promise.race([Promise.all(running), grace]);
        for (const id of active.keys()) abortLocal(id, "shutdown");
        await Promise.race([Promise.all(running), new Promise((r) => setTimeout(r, 2_000).unref?.())]);
      }
    },
  };
}
