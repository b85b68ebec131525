/**
 * Quizzes (issue 6 §6; SPEC.md §2.3): /quiz/setup, /quiz?id= (one question at a time: progress,
 * exam timer, flag, back and forward, submit) and /quiz/results/:id (score, per-subject and
 * per-topic breakdown, every explanation, retry missed). State lives on the server, so an
 * interrupted quiz resumes where it stopped.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { ArrowLeft, ArrowRight, Check, Clock, Flag, RotateCcw, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, Navigate, useNavigate, useParams, useSearchParams } from "react-router";
import { EXAM_SECONDS_PER_QUESTION, QUIZ_MAX, QUIZ_MIN } from "../../../domain/study";
import { Button, buttonClass } from "../../components/ui/button";
import { Card, Spinner } from "../../components/ui/card";
import { ApiError, api } from "../../lib/api";
import { useMe } from "../../lib/session";
import { toast } from "../../lib/toast";
import { NotFoundPage } from "../shell/screens";
import { type Breakdown, type QuizItem, type QuizResults, type QuizView, SUBJECT_NAMES, subjectName } from "./api";
import { Chip, LoadError, PageHeader, StudyPage } from "./components/study-ui";

const DIFFS = ["foundational", "intermediate", "advanced"] as const;

/**
 * A titled block of the setup form. Declared at module level: a component declared inside the page
 * would be a new type on every render, remounting its inputs (the count slider lost focus and its
 * drag after each step).
 */
function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-300">{title}</h2>
      {children}
    </div>
  );
}

export function QuizSetupPage() {
  const navigate = useNavigate();
  const { data: me } = useMe();
  const bank = me?.features?.question_bank ?? false;
  // Until the student picks, the source follows the plan (known once /api/me has answered).
  const [picked, setSource] = useState<"questions" | "flashcards" | null>(null);
  const source = picked ?? (bank ? "questions" : "flashcards");
  const [subjects, setSubjects] = useState<string[]>([]);
  const [topics, setTopics] = useState<string[]>([]);
  const [count, setCount] = useState(10);
  const [difficulty, setDifficulty] = useState<string[]>([]);
  const [filter, setFilter] = useState<"all" | "unanswered" | "missed">("all");
  const [mode, setMode] = useState<"tutor" | "exam">("tutor");
  const [err, setErr] = useState<string | null>(null);
  const topicList = useQuery({
    queryKey: ["quiz-topics", subjects],
    queryFn: async () =>
      (
        await Promise.all(subjects.map((s) => api<{ topics: { id: string; title: string }[] }>(`/api/subjects/${s}`)))
      ).flatMap((r) => r.topics),
    enabled: subjects.length > 0,
  });
  const active = useQuery({
    queryKey: ["quiz", "active"],
    queryFn: () =>
      api<{ quiz: { id: string; total: number; answered: number; mode: string } | null }>("/api/quizzes/active"),
    staleTime: 0,
  });
  const start = useMutation({
    mutationFn: () =>
      api<{ id: string }>("/api/quizzes", {
        body: {
          source,
          subjects: subjects.length ? subjects : undefined,
          topics: topics.length ? topics : undefined,
          count,
          difficulty: difficulty.length ? difficulty : undefined,
          filter,
          mode,
        },
      }),
    onSuccess: (r) => navigate(`/quiz?id=${r.id}`),
    onError: (e) => setErr((e as Error).message),
  });
  const toggle = (list: string[], v: string) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);
  const minutes = Math.round((count * EXAM_SECONDS_PER_QUESTION) / 60);
  return (
    <StudyPage>
      <PageHeader title="New quiz" subtitle="Practice MBE-style questions or quiz yourself on flashcards." />
      {active.data?.quiz && (
        <Card className="mb-6 flex flex-wrap items-center justify-between gap-3 p-4">
          <p className="text-sm">
            Unfinished {active.data.quiz.mode} quiz: {active.data.quiz.answered} of {active.data.quiz.total} answered.
          </p>
          <Link to={`/quiz?id=${active.data.quiz.id}`} className={buttonClass("primary", "sm")}>
            Resume
          </Link>
        </Card>
      )}
      <Card className="space-y-6">
        <Section title="Source">
          <div className="grid gap-3 sm:grid-cols-2">
            {(
              [
                ["questions", "Question bank", "Multiple-choice questions with explanations for every choice."],
                ["flashcards", "Flashcards", "Your cards as four-choice questions."],
              ] as const
            ).map(([v, l, d]) => (
              <button
                key={v}
                type="button"
                aria-pressed={source === v}
                onClick={() => setSource(v)}
                disabled={v === "questions" && !bank}
                className={clsx(
                  "rounded-xl border p-4 text-left transition",
                  source === v
                    ? "border-brand-600 ring-2 ring-brand-500/30"
                    : "border-slate-200 hover:border-brand-400 dark:border-slate-700",
                  v === "questions" && !bank && "cursor-not-allowed opacity-60",
                )}
              >
                <p className="font-semibold">
                  {l}
                  {v === "questions" && !bank && " · Unlimited"}
                </p>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{d}</p>
              </button>
            ))}
          </div>
        </Section>
        <Section title="Subjects">
          <div className="flex flex-wrap gap-2">
            {Object.entries(SUBJECT_NAMES).map(([id, name]) => (
              <Chip
                key={id}
                active={subjects.includes(id)}
                onClick={() => {
                  setSubjects(toggle(subjects, id));
                  setTopics([]);
                }}
              >
                {name}
              </Chip>
            ))}
          </div>
          <p className="mt-1 text-xs text-slate-500">None selected means all subjects.</p>
        </Section>
        {subjects.length > 0 && (
          <Section title="Topics">
            <div className="flex max-h-48 flex-wrap gap-2 overflow-y-auto">
              {topicList.data?.map((t) => (
                <Chip key={t.id} active={topics.includes(t.id)} onClick={() => setTopics(toggle(topics, t.id))}>
                  {t.title}
                </Chip>
              ))}
            </div>
          </Section>
        )}
        <div className="grid gap-6 sm:grid-cols-2">
          <Section title={`Number of questions: ${count}`}>
            <input
              aria-label="Number of questions"
              type="range"
              min={QUIZ_MIN}
              max={QUIZ_MAX}
              step={5}
              value={count}
              onChange={(e) => setCount(Number(e.target.value))}
              className="w-full accent-brand-600"
            />
          </Section>
          <Section title="Difficulty">
            <div className="flex flex-wrap gap-2">
              {DIFFS.map((d) => (
                <Chip key={d} active={difficulty.includes(d)} onClick={() => setDifficulty(toggle(difficulty, d))}>
                  {d}
                </Chip>
              ))}
            </div>
          </Section>
          <Section title="Questions">
            <div className="flex flex-wrap gap-2">
              {(
                [
                  ["all", "All"],
                  ["unanswered", "Only unanswered"],
                  ["missed", "Only missed"],
                ] as const
              ).map(([v, l]) => (
                <Chip key={v} active={filter === v} onClick={() => setFilter(v)}>
                  {l}
                </Chip>
              ))}
            </div>
          </Section>
          <Section title="Mode">
            <div className="flex flex-wrap gap-2">
              <Chip active={mode === "tutor"} onClick={() => setMode("tutor")}>
                Tutor
              </Chip>
              <Chip active={mode === "exam"} onClick={() => setMode("exam")}>
                Exam (timed)
              </Chip>
            </div>
            <p className="mt-1 text-xs text-slate-500">
              {mode === "tutor"
                ? "See the explanation after each answer."
                : `${minutes} minutes: 1.8 minutes a question, like the MBE. Explanations at the end.`}
            </p>
          </Section>
        </div>
        {err && (
          <p role="alert" className="text-sm text-red-600">
            {err}
          </p>
        )}
        <div className="flex justify-end">
          <Button size="lg" onClick={() => start.mutate()} disabled={start.isPending} data-testid="start-quiz">
            Start quiz
          </Button>
        </div>
      </Card>
    </StudyPage>
  );
}

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

