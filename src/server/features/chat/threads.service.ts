/**
 * Threads and their messages (SPEC.md §3, §4, §6, §7). Every query is scoped to the owner:
 * another user's thread — or an id that is not a thread id at all — is 404 NOT_FOUND, never 403.
 * Changes are published on the realtime bus so the user's other tabs see them at once.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { ChatMessage } from "../../../contract/chat";
import type { Thread } from "../../../contract/threads";
import type { Db } from "../../db/client";
import { messages, threads } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { RealtimeBus } from "../../realtime/bus";
import { track } from "../../services/analytics";
import { ensureProfile } from "../../services/profiles";

export type ThreadRow = typeof threads.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const threadNotFound = () => new AppError("NOT_FOUND", "This conversation does not exist or was deleted.");

export const toThread = (r: ThreadRow): Thread => ({ id: r.id, title: r.title, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() });

export const toMessage = (r: MessageRow): ChatMessage => ({
  id: r.id,
  threadId: r.threadId,
  role: r.role,
  content: r.content,
  declined: r.declined,
  citations: r.citations,
  unverified: r.unverified,
  status: r.status,
  errorCode: r.errorCode,
  createdAt: r.createdAt.toISOString(),
});

interface Scope {
  db: Db;
  userId: string;
}

const iso = (col: typeof threads.createdAt) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The user's threads, newest first (SPEC.md §7: ordered by created_at descending), as the JSON text
 * of `Thread[]` built by the database in one row — the hot path of the app (see thread-list-cache.ts).
 */
export async function listThreadsJson({ db, userId }: Scope): Promise<string> {
  const result = await db.execute<{ j: string }>(sql`
    select coalesce(json_agg(json_build_object('id', ${threads.id}, 'title', ${threads.title}, 'createdAt', ${iso(threads.createdAt)}, 'updatedAt', ${iso(threads.updatedAt)})
      order by ${threads.createdAt} desc, ${threads.id} desc), '[]')::text as j
    from ${threads} where ${threads.userId} = ${userId}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { j: string }[] }).rows) as { j: string }[];
  return rows[0]?.j ?? "[]";
}

/** The user's threads, newest first, parsed. */
export async function listThreads(scope: Scope): Promise<Thread[]> {
  return JSON.parse(await listThreadsJson(scope)) as Thread[];
}

/** The thread if `userId` owns it; otherwise throws 404 NOT_FOUND. */
export async function getOwnedThread({ db, userId, threadId }: Scope & { threadId: string }): Promise<ThreadRow> {
  if (!UUID.test(threadId)) throw threadNotFound();
  const [row] = await db.select().from(threads).where(and(eq(threads.id, threadId), eq(threads.userId, userId)));
  if (!row) throw threadNotFound();
  return row;
}

/**
 * Creates a thread (title default 'New Conversation') after ensuring the profile row exists
 * (SPEC.md §4). Records chat_thread_created and publishes `thread.created`.
 */
export async function createThread({ db, bus, userId, title }: Scope & { bus: RealtimeBus; title?: string }): Promise<Thread> {
  await ensureProfile(db, userId);
  const [row] = await db
    .insert(threads)
    .values({ userId, ...(title ? { title } : {}) })
    .returning();
  const thread = toThread(row);
  await track(db, "chat_thread_created", userId, { threadId: row.id });
  await bus.publish(userId, { type: "thread.created", thread });
  return thread;
}

/** Renames an owned thread (the route has trimmed and checked the title); 404 otherwise. */
export async function renameThread({ db, bus, userId, threadId, title, now }: Scope & { bus: RealtimeBus; threadId: string; title: string; now: Date }): Promise<Thread> {
  if (!UUID.test(threadId)) throw threadNotFound();
  const [row] = await db
    .update(threads)
    .set({ title, updatedAt: now })
    .where(and(eq(threads.id, threadId), eq(threads.userId, userId)))
    .returning();
  if (!row) throw threadNotFound();
  const thread = toThread(row);
  await bus.publish(userId, { type: "thread.updated", thread });
  return thread;
}

/** Deletes an owned thread and its messages (real delete, cascade); 404 otherwise. */
export async function deleteThread({ db, bus, userId, threadId }: Scope & { bus: RealtimeBus; threadId: string }): Promise<void> {
  if (!UUID.test(threadId)) throw threadNotFound();
  const rows = await db
    .delete(threads)
    .where(and(eq(threads.id, threadId), eq(threads.userId, userId)))
    .returning({ id: threads.id });
  if (!rows.length) throw threadNotFound();
  await bus.publish(userId, { type: "thread.deleted", threadId });
}

/** The thread's messages, oldest first; 404 when the thread is not the user's. */
export async function listMessages({ db, userId, threadId }: Scope & { threadId: string }): Promise<ChatMessage[]> {
  await getOwnedThread({ db, userId, threadId });
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.threadId, threadId), eq(messages.userId, userId)))
    .orderBy(asc(messages.seq));
  return rows.map(toMessage);
}
