/** /admin/users (issue 17 §2): search by email or name, filters, sort, paging, CSV; a row opens the user page. */
import type { ColumnDef } from "@tanstack/react-table";
import type { AdminUserRow } from "../../../contract/admin";
import { Badge } from "../../components/ui/card";
import { DataTable, utc } from "./data-table";

export function PlanBadge({ plan }: { plan: AdminUserRow["plan"] }) {
  const label = plan === "Free" ? "Free" : plan === "Trial" ? "Trial" : plan === "premium" ? "Premium" : "Unlimited";
  const cls =
    plan === "Free"
      ? undefined
      : plan === "Trial"
        ? "bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200"
        : "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200";
  return <Badge className={cls}>{label}</Badge>;
}

const columns: ColumnDef<AdminUserRow>[] = [
  { id: "email", header: "Email", cell: ({ row }) => <span className="font-medium">{row.original.email}</span> },
  { id: "name", header: "Name", cell: ({ row }) => row.original.name },
  {
    id: "plan",
    header: "Plan",
    cell: ({ row }) => (
      <span className="flex items-center gap-2">
        <PlanBadge plan={row.original.plan} />
        {row.original.planEndsAt && (
          <span className="text-xs text-slate-500">until {row.original.planEndsAt.slice(0, 10)}</span>
        )}
      </span>
    ),
  },
  {
    id: "status",
    header: "Status",
    cell: ({ row }) => (
      <span className="flex flex-wrap gap-1">
        {row.original.isAdmin && (
          <Badge className="bg-brand-100 text-brand-800 dark:bg-brand-900/40 dark:text-brand-200">Admin</Badge>
        )}
        {!row.original.emailVerified && <Badge>Unconfirmed</Badge>}
        {row.original.disabled && (
          <Badge className="bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200">Disabled</Badge>
        )}
      </span>
    ),
  },
  {
    id: "createdAt",
    header: "Signed up (UTC)",
    cell: ({ row }) => <span className="whitespace-nowrap">{utc(row.original.createdAt)}</span>,
  },
];

const yesNo = [
  { value: "true", label: "Yes" },
  { value: "false", label: "No" },
];

export default function UsersPage() {
  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="text-2xl font-bold tracking-tight">Users</h1>
      <div className="mt-6">
        <DataTable<AdminUserRow>
          testId="users-table"
          endpoint="/api/admin/users"
          columns={columns}
          sortable={["email", "name", "createdAt"]}
          defaultSort="createdAt"
          searchLabel="Search users"
          searchPlaceholder="Email or name starts with…"
          filters={[
            {
              key: "plan",
              label: "Plan",
              options: [
                { value: "free", label: "Free" },
                { value: "trial", label: "Trial" },
                { value: "paid", label: "Paid" },
              ],
            },
            { key: "admin", label: "Admin", options: yesNo },
            { key: "unconfirmed", label: "Unconfirmed", options: yesNo },
            { key: "disabled", label: "Disabled", options: yesNo },
          ]}
          passThrough={["newDays", "activeDays"]}
          rowHref={(r) => `/admin/users/${r.id}`}
          csv
          empty="No account matches."
        />
      </div>
    </div>
  );
}
