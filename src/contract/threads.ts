/**
 * Wire shapes of threads, usage and the realtime change stream (DESIGN.md §5), shared by server
 * and web. Message and citation shapes live in ./chat.ts.
 */
import { z } from "zod";
import { MAX_THREAD_TITLE } from "../domain/threads";
import { type ChatMessage, chatMessageSchema } from "./chat";
import { MAX_MESSAGE_CHARS, MAX_PAGE_SIZE } from "./chat-text";

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
  | { type: "resync" };
