/** A job's progress bar with its message (an accessible progressbar, percent 0–100). */
import type { JobStatus } from "./api";

export function JobProgress({ job, label }: { job: Pick<JobStatus, "progress" | "message" | "state">; label: string }) {
  const percent = Math.max(0, Math.min(100, job.progress));
  return (
    <div className="mt-5" data-testid="job-progress">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="truncate text-slate-600 dark:text-slate-300" aria-live="polite">
          {job.message || (job.state === "queued" ? "Waiting to start…" : "Working…")}
        </span>
        <span className="shrink-0 tabular-nums text-slate-500 dark:text-slate-400">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
