/**
 * /flashcards/study — the study home (issue 6 §1): the exam countdown and today's plan (issue 18
 * §4, or a call to set an exam), today's workload (due, new, reviewed, missed
 * questions), a Study button for everything, and due/new counts per deck: own decks first, then
 * official decks by subject. Free users never reach it: study is Unlimited and Trial only (SPEC.md
 * §6), and routes.tsx shows them the upgrade card instead.
 */
import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { ChevronDown, ChevronRight, Flame, Layers, Lock, Play, Plus, Timer, Zap } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { todayWorkload } from "../../../domain/study";
import { buttonClass } from "../../components/ui/button";
import { Card, Spinner } from "../../components/ui/card";
import { api } from "../../lib/api";
import { type DeckOverview, overviewQuery, planQuery, SUBJECT_NAMES, subjectName, useStudyTimeZone } from "./api";
import { SetExamCall, TodayPlan } from "./components/exam-plan";
import { EmptyState, LoadError, PageHeader, Stat, StudyPage } from "./components/study-ui";

const sessionLink = (p: Record<string, string>) => `/flashcards/study/session?${new URLSearchParams(p)}`;

function Counts({ due, fresh, learning }: { due: number; fresh: number; learning: number }) {
  return (
    <div className="flex items-center gap-3 text-sm tabular-nums">
      <span
        className={clsx(
          "min-w-8 text-right font-semibold",
          due ? "text-sky-700 dark:text-sky-400" : "text-slate-300 dark:text-slate-600",
        )}
        title="Due"
      >
        {due}
      </span>
      <span
        className={clsx(
          "min-w-8 text-right font-semibold",
          learning ? "text-amber-700 dark:text-amber-400" : "text-slate-300 dark:text-slate-600",
        )}
        title="Learning"
      >
        {learning}
      </span>
      <span
        className={clsx(
          "min-w-8 text-right font-semibold",
          fresh ? "text-emerald-700 dark:text-emerald-400" : "text-slate-300 dark:text-slate-600",
        )}
        title="New"
      >
        {fresh}
      </span>
    </div>
  );
}

/** Column headings laid out like a deck row (same gaps and widths), so they sit over the numbers. */
function CountHeads() {
  return (
    <li
      aria-hidden
      className="flex items-center gap-3 bg-slate-50/80 px-4 py-1.5 text-xs font-medium text-slate-500 dark:bg-slate-950/40"
    >
      <span className="flex-1" />
      <span className="flex items-center gap-3">
        <span className="min-w-8 text-right">Due</span>
        <span className="min-w-8 text-right">Learn</span>
        <span className="min-w-8 text-right">New</span>
      </span>
      <span className="w-20" />
    </li>
  );
}

/** A Study link that is greyed out, unfocusable and inert when there is nothing to study. */
const studyLinkProps = (enabled: boolean) =>
  enabled ? {} : { "aria-disabled": true, tabIndex: -1, onClick: (e: React.MouseEvent) => e.preventDefault() };

function DeckRow({ d }: { d: DeckOverview }) {
  const has = d.due + d.learning + d.new > 0;
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid="deck-row">
      <div className="min-w-0 flex-1">
        <Link
          to={`/flashcards/decks/${d.id}`}
          className="block truncate font-medium text-slate-900 hover:text-brand-700 dark:text-slate-100 dark:hover:text-brand-100"
        >
          {d.title}
        </Link>
        <p className="truncate text-xs text-slate-500">
          {d.total} cards{d.isOfficial ? (d.isFree ? " · Free sample" : " · Premium") : ""}
        </p>
      </div>
      {d.locked ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          <Lock className="h-3 w-3" /> Premium
        </span>
      ) : (
        <>
          <Counts due={d.due} fresh={d.new} learning={d.learning} />
          <Link
            to={sessionLink({ decks: d.id })}
            aria-label={`Study ${d.title}`}
            {...studyLinkProps(has)}
            className={buttonClass(
              has ? "primary" : "outline",
              "sm",
              clsx("w-20", !has && "pointer-events-none opacity-50"),
            )}
          >
            Study
          </Link>
        </>
      )}
    </li>
  );
}

