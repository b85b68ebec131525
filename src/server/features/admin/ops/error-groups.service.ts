/**
 * The error-logs page (issue 17 §2): `error_logs` (SPEC.md §3) grouped by fingerprint, the md5 of
 * the message and the stack's top frame (the first `at …` line), so one bug thrown from one place
 * is one row however often it happens. A group is investigated while every log in it is: marking
 * it sets the flag on all of its logs and keeps the note in `error_groups`; a new occurrence
 * (investigated=false) re-opens it, as a regression should.
 */
import { type SQL, sql } from "drizzle-orm";
import type { ErrorGroupRow } from "../../../../contract/admin-ops";
import { type DbOrTx, num, rows } from "../../../db/client";
import { errorGroups } from "../../../db/schema";
import { AppError } from "../../../lib/errors";

const TOP_FRAME = sql`substring(e.stack_trace from '\\n\\s*(at [^\\n]+)')`;
const FINGERPRINT = sql`md5(e.message || chr(10) || coalesce(${TOP_FRAME}, ''))`;

interface Raw {
  fingerprint: string;
  message: string;
  top_frame: string | null;
  source: string;
  n: unknown;
  users: unknown;
  first_seen: Date | string;
  last_seen: Date | string;
  investigated: boolean;
  note: string | null;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const toRow = (r: Raw): ErrorGroupRow => ({
  fingerprint: r.fingerprint,
  message: r.message,
  topFrame: r.top_frame,
  source: r.source,
  count: num(r.n),
  usersAffected: num(r.users),
  firstSeen: iso(r.first_seen),
  lastSeen: iso(r.last_seen),
  investigated: !!r.investigated,
  note: r.note,
});

const SORTS: Record<string, SQL> = {
  lastSeen: sql`last_seen`,
  firstSeen: sql`first_seen`,
  count: sql`n`,
  usersAffected: sql`users`,
};

function groupedQuery(where: SQL, having: SQL) {
  return sql`
    with g as (
      select ${FINGERPRINT} as fingerprint, min(e.message) as message, min(${TOP_FRAME}) as top_frame,
             min(e.source) as source, count(*) as n, count(distinct e.user_id) as users,
             min(e.created_at) as first_seen, max(e.created_at) as last_seen, bool_and(e.investigated) as investigated
      from error_logs e where ${where}
      group by 1 having ${having}
    )
    select g.*, eg.note from g left join error_groups eg on eg.fingerprint = g.fingerprint`;
}

/** One page of groups; `q` matches the message (case-insensitive). */
export async function listErrorGroups(
  db: DbOrTx,
  f: {
    q?: string;
    investigated?: "true" | "false";
    source?: "server" | "client";
    sort: string;
    dir: "asc" | "desc";
    limit: number;
    offset: number;
  },
): Promise<{ rows: ErrorGroupRow[]; total: number }> {
  const conds: SQL[] = [sql`true`];
  if (f.q) conds.push(sql`e.message ilike ${`%${f.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`);
  if (f.source) conds.push(sql`e.source = ${f.source}`);
  const where = sql.join(conds, sql` and `);
  const having =
    f.investigated === undefined
      ? sql`true`
      : f.investigated === "true"
        ? sql`bool_and(e.investigated)`
        : sql`not bool_and(e.investigated)`;
  const order = sql`${SORTS[f.sort] ?? SORTS.lastSeen} ${sql.raw(f.dir === "asc" ? "asc" : "desc")}, fingerprint`;
  const base = groupedQuery(where, having);
  const [list, total] = await Promise.all([
    rows<Raw>(db, sql`select * from (${base}) x order by ${order} limit ${f.limit} offset ${f.offset}`),
    rows<{ n: unknown }>(db, sql`select count(*) as n from (${base}) x`),
  ]);
  return { rows: list.map(toRow), total: num(total[0]?.n) };
}

const FP = /^[0-9a-f]{32}$/;

/** One group with its latest stack trace and latest 20 occurrences; NOT_FOUND when no log has that fingerprint. */
export async function getErrorGroup(db: DbOrTx, fingerprint: string) {
  if (!FP.test(fingerprint)) throw new AppError("NOT_FOUND", "No such error group.");
  const [g] = await rows<Raw>(db, groupedQuery(sql`${FINGERPRINT} = ${fingerprint}`, sql`true`));
  if (!g) throw new AppError("NOT_FOUND", "No such error group.");
  const recent = await rows<{
    id: string;
    created_at: Date | string;
    url: string | null;
    email: string | null;
    stack_trace: string | null;
  }>(
    db,
    sql`select e.id, e.created_at, e.url, u.email, e.stack_trace from error_logs e left join "user" u on u.id = e.user_id
        where ${FINGERPRINT} = ${fingerprint} order by e.created_at desc limit 20`,
  );
  return {
    ...toRow(g),
    stackTrace: recent[0]?.stack_trace ?? null,
    recent: recent.map((r) => ({ id: r.id, createdAt: iso(r.created_at), url: r.url, userEmail: r.email })),
  };
}

/** Sets the group's flag on all its logs and stores the note; returns the group before and after. */
export async function markErrorGroup(
  db: DbOrTx,
  fingerprint: string,
  m: { investigated: boolean; note: string; by: string },
): Promise<{ before: ErrorGroupRow; after: ErrorGroupRow }> {
  const before = await getErrorGroup(db, fingerprint);
  await db.execute(sql`update error_logs e set investigated = ${m.investigated} where ${FINGERPRINT} = ${fingerprint}`);
  const values = { investigated: m.investigated, note: m.note || null, updatedBy: m.by, updatedAt: new Date() };
  await db
    .insert(errorGroups)
    .values({ fingerprint, ...values })
    .onConflictDoUpdate({ target: errorGroups.fingerprint, set: values });
  const after = await getErrorGroup(db, fingerprint);
  const { stackTrace: _s, recent: _r, ...b } = before;
  const { stackTrace: _s2, recent: _r2, ...a } = after;
  return { before: b, after: a };
}
