/**
 * NextGen exam mode (issue 18 §3, decision 078): /exam (setup and past sessions), /exam/:id (the
 * timed session: one countdown from the server's deadline, a navigator with flags, a review screen
 * before submitting, auto-submit at time-out) and /exam/:id/report (score by area and by skill,
 * every item's review, rubric self-grading of written items and the performance task).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { ArrowLeft, ArrowRight, Clock, Flag } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { ResponseOf } from "../../../contract/route";
import { EXAM_LENGTHS, type examApi } from "../../../contract/exam";
import { Button } from "../../components/ui/button";
import { Card, Spinner } from "../../components/ui/card";
import { ApiError, api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { DocumentPane, Md, RubricGrader } from "../nextgen/components";
import { NotFoundPage } from "../shell/screens";
import { SUBJECT_NAMES, subjectName } from "./api";
import { ChoiceList } from "./components/quiz-choices";
import { Chip, LoadError, PageHeader, StudyPage, textareaClass } from "./components/study-ui";

type ExamView = ResponseOf<typeof examApi.get>;
type ExamReport = ResponseOf<typeof examApi.report>;
type ExamItem = ExamView["items"][number];

const clock = (ms: number) => {
  const s = Math.ceil(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h ? `${h}:` : ""}${String(m).padStart(h ? 2 : 1, "0")}:${String(s % 60).padStart(2, "0")}`;
};
const kindLabel = (k: ExamItem["kind"]) =>
  k === "question"
    ? "Multiple choice"
    : k === "set-choice" || k === "set-written"
      ? "Integrated set"
      : "Performance task";

/** /exam: choose a length and subjects, start; the last sessions. */
export function ExamSetupPage() {
  const navigate = useNavigate();
  const [length, setLength] = useState<keyof typeof EXAM_LENGTHS>("short");
  const [subjects, setSubjects] = useState<string[]>([]);
  const past = useQuery({
    queryKey: ["exams"],
    queryFn: () => api<ResponseOf<typeof examApi.list>>("/api/exams"),
  });
  const start = useMutation({
    mutationFn: () => api<{ id: string }>("/api/exams", { body: { length, ...(subjects.length ? { subjects } : {}) } }),
    onSuccess: (r) => navigate(`/exam/${r.id}`),
    onError: (e) => toast.add({ title: "Exam not started", description: (e as Error).message, variant: "destructive" }),
  });
  return (
    <StudyPage>
      <PageHeader
        title="Exam mode"
        subtitle="A timed NextGen-style session: stand-alone multiple choice (about 40 % of the time), integrated question sets (about 25 %) and, in a half day, a performance task (about a third). Flag items, review before you submit, and get a report by area and skill."
      />
      <Card>
        <p className="text-sm font-semibold">Length</p>
        <div className="mt-2 flex flex-wrap gap-2">
          {(Object.keys(EXAM_LENGTHS) as (keyof typeof EXAM_LENGTHS)[]).map((k) => (
            <Chip key={k} active={length === k} onClick={() => setLength(k)}>
              {EXAM_LENGTHS[k].label}
            </Chip>
          ))}
        </div>
        <p className="mt-2 text-xs text-slate-500">
          {EXAM_LENGTHS[length].questions} multiple-choice items, {EXAM_LENGTHS[length].sets} integrated{" "}
          {EXAM_LENGTHS[length].sets === 1 ? "set" : "sets"}
          {EXAM_LENGTHS[length].tasks ? `, ${EXAM_LENGTHS[length].tasks} performance task` : ""} — as many as the
          subjects hold.
        </p>
        <p className="mt-5 text-sm font-semibold">Subjects</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Chip active={!subjects.length} onClick={() => setSubjects([])}>
            All areas
          </Chip>
          {Object.entries(SUBJECT_NAMES).map(([id, name]) => (
            <Chip
              key={id}
              active={subjects.includes(id)}
              onClick={() => setSubjects((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]))}
            >
              {name}
            </Chip>
          ))}
        </div>
        <Button className="mt-6" disabled={start.isPending} onClick={() => start.mutate()} data-testid="start-exam">
          Start the exam
        </Button>
      </Card>
      {!!past.data?.exams.length && (
        <Card className="mt-6">
          <p className="text-sm font-semibold">Your sessions</p>
          <ul className="mt-2 divide-y divide-slate-100 text-sm dark:divide-slate-800">
            {past.data.exams.map((e) => (
              <li key={e.id} className="flex items-center justify-between py-2">
                <span>
                  {EXAM_LENGTHS[e.length as keyof typeof EXAM_LENGTHS]?.label ?? e.length} ·{" "}
                  {new Date(e.startedAt).toLocaleString()}
                </span>
                <Link
                  className="text-brand-700 underline"
                  to={e.submittedAt ? `/exam/${e.id}/report` : `/exam/${e.id}`}
                >
                  {e.submittedAt ? "Report" : "Resume"}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </StudyPage>
  );
}

function useExam(id: string) {
  const [fetchedAt, setFetchedAt] = useState(Date.now());
  const q = useQuery({
    queryKey: ["exam", id],
    queryFn: async () => {
      const r = await api<ExamView>(`/api/exams/${id}`);
      setFetchedAt(Date.now());
      return r;
    },
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  return { ...q, fetchedAt, setFetchedAt };
}

/** /exam/:id — the session. */
export function ExamSessionPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { data, error, isPending, refetch, fetchedAt, setFetchedAt } = useExam(id);
  const [index, setIndex] = useState<number | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const [now, setNow] = useState(Date.now());
  const [draft, setDraft] = useState<Record<number, string>>({});
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const put = useMutation({
    mutationFn: (b: {
      position: number;
      selection?: string[];
      text?: string;
      flagged?: boolean;
      currentIndex?: number;
    }) => api<ExamView>(`/api/exams/${id}/items/${b.position}`, { method: "PUT", body: { ...b, position: undefined } }),
    onSuccess: (r) => {
      setFetchedAt(Date.now());
      qc.setQueryData(["exam", id], r);
    },
    onError: (e) => {
      toast.add({ title: "Not saved", description: (e as Error).message, variant: "destructive" });
      if (e instanceof ApiError && e.status === 409) void qc.invalidateQueries({ queryKey: ["exam", id] });
    },
  });
  const submit = useMutation({
    mutationFn: () => api(`/api/exams/${id}/submit`, { body: {} }),
    onSuccess: () => navigate(`/exam/${id}/report`),
  });
  const left = data?.exam.remainingMs == null ? null : Math.max(0, data.exam.remainingMs - (now - fetchedAt));
  useEffect(() => {
    if (data?.exam.submittedAt) navigate(`/exam/${id}/report`, { replace: true });
  }, [data?.exam.submittedAt, id, navigate]);
  useEffect(() => {
    if (left === 0 && data && !data.exam.submittedAt && submit.isIdle) submit.mutate();
  }, [left, data, submit]);
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  if (error)
    return (
      <StudyPage>
        <LoadError what="this exam" error={error} onRetry={() => void refetch()} />
      </StudyPage>
    );
  if (isPending || !data) return <Spinner className="m-10 text-brand-700" />;
  const { exam, items } = data;
  const i = Math.min(index ?? exam.currentIndex, items.length - 1);
  const item = items[i];
  const go = (n: number) => {
    setReviewing(false);
    setIndex(n);
    put.mutate({ position: n, currentIndex: n });
  };
  const set = item.setId ? data.sets.find((s) => s.id === item.setId) : undefined;
  const task = item.kind === "task" ? data.tasks.find((t) => t.id === item.refId) : undefined;
  const unanswered = items.filter((x) => !x.response);
  const flagged = items.filter((x) => x.flagged);
  const saveText = (text: string) => put.mutate({ position: i, text, currentIndex: i });
  return (
    <div className="mx-auto max-w-6xl" data-testid="exam-session">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/exam" className="inline-flex items-center gap-1 text-sm text-slate-500 hover:underline">
          <ArrowLeft className="h-4 w-4" /> Exam mode
        </Link>
        <span
          className={clsx(
            "inline-flex items-center gap-1 font-mono text-lg font-semibold tabular-nums",
            left !== null && left < 5 * 60_000 ? "text-rose-600" : "text-slate-800 dark:text-slate-100",
          )}
          role="timer"
          aria-label="Time left in the session"
          data-testid="exam-timer"
        >
          <Clock className="h-5 w-5" /> {left === null ? "—" : clock(left)}
        </span>
      </div>
      <nav className="mt-4 flex flex-wrap gap-1.5" aria-label="Questions">
        {items.map((x, n) => (
          <button
            key={x.position}
            type="button"
            onClick={() => go(n)}
            aria-current={!reviewing && n === i ? "step" : undefined}
            aria-label={`Item ${n + 1}${x.response ? ", answered" : ""}${x.flagged ? ", flagged" : ""}`}
            className={clsx(
              "relative h-8 w-8 rounded-md border text-xs font-semibold",
              !reviewing && n === i
                ? "border-brand-600 bg-brand-600 text-white"
                : x.response
                  ? "border-brand-300 bg-brand-50 text-brand-800 dark:bg-brand-700/20 dark:text-brand-200"
                  : "border-slate-300 text-slate-600 dark:border-slate-700 dark:text-slate-300",
            )}
            data-testid="exam-nav-item"
          >
            {n + 1}
            {x.flagged && <Flag className="absolute -top-1.5 -right-1.5 h-3.5 w-3.5 fill-amber-400 text-amber-600" />}
          </button>
        ))}
        <Button
          variant="outline"
          size="sm"
          className="ml-auto"
          onClick={() => setReviewing(true)}
          data-testid="exam-review"
        >
          Review and submit
        </Button>
      </nav>
      {reviewing ? (
        <Card className="mt-5" data-testid="exam-review-screen">
          <h2 className="text-lg font-semibold">Review your answers</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {items.length - unanswered.length} answered · {unanswered.length} unanswered · {flagged.length} flagged
          </p>
          <ul className="mt-4 grid gap-1 text-sm sm:grid-cols-2">
            {items.map((x, n) => (
              <li key={x.position}>
                <button
                  type="button"
                  className="flex w-full items-center gap-2 rounded px-2 py-1 text-left hover:bg-slate-50 dark:hover:bg-slate-800"
                  onClick={() => go(n)}
                >
                  <span className="w-6 font-semibold">{n + 1}</span>
                  <span className="flex-1 text-slate-600 dark:text-slate-300">{kindLabel(x.kind)}</span>
                  <span
                    className={
                      x.response ? "text-emerald-700 dark:text-emerald-300" : "text-rose-700 dark:text-rose-300"
                    }
                  >
                    {x.response ? "Answered" : "Unanswered"}
                  </span>
                  {x.flagged && <Flag className="h-3.5 w-3.5 fill-amber-400 text-amber-600" aria-label="flagged" />}
                </button>
              </li>
            ))}
          </ul>
          <div className="mt-5 flex gap-2">
            <Button onClick={() => submit.mutate()} disabled={submit.isPending} data-testid="exam-submit">
              Submit the exam
            </Button>
            <Button variant="outline" onClick={() => setReviewing(false)}>
              Back to the questions
            </Button>
          </div>
        </Card>
      ) : (
        <div className={clsx("mt-5 grid gap-5", (set || task) && "lg:grid-cols-2")}>
          {set && (
            <div className="min-w-0">
              <Card>
                <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{set.title}</p>
                <div className="mt-2 text-sm">
                  <Md>{set.scenario}</Md>
                </div>
              </Card>
              <DocumentPane docs={set.documents} label="Documents" className="mt-3" />
            </div>
          )}
          {task && (
            <div className="min-w-0">
              <Card>
                <Md>{task.memo}</Md>
              </Card>
              <DocumentPane
                docs={[
                  ...task.file.map((d) => ({ ...d, group: "File" })),
                  ...task.library.map((d) => ({ ...d, group: "Library" })),
                ]}
                label="File and library"
                className="mt-3"
              />
            </div>
          )}
          <Card className="min-w-0">
            <div className="mb-3 flex items-center justify-between gap-2 text-xs text-slate-500">
              <span>
                Item {i + 1} of {items.length} · {kindLabel(item.kind)} · {subjectName(item.subjectId)}
              </span>
              <button
                type="button"
                onClick={() => put.mutate({ position: i, flagged: !item.flagged, currentIndex: i })}
                aria-pressed={item.flagged}
                className={clsx(
                  "inline-flex items-center gap-1 rounded-lg px-2 py-1 font-medium",
                  item.flagged ? "bg-amber-100 text-amber-800" : "hover:bg-slate-100 dark:hover:bg-slate-800",
                )}
                data-testid="exam-flag"
              >
                <Flag className="h-3.5 w-3.5" /> {item.flagged ? "Flagged" : "Flag"}
              </button>
            </div>
            {!task && <p className="leading-7 whitespace-pre-wrap">{item.prompt}</p>}
            {item.call && <p className="mt-3 font-semibold">{item.call}</p>}
            <div className="mt-4">
              {item.choices && item.select ? (
                item.select > 1 ? (
                  <ChoiceList
                    choices={item.choices}
                    select={item.select}
                    chosen={item.response ? item.response.split(",") : []}
                    onSubmit={(letters) => put.mutate({ position: i, selection: letters, currentIndex: i })}
                    submitLabel={item.response ? "Change answer" : "Save answer"}
                    disabled={put.isPending}
                  />
                ) : (
                  <ol className="space-y-2">
                    {Object.entries(item.choices).map(([k, v]) => (
                      <li key={k}>
                        <button
                          type="button"
                          aria-pressed={item.response === k}
                          onClick={() => put.mutate({ position: i, selection: [k], currentIndex: i })}
                          className={clsx(
                            "flex w-full gap-3 rounded-xl border px-4 py-3 text-left text-sm",
                            item.response === k
                              ? "border-brand-500 bg-brand-50 dark:bg-brand-700/20"
                              : "border-slate-200 hover:border-brand-400 dark:border-slate-700",
                          )}
                        >
                          <span className="font-semibold text-slate-500">{k}</span>
                          <span>{v}</span>
                        </button>
                      </li>
                    ))}
                  </ol>
                )
              ) : (
                <div>
                  <textarea
                    className={textareaClass}
                    rows={task ? 18 : 8}
                    aria-label="Your answer"
                    value={draft[i] ?? item.response ?? ""}
                    onChange={(e) => setDraft((d) => ({ ...d, [i]: e.target.value }))}
                    onBlur={(e) => {
                      if (e.target.value !== (item.response ?? "")) saveText(e.target.value);
                    }}
                  />
                  <Button
                    className="mt-2"
                    size="sm"
                    variant="outline"
                    onClick={() => saveText(draft[i] ?? item.response ?? "")}
                  >
                    Save
                  </Button>
                </div>
              )}
            </div>
            <div className="mt-5 flex justify-between">
              <Button variant="outline" disabled={i === 0} onClick={() => go(i - 1)}>
                <ArrowLeft className="h-4 w-4" /> Back
              </Button>
              {i < items.length - 1 ? (
                <Button onClick={() => go(i + 1)}>
                  Next <ArrowRight className="h-4 w-4" />
                </Button>
              ) : (
                <Button onClick={() => setReviewing(true)}>Review</Button>
              )}
            </div>
          </Card>
        </div>
      )}
    </div>
  );
}

function Scores({ title, rows, testId }: { title: string; rows: ExamReport["report"]["byArea"]; testId: string }) {
  return (
    <Card data-testid={testId}>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {rows.map((r) => {
          const pct = r.possible ? Math.round((r.earned / r.possible) * 100) : null;
          return (
            <li key={r.id}>
              <div className="flex justify-between gap-2">
                <span>{r.name}</span>
                <span className="tabular-nums text-slate-600 dark:text-slate-300">
                  {r.earned}/{r.possible}
                  {pct !== null ? ` · ${pct} %` : ""}
                  {r.ungraded ? ` · ${r.ungraded} to grade` : ""}
                </span>
              </div>
              <div className="mt-1 h-1.5 rounded-full bg-slate-100 dark:bg-slate-800">
                <div className="h-1.5 rounded-full bg-brand-600" style={{ width: `${pct ?? 0}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** /exam/:id/report */
export function ExamReportPage() {
  const { id = "" } = useParams();
  const qc = useQueryClient();
  const { data, error, isPending, refetch } = useQuery({
    queryKey: ["exam", id, "report"],
    queryFn: () => api<ExamReport>(`/api/exams/${id}/report`),
    staleTime: 0,
  });
  const grade = useMutation({
    mutationFn: (b: { position: number; checked: number[] }) =>
      api<ExamReport>(`/api/exams/${id}/items/${b.position}/grade`, { method: "PUT", body: { checked: b.checked } }),
    onSuccess: (r) => qc.setQueryData(["exam", id, "report"], r),
  });
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  if (error)
    return (
      <StudyPage>
        <LoadError what="this report" error={error} onRetry={() => void refetch()} />
      </StudyPage>
    );
  if (isPending || !data) return <Spinner className="m-10 text-brand-700" />;
  const { report, items } = data;
  return (
    <StudyPage wide>
      <PageHeader
        title="Exam report"
        subtitle={`${report.earned} of ${report.possible} points (${report.percent} %) · multiple choice ${report.choice.correct} of ${report.choice.total} · all-or-nothing on select-two items`}
        actions={
          <Link to="/exam" className="text-sm text-brand-700 underline">
            New exam
          </Link>
        }
      />
      <div className="grid gap-4 md:grid-cols-2">
        <Scores title="By area" rows={report.byArea} testId="report-by-area" />
        <Scores title="By skill" rows={report.bySkill} testId="report-by-skill" />
      </div>
      <h2 className="mt-8 text-lg font-semibold">Every item</h2>
      <ol className="mt-3 space-y-4">
        {items.map((it, n) => (
          <li key={it.position}>
            <Card>
              <p className="text-xs text-slate-500">
                {n + 1}. {kindLabel(it.kind)} · {subjectName(it.subjectId)}
                {it.flagged ? " · flagged" : ""}
              </p>
              {it.kind !== "task" && <p className="mt-2 text-sm whitespace-pre-wrap">{it.prompt}</p>}
              {it.kind === "task" && <p className="mt-2 text-sm font-semibold">{it.prompt}</p>}
              {it.call && <p className="mt-2 text-sm font-semibold">{it.call}</p>}
              <div className="mt-3">
                {it.choices && it.select ? (
                  <ChoiceList
                    choices={it.choices}
                    select={it.select}
                    chosen={it.response ? it.response.split(",") : []}
                    keyed={it.review?.answers ?? []}
                    explanations={it.review?.explanations ?? undefined}
                  />
                ) : (
                  it.review?.rubric && (
                    <div className="space-y-3 text-sm">
                      <p className="rounded-lg bg-slate-50 p-3 whitespace-pre-wrap dark:bg-slate-800/60">
                        {it.response ?? "(No answer.)"}
                      </p>
                      {it.review.modelAnswer && (
                        <details>
                          <summary className="cursor-pointer font-semibold">Model answer</summary>
                          <div className="mt-2">
                            <Md>{it.review.modelAnswer}</Md>
                          </div>
                        </details>
                      )}
                      <RubricGrader
                        rubric={it.review.rubric}
                        checked={it.review.rubricChecked}
                        earned={it.review.earned}
                        possible={it.review.rubric.reduce((s, p) => s + p.weight, 0)}
                        aiGrade={null}
                        busy={grade.isPending}
                        onSave={(checked) => grade.mutate({ position: it.position, checked })}
                      />
                    </div>
                  )
                )}
              </div>
            </Card>
          </li>
        ))}
      </ol>
    </StudyPage>
  );
}
