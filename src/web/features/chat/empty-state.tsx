/**
 * A new conversation's welcome: the four kinds of question of the landing page's chat demos
 * (SPEC.md §2.2: concept clarification, legal distinctions, case analysis, rapid topic summaries),
 * each a real question the companion answers from the library.
 */
import { GitCompareArrows, Gavel, Lightbulb, ListTree } from "lucide-react";
import { useBrand } from "../public/brand";
import { AssistantAvatar } from "./message-item";

export const DEMO_PROMPTS = [
  { kind: "Concept clarification", icon: Lightbulb, prompt: "What is the mailbox rule, and when does it not apply?" },
  {
    kind: "Legal distinction",
    icon: GitCompareArrows,
    prompt: "What's the difference between claim preclusion and issue preclusion?",
  },
  { kind: "Case analysis", icon: Gavel, prompt: "Brief International Shoe Co. v. Washington for me." },
  { kind: "Rapid topic summary", icon: ListTree, prompt: "Give me a quick summary of the hearsay rule." },
] as const;

export function EmptyState({ onPick, name }: { onPick: (prompt: string) => void; name?: string }) {
  const brand = useBrand();
  return (
    <div className="flex flex-1 flex-col items-center justify-center py-10 text-center" data-testid="chat-empty">
      <AssistantAvatar always />
      <h1 className="mt-5 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {name ? `What are we studying today, ${name}?` : "What are we studying today?"}
      </h1>
      <p className="mt-2 max-w-md text-sm leading-6 text-slate-500 dark:text-slate-400">
        Ask {brand.name} about a rule, a case or a fact pattern. Every answer cites the topics and briefs it comes from,
        so you can check it.
      </p>
      <div className="mt-8 grid w-full max-w-2xl gap-3 sm:grid-cols-2">
        {DEMO_PROMPTS.map((p) => (
          <button
            key={p.kind}
            type="button"
            onClick={() => onPick(p.prompt)}
            data-testid="demo-prompt"
            className="group flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-left shadow-xs transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-500/40"
          >
            <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 transition group-hover:bg-brand-600 group-hover:text-white dark:bg-brand-500/15 dark:text-brand-300">
              <p.icon className="h-4.5 w-4.5" aria-hidden />
            </span>
            <span className="min-w-0">
              <span className="block text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
                {p.kind}
              </span>
              <span className="mt-1 block text-sm leading-5 font-medium text-slate-800 dark:text-slate-100">
                {p.prompt}
              </span>
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}
