/**
 * The study plan's pieces (issue 18 §4, decision 080): the exam countdown, one day's checklist
 * with links (reviews, new cards by subject, practice on weak topics, a timed session) and the
 * empty state that asks for an exam date.
 */
import { BookOpen, CalendarClock, CalendarPlus, Layers, ListChecks, RotateCcw, Timer } from "lucide-react";
import { Link } from "react-router";
import { EXAM_FORMAT_NAMES, type ExamFormat } from "../../../../domain/study-plan";
import { buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import type { Plan, PlanDay } from "../api";
import { subjectName } from "../api";

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
/** "Tue 27 Jan 2027" for a YYYY-MM-DD date. */
export const formatExamDate = (date: string) => dateFormat.format(new Date(`${date}T00:00:00Z`)).replace(",", "");
const shortFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
/** "Tue 27 Jan". */
export const formatDay = (date: string) => shortFormat.format(new Date(`${date}T00:00:00Z`)).replace(",", "");
/** "1 h 05 min", "45 min". */
export function formatMinutes(min: number) {
  const m = Math.round(min);
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, "0")} min`;
}

export interface PlanItem {
  key: string;
  icon: typeof Layers;
  label: string;
  detail: string;
  to: string;
  /** Finer links under the item (new cards: one per subject). */
  parts?: { label: string; to: string }[];
}

const q = (p: Record<string, string>) => new URLSearchParams(p).toString();

/** One day's checklist: what to do, in order, with where to do it. */
export function dayItems(day: PlanDay, format: ExamFormat): PlanItem[] {
  const items: PlanItem[] = [];
  if (day.reviews > 0)
    items.push({
      key: "reviews",
      icon: RotateCcw,
      label: `${day.reviews} reviews`,
      detail: `${formatMinutes(day.reviewMinutes)}${day.backlog ? ` · ${day.backlog} carried from missed days` : ""}`,
      to: "/flashcards/study/session",
    });
  const newTotal = day.newCards.reduce((t, n) => t + n.count, 0);
  if (newTotal > 0)
    items.push({
      key: "new",
      icon: Layers,
      label: `${newTotal} new cards`,
      detail: `${formatMinutes(day.newMinutes)} · by the exam's subject weights`,
      to: "/flashcards/study/session",
      parts: day.newCards.map((n) => ({
        label: `${subjectName(n.subjectId === "other" ? null : n.subjectId)} ${n.count}`,
        to: `/flashcards/study/session?${q(n.subjectId === "other" ? {} : { subjects: n.subjectId })}`,
      })),
    });
  if (day.practice) {
    const topics = day.practice.topics;
    items.push({
      key: "practice",
      icon: ListChecks,
      label: `Practice set: ${day.practice.questions} questions`,
      detail: topics.length ? `Weak topics: ${topics.map((t) => t.title).join(", ")}` : "Mixed subjects",
      to: `/quiz/setup?${q({
        count: String(Math.max(5, Math.min(100, day.practice.questions))),
        ...(topics.length
          ? {
              subjects: [...new Set(topics.map((t) => t.subjectId))].join(","),
              topics: topics.map((t) => t.topicId).join(","),
            }
          : {}),
      })}`,
    });
  }
  if (day.timed)
    items.push({
      key: "timed",
      icon: Timer,
      label: format === "nextgen" ? "Timed NextGen session" : `Timed session: ${day.timed.questions} questions`,
      detail: `${formatMinutes(day.timed.minutes)} at exam pace`,
      to:
        format === "nextgen"
          ? "/exam"
          : `/quiz/setup?${q({ mode: "exam", count: String(Math.min(100, day.timed.questions)) })}`,
    });
  return items;
}

/** The countdown line: "43 days to your exam — NextGen, Tue 27 Jan 2027". */
export function countdownText(plan: Pick<Plan, "daysLeft" | "format" | "examDate">) {
  const when = `${EXAM_FORMAT_NAMES[plan.format]}, ${formatExamDate(plan.examDate)}`;
  if (plan.daysLeft <= 0) return `Exam day — ${when}`;
  return `${plan.daysLeft} ${plan.daysLeft === 1 ? "day" : "days"} to your exam — ${when}`;
}

/** The study home's card: the countdown and today's plan. */
export function TodayPlan({ plan }: { plan: Plan }) {
  const today = plan.days[0];
  const items = today ? dayItems(today, plan.format) : [];
  return (
    <section
      className="mb-6 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
      data-testid="today-plan"
      aria-label="Your exam and today's plan"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-4 sm:px-5 dark:border-slate-800">
        <div className="flex min-w-0 items-center gap-3">
          <span className="hidden h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 sm:flex dark:bg-brand-700/20 dark:text-brand-100">
            <CalendarClock className="h-5 w-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <p className="font-semibold text-slate-900 dark:text-slate-50" data-testid="exam-countdown">
              {countdownText(plan)}
            </p>
            <p className="text-sm text-slate-500">
              {today?.off
                ? "Today is a day off in your plan."
                : today
                  ? `Today's plan: ${formatMinutes(today.minutesPlanned)} of ${formatMinutes(today.minutesAvailable)}`
                  : "Good luck!"}
            </p>
          </div>
        </div>
        <Link to="/flashcards/plan" className={buttonClass("outline", "sm")}>
          <BookOpen className="h-4 w-4" /> Whole plan
        </Link>
      </div>
      {items.length > 0 && (
        <ol className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Today's plan">
          {items.map((it) => (
            <li key={it.key} className="flex items-center gap-3 px-4 py-3 sm:px-5" data-testid="plan-item">
              <it.icon className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900 dark:text-slate-100">{it.label}</p>
                <p className="text-xs text-slate-500">{it.detail}</p>
                {it.parts && (
                  <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs">
                    {it.parts.map((p) => (
                      <Link
                        key={p.to + p.label}
                        to={p.to}
                        className="text-brand-700 hover:underline dark:text-brand-100"
                      >
                        {p.label}
                      </Link>
                    ))}
                  </p>
                )}
              </div>
              <Link to={it.to} className={buttonClass("ghost", "sm", "shrink-0")} aria-label={`Start: ${it.label}`}>
                Start
              </Link>
            </li>
          ))}
        </ol>
      )}
      {plan.unplannedReviews > 0 && (
        <p className="border-t border-slate-100 px-5 py-3 text-xs text-amber-700 dark:border-slate-800 dark:text-amber-400">
          {plan.unplannedReviews} reviews do not fit before the exam at your hours: add hours or fewer days off.
        </p>
      )}
    </section>
  );
}

/** The study home's call to set an exam date. */
export function SetExamCall() {
  return (
    <Card className="mb-6 flex flex-wrap items-center justify-between gap-3 p-4" data-testid="exam-empty">
      <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        <CalendarPlus className="h-4 w-4 text-brand-700" aria-hidden /> Set your exam date and weekly hours, and Lexmate
        plans each day up to it.
      </p>
      <Link to="/flashcards/plan" className={buttonClass("primary", "sm")}>
        Set your exam
      </Link>
    </Card>
  );
}
