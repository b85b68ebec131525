/**
 * Shown in place of the question box when a Free student has used the month's messages
 * (429 MESSAGE_LIMIT_REACHED; SPEC.md §6, §9): what happened, when it resets, and the way to Unlimited.
 */
import { Sparkles } from "lucide-react";
import { Link } from "react-router";
import { FREE_MONTHLY_MESSAGES } from "../../../domain/plans";
import { buttonClass } from "../../components/ui/button";

export function UpgradePrompt({ resetsAt }: { resetsAt: string | null }) {
  const reset = resetsAt
    ? new Date(resetsAt).toLocaleDateString(undefined, { month: "long", day: "numeric", timeZone: "UTC" })
    : "the 1st";
  return (
    <div
      role="alert"
      data-testid="upgrade-prompt"
      className="relative overflow-hidden rounded-3xl border border-brand-200 bg-gradient-to-br from-brand-50 via-white to-white p-5 shadow-lg shadow-brand-900/5 sm:p-6 dark:border-brand-500/30 dark:from-brand-950 dark:via-slate-900 dark:to-slate-900"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-sm">
          <Sparkles className="h-5 w-5" aria-hidden />
        </span>
        <div className="flex-1">
          <p className="font-semibold text-slate-900 dark:text-white">
            You've used all {FREE_MONTHLY_MESSAGES} free messages this month
          </p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Upgrade to Unlimited for unlimited chat, flashcards, the question bank and more — or come back on {reset},
            when your messages reset.
          </p>
        </div>
        <Link to="/settings?upgrade=unlimited" className={buttonClass("primary", "md", "shrink-0 rounded-xl")}>
          Upgrade to Unlimited
        </Link>
      </div>
    </div>
  );
}
