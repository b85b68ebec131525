/**
 * Background jobs (issue 11 §5, decision 049): one row per job, kept after it ends as the
 * history the admin's batch monitor reads.
 *  - `state`: queued → running → succeeded | failed | cancelled (a failed attempt with attempts
 *    left goes back to queued with `run_at` pushed out by the backoff).
 *  - `run_at`: earliest start (UTC); workers claim `queued` rows with `run_at <= now()` and
 *    `running` rows whose `lease_until` passed (their process died) with
 *    `SELECT … FOR UPDATE SKIP LOCKED`.
 *  - `lease_until`: a running job's lease, renewed by the worker's heartbeat (`heartbeat_at`).
 *  - `progress` 0–100 and `message`: what the owner sees; `result`: the handler's answer (JSON).
 *  - `owner_id`: the user who may follow and cancel it (null: a system job, admins only).
 */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./schema-auth";
import { createdAt, ts } from "./schema-columns";

export const JOB_STATES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    state: text("state").$type<JobState>().notNull().default("queued"),
    payload: jsonb("payload").$type<unknown>().notNull().default(sql`'{}'::jsonb`),
    result: jsonb("result").$type<unknown>(),
    ownerId: text("owner_id").references(() => user.id, { onDelete: "cascade" }),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    progress: integer("progress").notNull().default(0),
    message: text("message").notNull().default(""),
    error: text("error"),
    cancelRequested: ts("cancel_requested_at"),
    runAt: ts("run_at").notNull().defaultNow(),
    leaseUntil: ts("lease_until"),
    heartbeatAt: ts("heartbeat_at"),
    /** Which process holds the lease (`host:pid:random`), for the monitor and logs. */
    lockedBy: text("locked_by"),
    createdAt: createdAt(),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
  },
  (t) => [
    index("jobs_claim_idx").on(t.state, t.runAt),
    index("jobs_owner_idx").on(t.ownerId, t.createdAt),
    index("jobs_kind_created_idx").on(t.kind, t.createdAt),
  ],
);
