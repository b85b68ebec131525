/**
 * Wire shapes of threads, usage and the realtime change stream (DESIGN.md §5), shared by server
 * and web. Message and citation shapes live in ./chat.ts.
 */
import { z } from "zod";
import { MAX_THREAD_TITLE } from "../domain/threads";
import { type ChatMessage, chatMessageSchema } from "./chat";
import { MAX_MESSAGE_CHARS, MAX_PAGE_SIZE, MESSAGE_PAGE_SIZE, THREAD_PAGE_SIZE } from "./chat-text";
import { defineRoute } from "./route";

export {
  ANSWER_FAILURE_MESSAGES,
  MAX_MESSAGE_CHARS,
  MAX_PAGE_SIZE,
  MESSAGE_PAGE_SIZE,
  THREAD_PAGE_SIZE,
} from "./chat-text";

export const threadSchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Thread = z.infer<typeof threadSchema>;

export const createThreadBody = z.object({
  title: z
    .string()
    .trim()
    .min(1, "Title cannot be empty")
    .max(MAX_THREAD_TITLE, `Title must be ${MAX_THREAD_TITLE} characters or fewer`)
    .optional(),
});
export const renameThreadBody = z.object({
  title: z
    .string()
    .trim()
    .min(1, "Title cannot be empty")
    .max(MAX_THREAD_TITLE, `Title must be ${MAX_THREAD_TITLE} characters or fewer`),
});
export const sendMessageBody = z.object({
  content: z
    .string()
    .trim()
    .min(1, "Message cannot be empty")
    .max(MAX_MESSAGE_CHARS, `Message must be ${MAX_MESSAGE_CHARS} characters or fewer`),
});

/**
 * Query of the paginated lists (decision 044): `limit` 1–MAX_PAGE_SIZE rows (default
 * THREAD_PAGE_SIZE / MESSAGE_PAGE_SIZE), `cursor` the `nextCursor` of the previous page, opaque.
 * Both optional: without them a client gets the first page, as before pagination.
 */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  cursor: z.string().min(1).max(200).optional(),
});

/**
 * `GET /api/threads`: newest first (created_at, then id, descending). `nextCursor` fetches the
 * next (older) page; null on the last page.
 */
export const threadListSchema = z.object({ threads: z.array(threadSchema), nextCursor: z.string().nullable() });
/**
 * `GET /api/threads/:id/messages`: the newest page first, its messages oldest first (as before
 * pagination); `nextCursor` fetches the page of messages before these, null when none are left.
 * `thread` is the conversation itself (its title, for a thread not among the loaded list pages).
 */
export const messageListSchema = z.object({
  messages: z.array(chatMessageSchema),
  nextCursor: z.string().nullable(),
  thread: threadSchema,
});
export type ThreadPage = z.infer<typeof threadListSchema>;
export type MessagePage = z.infer<typeof messageListSchema>;

/**
 * Monthly usage (SPEC.md §3, §6, §9): `limit` null means unlimited; `count` is messages sent this
 * calendar month (UTC); `percent` is rounded and capped at 100 (0 when unlimited).
 */
export const usageSchema = z.object({
  tierName: z.string(),
  count: z.number().int(),
  limit: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  percent: z.number().int(),
  periodStart: z.string(),
  periodEnd: z.string(),
  lifetime: z.number().int(),
});
export type Usage = z.infer<typeof usageSchema>;

/** Server-sent events of `POST /api/threads/:id/messages` (text/event-stream), in order. */
export type SendEvent =
  | { event: "start"; data: { thread: Thread; userMessage: ChatMessage; usage: Usage } }
  | { event: "sources"; data: { citations: ChatMessage["citations"] } }
  | { event: "delta"; data: { text: string } }
  | { event: "done"; data: { message: ChatMessage; usage: Usage } }
  | {
      event: "error";
      data: { error: { code: string; message: string }; message: ChatMessage | null; usage: Usage | null };
    };

/**
 * One change on `GET /api/realtime` (SPEC.md §7 realtime: thread inserts, updates, deletes), per
 * user. `resync` asks the client to refetch (the server may have missed changes).
 */
export type RealtimeChange =
  | { type: "thread.created"; thread: Thread }
  | { type: "thread.updated"; thread: Thread }
  | { type: "thread.deleted"; threadId: string }
  | { type: "message.created"; threadId: string; messageId: string; role: "user" | "assistant" }
  | { type: "usage.updated"; count: number }
  /** An outline changed (issue 16 §2, decision 061); `tab` is the sending tab's id when it gave one. */
  | { type: "outline.updated"; outlineId: string; version: number; tab: string | null }
  | { type: "resync" };

