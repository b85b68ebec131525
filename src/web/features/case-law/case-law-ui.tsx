/** Pieces shared by the case-law pages: subjects, filter controls, the import dialog. */
import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { Select, SubjectOptions } from "../../components/ui/select";
import { api } from "../../lib/api";
import { caseLawApi, type Facets, type Filters } from "./api";

export interface SubjectRow {
  id: string;
  name: string;
  shortName: string;
}
export const useSubjects = () =>
  useQuery({
    queryKey: ["subjects"],
    queryFn: () => api<{ subjects: SubjectRow[] }>("/api/subjects").then((r) => r.subjects),
    staleTime: 30 * 60_000,
  });
export const useFacets = () => useQuery({ queryKey: ["case-law-facets"], queryFn: caseLawApi.facets });

export function SubjectBadge({ id }: { id: string | null }) {
  const { data } = useSubjects();
  const s = data?.find((x) => x.id === id);
  if (!s) return null;
  return (
    <span className="rounded-full bg-brand-50 px-2 py-0.5 text-[11px] font-medium text-brand-800 dark:bg-slate-800 dark:text-brand-100">
      {s.shortName || s.name}
    </span>
  );
}

/** Court, year range and subject. Values are strings (URL parameters). */
export function FilterControls({
  filters,
  facets,
  onChange,
  layout = "row",
}: {
  filters: Filters;
  facets?: Facets;
  onChange: (k: keyof Filters, v: string) => void;
  layout?: "row" | "column";
}) {
  const { data: subjects } = useSubjects();
  const yearInput =
    "w-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none dark:border-slate-700 dark:bg-slate-950";
  return (
    <div className={clsx("grid gap-3", layout === "row" ? "sm:grid-cols-2 lg:grid-cols-4" : "grid-cols-1")}>
      <Select label="Court" value={filters.court ?? ""} onChange={(v) => onChange("court", v)}>
        <option value="">All courts</option>
        {facets?.courts.map((c) => (
          <option key={c.court} value={c.court}>
            {c.court} ({c.count})
          </option>
        ))}
      </Select>
      <Select label="Subject" value={filters.subject ?? ""} onChange={(v) => onChange("subject", v)}>
        <SubjectOptions subjects={subjects} empty="All subjects" />
      </Select>
      <div className={clsx("flex items-center gap-2", layout === "row" && "lg:col-span-2")}>
        <input
          aria-label="From year"
          inputMode="numeric"
          placeholder={facets?.years.min ? `From ${facets.years.min}` : "From year"}
          value={filters.yearFrom ?? ""}
          onChange={(e) => onChange("yearFrom", e.target.value.replace(/\D/g, "").slice(0, 4))}
          className={yearInput}
        />
        <span className="text-slate-400" aria-hidden>
          –
        </span>
        <input
          aria-label="To year"
          inputMode="numeric"
          placeholder={facets?.years.max ? `To ${facets.years.max}` : "To year"}
          value={filters.yearTo ?? ""}
          onChange={(e) => onChange("yearTo", e.target.value.replace(/\D/g, "").slice(0, 4))}
          className={yearInput}
        />
      </div>
    </div>
  );
}
