/**
 * The chat feature's server calls: thread list and messages (TanStack Query), thread mutations
 * with the SPEC.md §8 toasts and §9 time-outs, usage, and `streamAnswer` which reads the
 * text/event-stream of POST /api/threads/:id/messages (or /retry).
 */
import { queryOptions } from "@tanstack/react-query";
import type { ChatMessage } from "../../../contract/chat";
import type { SendEvent, Thread, Usage } from "../../../contract/threads";
import { ApiError, api } from "../../lib/api";
import { queryClient } from "../../lib/session";
import { KEYS, write } from "../../lib/storage";

export type { ChatMessage, Thread, Usage };

/** SPEC.md §9 thread time-outs (ms). */
export const THREAD_TIMEOUTS = { fetch: 10_000, listSafety: 20_000, listRetryAfter: 10_000, create: 8_000, update: 6_000, delete: 6_000 } as const;

export const threadsKey = ["threads"] as const;
export const messagesKey = (threadId: string) => ["messages", threadId] as const;
export const usageKey = ["usage"] as const;

/** SPEC.md §9 thread list: stale 2 min, 3 retries with backoff capped at 30 s, no refetch on focus or mount. */
export const threadsQuery = queryOptions({
  queryKey: threadsKey,
  queryFn: async ({ signal }) => (await api<{ threads: Thread[] }>("/api/threads", { timeoutMs: THREAD_TIMEOUTS.fetch, signal })).threads,
  staleTime: 2 * 60_000,
  retry: (n, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && n < 3,
  retryDelay: (n) => Math.min(1000 * 2 ** n, 30_000),
  refetchOnWindowFocus: false,
  refetchOnMount: false,
});

export const messagesQuery = (threadId: string) =>
  queryOptions({
    queryKey: messagesKey(threadId),
    queryFn: async ({ signal }) => (await api<{ messages: ChatMessage[] }>(`/api/threads/${threadId}/messages`, { timeoutMs: THREAD_TIMEOUTS.fetch, signal })).messages,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });

/** SPEC.md §9 message count: cached 60 s, the count query times out after 3 s. */
export const usageQuery = queryOptions({
  queryKey: usageKey,
  queryFn: ({ signal }) => api<Usage>("/api/usage", { timeoutMs: 3000, signal }),
  staleTime: 60_000,
});

export const setThreads = (fn: (list: Thread[]) => Thread[]) => queryClient.setQueryData<Thread[]>(threadsKey, (old) => fn(old ?? []));

/** Adds or replaces a thread in the cached list, newest first. */
export function upsertThread(t: Thread) {
  setThreads((list) => [t, ...list.filter((x) => x.id !== t.id)].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)));
}

/**
 * Forgets a deleted thread's cached messages once nothing shows them (removing them while the page
 * is still leaving would refetch them and get a 404).
 */
export function dropMessagesLater(threadId: string) {
  setTimeout(() => queryClient.removeQueries({ queryKey: messagesKey(threadId), type: "inactive" }), 2000);
}

/** Keeps the unsent message and thread across a sign-in when the session expired (SPEC.md §3, §4). */
export function preserveDraft(message: string, threadId: string | null) {
  if (message.trim()) write(KEYS.preservedMessage, message);
  write(KEYS.preservedThreadId, threadId);
}

export const isTimeout = (err: unknown) => err instanceof ApiError && err.code === "TIMEOUT";
export const isUnauthenticated = (err: unknown) => err instanceof ApiError && err.status === 401;

export interface StreamHandlers {
  onStart?(data: Extract<SendEvent, { event: "start" }>["data"]): void;
  onSources?(citations: ChatMessage["citations"]): void;
  onDelta?(text: string): void;
  onDone?(data: Extract<SendEvent, { event: "done" }>["data"]): void;
  onError?(data: Extract<SendEvent, { event: "error" }>["data"]): void;
}

/**
 * Sends a question (or a retry when `content` is null) and dispatches the answer's events.
 * Refusals before the stream starts (401, 404, 429, 400) throw ApiError; a network failure
 * mid-stream calls onError with code NETWORK. An abort through `signal` resolves quietly.
 */
export async function streamAnswer(threadId: string, content: string | null, handlers: StreamHandlers, signal: AbortSignal): Promise<void> {
  const path = content === null ? `/api/threads/${threadId}/retry` : `/api/threads/${threadId}/messages`;
  let res: Response;
  try {
    res = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify(content === null ? {} : { content }),
      signal,
    });
  } catch (err) {
    if (signal.aborted) return;
    throw new ApiError("NETWORK", `Network error when requesting ${path}. Please check your internet connection.`, 0, err);
  }
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string; details?: unknown } } | null;
    throw new ApiError(body?.error?.code ?? `HTTP_${res.status}`, body?.error?.message ?? `Request failed (${res.status})`, res.status, body?.error?.details);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let finished = false;
  const dispatch = (block: string) => {
    const event = /^event: (.*)$/m.exec(block)?.[1];
    const raw = block
      .split("\n")
      .filter((l) => l.startsWith("data: "))
      .map((l) => l.slice(6))
      .join("\n");
    if (!event || !raw) return;
    const data = JSON.parse(raw);
    if (event === "start") handlers.onStart?.(data);
    else if (event === "sources") handlers.onSources?.(data.citations);
    else if (event === "delta") handlers.onDelta?.(data.text);
    else if (event === "done") {
      finished = true;
      handlers.onDone?.(data);
    } else if (event === "error") {
      finished = true;
      handlers.onError?.(data);
    }
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let i = buffer.indexOf("\n\n");
      while (i >= 0) {
        dispatch(buffer.slice(0, i));
        buffer = buffer.slice(i + 2);
        i = buffer.indexOf("\n\n");
      }
    }
  } catch {
    if (signal.aborted) return;
  }
  if (!finished && !signal.aborted) {
    handlers.onError?.({ error: { code: "NETWORK", message: "The connection was lost before the answer finished. Please retry." }, message: null, usage: null });
  }
}