/** `POST /api/threads/:id/messages` (and `/retry`) with `Accept: application/json`: the finished answer. */
export const answerSchema = z
  .object({ message: chatMessageSchema, userMessage: chatMessageSchema, thread: threadSchema, usage: usageSchema })
  .describe(
    "With Accept: application/json, once the answer is complete. By default the answer is text/event-stream: start, sources, delta…, then done or error (SendEvent).",
  );

const threadBody = z.object({ thread: threadSchema });
const sendErrors = [
  "NOT_FOUND",
  "MESSAGE_LIMIT_REACHED",
  "LLM_UNAUTHORIZED",
  "LLM_RATE_LIMITED",
  "LLM_UNAVAILABLE",
  "LLM_TIMEOUT",
  "LLM_INTERRUPTED",
] as const;

/** The companion's routes (DESIGN.md §5; SPEC.md §4, §6, §7). Another user's thread is 404 on every route. */
export const chatApi = {
  listThreads: defineRoute({
    method: "get",
    path: "/api/threads",
    summary: `The signed-in user's threads, newest first, one page at a time: limit 1–${MAX_PAGE_SIZE} (default ${THREAD_PAGE_SIZE}); cursor = the previous page's nextCursor (null on the last page).`,
    tags: ["chat"],
    query: pageQuery,
    responses: { 200: threadListSchema },
  }),
  createThread: defineRoute({
    method: "post",
    path: "/api/threads",
    summary: "Create a thread (title default 'New Conversation'); ensures the profile row first.",
    tags: ["chat"],
    rawBody: {
      contentType: "application/json",
      description: `Optional {title?: string} (trimmed, 1–${MAX_THREAD_TITLE} characters); an empty body uses the default title.`,
    },
    responses: { 201: threadBody },
  }),
  renameThread: defineRoute({
    method: "patch",
    path: "/api/threads/:id",
    summary: `Rename a thread (trimmed, 1–${MAX_THREAD_TITLE} characters, runs of whitespace collapsed).`,
    tags: ["chat"],
    body: renameThreadBody,
    responses: { 200: threadBody },
    errors: ["NOT_FOUND"],
  }),
  deleteThread: defineRoute({
    method: "delete",
    path: "/api/threads/:id",
    summary: "Delete a thread and its messages.",
    tags: ["chat"],
    responses: { 204: z.null().describe("No content") },
    errors: ["NOT_FOUND"],
  }),
  listMessages: defineRoute({
    method: "get",
    path: "/api/threads/:id/messages",
    summary: `A thread's messages, the newest page first, each page oldest first: limit 1–${MAX_PAGE_SIZE} (default ${MESSAGE_PAGE_SIZE}); cursor = the previous page's nextCursor (older messages; null when none are left). Also returns the thread.`,
    tags: ["chat"],
    query: pageQuery,
    responses: { 200: messageListSchema },
    errors: ["NOT_FOUND"],
  }),
  sendMessage: defineRoute({
    method: "post",
    path: "/api/threads/:id/messages",
    summary:
      "Ask the companion. text/event-stream by default (events start, sources, delta, done | error); Accept: application/json returns {message, userMessage, thread, usage} once complete, or the provider failure's LLM_* status with the stored user message in details. 429 MESSAGE_LIMIT_REACHED when the month's free messages are used up.",
    tags: ["chat"],
    body: sendMessageBody,
    responses: { 200: answerSchema },
    errors: [...sendErrors],
  }),
  retry: defineRoute({
    method: "post",
    path: "/api/threads/:id/retry",
    summary:
      "Answer the thread's last question again after a failed or stopped answer (same response shapes as sending); 409 when there is nothing to retry.",
    tags: ["chat"],
    responses: { 200: answerSchema },
    errors: [...sendErrors, "CONFLICT"],
  }),
  usage: defineRoute({
    method: "get",
    path: "/api/usage",
    summary:
      "This month's message usage (UTC calendar month): count, limit (null = unlimited), rounded percent capped at 100.",
    tags: ["chat"],
    responses: { 200: usageSchema },
  }),
  realtime: defineRoute({
    method: "get",
    path: "/api/realtime",
    summary:
      "Per-user change stream: a `ready` frame, then one `change` frame per RealtimeChange (threads, messages, usage), a comment heartbeat every 25 s. 503 UNAVAILABLE when live updates cannot start (the client backs off); 429 RATE_LIMITED (Retry-After: 30 s) when the user already holds 8 open streams on this process.",
    tags: ["chat"],
    responses: {
      200: { contentType: "text/event-stream", description: "ready, then change events (RealtimeChange)" },
    },
    errors: ["UNAVAILABLE", "RATE_LIMITED"],
  }),
};
