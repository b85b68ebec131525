/** /admin/audit-log (issue 17 §3): every admin action, filterable, read-only, CSV export. */
import type { ColumnDef } from "@tanstack/react-table";
import { Link } from "react-router";
import type { AuditRow } from "../../../contract/admin";
import { DataTable, utc } from "./data-table";

const ACTIONS = [
  "user.plan.change",
  "user.trial.extend",
  "user.admin.grant",
  "user.admin.revoke",
  "user.disable",
  "user.enable",
  "user.sessions.revoke",
  "user.confirmation.resend",
  "user.export",
  "user.delete",
  "settings.update",
];

const diff = (v: Record<string, unknown> | null) =>
  v
    ? Object.entries(v)
        .map(([k, x]) => `${k}: ${typeof x === "string" ? x : JSON.stringify(x)}`)
        .join(", ")
    : "—";

const columns: ColumnDef<AuditRow>[] = [
  {
    id: "createdAt",
    header: "When (UTC)",
    cell: ({ row }) => <span className="whitespace-nowrap">{utc(row.original.createdAt)}</span>,
  },
  { id: "actorEmail", header: "Who", cell: ({ row }) => row.original.actorEmail },
  { id: "action", header: "Action", cell: ({ row }) => <code className="text-xs">{row.original.action}</code> },
  {
    id: "target",
    header: "Target",
    cell: ({ row }) =>
      row.original.targetType === "user" && row.original.targetId ? (
        <Link
          className="text-brand-700 underline dark:text-brand-400"
          to={`/admin/users/${row.original.targetId}`}
          onClick={(e) => e.stopPropagation()}
        >
          {row.original.targetLabel ?? row.original.targetId}
        </Link>
      ) : (
        (row.original.targetLabel ?? row.original.targetType)
      ),
  },
  { id: "reason", header: "Reason", cell: ({ row }) => row.original.reason },
  {
    id: "change",
    header: "Before → after",
    cell: ({ row }) => (
      <span className="text-xs">
        {diff(row.original.before)} → {diff(row.original.after)}
      </span>
    ),
  },
  { id: "ip", header: "IP", cell: ({ row }) => row.original.ip ?? "—" },
];

export default function AuditPage() {
  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="text-2xl font-bold tracking-tight">Audit log</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Every administrator action with its reason. Entries cannot be edited or deleted.
      </p>
      <div className="mt-6">
        <DataTable<AuditRow>
          testId="audit-table"
          endpoint="/api/admin/audit"
          columns={columns}
          sortable={["createdAt", "action", "actorEmail"]}
          defaultSort="createdAt"
          searchPlaceholder="Search by admin, target or reason"
          filters={[{ key: "action", label: "Action", options: ACTIONS.map((a) => ({ value: a, label: a })) }]}
          passThrough={["targetId", "actor", "from", "to"]}
          csv
          empty="No admin actions yet."
        />
      </div>
    </div>
  );
}
