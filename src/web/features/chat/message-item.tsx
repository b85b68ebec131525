/**
 * One turn of a conversation: the student's question (right), or an answer (left) with its
 * numbered sources, copy and — for a failed or stopped answer — retry. A live answer shows
 * "searching" until its first words arrive, then streams with a caret.
 */
import { clsx } from "clsx";
import {
  AlertTriangle,
  BookOpen,
  Check,
  Copy,
  FileText,
  Gavel,
  Info,
  RotateCw,
  Scale,
  ScrollText,
  StickyNote,
} from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { Citation } from "../../../contract/chat";
import { ANSWER_FAILURE_MESSAGES } from "../../../contract/chat-text";
import type { ChatMessage } from "./api";
import { FeedbackButtons } from "./feedback-buttons";
import { MessageMarkdown } from "./message-markdown";

const KIND_ICON: Record<Citation["kind"], typeof BookOpen> = {
  topic: BookOpen,
  brief: Gavel,
  opinion: Gavel,
  provision: ScrollText,
  rule: ScrollText,
  note: StickyNote,
  user_brief: FileText,
};
const KIND_LABEL: Record<Citation["kind"], string> = {
  topic: "Topic",
  brief: "Case brief",
  opinion: "Opinion",
  provision: "Provision",
  rule: "Rule",
  note: "Your note",
  user_brief: "Your brief",
};

export function SourceChips({ citations }: { citations: readonly Citation[] }) {
  if (!citations.length) return null;
  return (
    <div className="mt-4" data-testid="sources">
      <p className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">Sources</p>
      <ol className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {citations.map((c) => {
          const Icon = KIND_ICON[c.kind] ?? BookOpen;
          const kind = KIND_LABEL[c.kind] ?? c.kind;
          const detail = !c.cite || c.title.includes(c.cite) ? kind : `${kind} · ${c.cite}`;
          return (
            <li key={`${c.n}-${c.id}`} className="min-w-0">
              <Link
                to={c.url}
                data-testid="citation-chip"
                title={`${kind}: ${c.title}${c.cite ? ` — ${c.cite}` : ""}`}
                className="group flex h-full items-center gap-2 rounded-xl border border-slate-200 bg-white py-1.5 pr-3 pl-1.5 text-left text-xs shadow-xs transition hover:border-brand-300 hover:bg-brand-50/60 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-500/40 dark:hover:bg-brand-500/10"
              >
                <span className="flex h-6 min-w-6 items-center justify-center rounded-lg bg-brand-50 px-1 font-semibold text-brand-700 ring-1 ring-brand-200 ring-inset dark:bg-brand-500/15 dark:text-brand-300 dark:ring-brand-500/30">
                  {c.n}
                </span>
                <Icon
                  className="h-3.5 w-3.5 shrink-0 text-slate-400 group-hover:text-brand-600 dark:group-hover:text-brand-300"
                  aria-hidden
                />
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-800 dark:text-slate-100">{c.title}</span>
                  <span className="block truncate text-[0.7rem] text-slate-500 dark:text-slate-400">{detail}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      aria-label={copied ? "Copied" : "Copy answer"}
      title={copied ? "Copied" : "Copy"}
      className="flex h-8 items-center gap-1.5 rounded-lg px-2 text-xs font-medium text-slate-500 dark:text-slate-400 transition hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-white"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
          setTimeout(() => setCopied(false), 1800);
        } catch {
          setCopied(false);
        }
      }}
    >
      {copied ? <Check className="h-4 w-4 text-emerald-600" /> : <Copy className="h-4 w-4" />}
      <span>{copied ? "Copied" : "Copy"}</span>
    </button>
  );
}

export function AssistantAvatar({ pulsing = false, always = false }: { pulsing?: boolean; always?: boolean }) {
  return (
    <span
      className={clsx(
        always ? "flex" : "hidden sm:flex",
        "mt-0.5 h-8 w-8 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-brand-800 text-white shadow-sm ring-4 ring-white dark:ring-slate-950",
        pulsing && "animate-pulse",
      )}
      aria-hidden
    >
      <Scale className="h-4 w-4" />
    </span>
  );
}

export function UserBubble({ content }: { content: string }) {
  return (
    <div className="flex justify-end" data-testid="message-user">
      <div className="max-w-[85%] rounded-3xl rounded-br-lg bg-slate-100 px-4 py-2.5 text-[0.95rem] leading-7 whitespace-pre-wrap text-slate-900 dark:bg-slate-800 dark:text-slate-100">
        {content}
      </div>
    </div>
  );
}

export function AssistantMessage({
  message,
  canRetry,
  onRetry,
}: {
  message: ChatMessage;
  canRetry: boolean;
  onRetry: () => void;
}) {
  const failed = message.status === "error";
  const stopped = failed && message.errorCode === "STOPPED";
  return (
    <div
      className="flex gap-3 sm:gap-4"
      data-testid="message-assistant"
      data-status={message.status}
      data-declined={message.declined}
    >
      <AssistantAvatar />
      <div className="min-w-0 flex-1 pt-0.5">
        {failed && !stopped ? (
          <FailureCard
            text={ANSWER_FAILURE_MESSAGES[message.errorCode ?? "INTERNAL"] ?? ANSWER_FAILURE_MESSAGES.INTERNAL}
            canRetry={canRetry}
            onRetry={onRetry}
          />
        ) : (
          <>
            {message.declined && (
              <p className="mb-3 inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-800 ring-1 ring-amber-200 ring-inset dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-500/25">
                <Info className="h-3.5 w-3.5" aria-hidden /> No source in the library answers this
              </p>
            )}
            {message.content && (
              <MessageMarkdown
                content={message.content}
                citations={message.citations}
                unverified={message.unverified}
              />
            )}
            {stopped && (
              <p className="mt-2 text-sm text-slate-500 italic dark:text-slate-400">
                {ANSWER_FAILURE_MESSAGES.STOPPED}
              </p>
            )}
            <SourceChips citations={message.citations} />
            <div className="mt-3 -ml-2 flex items-center gap-1">
              {message.content && <CopyButton text={message.content} />}
              {message.content && !failed && <FeedbackButtons messageId={message.id} />}
              {stopped && canRetry && (
                <button
                  type="button"
                  onClick={onRetry}
                  className="flex h-8 items-center gap-1.5 rounded-lg px-2 text-xs font-medium text-slate-500 dark:text-slate-400 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-white"
                >
                  <RotateCw className="h-4 w-4" /> Retry
                </button>
              )}
            </div>
          </>
        )}
      </div>
    </div>
  );
}

export function FailureCard({ text, canRetry, onRetry }: { text: string; canRetry: boolean; onRetry: () => void }) {
  return (
    <div
      role="alert"
      data-testid="answer-error"
      className="flex flex-col gap-3 rounded-2xl border border-red-200 bg-red-50/70 p-4 text-sm text-red-900 sm:flex-row sm:items-center dark:border-red-900/60 dark:bg-red-950/30 dark:text-red-200"
    >
      <AlertTriangle className="h-5 w-5 shrink-0 text-red-500" aria-hidden />
      <p className="flex-1">{text} Your question is saved.</p>
      {canRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="inline-flex h-9 items-center justify-center gap-1.5 rounded-lg bg-white px-3 font-medium text-red-700 shadow-xs ring-1 ring-red-200 hover:bg-red-50 dark:bg-red-950 dark:text-red-200 dark:ring-red-800 dark:hover:bg-red-900/50"
        >
          <RotateCw className="h-4 w-4" /> Retry
        </button>
      )}
    </div>
  );
}

