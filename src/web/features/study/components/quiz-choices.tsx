import { clsx } from "clsx";
import { Check, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import type { QuizItem } from "../api";

const COUNT_WORDS = ["", "ONE", "TWO", "THREE", "FOUR", "FIVE"];
/** "Select TWO" for a multi-select item (the count comes from the key, decision 078). */
export const selectLabel = (n: number) => `Select ${COUNT_WORDS[n] ?? n}`;

/**
 * A question's lettered choices as buttons; once the answer is known (`correctChoice`), marks the
 * right and the wrong pick and shows the explanations (of every choice with `all`). A multi-select
 * item (`select` > 1) is answered with `ChoiceList` instead.
 */
export function Choices({
  item,
  onPick,
  onSelect,
  disabled,
  all,
}: {
  item: QuizItem;
  onPick: (k: string) => void;
  /** Saves a multi-select item's letters (exactly `item.select` of them). */
  onSelect?: (letters: string[]) => void;
  disabled: boolean;
  all?: boolean;
}) {
  if (item.select > 1)
    return (
      <ChoiceList
        choices={item.choices}
        select={item.select}
        chosen={item.selection}
        keyed={item.answers}
        explanations={item.explanations ?? undefined}
        disabled={disabled}
        // In exam mode an answer may change until submit: the saved selection stays editable.
        onSubmit={(letters) => onSelect?.(letters)}
        submitLabel={item.selection.length ? "Change answer" : "Submit answer"}
      />
    );
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

/**
 * A multi-select ("select two") item: checkboxes, "Select TWO", and a submit button enabled only
 * when exactly `select` choices are checked. Once `keyed` is known, every keyed choice is marked,
 * the student's wrong picks are marked, the explanation shows under every choice, and a line says
 * how many of the keyed choices were found (credit is all-or-nothing, decision 076).
 */
export function ChoiceList({
  choices,
  select,
  chosen,
  keyed,
  explanations,
  disabled,
  onSubmit,
  submitLabel = "Submit answer",
}: {
  choices: Record<string, string>;
  select: number;
  /** The saved selection (empty when unanswered). */
  chosen: string[];
  /** The keyed letters, once revealed. */
  keyed?: string[];
  explanations?: Record<string, string>;
  disabled?: boolean;
  onSubmit?: (letters: string[]) => void;
  submitLabel?: string;
}) {
  const [draft, setDraft] = useState<string[]>(chosen);
  const chosenKey = chosen.join(",");
  // A new item, or a saved answer from the server, resets the draft.
  // biome-ignore lint/correctness/useExhaustiveDependencies: chosenKey stands for chosen
  useEffect(() => setDraft(chosen), [chosenKey]);
  const revealed = keyed !== undefined;
  const locked = disabled || revealed;
  const found = revealed ? chosen.filter((k) => keyed.includes(k)).length : 0;
  const allRight = revealed && found === keyed.length && chosen.length === keyed.length;
  const toggle = (k: string) =>
    setDraft((d) => (d.includes(k) ? d.filter((x) => x !== k) : d.length >= select ? d : [...d, k].sort()));
  return (
    <fieldset data-testid="multi-select">
      <legend className="mb-2 text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">
        {selectLabel(select)}
      </legend>
      <ol className="space-y-2">
        {Object.entries(choices).map(([k, v]) => {
          const checked = revealed ? chosen.includes(k) : draft.includes(k);
          const right = revealed && keyed.includes(k);
          const wrong = revealed && checked && !right;
          return (
            <li key={k}>
              <label
                className={clsx(
                  "flex w-full items-start gap-3 rounded-xl border px-4 py-3 text-left text-sm transition-colors",
                  right
                    ? "border-emerald-400 bg-emerald-50 dark:border-emerald-700 dark:bg-emerald-950/40"
                    : wrong
                      ? "border-rose-400 bg-rose-50 dark:border-rose-700 dark:bg-rose-950/40"
                      : checked
                        ? "border-brand-500 bg-brand-50 dark:bg-brand-700/20"
                        : "border-slate-200 dark:border-slate-700",
                  !locked && "cursor-pointer hover:border-brand-400",
                )}
              >
                <input
                  type="checkbox"
                  className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
                  checked={checked}
                  disabled={locked || (!checked && draft.length >= select)}
                  onChange={() => toggle(k)}
                  aria-label={`Choice ${k}`}
                />
                <span className="w-4 shrink-0 font-semibold text-slate-500">{k}</span>
                <span className="flex-1">{v}</span>
                {right && (
                  <span className="inline-flex shrink-0 items-center gap-1 text-xs font-semibold text-emerald-700 dark:text-emerald-300">
                    <Check className="h-4 w-4" aria-label="Keyed" /> <span className="hidden sm:inline">Keyed</span>
                  </span>
                )}
                {wrong && (
                  <span className="inline-flex shrink-0 items-center gap-1 text-xs font-semibold text-rose-700 dark:text-rose-300">
                    <X className="h-4 w-4" aria-label="Your pick" /> <span className="hidden sm:inline">Your pick</span>
                  </span>
                )}
              </label>
              {revealed && explanations?.[k] && (
                <p className="mt-1 ml-9 text-sm text-slate-600 dark:text-slate-400">{explanations[k]}</p>
              )}
            </li>
          );
        })}
      </ol>
      {revealed ? (
        <p
          className={clsx(
            "mt-3 text-sm font-semibold",
            allRight ? "text-emerald-700 dark:text-emerald-300" : "text-rose-700 dark:text-rose-300",
          )}
          data-testid="multi-select-feedback"
        >
          {allRight ? "Correct" : chosen.length ? "Incorrect" : "Not answered"} — {found} of {keyed.length} correct
          choices found{allRight ? "" : " (credit only for the exact set)"}.
        </p>
      ) : (
        onSubmit && (
          <div className="mt-3 flex items-center gap-3">
            <Button
              disabled={locked || draft.length !== select || draft.join(",") === chosenKey}
              onClick={() => onSubmit(draft)}
              data-testid="submit-selection"
            >
              {submitLabel}
            </Button>
            <span className="text-xs text-slate-500">
              {draft.length} of {select} selected
            </span>
          </div>
        )
      )}
    </fieldset>
  );
}
