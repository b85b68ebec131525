/**
 * The server half of the admin lists (issue 17 §5; query and page shapes in src/contract/list.ts).
 *
 *   return runList(c, query, {
 *     sorts: { createdAt: user.createdAt, email: user.email },
 *     tiebreak: user.id,
 *     count: () => db.$count(user, where),
 *     rows: ({ orderBy, limit, offset }) => db.select(...).from(user).where(where).orderBy(...orderBy).limit(limit).offset(offset),
 *     csv: { filename: "users.csv", columns: ["id", "email", ...] },
 *   });
 *
 * JSON: `{rows, total, page, pageSize}` (count and page run together). `format=csv`: the same
 * filters and sort, at most EXPORT_MAX_ROWS rows, as a `text/csv` attachment (papaparse quoting;
 * cells starting with = + - @ are prefixed with ' so a spreadsheet does not run them as formulas).
 */
import type { Context } from "hono";
import { asc, desc, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import Papa from "papaparse";
import { EXPORT_MAX_ROWS, type ListPage } from "../../contract/list";

export interface ListParams {
  page: number;
  pageSize: number;
  sort: string;
  dir: "asc" | "desc";
  format: "json" | "csv";
}

export interface PageWindow {
  orderBy: SQL[];
  limit: number;
  offset: number;
}

/** ORDER BY for `params.sort`/`dir` from `sorts`, then `tiebreak` (a unique column) so pages are stable. */
export function orderOf(
  params: Pick<ListParams, "sort" | "dir">,
  sorts: Record<string, AnyPgColumn | SQL>,
  tiebreak: AnyPgColumn,
): SQL[] {
  const by = params.dir === "asc" ? asc : desc;
  const col = sorts[params.sort] ?? tiebreak;
  return [by(col), by(tiebreak)];
}

/** Neutralises spreadsheet formulas in a CSV cell (OWASP CSV injection). */
function safeCell(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (v !== null && typeof v === "object") return JSON.stringify(v);
  if (typeof v === "string" && /^[=+\-@\t\r]/.test(v)) return `'${v}`;
  return v;
}

/** A CSV attachment of `rows` with `columns` in that order (header = column names). */
export function csvResponse(filename: string, rows: Record<string, unknown>[], columns: string[]): Response {
  const body = Papa.unparse({ fields: columns, data: rows.map((r) => columns.map((k) => safeCell(r[k]))) });
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
    },
  });
}

/**
 * Runs a list query: one page plus the total as JSON, or the CSV export (see the file comment).
 * `rows` receives the ORDER BY, LIMIT and OFFSET to apply.
 */
export async function runList<R extends Record<string, unknown>>(
  _c: Context,
  params: ListParams,
  spec: {
    sorts: Record<string, AnyPgColumn | SQL>;
    tiebreak: AnyPgColumn;
    count: () => Promise<number>;
    rows: (w: PageWindow) => Promise<R[]>;
    csv?: { filename: string; columns: (keyof R & string)[] };
  },
): Promise<ListPage<R> | Response> {
  const orderBy = orderOf(params, spec.sorts, spec.tiebreak);
  if (params.format === "csv" && spec.csv) {
    const rows = await spec.rows({ orderBy, limit: EXPORT_MAX_ROWS, offset: 0 });
    return csvResponse(spec.csv.filename, rows, spec.csv.columns);
  }
  const offset = (params.page - 1) * params.pageSize;
  const [total, rows] = await Promise.all([spec.count(), spec.rows({ orderBy, limit: params.pageSize, offset })]);
  return { rows, total, page: params.page, pageSize: params.pageSize };
}
