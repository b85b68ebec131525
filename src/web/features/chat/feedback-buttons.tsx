/**
 * Thumbs up / down on a companion answer (issue 17 askjds quality figures): PUT
 * /api/chat/messages/:id/feedback with 1, -1, or 0 to take the thumb back. The choice is kept
 * for this page view; the server keeps one thumb per student and answer.
 */
import { clsx } from "clsx";
import { ThumbsDown, ThumbsUp } from "lucide-react";
import { useState } from "react";
import { api } from "../../lib/api";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function FeedbackButtons({ messageId }: { messageId: string }) {
  const [thumb, setThumb] = useState<0 | 1 | -1>(0);
  const [busy, setBusy] = useState(false);
  if (!UUID.test(messageId)) return null;
  const send = async (next: 1 | -1) => {
    const value = thumb === next ? 0 : next;
    setBusy(true);
    try {
      await api(`/api/chat/messages/${messageId}/feedback`, { method: "PUT", body: { thumb: value } });
      setThumb(value);
    } catch {
      // Feedback is optional: a failed send leaves the buttons as they were.
    } finally {
      setBusy(false);
    }
  };
  const cls = (on: boolean) =>
    clsx(
      "flex h-8 w-8 items-center justify-center rounded-lg transition hover:bg-slate-100 dark:hover:bg-slate-800",
      on ? "text-brand-700 dark:text-brand-300" : "text-slate-500 dark:text-slate-400",
    );
  return (
    <>
      <button
        type="button"
        aria-label="Helpful answer"
        aria-pressed={thumb === 1}
        title="Helpful"
        disabled={busy}
        className={cls(thumb === 1)}
        onClick={() => send(1)}
      >
        <ThumbsUp className={clsx("h-4 w-4", thumb === 1 && "fill-current")} />
      </button>
      <button
        type="button"
        aria-label="Unhelpful answer"
        aria-pressed={thumb === -1}
        title="Not helpful"
        disabled={busy}
        className={cls(thumb === -1)}
        onClick={() => send(-1)}
      >
        <ThumbsDown className={clsx("h-4 w-4", thumb === -1 && "fill-current")} />
      </button>
    </>
  );
}
