/**
 * The four chat demo examples (SPEC.md §2.2: concept clarification, legal distinctions, case
 * analysis, rapid topic summaries). Each answer is official content shown word for word, with
 * the sources it came from, so a visitor can check it. Static: no JavaScript.
 */
import { clsx } from "clsx";
import { BookOpen, FileText, Scale } from "lucide-react";
import type { ChatDemo, Citation } from "../../../contract/landing";
import { SiteLink } from "./site";

function CitationChip({ c, n }: { c: Citation; n: number }) {
  const Icon = c.kind === "brief" ? Scale : c.kind === "topic" ? BookOpen : FileText;
  const body = (
    <>
      <span className="flex h-5 min-w-5 items-center justify-center rounded bg-brand-100 px-1 text-[11px] font-semibold text-brand-800 dark:bg-brand-700/40 dark:text-brand-100">
        {n}
      </span>
      <Icon className="h-3.5 w-3.5 shrink-0 text-slate-400" aria-hidden />
      <span className="truncate">
        <span className={clsx(c.kind === "brief" && "italic")}>{c.title}</span>
        {c.cite && <span className="text-slate-500 dark:text-slate-400">, {c.cite}</span>}
      </span>
    </>
  );
  const cls =
    "flex min-w-0 items-center gap-1.5 rounded-lg border border-slate-200 bg-white px-2 py-1 text-xs text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300";
  return c.url ? (
    <SiteLink
      href={c.url}
      className={clsx(cls, "hover:border-brand-500 hover:text-slate-900 dark:hover:text-white")}
      data-testid="citation"
    >
      {body}
    </SiteLink>
  ) : (
    <span className={cls} data-testid="citation">
      {body}
    </span>
  );
}

/** One exchange: the student's question and the companion's cited answer. */
export function ChatExchange({ demo, compact = false }: { demo: ChatDemo; compact?: boolean }) {
  const points = compact ? demo.points.slice(0, 2) : demo.points;
  const citations = compact ? demo.citations.slice(0, 3) : demo.citations;
  return (
    <div className="flex h-full flex-col gap-3" data-testid="chat-demo" data-kind={demo.kind}>
      <div className="ml-auto max-w-[85%] rounded-2xl rounded-br-md bg-brand-700 px-4 py-2.5 text-sm leading-6 text-white shadow-sm">
        {demo.question}
      </div>
      <div className="max-w-[95%] rounded-2xl rounded-bl-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm leading-6 text-slate-800 dark:border-slate-800 dark:bg-slate-900/70 dark:text-slate-200">
        {demo.answer.map((p, i) => (
          <p key={i} className={clsx(i > 0 && "mt-2", compact && i > 0 && "hidden", compact && "max-sm:line-clamp-6")}>
            {p}
          </p>
        ))}
        {points.length > 0 && (
          <ul className="mt-2 list-disc space-y-1 pl-5 marker:text-brand-500">
            {points.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        )}
        <div className="mt-3 border-t border-slate-200 pt-2.5 dark:border-slate-800">
          <p className="mb-1.5 text-[11px] font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
            Sources
          </p>
          <div className="flex flex-wrap gap-1.5">
            {citations.map((c, i) => (
              <CitationChip key={i} c={c} n={i + 1} />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

/** Two columns on large screens; below that a row you swipe through (CSS scroll snap, no JavaScript). */
export function ChatDemos({ demos }: { demos: ChatDemo[] }) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      aria-label="Chat examples"
      className="-mx-4 grid snap-x snap-mandatory auto-cols-[88%] grid-flow-col gap-4 overflow-x-auto px-4 pb-4 sm:auto-cols-[70%] lg:mx-0 lg:snap-none lg:grid-flow-row lg:auto-cols-auto lg:grid-cols-2 lg:gap-5 lg:overflow-visible lg:px-0 lg:pb-0"
    >
      {demos.map((d) => (
        <article
          key={d.kind}
          className="flex snap-center flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-950"
        >
          <p className="mb-4 inline-flex w-fit items-center rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-300">
            {d.label}
          </p>
          <ChatExchange demo={d} />
        </article>
      ))}
    </section>
  );
}
