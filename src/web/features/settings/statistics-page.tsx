/**
 * /settings/statistics (SPEC.md §2.4, §8, §9): this month's chat usage with a Refresh button and a
 * progress bar (rounded, capped at 100%), the 'Count Updated' toast, and the four account counters
 * ('N/A' when unknown). Both refresh every 30 s.
 */
import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import type { accountApi } from "../../../contract/account";
import type { ResponseOf } from "../../../contract/route";
import { usagePercent } from "../../../domain/plans";
import { Button } from "../../components/ui/button";
import { Card, Spinner } from "../../components/ui/card";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { usageQuery } from "../chat/api";

/** `GET /api/account/stats`: null means unknown ('N/A'). */
type Stats = ResponseOf<typeof accountApi.stats>;

/** SPEC.md §9: statistics polling 30 s; the count query times out after 3 s. */
const POLL_MS = 30_000;

function MonthlyUsage() {
  const q = useQuery({ ...usageQuery, refetchInterval: POLL_MS });
  const [refreshing, setRefreshing] = useState(false);
  useEffect(() => {
    if (q.isError && !q.data)
      toast.add({
        title: "Error",
        description: "Failed to load message count information. Please try again later.",
        variant: "destructive",
      });
  }, [q.isError, q.data]);
  const refresh = async () => {
    setRefreshing(true);
    const r = await q.refetch();
    setRefreshing(false);
    if (r.isError || !r.data) {
      console.warn("Refreshing the message count failed:", r.error);
      toast.add({
        title: "Error",
        description: "Failed to refresh message count. See console for details.",
        variant: "destructive",
      });
    } else {
      toast.add({
        title: "Count Updated",
        description: `Your message count is now ${r.data.count}`,
        variant: "success",
      });
    }
  };
  const u = q.data;
  const percent = u?.limit != null ? usagePercent(u.count, u.limit) : 0;
  const month = u
    ? new Date(u.periodStart).toLocaleDateString(undefined, { month: "long", year: "numeric", timeZone: "UTC" })
    : "";
  const reset = u
    ? new Date(u.periodEnd).toLocaleDateString(undefined, { month: "long", day: "numeric", timeZone: "UTC" })
    : "";
  return (
    <Card data-testid="monthly-usage">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold">Monthly messages</h2>
          <p className="mt-1 text-sm text-slate-500">
            {month ? `Chat messages sent in ${month} (UTC).` : "Chat messages sent this month."}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void refresh()}
          disabled={refreshing}
          aria-label="Refresh message count"
        >
          <RefreshCw className={clsx("h-4 w-4", refreshing && "animate-spin")} /> Refresh
        </Button>
      </div>
      {q.isPending ? (
        <Spinner className="mt-4" />
      ) : !u ? (
        <p className="mt-4 text-sm text-slate-500">N/A</p>
      ) : (
        <div className="mt-5">
          <div className="flex items-baseline justify-between">
            <p className="text-3xl font-semibold tracking-tight" data-testid="usage-count">
              {u.count}
              <span className="ml-1 text-base font-normal text-slate-500">
                {u.limit != null ? `/ ${u.limit} messages` : "messages"}
              </span>
            </p>
            <p className="text-sm font-medium text-slate-600 dark:text-slate-400" data-testid="usage-percent">
              {u.limit != null ? `${percent}%` : "Unlimited"}
            </p>
          </div>
          {u.limit != null ? (
            <>
              <div
                className="mt-3 h-2.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
                role="progressbar"
                aria-label="Monthly messages used"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
              >
                <div
                  className={clsx(
                    "h-full rounded-full transition-[width] duration-500",
                    percent >= 100 ? "bg-red-500" : percent >= 80 ? "bg-amber-500" : "bg-brand-600",
                  )}
                  style={{ width: `${percent}%` }}
                />
              </div>
              <p className="mt-2 text-xs text-slate-500">
                {u.remaining === 0 ? "You've used this month's free messages." : `${u.remaining} left this month.`}{" "}
                Resets on {reset}.
              </p>
            </>
          ) : (
            <p className="mt-2 text-xs text-slate-500">
              Your {u.tierName === "Trial" ? "trial" : "plan"} has no monthly message limit.
            </p>
          )}
        </div>
      )}
    </Card>
  );
}

export default function StatisticsPage() {
  const { data, isPending, isError } = useQuery({
    queryKey: ["account-stats"],
    queryFn: () => api<Stats>("/api/account/stats"),
    refetchInterval: POLL_MS,
  });
  useEffect(() => {
    if (isError)
      toast.add({
        title: "Error",
        description: "Failed to load account statistics. Please try again later.",
        variant: "destructive",
      });
  }, [isError]);
  const n = (v: number | null | undefined) => (v == null ? "N/A" : v.toLocaleString());
  const items = [
    { label: "Messages sent (lifetime)", value: n(data?.lifetimeMessages) },
    { label: "Answers received", value: n(data?.assistantMessages) },
    { label: "Official flashcards", value: n(data?.officialFlashcards) },
    { label: "Your flashcards", value: n(data?.ownFlashcards) },
  ];
  return (
    <div className="space-y-6">
      <MonthlyUsage />
      <Card>
        <h2 className="text-lg font-semibold">Account statistics</h2>
        {isPending ? (
          <Spinner className="mt-4" />
        ) : (
          <dl className="mt-4 grid grid-cols-2 gap-4">
            {items.map((i) => (
              <div key={i.label} className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800">
                <dt className="text-xs text-slate-500">{i.label}</dt>
                <dd className="mt-1 text-2xl font-semibold" data-testid={`stat-${i.label}`}>
                  {i.value}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </Card>
    </div>
  );
}
