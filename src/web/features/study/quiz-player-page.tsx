/**
 * /quiz?id= (issue 6 §6; SPEC.md §2.3): one question at a time with progress, exam timer, flag,
 * back and forward, submit. State lives on the server, so an interrupted quiz resumes where it
 * stopped; /quiz with no id resumes the unfinished quiz or goes to the setup page.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { ArrowLeft, ArrowRight, Clock, Flag } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { Button } from "../../components/ui/button";
import { Card, Spinner } from "../../components/ui/card";
import { ApiError, api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { NotFoundPage } from "../shell/screens";
import { type QuizView, subjectName } from "./api";
import { Choices } from "./components/quiz-choices";
import { LoadError, StudyPage } from "./components/study-ui";

function useCountdown(remainingMs: number | null, fetchedAt: number) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (remainingMs === null) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [remainingMs]);
  return remainingMs === null ? null : Math.max(0, remainingMs - (now - fetchedAt));
}
const clock = (ms: number) => {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

/** /quiz with no id: the unfinished quiz if there is one, else the setup page. */
function ResumeOrSetup() {
  const active = useQuery({
    queryKey: ["quiz", "active"],
    queryFn: () => api<{ quiz: { id: string } | null }>("/api/quizzes/active"),
    staleTime: 0,
  });
  if (active.isPending)
    return (
      <div className="flex justify-center p-16">
        <Spinner className="h-8 w-8 text-brand-700" />
      </div>
    );
  return <Navigate to={active.data?.quiz ? `/quiz?id=${active.data.quiz.id}` : "/quiz/setup"} replace />;
}

