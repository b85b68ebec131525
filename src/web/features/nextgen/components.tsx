/**
 * Shared pieces of the NextGen pages: readable Markdown, the document pane (a tab per document,
 * scrollable), the rubric with self-grade checkboxes and the companion's unverified grade.
 */
import { clsx } from "clsx";
import { Bot } from "lucide-react";
import { useId, useState } from "react";
import type { AiGrade, NextgenDocument } from "../../../contract/nextgen";
import { Button } from "../../components/ui/button";
import { MessageMarkdown } from "../chat/message-markdown";

/** Sanitized Markdown (raw HTML dropped), in the chat's reading style. */
export function Md({ children }: { children: string }) {
  return <MessageMarkdown content={children} citations={[]} unverified={[]} />;
}

const KIND_LABEL: Record<string, string> = {
  statute: "Statute",
  rule: "Rule",
  opinion: "Opinion",
  "police-report": "Police report",
  deposition: "Deposition",
  contract: "Contract",
  letter: "Letter",
  email: "Email",
  memo: "Memo",
  record: "Record",
  other: "Document",
};

/** Tabs over `docs`, one open at a time, its body scrollable inside the pane. */
export function DocumentPane({
  docs,
  label,
  className,
}: {
  docs: (NextgenDocument & { group?: string })[];
  label: string;
  className?: string;
}) {
  const [open, setOpen] = useState(0);
  const base = useId();
  const doc = docs[Math.min(open, docs.length - 1)];
  return (
    <section
      aria-label={label}
      className={clsx(
        "flex min-h-0 flex-col rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900",
        className,
      )}
    >
      <div
        role="tablist"
        aria-label={label}
        className="flex shrink-0 flex-wrap gap-1 border-b border-slate-200 p-1.5 dark:border-slate-800"
      >
        {docs.map((d, i) => (
          <button
            key={d.id}
            type="button"
            role="tab"
            id={`${base}-tab-${i}`}
            aria-selected={i === open}
            aria-controls={`${base}-panel`}
            onClick={() => setOpen(i)}
            className={clsx(
              "rounded-lg px-3 py-1.5 text-left text-sm font-medium",
              i === open
                ? "bg-brand-50 text-brand-700 dark:bg-brand-700/20 dark:text-brand-100"
                : "text-slate-600 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800",
            )}
          >
            {d.group && <span className="mr-1 text-xs text-slate-400">{d.group}</span>}
            {d.title}
          </button>
        ))}
      </div>
      {doc && (
        <div
          role="tabpanel"
          id={`${base}-panel`}
          aria-labelledby={`${base}-tab-${open}`}
          data-testid="document-body"
          className="min-h-0 flex-1 overflow-y-auto px-5 py-4"
        >
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {KIND_LABEL[doc.kind] ?? "Document"}
            {doc.source ? ` · ${doc.source}` : ""}
          </p>
          <h2 className="mt-1 mb-3 text-lg font-semibold text-slate-900 dark:text-white">{doc.title}</h2>
          <Md>{doc.body}</Md>
        </div>
      )}
    </section>
  );
}

/**
 * The rubric as checkboxes: the student ticks the points the answer makes and saves the grade
 * (earned = the sum of the ticked points' weights). With `onCompanion`, offers "Grade with the
 * companion", whose result is shown as unverified and can be adopted.
 */
export function RubricGrader({
  rubric,
  checked,
  earned,
  possible,
  aiGrade,
  onSave,
  onCompanion,
  busy,
}: {
  rubric: { point: string; weight: number }[];
  checked: number[] | null;
  earned: number | null;
  possible: number;
  aiGrade: AiGrade | null;
  onSave: (checked: number[]) => void;
  onCompanion?: () => void;
  busy?: boolean;
}) {
  const [ticks, setTicks] = useState<number[]>(checked ?? []);
  const id = useId();
  const toggle = (i: number) => setTicks((t) => (t.includes(i) ? t.filter((x) => x !== i) : [...t, i]));
  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">
          Grade yourself: tick each point your answer makes
        </legend>
        <ul className="space-y-2">
          {rubric.map((p, i) => {
            const ai = aiGrade?.points.find((x) => x.index === i);
            return (
              <li key={`${i}-${p.point}`} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
                <label htmlFor={`${id}-${i}`} className="flex cursor-pointer items-start gap-3 text-sm">
                  <input
                    id={`${id}-${i}`}
                    type="checkbox"
                    className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
                    checked={ticks.includes(i)}
                    onChange={() => toggle(i)}
                  />
                  <span className="flex-1 text-slate-800 dark:text-slate-200">{p.point}</span>
                  <span className="shrink-0 text-xs font-semibold text-slate-500">
                    {p.weight} pt{p.weight === 1 ? "" : "s"}
                  </span>
                </label>
                {ai && (
                  <p className="mt-2 ml-7 flex gap-1.5 text-xs text-slate-600 dark:text-slate-400">
                    <Bot className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
                    <span>
                      <strong
                        className={
                          ai.met ? "text-emerald-700 dark:text-emerald-400" : "text-amber-700 dark:text-amber-400"
                        }
                      >
                        {ai.met ? "Met" : "Not met"}
                      </strong>{" "}
                      — {ai.reason}
                    </span>
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      {aiGrade && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          <span className="mr-1 rounded bg-amber-100 px-1 font-semibold tracking-wide uppercase dark:bg-amber-500/20">
            unverified
          </span>
          The companion ({aiGrade.model}) finds {aiGrade.earned} of {aiGrade.possible} points. It can be wrong: check
          each point against your answer.
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={() => onSave(ticks)} disabled={busy}>
          Save my grade
        </Button>
        {aiGrade && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setTicks(aiGrade.points.filter((p) => p.met).map((p) => p.index))}
          >
            Tick the companion's points
          </Button>
        )}
        {onCompanion && (
          <Button size="sm" variant="outline" onClick={onCompanion} disabled={busy}>
            <Bot className="h-4 w-4" aria-hidden /> Grade with the companion
          </Button>
        )}
        {earned !== null && (
          <span className="text-sm font-semibold text-slate-800 dark:text-slate-200" data-testid="rubric-score">
            Your grade: {earned} / {possible} points
          </span>
        )}
      </div>
    </div>
  );
}
