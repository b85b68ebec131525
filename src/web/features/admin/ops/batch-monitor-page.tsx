/** /admin/batch-monitor (issue 17 §2): background jobs by state, with progress, attempts and errors; retry and cancel. */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { useState } from "react";
import { JOB_STATE_VALUES } from "../../../../contract/jobs";
import type { AdminJobRow } from "../../../../contract/admin-ops";
import { Button } from "../../../components/ui/button";
import { api } from "../../../lib/api";
import { DataTable, utc } from "../data-table";
import { ReasonDialog } from "../reason-dialog";
import { PageHeader, Stat } from "./ops-ui";

export default function BatchMonitorPage() {
  const qc = useQueryClient();
  const [acting, setActing] = useState<{ job: AdminJobRow; verb: "retry" | "cancel" } | null>(null);
  const summary = useQuery({
    queryKey: ["admin-jobs-summary"],
    queryFn: () => api<Record<(typeof JOB_STATE_VALUES)[number], number>>("/api/admin/jobs/summary"),
    refetchInterval: 5000,
  });
  const columns: ColumnDef<AdminJobRow>[] = [
    {
      id: "kind",
      header: "Job",
      cell: ({ row }) => (
        <div>
          <code className="text-xs">{row.original.kind}</code>
          <p className="text-xs text-slate-500">{row.original.ownerEmail ?? "system"}</p>
        </div>
      ),
    },
    { id: "state", header: "State", cell: ({ row }) => row.original.state },
    {
      id: "progress",
      header: "Progress",
      enableSorting: false,
      cell: ({ row }) => (
        <div className="w-40">
          <div
            role="progressbar"
            aria-valuenow={row.original.progress}
            aria-valuemin={0}
            aria-valuemax={100}
            className="h-1.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
          >
            <div className="h-full bg-brand-600" style={{ width: `${row.original.progress}%` }} />
          </div>
          <p className="mt-1 truncate text-xs text-slate-500">{row.original.message || `${row.original.progress}%`}</p>
        </div>
      ),
    },
    { id: "attempts", header: "Attempts", cell: ({ row }) => `${row.original.attempts} / ${row.original.maxAttempts}` },
    {
      id: "error",
      header: "Last error",
      enableSorting: false,
      cell: ({ row }) => (
        <span className="block max-w-xs truncate text-xs text-red-700">{row.original.error ?? ""}</span>
      ),
    },
    {
      id: "createdAt",
      header: "Created",
      cell: ({ row }) => <span className="whitespace-nowrap">{utc(row.original.createdAt)}</span>,
    },
    {
      id: "actions",
      header: "",
      enableSorting: false,
      cell: ({ row }) => {
        const j = row.original;
        if (j.state === "failed" || j.state === "cancelled")
          return (
            <Button size="sm" variant="outline" onClick={() => setActing({ job: j, verb: "retry" })}>
              Retry
            </Button>
          );
        if (j.state === "queued" || j.state === "running")
          return (
            <Button size="sm" variant="outline" onClick={() => setActing({ job: j, verb: "cancel" })}>
              Cancel
            </Button>
          );
        return null;
      },
    },
  ];
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title="Batch monitor">
        Background jobs: imports, emails and other work that runs outside a request.
      </PageHeader>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
        {JOB_STATE_VALUES.map((s) => (
          <Stat
            key={s}
            label={s[0].toUpperCase() + s.slice(1)}
            value={summary.data?.[s] ?? "…"}
            tone={s === "failed" && summary.data?.failed ? "bad" : undefined}
          />
        ))}
      </div>
      <DataTable<AdminJobRow>
        testId="jobs-table"
        endpoint="/api/admin/jobs"
        columns={columns}
        sortable={["createdAt", "kind", "state", "attempts"]}
        defaultSort="createdAt"
        searchPlaceholder="Search by kind or error"
        filters={[{ key: "state", label: "State", options: JOB_STATE_VALUES.map((s) => ({ value: s, label: s })) }]}
        csv
        empty="No jobs."
      />
      <ReasonDialog
        open={!!acting}
        onOpenChange={(o) => !o && setActing(null)}
        title={acting?.verb === "retry" ? "Retry job" : "Cancel job"}
        description={acting ? `${acting.job.kind} (${acting.job.state})` : undefined}
        confirmLabel={acting?.verb === "retry" ? "Retry" : "Cancel job"}
        destructive={acting?.verb === "cancel"}
        onConfirm={async (reason) => {
          await api(`/api/admin/jobs/${acting!.job.id}/${acting!.verb}`, { body: { reason } });
          await qc.invalidateQueries({ queryKey: ["admin-list"] });
          await qc.invalidateQueries({ queryKey: ["admin-jobs-summary"] });
        }}
      />
    </div>
  );
}
