/**
 * /case-law (the opinion library: browse with filters, import) and /case-law/search (full-text
 * search with highlighted snippets, filters by court, year range and subject, sort by
 * relevance or date). Filters live in the URL so a search can be shared and reloaded.
 */
import { useInfiniteQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { BookOpen, Gavel, Search, SlidersHorizontal, Upload } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/card";
import { caseLawApi, type Filters, shortCourt } from "./api";
import { FilterControls, SubjectBadge, useFacets } from "./case-law-ui";
import { ImportDialog } from "./import-dialog";
import { LiveResults } from "./live-results";

const FILTER_KEYS: (keyof Filters)[] = ["court", "yearFrom", "yearTo", "subject"];

function useFilters() {
  const [params, setParams] = useSearchParams();
  const filters: Filters = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ""]).filter(([, v]) => v));
  const set = (k: string, v: string) => {
    const n = new URLSearchParams(params);
    if (v) n.set(k, v);
    else n.delete(k);
    setParams(n, { replace: true });
  };
  const clear = () => {
    const n = new URLSearchParams(params);
    for (const k of FILTER_KEYS) n.delete(k);
    setParams(n, { replace: true });
  };
  return { params, filters, set, clear };
}

function SearchBox({ initial, autoFocus }: { initial: string; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [q, setQ] = useState(initial);
  useEffect(() => setQ(initial), [initial]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!q.trim()) return;
    const n = new URLSearchParams(params);
    n.set("q", q.trim());
    navigate(`/case-law/search?${n}`);
  };
  return (
    <search>
      <form onSubmit={submit} className="relative">
        <Search className="pointer-events-none absolute top-3.5 left-4 h-5 w-5 text-slate-400" />
        <input
          ref={(el) => {
            if (autoFocus && el && !initial) el.focus();
          }}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder='Search opinions: minimum contacts, "state action", 326 U.S. 310'
          aria-label="Search opinions"
          className="w-full rounded-xl border border-slate-200 bg-white py-3 pr-28 pl-12 text-base shadow-sm focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none dark:border-slate-700 dark:bg-slate-950"
        />
        <Button type="submit" className="absolute top-1.5 right-1.5" size="md">
          Search
        </Button>
      </form>
    </search>
  );
}

function OpinionLine({
  name,
  citation,
  court,
  year,
  mine,
  subjectId,
}: {
  name: string;
  citation: string | null;
  court: string | null;
  year: number | null;
  mine: boolean;
  subjectId: string | null;
}) {
  return (
    <>
      <span className="font-semibold italic text-slate-900 group-hover:text-brand-700 dark:text-white dark:group-hover:text-brand-100">
        {name}
      </span>
      <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-500 dark:text-slate-400">
        {citation && <span>{citation}</span>}
        {shortCourt(court) && <span>· {shortCourt(court)}</span>}
        {year && <span>· {year}</span>}
        <SubjectBadge id={subjectId} />
        {mine && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-medium text-amber-800 dark:bg-amber-900/50 dark:text-amber-200">
            Your upload
          </span>
        )}
      </span>
    </>
  );
}

