/**
 * /admin/outlines (issue 17 §2, SPEC.md §2.5; decision 067): outline counts and the OutlineIQ
 * analyses with their background job's state (a failed job is retried from the batch monitor).
 * Outlines are students' private material: counted, never shown. Students have no way to flag an
 * outline, so there is no flagged list (decision 067).
 */
import { useQuery } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { Link } from "react-router";
import type { AdminAnalysisRow, OutlinesOverview } from "../../../../contract/admin-content";
import { api } from "../../../lib/api";
import { DataTable, utc } from "../data-table";
import { PageHeader, Stat, StatusPill } from "../ops/ops-ui";

const n = (v: number | undefined) => (v === undefined ? "…" : v.toLocaleString("en-US"));

export default function OutlinesPage() {
  const { data } = useQuery({
    queryKey: ["admin-outlines-overview"],
    queryFn: () => api<OutlinesOverview>("/api/admin/outlines/overview"),
  });
  const columns: ColumnDef<AdminAnalysisRow>[] = [
    {
      id: "title",
      header: "Analysis",
      cell: ({ row }) => (
        <div className="max-w-sm">
          <p className="font-medium">{row.original.title}</p>
          <p className="text-xs text-slate-500">
            {[row.original.format.toUpperCase(), row.original.fileName, row.original.subjectId]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
      ),
    },
    { id: "owner", header: "Student", enableSorting: false, cell: ({ row }) => row.original.ownerEmail },
    {
      id: "state",
      header: "State",
      enableSorting: false,
      cell: ({ row }) => (
        <div className="space-y-1">
          <StatusPill ok={row.original.state === "done"}>{row.original.state}</StatusPill>
          {row.original.error && (
            <p className="max-w-xs text-xs text-red-600 dark:text-red-400">{row.original.error}</p>
          )}
        </div>
      ),
    },
    {
      id: "job",
      header: "Job",
      enableSorting: false,
      cell: ({ row }) =>
        row.original.jobId ? (
          <Link
            className="text-brand-700 underline dark:text-brand-300"
            to={`/admin/batch-monitor?q=outline.analysis${row.original.jobState ? `&state=${row.original.jobState}` : ""}`}
          >
            {row.original.jobState ?? "gone"}
            {row.original.attempts !== null
              ? ` · ${row.original.attempts} attempt${row.original.attempts === 1 ? "" : "s"}`
              : ""}
          </Link>
        ) : (
          "—"
        ),
    },
    { id: "runs", header: "Runs", enableSorting: false, cell: ({ row }) => row.original.runs },
    {
      id: "createdAt",
      header: "Started",
      cell: ({ row }) => <span className="whitespace-nowrap">{utc(row.original.createdAt)}</span>,
    },
    {
      id: "finishedAt",
      header: "Finished",
      cell: ({ row }) => <span className="whitespace-nowrap">{utc(row.original.finishedAt)}</span>,
    },
  ];
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title="Outlines">
        How students use outlines and OutlineIQ. Outlines are private study material, so they are counted here and never
        shown. A failed analysis's job can be retried from the{" "}
        <Link to="/admin/batch-monitor" className="underline">
          batch monitor
        </Link>
        .
      </PageHeader>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="outline-counters">
        <Stat label="Outlines" value={n(data?.outlines.total)} />
        <Stat label="Students with outlines" value={n(data?.outlines.authors)} />
        <Stat label="Entries" value={n(data?.outlines.entries)} />
        <Stat label="New in 7 days" value={n(data?.outlines.createdLast7d)} />
        <Stat label="Analyses (7 days)" value={data ? `${n(data.analyses.total)} (${n(data.analyses.last7d)})` : "…"} />
        <Stat
          label="Failed analyses"
          value={n(data?.analyses.byState.failed)}
          tone={data?.analyses.byState.failed ? "bad" : undefined}
        />
      </div>
      {data && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {n(data.outlines.archived)} archived · {n(data.outlines.deleted)} deleted and still restorable · analyses
          queued {n(data.analyses.byState.queued)}, running {n(data.analyses.byState.running)}, done{" "}
          {n(data.analyses.byState.done)}
        </p>
      )}
      <h2 className="text-lg font-semibold">Recent analyses</h2>
      <DataTable<AdminAnalysisRow>
        testId="analyses-table"
        endpoint="/api/admin/outline-analyses"
        columns={columns}
        sortable={["createdAt", "finishedAt", "title"]}
        defaultSort="createdAt"
        searchPlaceholder="Search title, file name or student email"
        filters={[
          {
            key: "state",
            label: "State",
            options: ["queued", "running", "done", "failed"].map((s) => ({ value: s, label: s })),
          },
          {
            key: "fileFormat",
            label: "Format",
            options: ["docx", "pdf", "md", "txt", "outline"].map((s) => ({ value: s, label: s })),
          },
        ]}
        csv
        empty="No outline has been analysed yet."
      />
    </div>
  );
}
