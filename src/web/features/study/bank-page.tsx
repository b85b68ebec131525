/**
 * /flashcards/questions — the question bank (issue 6 §7): browse by subject and topic, filter
 * unanswered / missed / flagged, answer a question with its explanation, see the attempt history
 * and accuracy by subject and topic over time. Unlimited / Trial.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { BarChart3, BookOpenCheck, Check, Flag, X } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonClass } from "../../components/ui/button";
import { Badge, Card, Spinner } from "../../components/ui/card";
import { api } from "../../lib/api";
import { useMe } from "../../lib/session";
import { SUBJECT_NAMES, subjectName } from "./api";
import {
  Chip,
  Dialog,
  EmptyState,
  LoadError,
  PageHeader,
  StudyPage,
  StudyUpgrade,
  selectClass,
} from "./components/study-ui";

interface Row {
  id: string;
  subjectId: string;
  topicId: string;
  topicTitle: string | null;
  difficulty: string;
  stem: string;
  call: string;
  attempts: number;
  status: "unanswered" | "correct" | "missed";
  flagged: boolean;
  due: string | null;
}
interface Detail {
  question: {
    id: string;
    stem: string;
    call: string;
    choices: Record<string, string>;
    flagged: boolean;
    answer?: string;
    explanations?: Record<string, string>;
    topicTitle: string | null;
    subjectId: string;
  };
  attempts: { choice: string; correct: boolean; answeredAt: string }[];
}
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

/** Questions fetched per page of the list. */
const PAGE = 50;
const pct = (v: number | null) => (v === null ? "—" : `${Math.round(v * 100)}%`);

function QuestionDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const qc = useQueryClient();
  const { data } = useQuery({
    queryKey: ["bank", "q", id],
    queryFn: () => api<Detail>(`/api/question-bank/${id}`),
    enabled: !!id,
    staleTime: 0,
  });
  const [picked, setPicked] = useState<string | null>(null);
  const answer = useMutation({
    mutationFn: (choice: string) => api(`/api/question-bank/${id}/attempts`, { body: { choice } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ["bank"] }),
  });
  const flag = useMutation({
    mutationFn: (flagged: boolean) => api(`/api/question-bank/${id}/flag`, { method: "PUT", body: { flagged } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ["bank"] }),
  });
  const q = data?.question;
  const revealed = !!picked && !!q?.answer;
  return (
    <Dialog
      open={!!id}
      onOpenChange={(o) => {
        if (!o) {
          setPicked(null);
          onClose();
        }
      }}
      title={q ? `${subjectName(q.subjectId)}${q.topicTitle ? ` · ${q.topicTitle}` : ""}` : "Question"}
      wide
    >
      {!q ? (
        <Spinner className="text-brand-700" />
      ) : (
        <div>
          <p className="text-sm leading-6 whitespace-pre-wrap">{q.stem}</p>
          <p className="mt-3 text-sm font-semibold">{q.call}</p>
          <ol className="mt-4 space-y-2">
            {Object.entries(q.choices).map(([k, v]) => {
              const right = revealed && k === q.answer;
              const wrong = revealed && picked === k && !right;
              return (
                <li key={k}>
                  <button
                    type="button"
                    disabled={!!picked}
                    onClick={() => {
                      setPicked(k);
                      answer.mutate(k);
                    }}
                    className={clsx(
                      "flex w-full gap-3 rounded-xl border px-4 py-2.5 text-left text-sm",
                      right
                        ? "border-emerald-400 bg-emerald-50 dark:bg-emerald-950/40"
                        : wrong
                          ? "border-rose-400 bg-rose-50 dark:bg-rose-950/40"
                          : "border-slate-200 hover:border-brand-400 dark:border-slate-700",
                    )}
                  >
                    <span className="font-semibold text-slate-500">{k}</span>
                    <span>{v}</span>
                  </button>
                  {revealed && q.explanations?.[k] && (
                    <p className="mt-1 ml-7 text-xs text-slate-600 dark:text-slate-400">{q.explanations[k]}</p>
                  )}
                </li>
              );
            })}
          </ol>
          <div className="mt-4 flex items-center justify-between">
            <button
              type="button"
              onClick={() => flag.mutate(!q.flagged)}
              className={clsx(
                "inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm",
                q.flagged ? "bg-amber-100 text-amber-800" : "hover:bg-slate-100 dark:hover:bg-slate-800",
              )}
            >
              <Flag className="h-4 w-4" /> {q.flagged ? "Flagged" : "Flag"}
            </button>
            {picked && !q.answer && <Spinner className="text-brand-700" />}
          </div>
          {data.attempts.length > 0 && (
            <div className="mt-4 border-t border-slate-100 pt-3 dark:border-slate-800">
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Your attempts</p>
              <ul className="mt-2 space-y-1 text-sm">
                {data.attempts.map((a) => (
                  <li key={a.answeredAt + a.choice} className="flex items-center gap-2">
                    {a.correct ? (
                      <Check className="h-4 w-4 text-emerald-600" />
                    ) : (
                      <X className="h-4 w-4 text-rose-600" />
                    )}{" "}
                    Chose {a.choice} · {new Date(a.answeredAt).toLocaleString()}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}

const accuracyTone = (v: number | null) =>
  v === null
    ? "bg-slate-300 dark:bg-slate-700"
    : v >= 0.7
      ? "bg-emerald-500"
      : v >= 0.5
        ? "bg-amber-500"
        : "bg-rose-500";

/** Accuracy by subject and by topic (weakest first) and, week by week, answers (height) and accuracy (colour). */
function AnalyticsPanel() {
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
    <div className="grid gap-4 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <div className="grid gap-6 sm:grid-cols-2">
          <div>
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
          <div>
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
      <Card>
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

export default function BankPage() {
  const { data: me } = useMe();
  const [params, setParams] = useSearchParams();
  const subject = params.get("subject") ?? "";
  const topic = params.get("topic") ?? "";
  const filter = params.get("filter") ?? "all";
  const [open, setOpen] = useState<string | null>(null);
  const allowed = me?.features?.question_bank ?? false;
  const topics = useQuery({
    queryKey: ["subject", subject],
    queryFn: () => api<{ topics: { id: string; title: string }[] }>(`/api/subjects/${subject}`),
    enabled: allowed && !!subject,
  });
  const list = useInfiniteQuery({
    queryKey: ["bank", "list", subject, topic, filter],
    queryFn: ({ pageParam }) =>
      api<{ total: number; questions: Row[] }>(
        `/api/question-bank?${new URLSearchParams({ ...(subject ? { subject } : {}), ...(topic ? { topic } : {}), filter, limit: String(PAGE), offset: String(pageParam) })}`,
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.length * PAGE < last.total ? pages.length * PAGE : undefined),
    enabled: allowed,
    staleTime: 0,
  });
  const rows = list.data?.pages.flatMap((p) => p.questions) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const set = (patch: Record<string, string>) => {
    const n = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v && v !== "all") n.set(k, v);
      else n.delete(k);
    }
    setParams(n, { replace: true });
  };
  if (me && !allowed) {
    return (
      <StudyPage>
        <PageHeader title="Question bank" />
        <StudyUpgrade
          title="The question bank is part of Unlimited"
          secondary={
            <Link to="/quiz/setup" className={buttonClass("outline")}>
              Quiz yourself on flashcards
            </Link>
          }
        >
          Hundreds of MBE-style questions with an explanation for every choice, timed exams, accuracy by subject and
          topic, and missed questions back in your daily reviews. Free includes flashcard quizzes of your own cards and
          the free sample decks.
        </StudyUpgrade>
      </StudyPage>
    );
  }
  return (
    <StudyPage wide>
      <PageHeader
        title="Question bank"
        subtitle="MBE-style questions with an explanation for every choice. A miss comes back in your daily reviews."
        actions={
          <Link to="/quiz/setup" className={buttonClass("primary")}>
            Start a quiz
          </Link>
        }
      />
      <AnalyticsPanel />
      <div className="mt-6 mb-4 flex flex-col gap-3">
        <div className="flex flex-wrap gap-2">
          <Chip active={!subject} onClick={() => set({ subject: "", topic: "" })}>
            All subjects
          </Chip>
          {Object.entries(SUBJECT_NAMES).map(([id, name]) => (
            <Chip key={id} active={subject === id} onClick={() => set({ subject: id, topic: "" })}>
              {name}
            </Chip>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {(["all", "unanswered", "missed", "flagged"] as const).map((f) => (
            <Chip key={f} active={filter === f} onClick={() => set({ filter: f })}>
              {f[0].toUpperCase() + f.slice(1)}
            </Chip>
          ))}
          {subject && (
            <select
              aria-label="Topic"
              className={clsx(selectClass, "w-auto max-w-full sm:ml-auto sm:max-w-xs")}
              value={topic}
              onChange={(e) => set({ topic: e.target.value })}
            >
              <option value="">All {subjectName(subject)} topics</option>
              {topics.data?.topics.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.title}
                </option>
              ))}
            </select>
          )}
        </div>
      </div>
      {list.error ? (
        <LoadError what="the questions" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Spinner className="m-10 text-brand-700" />
      ) : !rows.length ? (
        <EmptyState icon={BookOpenCheck} title="No questions match these filters">
          {filter === "missed"
            ? "Questions you answer wrong show up here until you get them right."
            : filter === "flagged"
              ? "Flag a question to find it here later."
              : null}
        </EmptyState>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-500" data-testid="bank-count">
            {total} {total === 1 ? "question" : "questions"}
          </p>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {rows.map((q) => (
              <li key={q.id}>
                <button
                  type="button"
                  onClick={() => setOpen(q.id)}
                  className="flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-50 dark:hover:bg-slate-800/50"
                  data-testid="bank-row"
                >
                  <span
                    className={clsx(
                      "mt-1 h-2.5 w-2.5 shrink-0 rounded-full",
                      q.status === "correct"
                        ? "bg-emerald-500"
                        : q.status === "missed"
                          ? "bg-rose-500"
                          : "bg-slate-300 dark:bg-slate-600",
                    )}
                    title={q.status}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="line-clamp-2 text-sm text-slate-800 dark:text-slate-200">{q.stem}</span>
                    <span className="mt-1 flex flex-wrap gap-2 text-xs text-slate-500">
                      <span>{subjectName(q.subjectId)}</span>
                      {q.topicTitle && <span>· {q.topicTitle}</span>}
                      <span>· {q.difficulty}</span>
                      {q.attempts > 0 && <span>· {q.attempts} attempts</span>}
                    </span>
                  </span>
                  {q.flagged && (
                    <Badge className="bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
                      <Flag className="mr-1 h-3 w-3" />
                      flagged
                    </Badge>
                  )}
                </button>
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="mt-4 text-center">
              <button
                type="button"
                className={buttonClass("outline")}
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {list.isFetchingNextPage
                  ? "Loading…"
                  : `Show ${Math.min(PAGE, total - rows.length)} more of ${total - rows.length}`}
              </button>
            </div>
          )}
        </>
      )}
      <QuestionDialog id={open} onClose={() => setOpen(null)} />
    </StudyPage>
  );
}