function SubjectGroup({ subject, decks }: { subject: string; decks: DeckOverview[] }) {
  const [open, setOpen] = useState(false);
  const open_ = decks.filter((d) => !d.locked);
  const sum = (k: "due" | "new" | "learning") => open_.reduce((n, d) => n + d[k], 0);
  const locked = open_.length === 0;
  return (
    <li>
      <div className="flex items-center gap-3 px-4 py-3">
        <button
          type="button"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          className="flex min-w-0 flex-1 items-center gap-2 text-left"
        >
          {open ? (
            <ChevronDown className="h-4 w-4 shrink-0 text-slate-400" />
          ) : (
            <ChevronRight className="h-4 w-4 shrink-0 text-slate-400" />
          )}
          <span className="truncate font-semibold text-slate-900 dark:text-slate-100">
            {SUBJECT_NAMES[subject] ?? subject}
          </span>
          <span className="shrink-0 text-xs text-slate-500">{decks.length} decks</span>
        </button>
        {locked ? (
          <span className="inline-flex items-center gap-1 text-xs text-slate-500">
            <Lock className="h-3 w-3" /> Premium
          </span>
        ) : (
          <>
            <Counts due={sum("due")} fresh={sum("new")} learning={sum("learning")} />
            <Link
              to={sessionLink({ subjects: subject })}
              aria-label={`Study ${SUBJECT_NAMES[subject] ?? subject}`}
              className={buttonClass("outline", "sm", "w-20")}
            >
              Study
            </Link>
          </>
        )}
      </div>
      {open && (
        <ul className="divide-y divide-slate-100 border-t border-slate-100 bg-slate-50/60 pl-6 dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-950/30">
          {decks.map((d) => (
            <DeckRow key={d.id} d={d} />
          ))}
        </ul>
      )}
    </li>
  );
}

