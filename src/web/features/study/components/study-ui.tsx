/**
 * Small shared pieces of the study screens: section tabs, page header, stat tile, empty
 * state, upgrade panel and load-error notice.
 */
import { clsx } from "clsx";
import {
  AlertTriangle,
  BarChart3,
  BookOpenCheck,
  Brain,
  Files,
  CalendarDays,
  Layers,
  ListChecks,
  Lock,
  PenLine,
  RotateCcw,
  Settings2,
  Sparkles,
  Timer,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { buttonClass } from "../../../components/ui/button";
import { ApiError } from "../../../lib/api";

const TABS = [
  { to: "/flashcards/study", label: "Study", icon: Brain, end: true },
  { to: "/flashcards/plan", label: "Plan", icon: CalendarDays },
  { to: "/flashcards/decks", label: "Decks", icon: Layers },
  { to: "/quiz/setup", label: "Quiz", icon: ListChecks },
  { to: "/flashcards/questions", label: "Question bank", icon: BookOpenCheck },
  { to: "/flashcards/integrated-sets", label: "Integrated sets", icon: Files },
  { to: "/flashcards/performance-tasks", label: "Performance tasks", icon: PenLine },
  { to: "/exam", label: "Exam mode", icon: Timer },
  { to: "/flashcards/generate", label: "Generate", icon: Sparkles },
  { to: "/flashcards/stats", label: "Statistics", icon: BarChart3 },
  { to: "/flashcards/settings", label: "Settings", icon: Settings2 },
];

export function StudyTabs() {
  return (
    <nav aria-label="Study sections" className="-mx-4 mb-6 overflow-x-auto px-4 md:mx-0 md:px-0">
      <div className="flex min-w-max gap-1 rounded-xl border border-slate-200 bg-white p-1 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        {TABS.map((t) => (
          <NavLink
            key={t.to}
            to={t.to}
            end={t.end}
            className={({ isActive }) =>
              clsx(
                "flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors",
                isActive
                  ? "bg-brand-50 text-brand-700 dark:bg-brand-700/20 dark:text-brand-100"
                  : "text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100",
              )
            }
          >
            <t.icon className="h-4 w-4" aria-hidden />
            {t.label}
          </NavLink>
        ))}
      </div>
    </nav>
  );
}

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-slate-50">{title}</h1>
        {subtitle && <p className="mt-1 text-slate-600 dark:text-slate-400">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export function StudyPage({ children, wide }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className={clsx("mx-auto", wide ? "max-w-6xl" : "max-w-5xl")}>
      <StudyTabs />
      {children}
    </div>
  );
}

export function Stat({
  label,
  value,
  tone = "slate",
  hint,
}: {
  label: string;
  value: ReactNode;
  tone?: "slate" | "brand" | "emerald" | "amber" | "rose" | "sky";
  hint?: string;
}) {
  const tones = {
    slate: "text-slate-900 dark:text-slate-50",
    brand: "text-brand-700 dark:text-brand-100",
    emerald: "text-emerald-700 dark:text-emerald-400",
    amber: "text-amber-700 dark:text-amber-400",
    rose: "text-rose-700 dark:text-rose-400",
    sky: "text-sky-700 dark:text-sky-400",
  };
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</p>
      <p className={clsx("mt-1 text-3xl font-semibold tabular-nums", tones[tone])}>{value}</p>
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    </div>
  );
}

export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: React.ComponentType<{ className?: string }>;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white/50 px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900/50">
      <Icon className="mx-auto h-10 w-10 text-slate-400" />
      <p className="mt-3 font-medium text-slate-900 dark:text-slate-100">{title}</p>
      {children && <div className="mt-2 text-sm text-slate-600 dark:text-slate-400">{children}</div>}
    </div>
  );
}

export const textareaClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

export function Chip({ active, onClick, children }: { active: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={clsx(
        "rounded-full border px-3 py-1 text-sm font-medium transition-colors",
        active
          ? "border-brand-600 bg-brand-600 text-white"
          : "border-slate-300 bg-white text-slate-700 hover:border-brand-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300",
      )}
    >
      {children}
    </button>
  );
}

/** What a Free student sees in place of a premium study feature: what it is and how to get it. */
export function StudyUpgrade({
  title,
  children,
  secondary,
}: {
  title: string;
  children: ReactNode;
  secondary?: ReactNode;
}) {
  return (
    <div
      className="mx-auto max-w-xl rounded-2xl border border-brand-200 bg-gradient-to-br from-brand-50 to-white p-8 text-center shadow-sm dark:border-brand-800 dark:from-brand-700/10 dark:to-slate-900"
      data-testid="upgrade-card"
    >
      <Lock className="mx-auto h-10 w-10 text-brand-700 dark:text-brand-100" aria-hidden />
      <h2 className="mt-3 text-lg font-semibold text-slate-900 dark:text-slate-50">{title}</h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{children}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Link to="/settings?upgrade=unlimited" className={buttonClass("primary")}>
          Upgrade to Unlimited
        </Link>
        {secondary}
      </div>
    </div>
  );
}

/**
 * A request that failed: the server's message (its envelope's text) and a Retry button, instead of
 * a spinner that never ends. Plan-gated answers (403 UPGRADE_REQUIRED) are shown as an upgrade panel.
 */
export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry?: () => void }) {
  if (error instanceof ApiError && error.code === "UPGRADE_REQUIRED") {
    return (
      <StudyUpgrade title="Part of Unlimited">
        {error.message} Your work is kept: it opens again when you upgrade.
      </StudyUpgrade>
    );
  }
  return (
    <div
      role="alert"
      className="mx-auto max-w-xl rounded-2xl border border-red-200 bg-red-50 p-6 text-center dark:border-red-900 dark:bg-red-950/30"
      data-testid="load-error"
    >
      <AlertTriangle className="mx-auto h-8 w-8 text-red-600 dark:text-red-400" aria-hidden />
      <p className="mt-2 font-semibold text-red-800 dark:text-red-200">Could not load {what}.</p>
      <p className="mt-1 text-sm text-red-700 dark:text-red-300">
        {error instanceof Error ? error.message : "Please try again."}
      </p>
      {onRetry && (
        <button type="button" onClick={onRetry} className={buttonClass("outline", "sm", "mt-4")}>
          <RotateCcw className="h-4 w-4" /> Try again
        </button>
      )}
    </div>
  );
}
