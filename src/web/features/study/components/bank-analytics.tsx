/** The question bank's accuracy panel (/flashcards/questions). */
import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { BarChart3 } from "lucide-react";
import { Card } from "../../../components/ui/card";
import { api } from "../../../lib/api";

interface Analytics {
  questionCount: number;
  bySubject: {
    id: string;
    name: string;
    attempts: number;
    correct: number;
    accuracy: number | null;
    questions: number;
  }[];
  byTopic: { id: string; name: string; attempts: number; accuracy: number | null }[];
  weekly: { weekStart: string; attempts: number; accuracy: number | null }[];
}

const pct = (v: number | null) => (v === null ? "—" : `${Math.round(v * 100)}%`);

const accuracyTone = (v: number | null) =>
  v === null
    ? "bg-slate-300 dark:bg-slate-700"
    : v >= 0.7
      ? "bg-emerald-500"
      : v >= 0.5
        ? "bg-amber-500"
        : "bg-rose-500";

/** Accuracy by subject and by topic (weakest first) and, week by week, answers (height) and accuracy (colour). */
export function AnalyticsPanel() {
  const { data } = useQuery({
    queryKey: ["bank", "analytics"],
    queryFn: () => api<Analytics>("/api/question-bank/analytics"),
    staleTime: 0,
  });
  if (!data) return null;
  const total = data.bySubject.reduce((s, r) => s + r.attempts, 0);
  if (total === 0) {
    return (
      <Card
        className="flex items-center gap-3 p-4 text-sm text-slate-600 dark:text-slate-400"
        data-testid="bank-analytics-empty"
      >
        <BarChart3 className="h-5 w-5 shrink-0 text-brand-600" aria-hidden />
        Answer a question or take a quiz: your accuracy by subject and topic, week by week, appears here.
      </Card>
    );
  }
  const maxW = Math.max(1, ...data.weekly.map((w) => w.attempts));
  return (
    // grid-cols-1 (minmax(0, 1fr)) and min-w-0: a long subject or topic name is truncated inside
    // its card instead of widening the grid past a phone's screen (issue 12 item 24: 491 px at 375).
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3" data-testid="bank-analytics">
      <Card className="min-w-0 lg:col-span-2">
        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
          <div className="min-w-0">
            <h2 className="font-semibold">Accuracy by subject</h2>
            <ul className="mt-3 space-y-2">
              {data.bySubject.map((s) => (
                <li key={s.id}>
                  <div className="flex justify-between gap-2 text-sm">
                    <span className="truncate">{s.name}</span>
                    <span className="shrink-0 tabular-nums text-slate-600 dark:text-slate-400">
                      {pct(s.accuracy)} · {s.attempts}
                    </span>
                  </div>
                  <div className="mt-1 h-2 rounded-full bg-slate-100 dark:bg-slate-800">
                    <div
                      className={clsx("h-full rounded-full", accuracyTone(s.accuracy))}
                      style={{ width: pct(s.accuracy) === "—" ? 0 : pct(s.accuracy) }}
                    />
                  </div>
                </li>
              ))}
            </ul>
          </div>
          <div className="min-w-0">
            <h2 className="font-semibold">Weakest topics</h2>
            <ul className="mt-3 space-y-2">
              {data.byTopic.slice(0, 5).map((t) => (
                <li key={t.id}>
                  <div className="flex justify-between gap-2 text-sm">
                    <span className="truncate" title={t.name}>
                      {t.name}
                    </span>
                    <span className="shrink-0 tabular-nums text-slate-600 dark:text-slate-400">
                      {pct(t.accuracy)} · {t.attempts}
                    </span>
                  </div>
                  <div className="mt-1 h-2 rounded-full bg-slate-100 dark:bg-slate-800">
                    <div
                      className={clsx("h-full rounded-full", accuracyTone(t.accuracy))}
                      style={{ width: pct(t.accuracy) === "—" ? 0 : pct(t.accuracy) }}
                    />
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Card>
      <Card className="min-w-0">
        <h2 className="font-semibold">Last 12 weeks</h2>
        <ol className="mt-3 flex h-28 items-end gap-1" aria-label="Answers and accuracy per week">
          {data.weekly.map((w) => (
            <li
              key={w.weekStart}
              className="flex h-full flex-1 flex-col items-center justify-end"
              title={`Week of ${w.weekStart}: ${w.attempts} answers, ${pct(w.accuracy)} correct`}
            >
              <span className="sr-only">
                Week of {w.weekStart}: {w.attempts} answers, {pct(w.accuracy)} correct
              </span>
              <div
                className={clsx("w-full rounded-t", accuracyTone(w.accuracy))}
                style={{ height: `${(w.attempts / maxW) * 100}%`, minHeight: w.attempts ? 3 : 0 }}
              />
            </li>
          ))}
        </ol>
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
          <span>Height: answers</span>
          <span className="inline-flex items-center gap-1">
            <i className="h-2 w-2 rounded-full bg-emerald-500" />
            70%+
          </span>
          <span className="inline-flex items-center gap-1">
            <i className="h-2 w-2 rounded-full bg-amber-500" />
            50–69%
          </span>
          <span className="inline-flex items-center gap-1">
            <i className="h-2 w-2 rounded-full bg-rose-500" />
            below 50%
          </span>
        </p>
      </Card>
    </div>
  );
}