/** The answer being streamed. */
export function LiveAssistant({
  text,
  citations,
  phase,
  error,
  onRetry,
}: {
  text: string;
  citations: readonly Citation[];
  phase: "sending" | "streaming" | "failed";
  error: { message: string } | null;
  onRetry: () => void;
}) {
  return (
    <div className="flex gap-3 sm:gap-4" data-testid="message-live" aria-live="polite" aria-busy={phase !== "failed"}>
      <AssistantAvatar pulsing={phase === "sending"} />
      <div className="min-w-0 flex-1 pt-0.5">
        {phase === "failed" ? (
          <FailureCard text={error?.message ?? ANSWER_FAILURE_MESSAGES.INTERNAL} canRetry onRetry={onRetry} />
        ) : text ? (
          <div className="streaming-caret">
            <MessageMarkdown content={text} citations={citations} unverified={[]} />
          </div>
        ) : (
          <p className="flex h-8 items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
            <span className="inline-flex gap-1" aria-hidden>
              <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-brand-500 [animation-delay:-0.3s]" />
              <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-brand-500 [animation-delay:-0.15s]" />
              <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-brand-500" />
            </span>
            {citations.length
              ? `Reading ${citations.length} source${citations.length === 1 ? "" : "s"}…`
              : "Searching the library…"}
          </p>
        )}
        {/* While streaming, a source appears once the answer cites it (the final answer lists exactly those). */}
        {phase !== "failed" && <SourceChips citations={citations.filter((c) => text.includes(`[${c.n}]`))} />}
      </div>
    </div>
  );
}
