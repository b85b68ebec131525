/**
 * /flashcards/questions — the question bank (issue 6 §7): browse by subject and topic, filter
 * unanswered / missed / flagged, answer a question with its explanation, see the attempt history
 * and accuracy by subject and topic over time. Unlimited / Trial.
 */
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { BookOpenCheck, Flag } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonClass } from "../../components/ui/button";
import { Badge, Spinner } from "../../components/ui/card";
import { api } from "../../lib/api";
import { useMe } from "../../lib/session";
import { SUBJECT_NAMES, subjectName } from "./api";
import { Select } from "../../components/ui/select";
import { AnalyticsPanel } from "./components/bank-analytics";
import { QuestionDialog } from "./components/question-dialog";
import { selectLabel } from "./components/quiz-choices";
import { Chip, EmptyState, LoadError, PageHeader, StudyPage, StudyUpgrade } from "./components/study-ui";

interface Row {
  id: string;
  subjectId: string;
  topicId: string;
  topicTitle: string | null;
  difficulty: string;
  stem: string;
  call: string;
  format: "single" | "multi_select";
  select: number;
  attempts: number;
  status: "unanswered" | "correct" | "missed";
  flagged: boolean;
  due: string | null;
}

/** Questions fetched per page of the list. */
const PAGE = 50;

export default function BankPage() {
  const { data: me } = useMe();
  const [params, setParams] = useSearchParams();
  const subject = params.get("subject") ?? "";
  const topic = params.get("topic") ?? "";
  const filter = params.get("filter") ?? "all";
  const format = params.get("format") ?? "all";
  const [open, setOpen] = useState<string | null>(null);
  const allowed = me?.features?.question_bank ?? false;
  const topics = useQuery({
    queryKey: ["subject", subject],
    queryFn: () => api<{ topics: { id: string; title: string }[] }>(`/api/subjects/${subject}`),
    enabled: allowed && !!subject,
  });
  const list = useInfiniteQuery({
    queryKey: ["bank", "list", subject, topic, filter, format],
    queryFn: ({ pageParam }) =>
      api<{ total: number; questions: Row[] }>(
        `/api/question-bank?${new URLSearchParams({ ...(subject ? { subject } : {}), ...(topic ? { topic } : {}), ...(format !== "all" ? { format } : {}), filter, limit: String(PAGE), offset: String(pageParam) })}`,
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
        <StudyUpgrade title="The question bank is part of Unlimited">
          Hundreds of MBE-style questions with an explanation for every choice, timed exams, accuracy by subject and
          topic, and missed questions back in your daily reviews.
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
          <span className="mx-1 hidden h-5 w-px bg-slate-200 sm:inline-block dark:bg-slate-700" aria-hidden />
          {(
            [
              ["all", "Any format"],
              ["single", "Single answer"],
              ["multi_select", "Multi-select"],
            ] as const
          ).map(([f, label]) => (
            <Chip key={f} active={format === f} onClick={() => set({ format: f })}>
              {label}
            </Chip>
          ))}
          {subject && (
            <Select
              label="Topic"
              className="w-auto max-w-full sm:ml-auto sm:max-w-xs"
              value={topic}
              onChange={(v) => set({ topic: v })}
            >
              <option value="">All {subjectName(subject)} topics</option>
              {topics.data?.topics.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.title}
                </option>
              ))}
            </Select>
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
                      {q.select > 1 && (
                        <span className="font-medium text-brand-700 dark:text-brand-300">
                          · {selectLabel(q.select).toLowerCase()}
                        </span>
                      )}
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
