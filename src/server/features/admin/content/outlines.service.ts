/**
 * The outlines page (issue 17 §2, decision 067): outline counts and the OutlineIQ analyses with
 * their background job's state. Outlines are a student's private study material: counted here,
 * never listed with their content. (Students have no way to flag an outline; decision 067.)
 */
import { and, asc, count, countDistinct, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { AdminAnalysisRow, OutlinesOverview } from "../../../../contract/admin-content";
import type { DbOrTx } from "../../../db/client";
import { jobs, outlineAnalyses, outlines, user } from "../../../db/schema";

const like = (q: string) => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** Counters of the outlines page. */
export async function outlinesOverview(db: DbOrTx, now: Date): Promise<OutlinesOverview> {
  const week = new Date(now.getTime() - 7 * 86_400_000);
  const [[o], [a], states] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*) filter (where ${outlines.deletedAt} is null)::int`,
        archived: sql<number>`count(*) filter (where ${outlines.deletedAt} is null and ${outlines.archivedAt} is not null)::int`,
        deleted: sql<number>`count(*) filter (where ${outlines.deletedAt} is not null)::int`,
        authors: countDistinct(outlines.userId),
        entries: sql<number>`coalesce(sum(${outlines.entryCount}) filter (where ${outlines.deletedAt} is null), 0)::int`,
        createdLast7d: sql<number>`count(*) filter (where ${outlines.createdAt} >= ${week})::int`,
      })
      .from(outlines),
    db
      .select({
        total: count(),
        last7d: sql<number>`count(*) filter (where ${outlineAnalyses.createdAt} >= ${week})::int`,
      })
      .from(outlineAnalyses),
    db.select({ state: outlineAnalyses.state, n: count() }).from(outlineAnalyses).groupBy(outlineAnalyses.state),
  ]);
  const byState = { queued: 0, running: 0, done: 0, failed: 0 };
  for (const s of states) if (s.state in byState) byState[s.state as keyof typeof byState] = s.n;
  return { outlines: o, analyses: { total: a.total, last7d: a.last7d, byState } };
}

const SORTS = {
  createdAt: outlineAnalyses.createdAt,
  finishedAt: outlineAnalyses.finishedAt,
  title: outlineAnalyses.title,
} as const;

/** One page of analyses, newest first by default (see `adminContentApi.analyses`). */
export async function listAnalyses(
  db: DbOrTx,
  f: {
    q?: string;
    state?: AdminAnalysisRow["state"];
    fileFormat?: string;
    sort: string;
    dir: "asc" | "desc";
    limit: number;
    offset: number;
  },
): Promise<{ rows: AdminAnalysisRow[]; total: number }> {
  const parts: (SQL | undefined)[] = [];
  if (f.state) parts.push(eq(outlineAnalyses.state, f.state));
  if (f.fileFormat) parts.push(eq(outlineAnalyses.format, f.fileFormat));
  if (f.q)
    parts.push(
      or(
        ilike(outlineAnalyses.title, like(f.q)),
        ilike(outlineAnalyses.fileName, like(f.q)),
        ilike(user.email, like(f.q)),
      ),
    );
  const where = parts.length ? and(...parts) : undefined;
  const by = f.dir === "asc" ? asc : desc;
  const col = SORTS[f.sort as keyof typeof SORTS] ?? outlineAnalyses.createdAt;
  const jobJoin = sql`${jobs.id}::text = ${outlineAnalyses.jobId}`;
  const [list, [total]] = await Promise.all([
    db
      .select({
        a: outlineAnalyses,
        email: user.email,
        jobState: jobs.state,
        attempts: jobs.attempts,
      })
      .from(outlineAnalyses)
      .innerJoin(user, eq(user.id, outlineAnalyses.userId))
      .leftJoin(jobs, jobJoin)
      .where(where)
      .orderBy(by(col), by(outlineAnalyses.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(outlineAnalyses).innerJoin(user, eq(user.id, outlineAnalyses.userId)).where(where),
  ]);
  return {
    rows: list.map(({ a, email, jobState, attempts }) => ({
      id: a.id,
      title: a.title,
      format: a.format,
      fileName: a.fileName,
      subjectId: a.subjectId,
      ownerEmail: email,
      state: a.state as AdminAnalysisRow["state"],
      jobId: a.jobId,
      jobState: jobState ?? null,
      attempts: attempts ?? null,
      error: a.error,
      runs: a.runs,
      createdAt: a.createdAt.toISOString(),
      finishedAt: a.finishedAt?.toISOString() ?? null,
    })),
    total: total.n,
  };
}
