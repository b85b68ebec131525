/**
 * /quiz/results/:id (issue 6 §6; SPEC.md §2.3): score, per-subject and per-topic breakdown, every
 * explanation, retry missed.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { Check, RotateCcw, X } from "lucide-react";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import { Button, buttonClass } from "../../components/ui/button";
import { Card, Spinner } from "../../components/ui/card";
import { ApiError, api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { NotFoundPage } from "../shell/screens";
import { type Breakdown, type QuizResults, subjectName } from "./api";
import { LoadError, PageHeader, StudyPage } from "./components/study-ui";

import { Choices } from "./components/quiz-choices";

function BreakdownTable({ title, rows }: { title: string; rows: Breakdown[] }) {
  return (
    <Card>
      <h2 className="mb-3 font-semibold">{title}</h2>
      <ul className="space-y-3">
        {rows.map((r) => {
          const p = Math.round((r.correct / r.total) * 100);
          return (
            <li key={r.id}>
              <div className="flex justify-between gap-3 text-sm">
                <span className="truncate">{r.name}</span>
                <span className="shrink-0 tabular-nums text-slate-600 dark:text-slate-400">
                  {r.correct}/{r.total} · {p}%
                </span>
              </div>
              <div className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800">
                <div
                  className={clsx(
                    "h-full rounded-full",
                    p >= 70 ? "bg-emerald-500" : p >= 50 ? "bg-amber-500" : "bg-rose-500",
                  )}
                  style={{ width: `${p}%` }}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

export function QuizResultsPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const { data, error, refetch } = useQuery({
    queryKey: ["quiz-results", id],
    queryFn: () => api<QuizResults>(`/api/quizzes/${id}/results`),
    staleTime: 0,
  });
  const retry = useMutation({
    mutationFn: () => api<{ id: string }>(`/api/quizzes/${id}/retry`, { body: {} }),
    onSuccess: (r) => navigate(`/quiz?id=${r.id}`),
    onError: (e) =>
      toast.add({ title: "Could not start the retry", description: (e as Error).message, variant: "destructive" }),
  });
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  if (error instanceof ApiError && error.status === 409) return <Navigate to={`/quiz?id=${id}`} />;
  if (error)
    return (
      <StudyPage>
        <LoadError what="the results" error={error} onRetry={() => void refetch()} />
      </StudyPage>
    );
  if (!data)
    return (
      <div className="flex justify-center p-16">
        <Spinner className="h-8 w-8 text-brand-700" />
      </div>
    );
  const r = data.results;
  return (
    <StudyPage>
      <PageHeader
        title="Quiz results"
        subtitle={`${data.quiz.mode === "exam" ? "Exam" : "Tutor"} mode · ${data.quiz.source === "questions" ? "question bank" : "flashcards"}`}
        actions={
          <>
            {r.missed.length > 0 && (
              <Button onClick={() => retry.mutate()} disabled={retry.isPending}>
                <RotateCcw className="h-4 w-4" /> Retry missed ({r.missed.length})
              </Button>
            )}
            <Link to="/quiz/setup" className={buttonClass("outline")}>
              New quiz
            </Link>
          </>
        }
      />
      <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
        <Card className="flex flex-col items-center justify-center text-center" data-testid="quiz-score">
          <div className="relative h-36 w-36">
            <svg viewBox="0 0 36 36" className="h-full w-full -rotate-90" aria-hidden>
              <circle
                cx="18"
                cy="18"
                r="15.9"
                fill="none"
                strokeWidth="3"
                className="stroke-slate-100 dark:stroke-slate-800"
              />
              <circle
                cx="18"
                cy="18"
                r="15.9"
                fill="none"
                strokeWidth="3"
                strokeLinecap="round"
                strokeDasharray={`${r.percent} 100`}
                className={
                  r.percent >= 70 ? "stroke-emerald-500" : r.percent >= 50 ? "stroke-amber-500" : "stroke-rose-500"
                }
              />
            </svg>
            <div className="absolute inset-0 flex flex-col items-center justify-center">
              <span className="text-3xl font-bold">{r.percent}%</span>
              <span className="text-xs text-slate-500">
                {r.score} of {r.total}
              </span>
            </div>
          </div>
        </Card>
        <div className="grid gap-4 lg:grid-cols-2">
          <BreakdownTable title="By subject" rows={r.bySubject} />
          <BreakdownTable title="By topic" rows={r.byTopic.slice(0, 8)} />
        </div>
      </div>
      <h2 className="mt-8 mb-3 text-lg font-semibold">Every question</h2>
      <ol className="space-y-4">
        {data.items.map((it) => (
          <li key={it.position}>
            <Card className="p-5">
              <div className="mb-2 flex items-center gap-2 text-sm">
                {it.correct ? <Check className="h-5 w-5 text-emerald-600" /> : <X className="h-5 w-5 text-rose-600" />}
                <span className="font-medium">Question {it.position + 1}</span>
                <span className="text-slate-500">· {subjectName(it.subjectId)}</span>
                {!it.choice && <span className="text-slate-500">· unanswered</span>}
              </div>
              <p className="text-sm leading-6 whitespace-pre-wrap">{it.prompt}</p>
              {it.call && <p className="mt-2 text-sm font-semibold">{it.call}</p>}
              <div className="mt-3">
                <Choices item={it} disabled all onPick={() => undefined} />
              </div>
              {it.answerText && (
                <p className="mt-3 text-sm">
                  <span className="font-semibold">Answer: </span>
                  {it.answerText}
                </p>
              )}
            </Card>
          </li>
        ))}
      </ol>
    </StudyPage>
  );
}
