/**
 * Threads and their messages (SPEC.md §3, §4, §6, §7). Every query is scoped to the owner:
 * another user's thread — or an id that is not a thread id at all — is 404 NOT_FOUND, never 403.
 * Changes are published on the realtime bus so the user's other tabs see them at once.
 */
import { and, desc, eq, lt, type SQLWrapper, sql } from "drizzle-orm";
import type { ChatMessage } from "../../../contract/chat";
import type { Thread } from "../../../contract/threads";
import { type DbOrTx, rows as sqlRows } from "../../db/client";
import { messages, threads } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { RealtimeBus } from "../../realtime/bus";
import { track } from "../analytics/analytics.service";
import { ensureProfile } from "../account/profiles.service";
import { encodeMessageCursor, encodeThreadCursor, type ThreadCursor } from "./page-cursor";
import { isUuid } from "../../../domain/ids";

export type ThreadRow = typeof threads.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

export const threadNotFound = () => new AppError("NOT_FOUND", "This conversation does not exist or was deleted.");

export const toThread = (r: ThreadRow): Thread => ({
  id: r.id,
  title: r.title,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

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
  db: DbOrTx;
  userId: string;
}

/** ISO 8601 UTC text of a timestamptz: to milliseconds for the wire, to microseconds (`US`) for cursors — a millisecond cursor would skip rows created within the same millisecond. */
const iso = (col: SQLWrapper, fraction: "MS" | "US" = "MS") =>
  sql`to_char(${col} at time zone 'UTC', ${sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.${fraction}"Z"'`)})`;

/**
 * One page of the user's threads, newest first (SPEC.md §7: ordered by created_at descending; ties
 * by id), as the JSON text of `{threads: Thread[], nextCursor: string | null}` built by the database
 * in one row — the hot path of the app (see thread-list-cache.ts). Keyset pagination (decision
 * 044): `cursor` (a decoded `nextCursor`) starts the page right after that row; `limit` rows at
 * most; `nextCursor` is null when no older thread is left. Uses threads_user_created_id_idx.
 */
export async function listThreadsPageJson({
  db,
  userId,
  limit,
  cursor,
}: Scope & { limit: number; cursor?: ThreadCursor }): Promise<string> {
  const after = cursor
    ? sql`and (${threads.createdAt}, ${threads.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const [row] = await sqlRows<{ j: string; last: string | null; more: boolean }>(
    db,
    sql`
    with page as (
      select ${threads.id} as id, ${threads.title} as title, ${threads.createdAt} as created_at, ${threads.updatedAt} as updated_at,
        row_number() over (order by ${threads.createdAt} desc, ${threads.id} desc) as rn
      from ${threads} where ${threads.userId} = ${userId} ${after}
      order by ${threads.createdAt} desc, ${threads.id} desc
      limit ${limit + 1}
    )
    select coalesce(json_agg(json_build_object('id', id, 'title', title, 'createdAt', ${iso(sql`created_at`)}, 'updatedAt', ${iso(sql`updated_at`)}) order by rn)
        filter (where rn <= ${limit}), '[]')::text as j,
      max(case when rn = ${limit} then ${iso(sql`created_at`, "US")} || '/' || id::text end) as last,
      count(*) > ${limit} as more
    from page`,
  );
  const [createdAt, id] = row?.more && row.last ? row.last.split("/") : [];
  const nextCursor = createdAt && id ? encodeThreadCursor({ createdAt, id }) : null;
  return `{"threads":${row?.j ?? "[]"},"nextCursor":${JSON.stringify(nextCursor)}}`;
}

/** The thread if `userId` owns it; otherwise throws 404 NOT_FOUND. */
export async function getOwnedThread({ db, userId, threadId }: Scope & { threadId: string }): Promise<ThreadRow> {
  if (!isUuid(threadId)) throw threadNotFound();
  const [row] = await db
    .select()
    .from(threads)
    .where(and(eq(threads.id, threadId), eq(threads.userId, userId)));
  if (!row) throw threadNotFound();
  return row;
}

/**
 * Creates a thread (title default 'New Conversation') after ensuring the profile row exists
 * (SPEC.md §4). Records chat_thread_created and publishes `thread.created`.
 */
export async function createThread({
  db,
  bus,
  userId,
  title,
}: Scope & { bus: RealtimeBus; title?: string }): Promise<Thread> {
  await ensureProfile({ db, userId });
  const [row] = await db
    .insert(threads)
    .values({ userId, ...(title ? { title } : {}) })
    .returning();
  const thread = toThread(row);
  await track({ db, name: "chat_thread_created", userId, properties: { threadId: row.id } });
  await bus.publish(userId, { type: "thread.created", thread });
  return thread;
}

/** Renames an owned thread (the route has trimmed and checked the title); 404 otherwise. */
export async function renameThread({
  db,
  bus,
  userId,
  threadId,
  title,
  now,
}: Scope & { bus: RealtimeBus; threadId: string; title: string; now: Date }): Promise<Thread> {
  if (!isUuid(threadId)) throw threadNotFound();
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
export async function deleteThread({
  db,
  bus,
  userId,
  threadId,
}: Scope & { bus: RealtimeBus; threadId: string }): Promise<void> {
  if (!isUuid(threadId)) throw threadNotFound();
  const rows = await db
    .delete(threads)
    .where(and(eq(threads.id, threadId), eq(threads.userId, userId)))
    .returning({ id: threads.id });
  if (!rows.length) throw threadNotFound();
  await bus.publish(userId, { type: "thread.deleted", threadId });
}

/**
 * One page of an owned thread's messages (decision 044): the newest `limit` messages before
 * `beforeSeq` (all of them when absent), returned oldest first like the unpaginated list was;
 * `nextCursor` fetches the page before these, null when the thread has no older message. Order is
 * insertion order (`seq`, messages_thread_seq_idx), so equal timestamps never reorder a conversation.
 * 404 NOT_FOUND when the thread is not the user's.
 */
export async function listMessagesPage({
  db,
  userId,
  threadId,
  limit,
  beforeSeq,
}: Scope & { threadId: string; limit: number; beforeSeq?: number }): Promise<{
  messages: ChatMessage[];
  nextCursor: string | null;
  thread: Thread;
}> {
  const thread = await getOwnedThread({ db, userId, threadId });
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.threadId, threadId),
        eq(messages.userId, userId),
        beforeSeq === undefined ? undefined : lt(messages.seq, beforeSeq),
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit).reverse();
  const oldest = page[0];
  return {
    messages: page.map(toMessage),
    nextCursor: rows.length > limit && oldest?.seq ? encodeMessageCursor(oldest.seq) : null,
    thread: toThread(thread),
  };
}
