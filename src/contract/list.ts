/**
 * Server-side paged, sorted and filtered lists (issue 17 §5): the query every admin list takes and
 * the page it answers. One shape for every list, so one web table (`DataTable`) serves them all:
 *
 *   GET /api/admin/users?q=ann&plan=trial&sort=createdAt&dir=desc&page=2&pageSize=50
 *   → { rows: [...], total: 1234, page: 2, pageSize: 50 }
 *
 * `format=csv` asks the same list as a CSV file (`text/csv`, at most EXPORT_MAX_ROWS rows, the
 * filters and sort applied, paging ignored). `page` is 1-based; `pageSize` 1–100 (default 50).
 */
import { z } from "zod";

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 100;
/** Rows a CSV export holds at most. */
export const EXPORT_MAX_ROWS = 10_000;

/** "true"/"false" query flags (absent = no filter). */
export const queryFlag = z.enum(["true", "false"]).optional();

/**
 * The query schema of a list: `q` (search text), `page`, `pageSize`, `sort` (one of `sorts`),
 * `dir` (asc|desc, default `defaultDir`), `format` (json|csv) and the list's own `filters`.
 */
export function listQuery<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(opts: {
  sorts: S;
  defaultSort: S[number];
  defaultDir?: "asc" | "desc";
  filters: F;
}) {
  return z.object({
    q: z.string().trim().max(200).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
    sort: z.enum(opts.sorts).default(opts.defaultSort as S[number] & string),
    dir: z.enum(["asc", "desc"]).default(opts.defaultDir ?? "desc"),
    format: z.enum(["json", "csv"]).default("json"),
    ...opts.filters,
  });
}

/** The answer of a list: one page of `row`s and the total matching the filters. */
export function pageOf<R extends z.ZodType>(row: R) {
  return z.object({
    rows: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** A list page as the web sees it. */
export interface ListPage<R> {
  rows: R[];
  total: number;
  page: number;
  pageSize: number;
}