export default function StudyHome() {
  useStudyTimeZone();
  const { data, isPending, error, refetch } = useQuery(overviewQuery);
  // The plan to exam day, re-planned from today on every load (decision 080).
  const plan = useQuery(planQuery);
  const active = useQuery({
    queryKey: ["quiz", "active"],
    queryFn: () =>
      api<{ quiz: { id: string; total: number; answered: number; mode: string } | null }>("/api/quizzes/active"),
    staleTime: 0,
  });
  const own = useMemo(() => data?.decks.filter((d) => !d.isOfficial) ?? [], [data]);
  const bySubject = useMemo(() => {
    const m = new Map<string, DeckOverview[]>();
    for (const d of data?.decks.filter((x) => x.isOfficial) ?? [])
      m.set(d.subjectId ?? "", [...(m.get(d.subjectId ?? "") ?? []), d]);
    return [...m.entries()].sort((a, b) => subjectName(a[0]).localeCompare(subjectName(b[0])));
  }, [data]);

  if (isPending)
    return (
      <StudyPage>
        <Spinner className="m-10 text-brand-700" />
      </StudyPage>
    );
  if (error || !data)
    return (
      <StudyPage>
        <LoadError what="your decks" error={error} onRetry={() => void refetch()} />
      </StudyPage>
    );

  const open = data.decks.filter((d) => !d.locked);
  const sum = (k: "due" | "learning" | "new") => open.reduce((n, d) => n + d[k], 0);
  // The figures a session will actually offer today (the queue's caps), not the raw backlog.
  const work = todayWorkload(
    { due: sum("due"), learning: sum("learning"), questionsDue: data.questionsDue, fresh: sum("new") },
    data.settings,
    data.today,
  );
  const dueTotal = work.reviews + work.learning;
  const newAvail = work.fresh;

  return (
    <StudyPage>
      <PageHeader
        title="Study"
        subtitle={
          dueTotal + newAvail > 0
            ? `${dueTotal} due and ${newAvail} new cards waiting today.`
            : "You're all caught up for today."
        }
        actions={
          <>
            <Link to="/flashcards/study/session?cram=1" className={buttonClass("outline")}>
              <Zap className="h-4 w-4" /> Cram
            </Link>
            <Link
              to="/flashcards/study/session"
              {...studyLinkProps(dueTotal + newAvail > 0)}
              className={buttonClass(
                "primary",
                "md",
                clsx(dueTotal + newAvail === 0 && "pointer-events-none opacity-50"),
              )}
              data-testid="study-all"
            >
              <Play className="h-4 w-4" /> Study now
            </Link>
          </>
        }
      />
      {plan.data?.plan ? <TodayPlan plan={plan.data.plan} /> : plan.data ? <SetExamCall /> : null}
      {active.data?.quiz && (
        <Card className="mb-6 flex flex-wrap items-center justify-between gap-3 border-brand-200 bg-brand-50 p-4 dark:border-brand-800 dark:bg-brand-700/10">
          <p className="flex items-center gap-2 text-sm text-brand-800 dark:text-brand-100">
            <Timer className="h-4 w-4" /> You have an unfinished {active.data.quiz.mode} quiz:{" "}
            {active.data.quiz.answered} of {active.data.quiz.total} answered.
          </p>
          <Link to={`/quiz?id=${active.data.quiz.id}`} className={buttonClass("primary", "sm")}>
            Resume quiz
          </Link>
        </Card>
      )}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat
          label="Due"
          value={dueTotal}
          tone="sky"
          hint={
            work.overLimit
              ? `${work.overLimit} more over today's review limit`
              : "reviews, learning and missed questions"
          }
        />
        <Stat
          label="New today"
          value={newAvail}
          tone="emerald"
          hint={`${data.today.newToday} of ${data.settings.newPerDay} introduced`}
        />
        <Stat label="Reviewed today" value={data.today.ratingsToday} tone="brand" />
        {data.access.questionBank ? (
          <Stat
            label="Missed questions"
            value={data.questionsDue}
            tone={data.questionsDue ? "rose" : "slate"}
            hint="due again from the bank"
          />
        ) : (
          <Stat label="Missed questions" value="—" tone="slate" hint="with the question bank (Unlimited)" />
        )}
      </div>

      <section className="mt-8">
        <div className="mb-2 flex items-center justify-between">
          <h2 className="text-lg font-semibold">Your decks</h2>
          <Link to="/flashcards/decks?new=1" className={buttonClass("ghost", "sm")}>
            <Plus className="h-4 w-4" /> New deck
          </Link>
        </div>
        {own.length ? (
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            <CountHeads />
            {own.map((d) => (
              <DeckRow key={d.id} d={d} />
            ))}
          </ul>
        ) : (
          <EmptyState icon={Layers} title="No decks of your own yet">
            <Link to="/flashcards/decks?new=1" className="text-brand-700 underline dark:text-brand-100">
              Create a deck
            </Link>
            ,{" "}
            <Link to="/flashcards/decks" className="text-brand-700 underline dark:text-brand-100">
              import from Anki or Quizlet
            </Link>
            , or{" "}
            <Link to="/flashcards/generate" className="text-brand-700 underline dark:text-brand-100">
              generate cards from a case brief
            </Link>
            .
          </EmptyState>
        )}
      </section>

      <section className="mt-8">
        <h2 className="mb-2 flex items-center gap-2 text-lg font-semibold">
          <Flame className="h-5 w-5 text-amber-500" /> Official decks
        </h2>
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          <CountHeads />
          {bySubject.map(([s, list]) => (
            <SubjectGroup key={s} subject={s} decks={list} />
          ))}
        </ul>
      </section>
    </StudyPage>
  );
}
