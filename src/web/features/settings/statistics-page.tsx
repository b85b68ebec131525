/**
 * /settings/statistics (SPEC.md §2.4, §8): the four account counters ('N/A' when unknown),
 * refreshed every 30 s. Monthly chat usage joins with the study companion.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Card, Spinner } from "../../components/ui/card";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast";

interface Stats {
  lifetimeMessages: number | null;
  assistantMessages: number | null;
  officialFlashcards: number | null;
  ownFlashcards: number | null;
}

export default function StatisticsPage() {
  const { data, isPending, isError } = useQuery({ queryKey: ["account-stats"], queryFn: () => api<Stats>("/api/account/stats"), refetchInterval: 30_000 });
  useEffect(() => {
    if (isError) toast.add({ title: "Error", description: "Failed to load account statistics. Please try again later.", variant: "destructive" });
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
      <Card>
        <h2 className="text-lg font-semibold">Account statistics</h2>
        {isPending ? (
          <Spinner className="mt-4" />
        ) : (
          <dl className="mt-4 grid grid-cols-2 gap-4">
            {items.map((i) => (
              <div key={i.label} className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800">
                <dt className="text-xs text-slate-500">{i.label}</dt>
                <dd className="mt-1 text-2xl font-semibold" data-testid={`stat-${i.label}`}>{i.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </Card>
    </div>
  );
}