export function CaseLawPage() {
  const { params, filters, set } = useFilters();
  const sort = params.get("sort") === "date" ? "date" : "name";
  const [importing, setImporting] = useState(false);
  const facets = useFacets();
  const list = useInfiniteQuery({
    queryKey: ["case-law", "list", filters, sort],
    queryFn: ({ pageParam }) => caseLawApi.list({ ...filters, sort, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.opinions.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
  });
  const rows = list.data?.pages.flatMap((p) => p.opinions) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const empty = facets.data?.total === 0;
  return (
    <div className="mx-auto max-w-5xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Case law</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            Read opinions, search them by doctrine, and brief them beside the text.
          </p>
        </div>
        <div className="flex gap-2">
          <Link
            to="/cases"
            className="inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <BookOpen className="h-4 w-4" /> Case briefs
          </Link>
          <Button variant="outline" onClick={() => setImporting(true)}>
            <Upload className="h-4 w-4" /> Import
          </Button>
        </div>
      </div>
      <div className="mt-6">
        <SearchBox initial="" autoFocus />
      </div>
      {empty ? (
        <div className="mt-10 rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
          <Gavel className="mx-auto h-10 w-10 text-brand-700 dark:text-brand-100" />
          <h2 className="mt-3 text-lg font-semibold">The library is empty</h2>
          <p className="mx-auto mt-1 max-w-md text-sm text-slate-500 dark:text-slate-400">
            Import opinions you have as Markdown, text or CourtListener JSON. An administrator can import opinions into
            the shared library for everyone.
          </p>
          <Button className="mt-5" onClick={() => setImporting(true)}>
            <Upload className="h-4 w-4" /> Import opinions
          </Button>
        </div>
      ) : (
        <>
          <div className="mt-6 flex flex-col gap-3 lg:flex-row lg:items-center">
            <div className="flex-1">
              <FilterControls filters={filters} facets={facets.data} onChange={set} />
            </div>
            <fieldset
              className="flex rounded-lg border border-slate-200 p-0.5 text-sm dark:border-slate-700"
              aria-label="Sort"
            >
              {(["name", "date"] as const).map((s) => (
                <button
                  key={s}
                  type="button"
                  aria-pressed={sort === s}
                  onClick={() => set("sort", s === "name" ? "" : s)}
                  className={clsx(
                    "rounded-md px-3 py-1.5 font-medium",
                    sort === s
                      ? "bg-slate-900 text-white dark:bg-white dark:text-slate-900"
                      : "text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800",
                  )}
                >
                  {s === "name" ? "A–Z" : "Newest"}
                </button>
              ))}
            </fieldset>
          </div>
          <p className="mt-6 text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
            {list.isPending ? "Loading…" : `${total.toLocaleString()} opinion${total === 1 ? "" : "s"}`}
          </p>
          {list.isPending ? (
            <Spinner className="m-10 text-brand-700" />
          ) : (
            <ul className="mt-2 divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
              {rows.map((o) => (
                <li key={o.id}>
                  <Link
                    to={`/case-law/${o.id}`}
                    className="group flex flex-col px-5 py-3.5 hover:bg-slate-50 dark:hover:bg-slate-800/60"
                    data-testid="opinion-row"
                  >
                    <OpinionLine {...o} />
                  </Link>
                </li>
              ))}
              {!rows.length && (
                <li className="px-5 py-10 text-center text-sm text-slate-500 dark:text-slate-400">
                  No opinion matches these filters.
                </li>
              )}
            </ul>
          )}
          {list.hasNextPage && (
            <div className="mt-4 text-center">
              <Button variant="outline" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? "Loading…" : "Show more"}
              </Button>
            </div>
          )}
        </>
      )}
      <ImportDialog open={importing} onOpenChange={setImporting} />
    </div>
  );
}

export function CaseLawSearchPage() {
  const { params, filters, set, clear } = useFilters();
  const q = params.get("q") ?? "";
  const sort = params.get("sort") === "date" ? "date" : "relevance";
  const [showFilters, setShowFilters] = useState(false);
  const facets = useFacets();
  const results = useInfiniteQuery({
    queryKey: ["case-law", "search", q, filters, sort],
    queryFn: ({ pageParam }) => caseLawApi.search({ q, ...filters, sort, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.results.length, 0);
      return last.results.length === 20 && loaded < Math.min(last.total, 200) ? loaded : undefined;
    },
    enabled: !!q.trim(),
  });
  const hits = results.data?.pages.flatMap((p) => p.results) ?? [];
  const first = results.data?.pages[0];
  const activeFilters = FILTER_KEYS.filter((k) => filters[k]).length;
  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
        <Link to="/case-law" className="hover:underline">
          Case law
        </Link>
        <span>/</span>
        <span>Search</span>
      </div>
      <div className="mt-3">
        <SearchBox initial={q} autoFocus />
      </div>
      <div className="mt-6 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside aria-label="Filters">
          <button
            type="button"
            className="flex w-full items-center justify-between rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium lg:hidden dark:border-slate-700"
            aria-expanded={showFilters}
            onClick={() => setShowFilters((v) => !v)}
          >
            <span className="flex items-center gap-2">
              <SlidersHorizontal className="h-4 w-4" /> Filters{activeFilters ? ` (${activeFilters})` : ""}
            </span>
          </button>
          <div className={clsx("mt-3 space-y-5 lg:mt-0 lg:block", showFilters ? "block" : "hidden")}>
            <div>
              <h2 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 dark:text-slate-400 uppercase">
                Sort by
              </h2>
              <fieldset
                className="flex rounded-lg border border-slate-200 p-0.5 text-sm dark:border-slate-700"
                aria-label="Sort"
              >
                {(["relevance", "date"] as const).map((s) => (
                  <button
                    key={s}
                    type="button"
                    aria-pressed={sort === s}
                    onClick={() => set("sort", s === "relevance" ? "" : s)}
                    className={clsx(
                      "flex-1 rounded-md px-3 py-1.5 font-medium",
                      sort === s
                        ? "bg-slate-900 text-white dark:bg-white dark:text-slate-900"
                        : "text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800",
                    )}
                  >
                    {s === "relevance" ? "Relevance" : "Newest"}
                  </button>
                ))}
              </fieldset>
            </div>
            <div>
              <h2 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 dark:text-slate-400 uppercase">
                Filter
              </h2>
              <FilterControls filters={filters} facets={facets.data} onChange={set} layout="column" />
              {activeFilters > 0 && (
                <button
                  type="button"
                  className="mt-2 text-sm text-brand-700 hover:underline dark:text-brand-100"
                  onClick={clear}
                >
                  Clear filters
                </button>
              )}
            </div>
          </div>
        </aside>
        <section aria-label="Results" className="min-w-0">
          {!q.trim() ? (
            <p className="text-slate-500 dark:text-slate-400">
              Type words, a doctrine, a "quoted phrase" or a citation.
            </p>
          ) : results.isPending ? (
            <Spinner className="m-10 text-brand-700" />
          ) : results.error ? (
            <p role="alert" className="text-red-600">
              {(results.error as Error).message}
            </p>
          ) : (
            <>
              <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite" data-testid="result-count">
                {first?.total
                  ? `${first.total >= 1000 ? "1,000+" : first.total.toLocaleString()} opinion${first.total === 1 ? "" : "s"}`
                  : "No opinion matches"}
                {first?.anyWords && " — none has every word; these have some of them"}
              </p>
              <ol className="mt-3 space-y-3">
                {hits.map((h) => (
                  <li key={h.id}>
                    <Link
                      to={`/case-law/${h.id}?q=${encodeURIComponent(q)}`}
                      className="group block rounded-2xl border border-slate-200 bg-white p-5 transition-shadow hover:border-brand-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-700"
                      data-testid="search-result"
                    >
                      <OpinionLine {...h} />
                      {h.snippet && (
                        <p
                          className="snippet mt-2 text-sm leading-6 text-slate-700 dark:text-slate-300"
                          dangerouslySetInnerHTML={{ __html: `…${h.snippet}…` }}
                        />
                      )}
                    </Link>
                  </li>
                ))}
              </ol>
              {results.hasNextPage && (
                <div className="mt-4 text-center">
                  <Button
                    variant="outline"
                    onClick={() => results.fetchNextPage()}
                    disabled={results.isFetchingNextPage}
                  >
                    {results.isFetchingNextPage ? "Loading…" : "More results"}
                  </Button>
                </div>
              )}
              {facets.data?.liveSearch && <LiveResults q={q} />}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
