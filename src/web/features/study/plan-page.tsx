/**
 * /flashcards/plan — the study plan to exam day (issue 18 §4, decision 080): the exam settings
 * (date, format, weekly hours, days off), the countdown, every day of the plan with its minutes
 * against the day's minutes, the weakest topics and peer figures.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { useState } from "react";
import { EXAM_FORMAT_NAMES, EXAM_FORMATS, type ExamFormat, WEEKLY_HOURS_RANGE } from "../../../domain/study-plan";
import { Button } from "../../components/ui/button";
import { Card, Spinner } from "../../components/ui/card";
import { Field, Input } from "../../components/ui/input";
import { api } from "../../lib/api";
import { toast } from "../../lib/toast";
import { type ExamSettings, type Plan, peersQuery, planQuery, subjectName } from "./api";
import { countdownText, dayItems, formatDay, formatMinutes, TodayPlan } from "./components/exam-plan";
import { Chip, LoadError, PageHeader, StudyPage } from "./components/study-ui";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const isoToday = () => new Date().toISOString().slice(0, 10);

function ExamForm({ initial }: { initial: ExamSettings | null }) {
  const [s, setS] = useState<ExamSettings>(
    initial ?? { examDate: "", format: "nextgen", weeklyHours: 15, daysOff: [0] },
  );
  const [err, setErr] = useState<string | null>(null);
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: () => api<{ exam: ExamSettings }>("/api/study/exam", { method: "PUT", body: s }),
    onSuccess: () => {
      setErr(null);
      void qc.invalidateQueries({ queryKey: ["study"] });
      toast.add({ title: "Exam saved: your plan is ready", variant: "success" });
    },
    onError: (e) => setErr((e as Error).message),
  });
  const clear = useMutation({
    mutationFn: () => api("/api/study/exam", { method: "DELETE" }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ["study"] }),
  });
  const toggleDay = (d: number) =>
    setS({ ...s, daysOff: s.daysOff.includes(d) ? s.daysOff.filter((x) => x !== d) : [...s.daysOff, d].sort() });
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
      aria-label="Your exam"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Exam date" htmlFor="exam-date" hint="The first day of your exam.">
          <Input
            id="exam-date"
            type="date"
            required
            min={isoToday()}
            value={s.examDate}
            onChange={(e) => setS({ ...s, examDate: e.target.value })}
          />
        </Field>
        <Field label="Weekly hours" htmlFor="weekly-hours" hint="Time you can give each week (1–80).">
          <Input
            id="weekly-hours"
            type="number"
            min={WEEKLY_HOURS_RANGE[0]}
            max={WEEKLY_HOURS_RANGE[1]}
            value={s.weeklyHours}
            onChange={(e) => setS({ ...s, weeklyHours: Number(e.target.value) })}
          />
        </Field>
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Exam format</legend>
        <div className="flex flex-wrap gap-2">
          {EXAM_FORMATS.map((f: ExamFormat) => (
            <Chip key={f} active={s.format === f} onClick={() => setS({ ...s, format: f })}>
              {EXAM_FORMAT_NAMES[f]}
            </Chip>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Days off</legend>
        <div className="flex flex-wrap gap-2">
          {WEEKDAYS.map((w, i) => (
            <Chip key={w} active={s.daysOff.includes(i)} onClick={() => toggleDay(i)}>
              {w}
            </Chip>
          ))}
        </div>
      </fieldset>
      {err && (
        <p role="alert" className="text-sm text-red-600">
          {err}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {initial && (
          <Button type="button" variant="ghost" onClick={() => clear.mutate()} disabled={clear.isPending}>
            Clear exam
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          Save and plan
        </Button>
      </div>
    </form>
  );
}

function PlanDays({ plan }: { plan: Plan }) {
  const [all, setAll] = useState(false);
  const shown = all ? plan.days : plan.days.slice(0, 14);
  return (
    <section className="mt-8">
      <h2 className="mb-2 text-lg font-semibold">Day by day</h2>
      <p className="mb-3 text-sm text-slate-500">
        {formatMinutes(plan.minutesPerStudyDay)} a study day. Reviews ≈ 9 s, new cards ≈ 40 s, practice questions ≈ 2
        min, timed questions 1.8 min. Miss a day and the plan spreads what is left over the days ahead.
      </p>
      <ol
        className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
        data-testid="plan-days"
      >
        {shown.map((d) => (
          <li
            key={d.date}
            className={clsx("px-4 py-3", d.off && "bg-slate-50/70 dark:bg-slate-950/40")}
            data-testid="plan-day"
            data-planned={d.minutesPlanned}
            data-available={d.minutesAvailable}
          >
            <div className="flex items-baseline justify-between gap-3">
              <p className="font-medium text-slate-900 dark:text-slate-100">
                {formatDay(d.date)} <span className="text-xs font-normal text-slate-500">· {d.daysLeft} days left</span>
              </p>
              <span className="shrink-0 text-sm tabular-nums text-slate-600 dark:text-slate-400">
                {d.off ? "Day off" : `${formatMinutes(d.minutesPlanned)} of ${formatMinutes(d.minutesAvailable)}`}
              </span>
            </div>
            {!d.off && (
              <ul className="mt-1 space-y-0.5 text-sm text-slate-700 dark:text-slate-300">
                {dayItems(d, plan.format).map((it) => (
                  <li key={it.key}>
                    {it.label} <span className="text-xs text-slate-500">· {it.detail}</span>
                    {it.parts && (
                      <span className="text-xs text-slate-500"> ({it.parts.map((p) => p.label).join(", ")})</span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      {plan.days.length > 14 && (
        <div className="mt-2 flex justify-center">
          <Button variant="ghost" size="sm" onClick={() => setAll(!all)}>
            {all ? "Show two weeks" : `Show all ${plan.days.length} days`}
          </Button>
        </div>
      )}
    </section>
  );
}

function WeakAndPeers({ plan }: { plan: Plan }) {
  const peers = useQuery(peersQuery);
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  return (
    <div className="mt-8 grid gap-4 md:grid-cols-2">
      <Card className="min-w-0">
        <h2 className="font-semibold">Weakest topics first</h2>
        <p className="mt-1 text-xs text-slate-500">
          Ranked by (1 − your accuracy) × how much the topic counts on the exam; topics tried fewer than 5 times count
          as unknown.
        </p>
        <ol className="mt-3 space-y-1 text-sm">
          {plan.weakTopics.slice(0, 8).map((t) => (
            <li key={t.topicId} className="flex justify-between gap-3">
              <span className="min-w-0 truncate">
                {t.title} <span className="text-xs text-slate-500">· {subjectName(t.subjectId)}</span>
              </span>
              <span className="shrink-0 tabular-nums text-slate-500">
                {t.unknown ? "unknown" : `${t.correct}/${t.attempts}`}
              </span>
            </li>
          ))}
        </ol>
      </Card>
      <Card className="min-w-0" data-testid="peer-figures">
        <h2 className="font-semibold">You and other students</h2>
        <p className="mt-1 text-xs text-slate-500">
          First-attempt accuracy on the questions you answered, against everyone's on the same questions (shown once{" "}
          {peers.data?.threshold ?? 20} other students answered them).
        </p>
        {peers.data?.overall ? (
          <ul className="mt-3 space-y-1 text-sm">
            {[peers.data.overall, ...peers.data.bySubject].map((f) => (
              <li key={f.subjectId ?? "all"} className="flex justify-between gap-3">
                <span className={clsx(!f.subjectId && "font-medium")}>
                  {f.subjectId ? subjectName(f.subjectId) : "All subjects"}
                </span>
                <span className="tabular-nums">
                  You {pct(f.you)} ·{" "}
                  {f.peers == null ? (
                    <span className="text-slate-400">not enough answers yet</span>
                  ) : (
                    `others ${pct(f.peers)}`
                  )}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-slate-500">Answer bank questions to compare.</p>
        )}
      </Card>
    </div>
  );
}

export default function PlanPage() {
  const { data, error, refetch, isPending } = useQuery(planQuery);
  return (
    <StudyPage>
      <PageHeader
        title="Study plan"
        subtitle={data?.plan ? countdownText(data.plan) : "Set your exam and Lexmate plans each day up to it."}
      />
      {isPending ? (
        <Spinner className="m-10 text-brand-700" />
      ) : error || !data ? (
        <LoadError what="your plan" error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <Card className="mb-6">
            <ExamForm key={JSON.stringify(data.exam)} initial={data.exam} />
          </Card>
          {data.plan && (
            <>
              <TodayPlan plan={data.plan} />
              <PlanDays plan={data.plan} />
              <WeakAndPeers plan={data.plan} />
            </>
          )}
        </>
      )}
    </StudyPage>
  );
}
