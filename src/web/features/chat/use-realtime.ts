/**
 * The signed-in user's realtime connection (SPEC.md §4, §7, §9): an EventSource on
 * GET /api/realtime whose changes update the cached thread list at once (inserts, renames,
 * deletes) and refresh messages and usage. Reconnection follows src/domain/realtime-backoff
 * (1 s pause + exponential backoff with jitter, polling after 3 failed retries, reset on a
 * successful subscribe). Re-established whenever the signed-in user changes.
 */
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { RealtimeChange } from "../../../contract/threads";
import {
  initialRealtimeState,
  nextRealtimeState,
  REALTIME_BACKOFF,
  type RealtimeState,
} from "../../../domain/realtime-backoff";
import { nextThreadAfterDelete } from "../../../domain/threads";
import { queryClient } from "../../lib/session";
import { dropMessagesLater, loadedThreads, messagesKey, removeThread, threadsKey, upsertThread, usageKey } from "./api";
import { hasLiveAnswer } from "./live-answers";
import { openThreadId } from "./thread-list";

/** A subscribe that has not said `ready` within this time counts as timed out. */
const SUBSCRIBE_TIMEOUT_MS = 10_000;

export function useRealtime(userId: string | undefined): RealtimeState {
  const [state, setState] = useState<RealtimeState>(initialRealtimeState);
  const { pathname } = useLocation();
  const navigateNow = useNavigate();
  const navigate = useRef(navigateNow);
  navigate.current = navigateNow;
  const path = useRef(pathname);
  path.current = pathname;

  useEffect(() => {
    if (!userId || typeof EventSource === "undefined") return;
    let s = initialRealtimeState;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let subscribeTimer: ReturnType<typeof setTimeout> | undefined;
    let pollTimer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;

    const update = (next: RealtimeState) => {
      s = next;
      setState(next);
      // Visible to tests and to anyone debugging: connected | reconnecting (+ polling).
      document.documentElement.dataset.realtime = next.polling ? "polling" : next.mode;
      if (next.polling && !pollTimer) {
        pollTimer = setInterval(
          () => void queryClient.invalidateQueries({ queryKey: threadsKey }),
          REALTIME_BACKOFF.pollIntervalMs,
        );
      } else if (!next.polling && pollTimer) {
        clearInterval(pollTimer);
        pollTimer = undefined;
      }
    };

    const apply = (change: RealtimeChange) => {
      if (change.type === "thread.created" || change.type === "thread.updated") upsertThread(change.thread);
      else if (change.type === "thread.deleted") {
        const list = loadedThreads();
        removeThread(change.threadId);
        dropMessagesLater(change.threadId);
        if (openThreadId(path.current) === change.threadId) {
          const next = nextThreadAfterDelete(list, change.threadId);
          navigate.current(next ? `/chat/${next.id}` : "/chat", { replace: true });
        }
      } else if (change.type === "message.created") {
        if (!hasLiveAnswer(change.threadId))
          void queryClient.invalidateQueries({ queryKey: messagesKey(change.threadId) });
      } else if (change.type === "usage.updated") void queryClient.invalidateQueries({ queryKey: usageKey });
      else if (change.type === "outline.updated")
        // The outline editor listens for this (src/web/features/outlines/editor-page.tsx).
        window.dispatchEvent(new CustomEvent("lexmate:outline-updated", { detail: change }));
      else if (change.type === "resync") {
        void queryClient.invalidateQueries({ queryKey: threadsKey });
        window.dispatchEvent(new CustomEvent("lexmate:outline-updated", { detail: change }));
      }
    };

    const fail = () => {
      if (stopped) return;
      clearTimeout(subscribeTimer);
      source?.close();
      source = null;
      const { state: next, retryInMs } = nextRealtimeState(s, { type: "closed" });
      update(next);
      retryTimer = setTimeout(connect, retryInMs ?? REALTIME_BACKOFF.resubscribePauseMs);
    };

    function connect() {
      if (stopped) return;
      const es = new EventSource("/api/realtime");
      source = es;
      subscribeTimer = setTimeout(fail, SUBSCRIBE_TIMEOUT_MS);
      es.addEventListener("ready", () => {
        clearTimeout(subscribeTimer);
        const wasDown = s.failures > 0;
        update(nextRealtimeState(s, { type: "subscribed" }).state);
        // Changes made while we were away were not heard: refetch once.
        if (wasDown) void queryClient.invalidateQueries({ queryKey: threadsKey });
      });
      es.addEventListener("change", (e) => {
        try {
          apply(JSON.parse((e as MessageEvent<string>).data) as RealtimeChange);
        } catch {
          // a malformed frame is ignored; the next resync repairs the cache
        }
      });
      es.onerror = fail;
    }

    // Going offline closes the channel at once (it would otherwise hang until a time-out).
    const offline = () => {
      if (source) fail();
    };
    window.addEventListener("offline", offline);
    connect();
    return () => {
      stopped = true;
      window.removeEventListener("offline", offline);
      delete document.documentElement.dataset.realtime;
      clearTimeout(retryTimer);
      clearTimeout(subscribeTimer);
      clearInterval(pollTimer);
      source?.close();
    };
  }, [userId]);

  return state;
}
