/**
 * Wire shapes of threads, usage and the realtime change stream (DESIGN.md §5), shared by server
 * and web. Message and citation shapes live in ./chat.ts.
 */
import { z } from "zod";
import { MAX_THREAD_TITLE } from "../domain/threads";
import { type ChatMessage, chatMessageSchema } from "./chat";
import { MAX_MESSAGE_CHARS } from "./chat-text";

export { ANSWER_FAILURE_MESSAGES, MAX_MESSAGE_CHARS } from "./chat-text";

export const threadSchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Thread = z.infer<typeof threadSchema>;


export const createThreadBody = z.object({
  title: z.string().trim().min(1, "Title cannot be empty").max(MAX_THREAD_TITLE, `Title must be ${MAX_THREAD_TITLE} characters or fewer`).optional(),
});
export const renameThreadBody = z.object({
  title: z.string().trim().min(1, "Title cannot be empty").max(MAX_THREAD_TITLE, `Title must be ${MAX_THREAD_TITLE} characters or fewer`),
});
export const sendMessageBody = z.object({
  content: z.string().trim().min(1, "Message cannot be empty").max(MAX_MESSAGE_CHARS, `Message must be ${MAX_MESSAGE_CHARS} characters or fewer`),
});

export const threadListSchema = z.object({ threads: z.array(threadSchema) });
export const messageListSchema = z.object({ messages: z.array(chatMessageSchema) });

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
  | { event: "error"; data: { error: { code: string; message: string }; message: ChatMessage | null; usage: Usage | null } };

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
