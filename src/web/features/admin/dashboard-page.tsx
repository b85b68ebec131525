/**
 * /admin/dashboard (issue 17 §2, §4): counters, each opening its list; charts over 7/30/90 UTC
 * days (recharts) and the funnel visit → sign-up → confirmed → active in week 1 → paid.
 * Figures from GET /api/admin/dashboard (first-party events, no third-party script).
 */
import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { Link } from "react-router";
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useSearchParams } from "react-router";
import type { Dashboard } from "../../../contract/admin";
import { Card, Spinner } from "../../components/ui/card";
import { api } from "../../lib/api";

const fmt = (n: number) => n.toLocaleString("en-US");
const pct = (n: number | null) => (n === null ? "—" : `${(n * 100).toFixed(1)}%`);
const money = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { maximumFractionDigits: 0 })}`;

function Counter({ label, value, to, hint }: { label: string; value: string; to: string; hint?: string }) {
  return (
    <Link
      to={to}
      className="block rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500 dark:border-slate-800 dark:bg-slate-900"
      data-testid={`counter-${label}`}
    >
      <p className="text-xs font-medium text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
      {hint && <p className="mt-0.5 text-xs text-slate-500">{hint}</p>}
    </Link>
  );
}

function Chart({
  title,
  data,
  kind,
  color,
}: {
  title: string;
  data: { day: string; value: number }[];
  kind: "line" | "bar";
  color: string;
}) {
  const short = data.map((d) => ({ ...d, label: d.day.slice(5) }));
  return (
    <Card className="p-4">
      <h2 className="text-sm font-semibold">{title}</h2>
      <div
        className="mt-2 h-48"
        role="img"
        aria-label={`${title}: ${data.reduce((s, d) => s + d.value, 0)} over ${data.length} days`}
      >
        <ResponsiveContainer width="100%" height="100%">
          {kind === "line" ? (
            <LineChart data={short} margin={{ top: 5, right: 8, bottom: 0, left: -20 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="label" fontSize={11} />
              <YAxis allowDecimals={false} fontSize={11} />
              <Tooltip />
              <Line
                type="monotone"
                dataKey="value"
                name={title}
                stroke={color}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            </LineChart>
          ) : (
            <BarChart data={short} margin={{ top: 5, right: 8, bottom: 0, left: -20 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="label" fontSize={11} />
              <YAxis allowDecimals={false} fontSize={11} />
              <Tooltip />
              <Bar dataKey="value" name={title} fill={color} isAnimationActive={false} />
            </BarChart>
          )}
        </ResponsiveContainer>
      </div>
    </Card>
  );
}

export default function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const range = (["7", "30", "90"].includes(params.get("range") ?? "") ? params.get("range") : "30") as
    | "7"
    | "30"
    | "90";
  const { data, isPending, error } = useQuery({
    queryKey: ["admin-dashboard", range],
    queryFn: () => api<Dashboard>(`/api/admin/dashboard?range=${range}`),
    refetchInterval: 60_000,
  });
  return (
    <div className="mx-auto max-w-7xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
        <fieldset
          className="inline-flex rounded-lg border border-slate-200 p-0.5 dark:border-slate-800"
          aria-label="Range"
        >
          {(["7", "30", "90"] as const).map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={r === range}
              className={clsx(
                "rounded-md px-3 py-1 text-sm",
                r === range ? "bg-brand-700 text-white" : "hover:bg-slate-100 dark:hover:bg-slate-800",
              )}
              onClick={() => setParams({ range: r }, { replace: true })}
            >
              {r} days
            </button>
          ))}
        </fieldset>
      </div>
      {isPending && <Spinner className="mt-6" />}
      {error && (
        <p className="mt-6 text-red-600" role="alert">
          {(error as Error).message}
        </p>
      )}
      {data && (
        <>
          <h2 className="mt-6 text-sm font-semibold tracking-wide text-slate-500 uppercase">Users</h2>
          <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            <Counter label="Users" value={fmt(data.users.total)} to="/admin/users" />
            <Counter label="New this week" value={fmt(data.users.newThisWeek)} to="/admin/users?newDays=7" />
            <Counter label="Active 24 h" value={fmt(data.users.active24h)} to="/admin/users?activeDays=1" />
            <Counter label="Active 7 d" value={fmt(data.users.active7d)} to="/admin/users?activeDays=7" />
            <Counter label="Active 30 d" value={fmt(data.users.active30d)} to="/admin/users?activeDays=30" />
          </div>
          <h2 className="mt-6 text-sm font-semibold tracking-wide text-slate-500 uppercase">Plans and revenue</h2>
          <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            <Counter label="Free" value={fmt(data.plans.Free)} to="/admin/users?plan=free" />
            <Counter label="Trial" value={fmt(data.plans.Trial)} to="/admin/users?plan=trial" />
            <Counter label="Unlimited" value={fmt(data.plans.paid)} to="/admin/users?plan=paid" />
            <Counter
              label="Trial → paid"
              value={pct(data.trialConversion)}
              to="/admin/users?plan=paid"
              hint="of ended trials"
            />
            <Counter label="MRR" value={money(data.mrrCents)} to="/admin/price-mapping" />
            <Counter label="Churn 30 d" value={pct(data.churn30d)} to="/admin/audit-log?q=plan" />
          </div>
          <h2 className="mt-6 text-sm font-semibold tracking-wide text-slate-500 uppercase">Operations</h2>
          <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Counter label="Uninvestigated errors" value={fmt(data.openErrors)} to="/admin/error-logs" />
            <Counter label="Failing jobs" value={fmt(data.failingJobs)} to="/admin/batch-monitor" />
            <Counter
              label="Messages / day"
              value={fmt(Math.round(data.charts.messages.reduce((s, p) => s + p.value, 0) / data.range))}
              to="/admin/askjds"
              hint={`average over ${data.range} days`}
            />
            <Counter
              label="Reviews / day"
              value={fmt(Math.round(data.charts.reviews.reduce((s, p) => s + p.value, 0) / data.range))}
              to="/admin/flashcards"
              hint={`average over ${data.range} days`}
            />
          </div>
          <div className="mt-6 grid gap-4 lg:grid-cols-2" data-testid="dashboard-charts">
            <Chart title="Sign-ups" data={data.charts.signups} kind="bar" color="#4f46e5" />
            <Chart title="Active users" data={data.charts.activeUsers} kind="line" color="#059669" />
            <Chart title="Messages sent" data={data.charts.messages} kind="bar" color="#0284c7" />
            <Chart title="Study reviews" data={data.charts.reviews} kind="bar" color="#d97706" />
          </div>
          <Card className="mt-6 p-4">
            <h2 className="text-sm font-semibold">Funnel, last {data.range} days</h2>
            <ol className="mt-3 space-y-2" data-testid="funnel">
              {data.funnel.map((f) => {
                const top = Math.max(1, data.funnel[0].count, ...data.funnel.map((x) => x.count));
                return (
                  <li key={f.step} className="grid grid-cols-[10rem_1fr_4rem] items-center gap-3 text-sm">
                    <span>{f.step}</span>
                    <span className="h-4 rounded bg-slate-100 dark:bg-slate-800">
                      <span className="block h-4 rounded bg-brand-600" style={{ width: `${(f.count / top) * 100}%` }} />
                    </span>
                    <span className="text-right tabular-nums">{fmt(f.count)}</span>
                  </li>
                );
              })}
            </ol>
          </Card>
        </>
      )}
    </div>
  );
}