function Choices({
  item,
  onPick,
  disabled,
  all,
}: {
  item: QuizItem;
  onPick: (k: string) => void;
  disabled: boolean;
  all?: boolean;
}) {
  const revealed = item.correctChoice !== undefined;
  return (
    <ol className="space-y-2">
      {Object.entries(item.choices).map(([k, v]) => {
        const chosen = item.choice === k;
        const right = revealed && k === item.correctChoice;
        const wrong = revealed && chosen && !right;
        return (
          <li key={k}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(k)}
              aria-pressed={chosen}
              className={clsx(
                "flex w-full items-start gap-3 rounded-xl border px-4 py-3 text-left text-sm transition-colors",
                right
                  ? "border-emerald-400 bg-emerald-50 dark:border-emerald-700 dark:bg-emerald-950/40"
                  : wrong
                    ? "border-rose-400 bg-rose-50 dark:border-rose-700 dark:bg-rose-950/40"
                    : chosen
                      ? "border-brand-500 bg-brand-50 dark:bg-brand-700/20"
                      : "border-slate-200 hover:border-brand-400 dark:border-slate-700",
                disabled && !revealed && "cursor-default",
              )}
            >
              <span
                className={clsx(
                  "flex h-6 w-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold",
                  chosen
                    ? "border-brand-600 bg-brand-600 text-white"
                    : "border-slate-300 text-slate-500 dark:border-slate-600",
                )}
              >
                {k}
              </span>
              <span className="flex-1 pt-0.5">{v}</span>
              {right && <Check className="h-5 w-5 text-emerald-600" />}
              {wrong && <X className="h-5 w-5 text-rose-600" />}
            </button>
            {revealed && item.explanations?.[k] && (all || chosen || right) && (
              <p className="mt-1 ml-9 text-sm text-slate-600 dark:text-slate-400">{item.explanations[k]}</p>
            )}
          </li>
        );
      })}
    </ol>
  );
}

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
    mutationFn: (b: { position: number; choice?: string; flagged?: boolean; currentIndex?: number }) =>
      api<QuizView>(`/api/quizzes/${id}/items/${b.position}`, {
        method: "PUT",
        body: { choice: b.choice, flagged: b.flagged, currentIndex: b.currentIndex },
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
