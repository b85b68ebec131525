/**
 * The one table of the admin console (issue 17 §5), on @tanstack/react-table v8 with everything
 * done by the server (src/contract/list.ts, src/server/lib/list-query.ts): paging, sorting,
 * search and filters travel as the list query; the state lives in the page's URL (so a dashboard
 * counter can open a filtered list, and Back works); 'Export CSV' downloads the same list with
 * `format=csv` (filters and sort applied).
 *
 *   <DataTable endpoint="/api/admin/users" columns={cols} defaultSort="createdAt"
 *     filters={[{ key: "plan", label: "Plan", options: [{ value: "trial", label: "Trial" }] }]} />
 *
 * Column ids are the server's sort keys; a column sorts when `enableSorting` is not false and its
 * id is in `sortable`.
 */
import { useQuery, keepPreviousData } from "@tanstack/react-query";
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { clsx } from "clsx";
import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, Download, Search } from "lucide-react";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { ListPage } from "../../../contract/list";
import { buttonClass } from "../../components/ui/button";
import { Spinner } from "../../components/ui/card";
import { inputClass } from "../../components/ui/input";
import { api } from "../../lib/api";

export interface FilterDef {
  /** Query parameter name. */
  key: string;
  label: string;
  /** Choices; an empty value means 'All'. For a yes/no flag use values "true"/"false". */
  options: { value: string; label: string }[];
}

export interface DataTableProps<R> {
  endpoint: string;
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
  columns: ColumnDef<R, any>[];
  /** Server sort keys (column ids) the user may sort by. */
  sortable: string[];
  defaultSort: string;
  defaultDir?: "asc" | "desc";
  filters?: FilterDef[];
  /** Query parameters the page passes through without a control (e.g. `activeDays` from the dashboard). */
  passThrough?: string[];
  searchLabel?: string;
  /** Shown for a search box; omit to hide it. */
  searchPlaceholder?: string;
  /** Where a click on a row goes. */
  rowHref?: (row: R) => string;
  /** Adds the 'Export CSV' link. */
  csv?: boolean;
  pageSize?: number;
  empty?: string;
  /** Test id of the table. */
  testId?: string;
}

