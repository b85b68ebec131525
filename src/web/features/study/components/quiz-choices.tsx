import { clsx } from "clsx";
import { Check, X } from "lucide-react";
import type { QuizItem } from "../api";

/**
 * A question's lettered choices as buttons; once the answer is known (`correctChoice`), marks the
 * right and the wrong pick and shows the explanations (of every choice with `all`).
 */
export function Choices({
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
