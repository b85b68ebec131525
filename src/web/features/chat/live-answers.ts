/**
 * Answers being streamed, one per thread, kept outside React so an answer keeps streaming while
 * the student switches threads or starts a new one. Finished answers move into the TanStack
 * Query cache of the thread's messages; the live entry is then cleared.
 */
import { useSyncExternalStore } from "react";
import type { Citation } from "../../../contract/chat";
import { ANSWER_FAILURE_MESSAGES } from "../../../contract/chat-text";
import { ApiError } from "../../lib/api";
import { meQuery, queryClient } from "../../lib/session";
import {
  appendMessage,
  dropLastMessageIf,
  messagesKey,
  preserveDraft,
  streamAnswer,
  upsertThread,
  usageKey,
} from "./api";

export interface LiveAnswer {
  threadId: string;
  /** The question as typed (shown until the server confirms the stored message). */
  question: string | null;
  userMessageId: string | null;
  text: string;
  citations: Citation[];
  phase: "sending" | "streaming" | "failed";
  error: { code: string; message: string } | null;
  controller: AbortController;
}

export type SendOutcome =
  | { ok: true }
  | { ok: false; reason: "limit" | "unauthenticated" | "not_found" | "error"; message: string };

const live = new Map<string, LiveAnswer>();
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};
const set = (threadId: string, patch: Partial<LiveAnswer> | null) => {
  if (patch === null) live.delete(threadId);
  else {
    const cur = live.get(threadId);
    if (!cur) return;
    live.set(threadId, { ...cur, ...patch });
  }
  emit();
};

export const hasLiveAnswer = (threadId: string) => live.has(threadId);

export function useLiveAnswer(threadId: string | undefined): LiveAnswer | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => (threadId ? (live.get(threadId) ?? null) : null),
  );
}

/**
 * Sends `content` to `threadId` (or, with `content` null, retries the thread's last question) and
 * streams the answer into the live store. Resolves when the answer ends; refusals before the stream
 * (429 limit, 401 session expired, 404) come back as `{ok:false}` so the composer can keep the text.
 */
export async function sendToThread(threadId: string, content: string | null): Promise<SendOutcome> {
  if (live.has(threadId))
    return { ok: false, reason: "error", message: "Please wait for the current answer to finish." };
  const controller = new AbortController();
  live.set(threadId, {
    threadId,
    question: content,
    userMessageId: null,
    text: "",
    citations: [],
    phase: "sending",
    error: null,
    controller,
  });
  emit();
  if (content === null) {
    // Retry: the failed answer row is replaced by the new answer.
    dropLastMessageIf(threadId, (last) => last.role === "assistant" && last.status === "error");
  }
  try {
    await streamAnswer(
      threadId,
      content,
      {
        onStart: ({ thread, userMessage, usage }) => {
          appendMessage(threadId, userMessage);
          upsertThread(thread);
          queryClient.setQueryData(usageKey, usage);
          set(threadId, { userMessageId: userMessage.id, phase: "streaming" });
        },
        onSources: (citations) => set(threadId, { citations }),
        onDelta: (text) => {
          const cur = live.get(threadId);
          if (cur) set(threadId, { text: cur.text + text, phase: "streaming" });
        },
        onDone: ({ message, usage }) => {
          appendMessage(threadId, message);
          queryClient.setQueryData(usageKey, usage);
          set(threadId, null);
        },
        onError: ({ error, message, usage }) => {
          if (usage) queryClient.setQueryData(usageKey, usage);
          if (message) {
            appendMessage(threadId, message);
            set(threadId, null);
          } else set(threadId, { phase: "failed", error });
        },
      },
      controller.signal,
    );
    if (controller.signal.aborted) {
      // Stopped: show what arrived as a stopped answer at once; the server stores the same row.
      const cur = live.get(threadId);
      if (cur) {
        appendMessage(threadId, {
          id: `stopped-${Date.now()}`,
          threadId,
          role: "assistant",
          content: cur.text,
          declined: false,
          citations: cur.citations,
          unverified: [],
          status: "error",
          errorCode: "STOPPED",
          createdAt: new Date().toISOString(),
        });
        set(threadId, null);
        setTimeout(() => void queryClient.invalidateQueries({ queryKey: messagesKey(threadId) }), 800);
      }
    }
    return { ok: true };
  } catch (err) {
    set(threadId, null);
    if (err instanceof ApiError) {
      if (err.code === "MESSAGE_LIMIT_REACHED") {
        void queryClient.invalidateQueries({ queryKey: usageKey });
        return { ok: false, reason: "limit", message: err.message };
      }
      if (err.status === 401) {
        preserveDraft(content ?? "", threadId);
        void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
        return { ok: false, reason: "unauthenticated", message: err.message };
      }
      if (err.status === 404) return { ok: false, reason: "not_found", message: err.message };
      return { ok: false, reason: "error", message: err.message };
    }
    return { ok: false, reason: "error", message: ANSWER_FAILURE_MESSAGES.INTERNAL };
  }
}

/** Stops the thread's streaming answer (the server stores it as stopped). */
export function stopAnswer(threadId: string) {
  live.get(threadId)?.controller.abort();
}

/** Drops a failed live answer that has no stored row (after a network failure), e.g. before a retry. */
export const clearLiveAnswer = (threadId: string) => set(threadId, null);
