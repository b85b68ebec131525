/**
 * The chat feature's server calls: thread list and messages (TanStack Query), thread mutations
 * with the SPEC.md §8 toasts and §9 time-outs, usage, and `streamAnswer` which reads the
 * text/event-stream of POST /api/threads/:id/messages (or /retry).
 */
import { type InfiniteData, infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { ChatMessage } from "../../../contract/chat";
import type { ErrorEnvelope } from "../../../contract/errors";
import type { ResponseOf } from "../../../contract/route";
import type { chatApi, SendEvent } from "../../../contract/threads";
import { ApiError, api } from "../../lib/api";
import { queryClient } from "../../lib/session";
import { KEYS, write } from "../../lib/storage";

export type { ChatMessage };
/** A thread as `GET /api/threads` lists it. */
export type Thread = ResponseOf<typeof chatApi.listThreads>["threads"][number];
/** `GET /api/usage`: this month's message usage. */
export type Usage = ResponseOf<typeof chatApi.usage>;

/** SPEC.md §9 thread time-outs (ms). */
export const THREAD_TIMEOUTS = {
  fetch: 10_000,
  listSafety: 20_000,
  listRetryAfter: 10_000,
  create: 8_000,
  update: 6_000,
  delete: 6_000,
} as const;

export const threadsKey = ["threads"] as const;
export const messagesKey = (threadId: string) => ["messages", threadId] as const;
export const usageKey = ["usage"] as const;

/** A page of `GET /api/threads` (decision 044): newest first; `nextCursor` loads older threads. */
export type ThreadPage = ResponseOf<typeof chatApi.listThreads>;
/**
 * A page of `GET /api/threads/:id/messages`: pages[0] is the newest; each page's messages are oldest
 * first. `thread` is absent only on the page the client seeds for a new conversation.
 */
export type MessagePage = Omit<ResponseOf<typeof chatApi.listMessages>, "thread"> & { thread?: Thread };
export type ThreadPages = InfiniteData<ThreadPage, string | null>;
export type MessagePages = InfiniteData<MessagePage, string | null>;

const withCursor = (path: string, cursor: string | null) =>
  cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path;

/**
 * SPEC.md §9 thread list: stale 2 min, 3 retries with backoff capped at 30 s, no refetch on focus or
 * mount. Loaded a page at a time (the sidebar asks for the next one at its end); a refetch reloads
 * every loaded page from the first.
 */
export const threadsQuery = infiniteQueryOptions({
  queryKey: threadsKey,
  queryFn: ({ signal, pageParam }) =>
    api<ThreadPage>(withCursor("/api/threads", pageParam), { timeoutMs: THREAD_TIMEOUTS.fetch, signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last: ThreadPage) => last.nextCursor,
  staleTime: 2 * 60_000,
  retry: (n, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && n < 3,
  retryDelay: (n) => Math.min(1000 * 2 ** n, 30_000),
  refetchOnWindowFocus: false,
  refetchOnMount: false,
});

/** A thread's messages, the newest page first; the conversation loads older pages as the student scrolls up. */
export const messagesQuery = (threadId: string) =>
  infiniteQueryOptions({
    queryKey: messagesKey(threadId),
    queryFn: ({ signal, pageParam }) =>
      api<MessagePage>(withCursor(`/api/threads/${threadId}/messages`, pageParam), {
        timeoutMs: THREAD_TIMEOUTS.fetch,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: MessagePage) => last.nextCursor,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });

/** SPEC.md §9 message count: cached 60 s, the count query times out after 3 s. */
export const usageQuery = queryOptions({
  queryKey: usageKey,
  queryFn: ({ signal }) => api<Usage>("/api/usage", { timeoutMs: 3000, signal }),
  staleTime: 60_000,
});

/** Every loaded thread, newest first. */
export const threadsOf = (data: { pages: ThreadPage[] } | undefined): Thread[] =>
  data?.pages.flatMap((p) => p.threads) ?? [];
/** The loaded conversation, oldest first. */
export const conversationOf = (data: { pages: MessagePage[] } | undefined): ChatMessage[] =>
  data ? [...data.pages].reverse().flatMap((p) => p.messages) : [];
/** The threads loaded in the sidebar's cache right now. */
export const loadedThreads = () => threadsOf(queryClient.getQueryData<ThreadPages>(threadsKey));

/** Applies an order-keeping change (rename, removal) to every loaded page of the thread list. */
export const editThreads = (fn: (page: Thread[]) => Thread[]) =>
  queryClient.setQueryData<ThreadPages>(
    threadsKey,
    (old) => old && { ...old, pages: old.pages.map((p) => ({ ...p, threads: fn(p.threads) })) },
  );

/** Whether `a` sorts before `b` in the list (newest first: created_at, then id, descending — as the server pages it). */
const before = (a: Thread, b: Thread) => a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id);

/**
 * Adds or replaces a thread in the cached list, newest first, on the page where it belongs. A
 * thread older than every loaded one while older pages remain is left to the page that holds it.
 * The open conversation's header follows too (it may show a thread no loaded page holds).
 */
export function upsertThread(t: Thread) {
  queryClient.setQueryData<ThreadPages>(threadsKey, (old) => {
    if (!old) return old;
    // Already loaded: replace it in place (created_at never changes, so neither does its position;
    // taking it out first would lose the oldest loaded thread while older pages remain).
    if (old.pages.some((p) => p.threads.some((x) => x.id === t.id))) {
      return {
        ...old,
        pages: old.pages.map((p) => ({ ...p, threads: p.threads.map((x) => (x.id === t.id ? t : x)) })),
      };
    }
    const pages = old.pages.map((p) => ({ ...p }));
    const at = pages.findIndex((p) => p.threads.some((x) => before(t, x)));
    if (at >= 0) {
      const list = pages[at].threads;
      const i = list.findIndex((x) => before(t, x));
      pages[at] = { ...pages[at], threads: [...list.slice(0, i), t, ...list.slice(i)] };
    } else if (pages.length && pages[pages.length - 1].nextCursor === null) {
      const last = pages[pages.length - 1];
      pages[pages.length - 1] = { ...last, threads: [...last.threads, t] };
    }
    return { ...old, pages };
  });
  queryClient.setQueryData<MessagePages>(
    messagesKey(t.id),
    (old) => old && { ...old, pages: old.pages.map((p) => (p.thread ? { ...p, thread: t } : p)) },
  );
}

/** Removes a thread from every loaded page of the list. */
export const removeThread = (threadId: string) => editThreads((list) => list.filter((t) => t.id !== threadId));

/** Starts a new conversation's message cache empty (no older page to load). */
export const seedEmptyConversation = (threadId: string) =>
  queryClient.setQueryData<MessagePages>(messagesKey(threadId), {
    pages: [{ messages: [], nextCursor: null }],
    pageParams: [null],
  });

/** Adds a message at the end of a thread's conversation, once (the newest page holds it). */
export const appendMessage = (threadId: string, m: ChatMessage) =>
  queryClient.setQueryData<MessagePages>(messagesKey(threadId), (old) => {
    if (!old?.pages.length) return { pages: [{ messages: [m], nextCursor: null }], pageParams: [null] };
    if (old.pages.some((p) => p.messages.some((x) => x.id === m.id))) return old;
    const [newest, ...rest] = old.pages;
    return { ...old, pages: [{ ...newest, messages: [...newest.messages, m] }, ...rest] };
  });

/** Drops the conversation's last message when `drop` says so (a failed answer replaced by a retry). */
export const dropLastMessageIf = (threadId: string, drop: (m: ChatMessage) => boolean) =>
  queryClient.setQueryData<MessagePages>(messagesKey(threadId), (old) => {
    const newest = old?.pages[0];
    const last = newest?.messages.at(-1);
    if (!old || !newest || !last || !drop(last)) return old;
    return { ...old, pages: [{ ...newest, messages: newest.messages.slice(0, -1) }, ...old.pages.slice(1)] };
  });

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
export async function streamAnswer(
  threadId: string,
  content: string | null,
  handlers: StreamHandlers,
  signal: AbortSignal,
): Promise<void> {
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
    throw new ApiError(
      "NETWORK",
      `Network error when requesting ${path}. Please check your internet connection.`,
      0,
      err,
    );
  }
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as Partial<ErrorEnvelope> | null;
    throw new ApiError(
      body?.error?.code ?? `HTTP_${res.status}`,
      body?.error?.message ?? `Request failed (${res.status})`,
      res.status,
      body?.error?.details,
    );
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
    handlers.onError?.({
      error: { code: "NETWORK", message: "The connection was lost before the answer finished. Please retry." },
      message: null,
      usage: null,
    });
  }
}