export function QuizPlayerPage() {
  const [params] = useSearchParams();
  const id = params.get("id") ?? "";
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [fetchedAt, setFetchedAt] = useState(Date.now());
  const { data, error, isPending, refetch } = useQuery({
    queryKey: ["quiz", id],
    queryFn: async () => {
      const r = await api<QuizView>(`/api/quizzes/${id}`);
      setFetchedAt(Date.now());
      return r;
    },
    enabled: !!id,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  const [index, setIndex] = useState<number | null>(null);
  const put = useMutation({
    mutationFn: (b: {
      position: number;
      choice?: string;
      selection?: string[];
      flagged?: boolean;
      currentIndex?: number;
    }) =>
      api<QuizView>(`/api/quizzes/${id}/items/${b.position}`, {
        method: "PUT",
        body: { choice: b.choice, selection: b.selection, flagged: b.flagged, currentIndex: b.currentIndex },
      }),
    onSuccess: (r) => {
      setFetchedAt(Date.now());
      qc.setQueryData(["quiz", id], r);
    },
    onError: (e) => {
      toast.add({ title: "Not saved", description: (e as Error).message, variant: "destructive" });
      if (e instanceof ApiError && e.status === 409) void qc.invalidateQueries({ queryKey: ["quiz", id] });
    },
  });
  const submit = useMutation({
    mutationFn: () => api(`/api/quizzes/${id}/submit`, { body: {} }),
    onSuccess: () => navigate(`/quiz/results/${id}`),
    onError: (e) =>
      toast.add({ title: "Quiz not submitted", description: (e as Error).message, variant: "destructive" }),
  });
  const left = useCountdown(data?.quiz.remainingMs ?? null, fetchedAt);
  useEffect(() => {
    if (data?.quiz.submittedAt) navigate(`/quiz/results/${id}`, { replace: true });
  }, [data?.quiz.submittedAt, id, navigate]);
  useEffect(() => {
    if (left === 0 && data && !data.quiz.submittedAt && submit.isIdle) submit.mutate();
  }, [left, data, submit]);

  if (!id) return <ResumeOrSetup />;
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  if (error)
    return (
      <StudyPage>
        <LoadError what="this quiz" error={error} onRetry={() => void refetch()} />
      </StudyPage>
    );
  if (isPending || !data)
    return (
      <div className="flex justify-center p-16">
        <Spinner className="h-8 w-8 text-brand-700" />
      </div>
    );
  const { quiz, items } = data;
  const i = Math.min(index ?? quiz.currentIndex, items.length - 1);
  const item = items[i];
  const go = (n: number) => {
    setIndex(n);
    put.mutate({ position: n, currentIndex: n });
  };
  const tutorLocked = quiz.mode === "tutor" && !!item.choice;
  const answered = items.filter((x) => x.choice).length;
  return (
    <div className="mx-auto max-w-3xl" data-testid="quiz-player">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/quiz/setup" className="inline-flex items-center gap-1 text-sm text-slate-500 hover:underline">
          <ArrowLeft className="h-4 w-4" /> Quiz setup
        </Link>
        <div className="flex items-center gap-3 text-sm">
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 font-medium capitalize dark:bg-slate-800">
            {quiz.mode}
          </span>
          {left !== null && (
            <span
              className={clsx(
                "inline-flex items-center gap-1 font-mono font-semibold tabular-nums",
                left < 60_000 ? "text-rose-600" : "text-slate-700 dark:text-slate-200",
              )}
              data-testid="quiz-timer"
              role="timer"
              aria-label="Time left"
            >
              <Clock className="h-4 w-4" /> {clock(left)}
            </span>
          )}
        </div>
      </div>
      <div className="mt-4 flex items-center justify-between text-sm text-slate-600 dark:text-slate-400">
        <span data-testid="quiz-progress">
          Question {i + 1} of {quiz.total}
        </span>
        <span>{answered} answered</span>
      </div>
      <div className="mt-2 flex gap-1" aria-hidden>
        {items.map((x, n) => (
          <button
            key={x.position}
            type="button"
            tabIndex={-1}
            onClick={() => go(n)}
            className={clsx(
              "h-1.5 flex-1 rounded-full",
              n === i
                ? "bg-brand-600"
                : x.flagged
                  ? "bg-amber-400"
                  : x.choice
                    ? x.correct === false
                      ? "bg-rose-400"
                      : x.correct
                        ? "bg-emerald-400"
                        : "bg-brand-300"
                    : "bg-slate-200 dark:bg-slate-800",
            )}
          />
        ))}
      </div>
      <Card className="mt-5">
        <div className="mb-3 flex items-center justify-between gap-2 text-xs text-slate-500">
          <span>{subjectName(item.subjectId)}</span>
          <button
            type="button"
            onClick={() => put.mutate({ position: i, flagged: !item.flagged, currentIndex: i })}
            aria-pressed={item.flagged}
            className={clsx(
              "inline-flex items-center gap-1 rounded-lg px-2 py-1 font-medium",
              item.flagged
                ? "bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200"
                : "hover:bg-slate-100 dark:hover:bg-slate-800",
            )}
          >
            <Flag className="h-3.5 w-3.5" /> {item.flagged ? "Flagged" : "Flag"}
          </button>
        </div>
        <p className="leading-7 whitespace-pre-wrap text-slate-900 dark:text-slate-100" data-testid="quiz-prompt">
          {item.prompt}
        </p>
        {item.call && <p className="mt-4 font-semibold">{item.call}</p>}
        <div className="mt-5">
          <Choices
            item={item}
            disabled={tutorLocked || put.isPending}
            onPick={(k) => put.mutate({ position: i, choice: k, currentIndex: i })}
            onSelect={(letters) => put.mutate({ position: i, selection: letters, currentIndex: i })}
          />
        </div>
        {item.answerText && item.correctChoice && (
          <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
            <span className="font-semibold">Answer: </span>
            {item.answerText}
          </p>
        )}
      </Card>
      <div className="mt-5 flex items-center justify-between gap-2">
        <Button variant="outline" disabled={i === 0} onClick={() => go(i - 1)}>
          <ArrowLeft className="h-4 w-4" /> Back
        </Button>
        {i < items.length - 1 ? (
          <Button onClick={() => go(i + 1)}>
            Next <ArrowRight className="h-4 w-4" />
          </Button>
        ) : (
          <Button
            onClick={() => {
              if (
                answered === items.length ||
                window.confirm(`${items.length - answered} questions are unanswered. Submit anyway?`)
              )
                submit.mutate();
            }}
            disabled={submit.isPending}
            data-testid="submit-quiz"
          >
            Submit quiz
          </Button>
        )}
      </div>
      {i < items.length - 1 && (
        <div className="mt-3 text-right">
          <button
            type="button"
            className="text-sm text-slate-500 underline"
            onClick={() => {
              if (window.confirm(`Submit now? ${items.length - answered} questions are unanswered.`)) submit.mutate();
            }}
          >
            Submit early
          </button>
        </div>
      )}
    </div>
  );
}
