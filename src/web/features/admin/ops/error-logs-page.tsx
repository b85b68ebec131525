/**
 * /admin/error-logs (issue 17 §2): error_logs grouped by fingerprint (message + top frame), with
 * count, users affected, first/last seen, the stack trace, and an 'investigated' toggle with a note.
 */
import { useQuery } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { useState } from "react";
import type { adminOpsApi, ErrorGroupRow } from "../../../../contract/admin-ops";
import type { ResponseOf } from "../../../../contract/route";
import { Spinner } from "../../../components/ui/card";
import { api } from "../../../lib/api";
import { DataTable, utc } from "../data-table";
import { InvestigateButton, InvestigateDialog, InvestigatedStatus } from "../investigate";
import { PageHeader } from "./ops-ui";

type Detail = ResponseOf<typeof adminOpsApi.errorGroup>;

function GroupDialog({ group, onClose }: { group: ErrorGroupRow; onClose: () => void }) {
  const detail = useQuery({
    queryKey: ["admin-error-group", group.fingerprint],
    queryFn: () => api<Detail>(`/api/admin/error-groups/${group.fingerprint}`),
  });
  return (
    <InvestigateDialog
      item={group}
      endpoint={`/api/admin/error-groups/${group.fingerprint}`}
      noun="error group"
      description={group.message}
      noteHint="What you found (kept with the group)."
      onClose={onClose}
    >
      <div>
        <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Stack trace (latest)</p>
        {detail.isPending ? (
          <Spinner className="mt-2" />
        ) : (
          <pre
            className="mt-1 max-h-56 overflow-auto rounded-lg bg-slate-950 p-3 text-xs text-slate-100"
            data-testid="stack-trace"
          >
            {detail.data?.stackTrace ?? "No stack trace was recorded."}
          </pre>
        )}
        {detail.data && (
          <p className="mt-1 text-xs text-slate-500">
            Latest:{" "}
            {detail.data.recent
              .map((r) => r.url ?? "—")
              .slice(0, 3)
              .join(", ")}
          </p>
        )}
      </div>
    </InvestigateDialog>
  );
}

export default function ErrorLogsPage() {
  const [open, setOpen] = useState<ErrorGroupRow | null>(null);
  const columns: ColumnDef<ErrorGroupRow>[] = [
    {
      id: "message",
      header: "Error",
      enableSorting: false,
      cell: ({ row }) => (
        <div className="max-w-xl">
          <p className="font-medium text-slate-900 dark:text-slate-100">{row.original.message}</p>
          <p className="truncate font-mono text-xs text-slate-500">{row.original.topFrame ?? "no stack frame"}</p>
        </div>
      ),
    },
    { id: "source", header: "Source", enableSorting: false, cell: ({ row }) => row.original.source },
    { id: "count", header: "Count", cell: ({ row }) => row.original.count.toLocaleString("en-US") },
    { id: "usersAffected", header: "Users", cell: ({ row }) => row.original.usersAffected },
    {
      id: "firstSeen",
      header: "First seen",
      cell: ({ row }) => <span className="whitespace-nowrap">{utc(row.original.firstSeen)}</span>,
    },
    {
      id: "lastSeen",
      header: "Last seen",
      cell: ({ row }) => <span className="whitespace-nowrap">{utc(row.original.lastSeen)}</span>,
    },
    {
      id: "investigated",
      header: "Status",
      enableSorting: false,
      cell: ({ row }) => <InvestigatedStatus item={row.original} />,
    },
    {
      id: "actions",
      header: "",
      enableSorting: false,
      cell: ({ row }) => <InvestigateButton item={row.original} onClick={() => setOpen(row.original)} />,
    },
  ];
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title="Error logs">
        Server and browser errors grouped by message and top stack frame. A group stays investigated until the same
        error happens again.
      </PageHeader>
      <div className="mt-6">
        <DataTable<ErrorGroupRow>
          testId="error-groups-table"
          endpoint="/api/admin/error-groups"
          columns={columns}
          sortable={["lastSeen", "firstSeen", "count", "usersAffected"]}
          defaultSort="lastSeen"
          searchPlaceholder="Search error messages"
          filters={[
            {
              key: "investigated",
              label: "Status",
              options: [
                { value: "false", label: "Open" },
                { value: "true", label: "Investigated" },
              ],
            },
            {
              key: "source",
              label: "Source",
              options: [
                { value: "server", label: "Server" },
                { value: "client", label: "Browser" },
              ],
            },
          ]}
          csv
          empty="No errors recorded."
        />
      </div>
      {open && <GroupDialog group={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
