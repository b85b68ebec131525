/**
 * Analytics retention (issue 17 §4): the `analytics.prune` job deletes `analytics_events` older
 * than ANALYTICS_RETENTION_DAYS (default 395 days; the daily roll-ups the dashboard charts read
 * are kept). The server enqueues it at start and then every 24 hours; it shows in the batch
 * monitor like any job.
 */
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import type { JobQueue } from "../../jobs/queue";
import { pruneAnalytics } from "./analytics.service";

export const PRUNE_KIND = "analytics.prune";
const DAY_MS = 86_400_000;

export function registerAnalyticsPruneJob(o: { jobs: JobQueue; db: Db; retentionDays: number; logger: Logger }) {
  o.jobs.register<Record<string, never>, { deleted: number }>(PRUNE_KIND, async () => {
    const deleted = await pruneAnalytics(o.db, o.retentionDays);
    if (deleted) o.logger.info({ deleted, retentionDays: o.retentionDays }, "analytics events pruned");
    return { deleted };
  });
}

/** Enqueues the prune now and every 24 h; returns the function that stops the timer. */
export function scheduleAnalyticsPrune(jobs: JobQueue, logger: Logger): () => void {
  const enqueue = () =>
    jobs
      .enqueue(PRUNE_KIND, {}, { maxAttempts: 3 })
      .catch((err) => logger.warn({ err }, "could not enqueue analytics.prune"));
  void enqueue();
  const t = setInterval(enqueue, DAY_MS);
  t.unref();
  return () => clearInterval(t);
}
