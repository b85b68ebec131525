/**
 * /flashcards/stats — due today, reviewed today, true retention (share of review-state cards
 * recalled), a 30-day forecast and a review heatmap. Loaded on its own route chunk so recharts
 * never weighs on the app shell.
 */
import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Spinner } from "../../components/ui/card";
import { api } from "../../lib/api";
import { Card } from "../../components/ui/card";
import { useStudyTimeZone } from "./api";
import { LoadError, PageHeader, Stat, StudyPage } from "./components/study-ui";

interface Stats {
  dueToday: number;
  reviewedToday: number;
  newToday: number;
  trueRetention: { today: number | null; last7Days: number | null; last30Days: number | null; reviews30Days: number };
  desiredRetention: number;
  forecast: { date: string; due: number }[];
  heatmap: { date: string; reviews: number }[];
  states: { new: number; learning: number; review: number; relearning: number };
}

const pct = (v: number | null) => (v === null ? "—" : `${Math.round(v * 100)}%`);
const DAY = 86_400_000;

function Heatmap({ data, today }: { data: { date: string; reviews: number }[]; today: string }) {
  const counts = new Map(data.map((d) => [d.date, d.reviews]));
  const end = new Date(`${today}T12:00:00Z`);
  const weeks = 53;
  const start = new Date(end.getTime() - ((weeks - 1) * 7 + end.getUTCDay()) * DAY);
  const max = Math.max(1, ...data.map((d) => d.reviews));
  const cells: { date: string; n: number; future: boolean }[] = [];
  for (let t = start.getTime(); cells.length < weeks * 7; t += DAY) {
    const date = new Date(t).toISOString().slice(0, 10);
    cells.push({ date, n: counts.get(date) ?? 0, future: t > end.getTime() });
  }
  const level = (n: number) => (n === 0 ? 0 : Math.min(4, Math.ceil((n / max) * 4)));
  const colors = [
    "bg-slate-100 dark:bg-slate-800",
    "bg-brand-100 dark:bg-brand-800/60",
    "bg-brand-500/60",
    "bg-brand-600",
    "bg-brand-800 dark:bg-brand-500",
  ];
  const total = data.reduce((s, d) => s + d.reviews, 0);
  const activeDays = data.filter((d) => d.reviews > 0).length;
  // A month's name over the week column holding its first day (one slot per week column).
  const months = Array.from({ length: weeks }, (_, w) => {
    const first = cells.slice(w * 7, w * 7 + 7).find((c) => c.date.endsWith("-01") && !c.future);
    return {
      week: cells[w * 7].date,
      label: first
        ? new Date(`${first.date}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", timeZone: "UTC" })
        : "",
    };
  });
  return (
    <div>
      <div className="overflow-x-auto pb-2">
        <div
          className="grid w-max auto-cols-[12px] grid-flow-col gap-[3px] pb-1 text-[10px] leading-3 text-slate-500"
          aria-hidden
        >
          {months.map((m) => (
            <span key={m.week} className="whitespace-nowrap">
              {m.label}
            </span>
          ))}
        </div>
        <div
          className="grid w-max grid-flow-col grid-rows-7 gap-[3px]"
          role="img"
          aria-label={`Review heatmap: ${total} reviews on ${activeDays} days in the last year`}
          data-testid="heatmap"
        >
          {cells.map((c) => (
            <div
              key={c.date}
              title={`${c.date}: ${c.n} reviews`}
              className={clsx("h-3 w-3 rounded-[3px]", c.future ? "opacity-0" : colors[level(c.n)])}
            />
          ))}
        </div>
      </div>
      <p className="mt-2 text-xs text-slate-500">
        {total} reviews on {activeDays} days in the last year.
      </p>
    </div>
  );
}

export default function StatsPage() {
  useStudyTimeZone();
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ["study", "stats"],
    queryFn: () => api<Stats>("/api/study/stats"),
    staleTime: 0,
  });
  return (
    <StudyPage>
      <PageHeader title="Statistics" subtitle="Your reviews, retention and the work ahead." />
      {error ? (
        <LoadError what="your statistics" error={error} onRetry={() => void refetch()} />
      ) : isPending || !data ? (
        <Spinner className="m-10 text-brand-700" />
      ) : (
        <div className="space-y-6">
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Stat label="Due today" value={data.dueToday} tone="sky" />
            <Stat label="Reviewed today" value={data.reviewedToday} tone="brand" hint={`${data.newToday} new`} />
            <Stat
              label="True retention"
              value={pct(data.trueRetention.last30Days)}
              tone="emerald"
              hint={`30 days · ${data.trueRetention.reviews30Days} reviews · target ${Math.round(data.desiredRetention * 100)}%`}
            />
            <Stat
              label="In review"
              value={data.states.review}
              tone="slate"
              hint={`graduated · ${data.states.learning + data.states.relearning} still learning`}
            />
          </div>
          <Card>
            <h2 className="font-semibold">True retention</h2>
            <p className="text-sm text-slate-500">Share of reviews of graduated cards answered Hard, Good or Easy.</p>
            <div className="mt-3 grid grid-cols-3 gap-3 text-center">
              {[
                ["Today", data.trueRetention.today],
                ["7 days", data.trueRetention.last7Days],
                ["30 days", data.trueRetention.last30Days],
              ].map(([l, v]) => (
                <div key={l as string} className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
                  <p className="text-xs text-slate-500">{l}</p>
                  <p className="text-xl font-semibold tabular-nums">{pct(v as number | null)}</p>
                </div>
              ))}
            </div>
          </Card>
          <Card>
            <h2 className="font-semibold">30-day forecast</h2>
            <p className="text-sm text-slate-500">
              Cards and missed questions coming due each day (today includes overdue).
            </p>
            {data.forecast.every((f) => f.due === 0) ? (
              <p
                className="mt-4 flex h-24 items-center justify-center rounded-xl border border-dashed border-slate-200 px-4 text-center text-sm text-slate-500 dark:border-slate-800"
                data-testid="forecast-empty"
              >
                Nothing is scheduled yet: cards you study show up here on the day they come due.
              </p>
            ) : (
              <div className="mt-4 h-56" data-testid="forecast-chart">
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={data.forecast.map((f, i) => ({ ...f, label: i === 0 ? "Today" : f.date.slice(5) }))}>
                    <CartesianGrid
                      strokeDasharray="3 3"
                      vertical={false}
                      stroke="currentColor"
                      className="text-slate-200 dark:text-slate-800"
                    />
                    <XAxis
                      dataKey="label"
                      tick={{ fontSize: 11, fill: "#64748b" }}
                      interval={4}
                      tickLine={false}
                      axisLine={false}
                    />
                    <YAxis
                      allowDecimals={false}
                      tick={{ fontSize: 11, fill: "#64748b" }}
                      width={32}
                      tickLine={false}
                      axisLine={false}
                    />
                    <Tooltip
                      cursor={{ fill: "rgba(99,102,241,0.08)" }}
                      contentStyle={{ borderRadius: 12, border: "1px solid #e2e8f0", fontSize: 12 }}
                    />
                    <Bar dataKey="due" name="Due" fill="#6366f1" radius={[4, 4, 0, 0]} />
                  </BarChart>
                </ResponsiveContainer>
              </div>
            )}
          </Card>
          <Card>
            <h2 className="mb-3 font-semibold">Review heatmap</h2>
            <Heatmap data={data.heatmap} today={data.forecast[0].date} />
          </Card>
        </div>
      )}
    </StudyPage>
  );
}
