/**
 * The question box: grows with its text, Enter sends (Shift+Enter for a new line; never while an
 * IME is composing), Stop while an answer streams. Over 8,000 characters it refuses to send and
 * says so rather than cutting the question.
 */
import { clsx } from "clsx";
import { ArrowUp, Square } from "lucide-react";
import { forwardRef, useEffect, useImperativeHandle, useRef } from "react";
import { MAX_MESSAGE_CHARS } from "../../../contract/chat-text";

export interface ComposerHandle {
  focus(): void;
}

interface Props {
  value: string;
  onChange(v: string): void;
  onSend(): void;
  onStop(): void;
  streaming: boolean;
  disabled?: boolean;
  placeholder?: string;
}

export const Composer = forwardRef<ComposerHandle, Props>(function Composer(
  { value, onChange, onSend, onStop, streaming, disabled, placeholder },
  ref,
) {
  const area = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => ({ focus: () => area.current?.focus() }), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: resize whenever the text changes
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, 240)}px`;
  }, [value]);
  const tooLong = value.length > MAX_MESSAGE_CHARS;
  const canSend = !!value.trim() && !tooLong && !streaming && !disabled;
  return (
    <form
      className={clsx(
        "relative rounded-3xl border bg-white shadow-lg shadow-slate-900/5 transition focus-within:shadow-xl dark:bg-slate-900 dark:shadow-black/30",
        tooLong
          ? "border-red-400"
          : "border-slate-200 focus-within:border-brand-400 dark:border-slate-700 dark:focus-within:border-brand-500/60",
      )}
      onSubmit={(e) => {
        e.preventDefault();
        if (canSend) onSend();
      }}
    >
      <label htmlFor="chat-input" className="sr-only">
        Ask a question
      </label>
      <textarea
        id="chat-input"
        ref={area}
        rows={1}
        value={value}
        disabled={disabled}
        placeholder={
          placeholder ??
          (typeof window !== "undefined" && window.innerWidth < 640
            ? "Ask a legal question…"
            : "Ask about a rule, a case, or a fact pattern…")
        }
        className="block max-h-60 focus-visible:outline-none min-h-[3.25rem] w-full resize-none bg-transparent py-3.5 pr-14 pl-5 text-[0.95rem] leading-6 text-slate-900 outline-none placeholder:text-slate-400 disabled:cursor-not-allowed dark:text-slate-100 dark:placeholder:text-slate-500"
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            if (canSend) onSend();
          }
        }}
      />
      <div className="absolute right-2.5 bottom-2.5">
        {streaming ? (
          <button
            type="button"
            onClick={onStop}
            aria-label="Stop answer"
            title="Stop"
            className="flex h-9 w-9 items-center justify-center rounded-full bg-slate-900 text-white transition hover:bg-slate-700 dark:bg-white dark:text-slate-900 dark:hover:bg-slate-200"
          >
            <Square className="h-3.5 w-3.5 fill-current" />
          </button>
        ) : (
          <button
            type="submit"
            disabled={!canSend}
            aria-label="Send message"
            title="Send (Enter)"
            className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 text-white shadow-sm transition hover:bg-brand-700 disabled:bg-slate-200 disabled:text-slate-400 disabled:shadow-none dark:disabled:bg-slate-800 dark:disabled:text-slate-600"
          >
            <ArrowUp className="h-4.5 w-4.5" strokeWidth={2.5} />
          </button>
        )}
      </div>
      {value.length > MAX_MESSAGE_CHARS - 1000 && (
        <p
          className={clsx(
            "px-5 pb-2 text-xs",
            tooLong ? "text-red-600 dark:text-red-400" : "text-slate-500 dark:text-slate-400",
          )}
          role={tooLong ? "alert" : undefined}
        >
          {value.length.toLocaleString()} / {MAX_MESSAGE_CHARS.toLocaleString()} characters
          {tooLong ? " — please shorten your question." : ""}
        </p>
      )}
    </form>
  );
});
