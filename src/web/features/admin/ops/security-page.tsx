/**
 * /admin/security (issue 17 §2): failed and rate-limited sign-ins over 30 days, top addresses and
 * accounts, locked accounts, active sessions, admin sign-ins, and Content-Security-Policy reports,
 * each markable as investigated with a note.
 */
import { useQuery } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { useState } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { adminOpsApi, CspReportRow } from "../../../../contract/admin-ops";
import type { ResponseOf } from "../../../../contract/route";
import { Card, Spinner } from "../../../components/ui/card";
import { api } from "../../../lib/api";
import { DataTable, utc } from "../data-table";
import { InvestigateButton, InvestigateDialog, InvestigatedStatus } from "../investigate";
import { PageHeader, Stat } from "./ops-ui";

type Overview = ResponseOf<typeof adminOpsApi.security>;

function TopList({ title, rows }: { title: string; rows: { key: string; count: number }[] }) {
  return (
    <Card className="p-5">
      <h2 className="font-semibold">{title}</h2>
      {rows.length ? (
        <ul className="mt-3 space-y-1 text-sm">
          {rows.map((r) => (
            <li key={r.key} className="flex justify-between gap-3">
              <span className="truncate font-mono text-xs">{r.key}</span>
              <span className="tabular-nums">{r.count}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-500">None in the last 7 days.</p>
      )}
    </Card>
  );
}

export default function SecurityPage() {
  const [marking, setMarking] = useState<CspReportRow | null>(null);
  const { data, isPending } = useQuery({
    queryKey: ["admin-security"],
    queryFn: () => api<Overview>("/api/admin/security"),
  });
  const failed = (data?.days ?? []).reduce((n, d) => n + d.failedSignIns, 0);
  const limited = (data?.days ?? []).reduce((n, d) => n + d.rateLimited, 0);
  const columns: ColumnDef<CspReportRow>[] = [
    {
      id: "createdAt",
      header: "Received",
      cell: ({ row }) => <span className="whitespace-nowrap">{utc(row.original.createdAt)}</span>,
    },
    {
      id: "directive",
      header: "Directive",
      enableSorting: false,
      cell: ({ row }) => row.original.violatedDirective ?? "—",
    },
    {
      id: "blocked",
      header: "Blocked",
      enableSorting: false,
      cell: ({ row }) => (
        <span className="block max-w-xs truncate font-mono text-xs">{row.original.blockedUri ?? "—"}</span>
      ),
    },
    {
      id: "page",
      header: "Page",
      enableSorting: false,
      cell: ({ row }) => <span className="block max-w-xs truncate text-xs">{row.original.documentUri ?? "—"}</span>,
    },
    {
      id: "status",
      header: "Status",
      enableSorting: false,
      cell: ({ row }) => <InvestigatedStatus item={row.original} />,
    },
    {
      id: "actions",
      header: "",
      enableSorting: false,
      cell: ({ row }) => <InvestigateButton item={row.original} onClick={() => setMarking(row.original)} />,
    },
  ];
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title="Security">
        Sign-in failures and limits, sessions, and the browser's Content-Security-Policy reports.
      </PageHeader>
      {isPending || !data ? (
        <Spinner />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Stat label="Failed sign-ins (30 days)" value={failed} tone={failed ? "bad" : undefined} />
            <Stat label="Rate-limited sign-ins (30 days)" value={limited} tone={limited ? "bad" : undefined} />
            <Stat label="Locked accounts now" value={data.lockedAccounts.length} />
            <Stat label="Active sessions" value={data.activeSessions} />
          </div>
          <Card className="p-5">
            <h2 className="font-semibold">Sign-in failures per day</h2>
            <div className="mt-3 h-56">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={data.days}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} fontSize={12} />
                  <YAxis allowDecimals={false} fontSize={12} />
                  <Tooltip />
                  <Legend />
                  <Bar dataKey="failedSignIns" name="Wrong password" fill="#dc2626" />
                  <Bar dataKey="rateLimited" name="Rate-limited" fill="#f59e0b" />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </Card>
          <div className="grid gap-4 md:grid-cols-3">
            <TopList title="Top addresses" rows={data.topIps} />
            <TopList title="Top accounts" rows={data.topAccounts} />
            <Card className="p-5">
              <h2 className="font-semibold">Locked accounts</h2>
              {data.lockedAccounts.length ? (
                <ul className="mt-3 space-y-2 text-sm">
                  {data.lockedAccounts.map((l) => (
                    <li key={`${l.email}${l.reason}`}>
                      <p className="font-medium">{l.email}</p>
                      <p className="text-xs text-slate-500">
                        {l.reason}, until {utc(l.until)}
                      </p>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-3 text-sm text-slate-500">No account is limited right now.</p>
              )}
            </Card>
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <Card className="p-5">
              <h2 className="font-semibold">Recent sessions</h2>
              <ul className="mt-3 divide-y divide-slate-100 text-sm dark:divide-slate-800">
                {data.recentSessions.map((s) => (
                  <li key={`${s.email}${s.createdAt}`} className="py-1.5">
                    <span className="font-medium">{s.email}</span>{" "}
                    <span className="text-xs text-slate-500">
                      {s.ip ?? "unknown address"} · since {utc(s.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
            </Card>
            <Card className="p-5">
              <h2 className="font-semibold">Admin sign-ins</h2>
              {data.adminLogins.length ? (
                <ul className="mt-3 divide-y divide-slate-100 text-sm dark:divide-slate-800">
                  {data.adminLogins.map((a) => (
                    <li key={`${a.email}${a.createdAt}`} className="py-1.5">
                      <span className="font-medium">{a.email}</span>{" "}
                      <span className="text-xs text-slate-500">
                        {a.ip ?? "unknown address"} · {utc(a.createdAt)}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-3 text-sm text-slate-500">No admin sign-in recorded yet.</p>
              )}
            </Card>
          </div>
        </>
      )}
      <div>
        <h2 className="text-lg font-semibold">Content-Security-Policy reports</h2>
        <p className="text-sm text-slate-500">Browsers report blocked scripts, styles and frames to /api/csp-report.</p>
        <div className="mt-3">
          <DataTable<CspReportRow>
            testId="csp-table"
            endpoint="/api/admin/security/csp"
            columns={columns}
            sortable={["createdAt"]}
            defaultSort="createdAt"
            filters={[
              {
                key: "investigated",
                label: "Status",
                options: [
                  { value: "false", label: "Open" },
                  { value: "true", label: "Investigated" },
                ],
              },
            ]}
            csv
            empty="No CSP violations reported."
          />
        </div>
      </div>
      {marking && (
        <InvestigateDialog
          item={marking}
          endpoint={`/api/admin/security/csp/${marking.id}`}
          noun="report"
          onClose={() => setMarking(null)}
        />
      )}
    </div>
  );
}
