/** The batch-monitor page (issue 17 §2): every background job (decision 049) with its owner's email. */
import { and, count, desc, asc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { AdminJobRow } from "../../../../contract/admin-ops";
import type { DbOrTx } from "../../../db/client";
import { jobs, user } from "../../../db/schema";
import type { JobView } from "../../../jobs/types";

const SORTS = { createdAt: jobs.createdAt, kind: jobs.kind, state: jobs.state, attempts: jobs.attempts } as const;

const like = (q: string) => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** One page of jobs, newest first by default; `q` matches kind or error. */
export async function listJobs(
  db: DbOrTx,
  f: {
    q?: string;
    state?: AdminJobRow["state"];
    kind?: string;
    sort: string;
    dir: "asc" | "desc";
    limit: number;
    offset: number;
  },
): Promise<{ rows: AdminJobRow[]; total: number }> {
  const parts: (SQL | undefined)[] = [];
  if (f.state) parts.push(eq(jobs.state, f.state));
  if (f.kind) parts.push(eq(jobs.kind, f.kind));
  if (f.q) parts.push(or(ilike(jobs.kind, like(f.q)), ilike(jobs.error, like(f.q))));
  const where = parts.length ? and(...parts) : undefined;
  const by = f.dir === "asc" ? asc : desc;
  const col = SORTS[f.sort as keyof typeof SORTS] ?? jobs.createdAt;
  const [list, [total]] = await Promise.all([
    db
      .select({ j: jobs, email: user.email })
      .from(jobs)
      .leftJoin(user, eq(user.id, jobs.ownerId))
      .where(where)
      .orderBy(by(col), by(jobs.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(jobs).where(where),
  ]);
  return { rows: list.map((r) => jobRow(r.j, r.email)), total: total.n };
}

/** Jobs per state. */
export async function jobsSummary(db: DbOrTx): Promise<Record<AdminJobRow["state"], number>> {
  const out = { queued: 0, running: 0, succeeded: 0, failed: 0, cancelled: 0 };
  const list = await db.select({ state: jobs.state, n: count() }).from(jobs).groupBy(jobs.state);
  for (const r of list) out[r.state] = r.n;
  return out;
}

type RowLike = Pick<
  JobView,
  | "id"
  | "kind"
  | "state"
  | "progress"
  | "message"
  | "error"
  | "attempts"
  | "maxAttempts"
  | "createdAt"
  | "startedAt"
  | "finishedAt"
>;

/** The monitor's row for a job. */
export function jobRow(j: RowLike, ownerEmail: string | null): AdminJobRow {
  return {
    id: j.id,
    kind: j.kind,
    state: j.state,
    progress: j.progress,
    message: j.message,
    error: j.error,
    attempts: j.attempts,
    maxAttempts: j.maxAttempts,
    ownerEmail,
    createdAt: j.createdAt.toISOString(),
    startedAt: j.startedAt?.toISOString() ?? null,
    finishedAt: j.finishedAt?.toISOString() ?? null,
  };
}

/** The email of a job's owner (null: a system job or no such job). */
export async function jobOwnerEmail(db: DbOrTx, id: string): Promise<string | null> {
  const [r] = await db
    .select({ email: user.email })
    .from(jobs)
    .innerJoin(user, eq(user.id, jobs.ownerId))
    .where(eq(jobs.id, id));
  return r?.email ?? null;
}
