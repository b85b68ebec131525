/**
 * Owner-scoped reads and cancels of jobs for the HTTP API (features/jobs/jobs.routes.ts).
 * A job is visible to its owner and to administrators; for anyone else it does not exist (404).
 */
import type { JobStatus } from "../../contract/jobs";
import { AppError } from "../lib/errors";
import type { SessionUser } from "../lib/context";
import type { JobQueue } from "./queue";
import type { JobView } from "./types";

const toStatus = (j: JobView): JobStatus => ({
  id: j.id,
  kind: j.kind,
  state: j.state,
  progress: j.progress,
  message: j.message,
  error: j.error,
  result: j.result,
  attempts: j.attempts,
  maxAttempts: j.maxAttempts,
  createdAt: j.createdAt.toISOString(),
  startedAt: j.startedAt?.toISOString() ?? null,
  finishedAt: j.finishedAt?.toISOString() ?? null,
});

const notFound = () => new AppError("NOT_FOUND", "No such job.");

/** The job `id` as `user` may see it. Throws AppError NOT_FOUND (absent, or another user's job). */
export async function getJobStatus(opts: { jobs: JobQueue; user: SessionUser; id: string }): Promise<JobStatus> {
  const job = await opts.jobs.get(opts.id);
  if (!job || (!opts.user.isAdmin && job.ownerId !== opts.user.id)) throw notFound();
  return toStatus(job);
}

/**
 * Cancels job `id` for `user` (owner or administrator): a queued job is cancelled at once, a
 * running one is asked to stop (state turns `cancelled` when its handler returns).
 * Throws NOT_FOUND (absent or not visible), CONFLICT (already finished).
 */
export async function cancelJob(opts: { jobs: JobQueue; user: SessionUser; id: string }): Promise<JobStatus> {
  const current = await getJobStatus(opts);
  if (current.state !== "queued" && current.state !== "running")
    throw new AppError(
      "CONFLICT",
      `The job has already ${current.state === "cancelled" ? "been cancelled" : "finished"}.`,
    );
  const job = await opts.jobs.cancel(opts.id, opts.user.isAdmin ? {} : { ownerId: opts.user.id });
  if (!job) throw notFound();
  return toStatus(job);
}