export function DataTable<R>(props: DataTableProps<R>) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const page = Math.max(1, Number(params.get("page") ?? 1) || 1);
  const sort = params.get("sort") ?? props.defaultSort;
  const dir = (params.get("dir") ?? props.defaultDir ?? "desc") as "asc" | "desc";
  const q = params.get("q") ?? "";
  const [typed, setTyped] = useState(q);
  const pageSize = props.pageSize ?? 50;

  // The search box writes the URL 300 ms after the last key (and goes back to page 1).
  useEffect(() => {
    if (typed === q) return;
    const t = setTimeout(() => update({ q: typed || null, page: null }), 300);
    return () => clearTimeout(t);
  });

  function update(patch: Record<string, string | null>) {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  }

  const query = new URLSearchParams();
  if (q) query.set("q", q);
  for (const f of props.filters ?? []) {
    const v = params.get(f.key);
    if (v) query.set(f.key, v);
  }
  for (const k of props.passThrough ?? []) {
    const v = params.get(k);
    if (v) query.set(k, v);
  }
  query.set("sort", sort);
  query.set("dir", dir);
  const exportHref = `${props.endpoint}?${query}&format=csv`;
  query.set("page", String(page));
  query.set("pageSize", String(pageSize));
  const url = `${props.endpoint}?${query}`;

  const { data, isPending, isFetching, error } = useQuery({
    queryKey: ["admin-list", url],
    queryFn: () => api<ListPage<R>>(url),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const table = useReactTable({
    data: data?.rows ?? [],
    columns: props.columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    pageCount,
    state: { sorting: [{ id: sort, desc: dir === "desc" }], pagination: { pageIndex: page - 1, pageSize } },
  });

  const toggleSort = (id: string) => {
    if (sort === id) update({ dir: dir === "desc" ? "asc" : "desc", page: null });
    else update({ sort: id, dir: id === props.defaultSort ? "desc" : "asc", page: null });
  };

  return (
    <div data-testid={props.testId}>
      <div className="flex flex-wrap items-end gap-3">
        {props.searchPlaceholder && (
          <label className="relative min-w-56 flex-1">
            <span className="sr-only">{props.searchLabel ?? "Search"}</span>
            <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-400" aria-hidden />
            <input
              type="search"
              className={clsx(inputClass, "pl-9")}
              placeholder={props.searchPlaceholder}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </label>
        )}
        {props.filters?.map((f) => (
          <label key={f.key} className="text-sm">
            <span className="mb-1 block text-xs font-medium text-slate-600 dark:text-slate-400">{f.label}</span>
            <select
              className={clsx(inputClass, "w-auto pr-8")}
              value={params.get(f.key) ?? ""}
              onChange={(e) => update({ [f.key]: e.target.value || null, page: null })}
            >
              <option value="">All</option>
              {f.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        ))}
        {props.csv && (
          <a href={exportHref} download className={buttonClass("outline", "md")}>
            <Download className="h-4 w-4" aria-hidden /> Export CSV
          </a>
        )}
      </div>

      <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs text-slate-600 uppercase dark:bg-slate-900 dark:text-slate-400">
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => {
                  const canSort = props.sortable.includes(h.column.id) && h.column.columnDef.enableSorting !== false;
                  const label = flexRender(h.column.columnDef.header, h.getContext());
                  const active = sort === h.column.id;
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      className="px-3 py-2.5 font-semibold whitespace-nowrap"
                      aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined}
                    >
                      {canSort ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 uppercase hover:text-slate-900 dark:hover:text-white"
                          onClick={() => toggleSort(h.column.id)}
                        >
                          {label}
                          {active &&
                            (dir === "asc" ? (
                              <ArrowUp className="h-3.5 w-3.5" aria-hidden />
                            ) : (
                              <ArrowDown className="h-3.5 w-3.5" aria-hidden />
                            ))}
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className={clsx("divide-y divide-slate-100 dark:divide-slate-800", isFetching && "opacity-70")}>
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                className={clsx(props.rowHref && "cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-900")}
                onClick={props.rowHref ? () => navigate(props.rowHref!(row.original)) : undefined}
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 align-top">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {isPending && (
          <div className="flex justify-center p-6">
            <Spinner />
          </div>
        )}
        {error && (
          <p className="p-6 text-center text-sm text-red-600" role="alert">
            {(error as Error).message}
          </p>
        )}
        {data && data.rows.length === 0 && (
          <p className="p-6 text-center text-sm text-slate-500">{props.empty ?? "Nothing matches."}</p>
        )}
      </div>

      <div className="mt-3 flex items-center justify-between text-sm text-slate-600 dark:text-slate-400">
        <p data-testid="table-total">
          {data ? `${data.total.toLocaleString("en-US")} ${data.total === 1 ? "row" : "rows"}` : ""}
        </p>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={buttonClass("outline", "sm")}
            disabled={page <= 1}
            onClick={() => update({ page: page - 1 > 1 ? String(page - 1) : null })}
            aria-label="Previous page"
          >
            <ChevronLeft className="h-4 w-4" />
          </button>
          <span>
            Page {page} of {pageCount.toLocaleString("en-US")}
          </span>
          <button
            type="button"
            className={buttonClass("outline", "sm")}
            disabled={page >= pageCount}
            onClick={() => update({ page: String(page + 1) })}
            aria-label="Next page"
          >
            <ChevronRight className="h-4 w-4" />
          </button>
        </div>
      </div>
    </div>
  );
}

/** ISO time → "2026-11-28 14:05 UTC" (admin pages show UTC). */
export const utc = (iso: string | null | undefined) => (iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "—");
