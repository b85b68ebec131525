/**
 * Sending a message to the companion (issue 4 §1, §4, §5, §7), in two phases so that refusals are
 * ordinary HTTP errors and everything after is a stream:
 *
 * 1. `startMessage` / `startRetry` (one transaction): check the thread is the user's (404), take one
 *    message from the month (429 MESSAGE_LIMIT_REACHED), store the user's message — before any answer
 *    exists, so it is never lost — and give a fresh thread its short title from the first question.
 * 2. `answerMessage`: runs the answer engine and yields `SendEvent`s. A complete answer is stored with
 *    status 'complete'. A provider failure (AppError LLM_*) or any other failure stores an
 *    'error' row holding whatever arrived (never 'complete'), gives the message back to the month, and
 *    yields one `error` event with a clear message; the student retries with `startRetry`. A student
 *    who stops the answer (request aborted) gets an 'error' row with code STOPPED and no refund.
 */
import { and, desc, eq, ne } from "drizzle-orm";
import type { Logger } from "pino";
import type { ChatMessage, Citation } from "../../../contract/chat";
import {
  ANSWER_FAILURE_MESSAGES as FAILURE_MESSAGES,
  type SendEvent,
  type Thread,
  type Usage,
} from "../../../contract/threads";
import type { TierName } from "../../../domain/plans";
import { DEFAULT_THREAD_TITLE, titleFromQuestion } from "../../../domain/threads";
import type { AnswerEngine } from "../../ai/types";
import type { Db, DbOrTx } from "../../db/client";
import { messages, threads } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { RealtimeBus } from "../../realtime/bus";
import { track } from "../analytics/analytics.service";
import { ensureProfile } from "../account/profiles.service";
import { consumeMessage, getUsage, refundMessage } from "./quota.service";
import { getOwnedThread, type MessageRow, threadNotFound, toMessage, toThread } from "./threads.service";

/** Earlier turns handed to the engine (it trims them further to its token budget). */
export const HISTORY_TURNS = 20;

export interface SendDeps {
  db: Db;
  bus: RealtimeBus;
  engine: AnswerEngine;
  logger: Logger;
  now: () => Date;
}

export interface Started {
  thread: Thread;
  userMessage: ChatMessage;
  usage: Usage;
  history: { role: "user" | "assistant"; content: string }[];
  periodStart: Date;
  userId: string;
  tier: TierName;
}

async function historyBefore({
  db,
  threadId,
  before,
}: {
  db: DbOrTx;
  threadId: string;
  before: MessageRow;
}): Promise<Started["history"]> {
  const rows = await db
    .select({ id: messages.id, role: messages.role, content: messages.content, status: messages.status })
    .from(messages)
    .where(and(eq(messages.threadId, threadId), ne(messages.id, before.id)))
    .orderBy(desc(messages.seq))
    .limit(HISTORY_TURNS * 2);
  return rows
    .filter((r) => r.status === "complete" && r.content.trim())
    .slice(0, HISTORY_TURNS)
    .reverse()
    .map((r) => ({ role: r.role, content: r.content }));
}

/** Phase 1 for a new question. Throws 404 NOT_FOUND, 429 MESSAGE_LIMIT_REACHED. */
export async function startMessage(
  deps: SendDeps,
  opts: { userId: string; tier: TierName; threadId: string; content: string },
): Promise<Started> {
  const { db, bus } = deps;
  const now = deps.now();
  await getOwnedThread({ db, userId: opts.userId, threadId: opts.threadId });
  await ensureProfile({ db, userId: opts.userId });
  const result = await db.transaction(async (tx) => {
    // Lock the thread row: sends to one thread are ordered, and a concurrent delete waits or wins.
    const [thread] = await tx
      .select()
      .from(threads)
      .where(and(eq(threads.id, opts.threadId), eq(threads.userId, opts.userId)))
      .for("update");
    if (!thread) throw threadNotFound();
    const { periodStart } = await consumeMessage({ db: tx, userId: opts.userId, tier: opts.tier, now });
    const [prior] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.threadId, thread.id))
      .limit(1);
    const [userRow] = await tx
      .insert(messages)
      .values({ threadId: thread.id, userId: opts.userId, role: "user", content: opts.content, createdAt: now })
      .returning();
    let updated = thread;
    if (!prior && thread.title === DEFAULT_THREAD_TITLE) {
      [updated] = await tx
        .update(threads)
        .set({ title: titleFromQuestion(opts.content), updatedAt: now })
        .where(eq(threads.id, thread.id))
        .returning();
    }
    return { thread: updated, titled: updated !== thread, userRow, periodStart };
  });
  const thread = toThread(result.thread);
  if (result.titled) await bus.publish(opts.userId, { type: "thread.updated", thread });
  await bus.publish(opts.userId, {
    type: "message.created",
    threadId: thread.id,
    messageId: result.userRow.id,
    role: "user",
  });
  await track({
    db,
    name: "chat_message_sent",
    userId: opts.userId,
    properties: { threadId: thread.id, chars: opts.content.length },
  });
  const usage = await getUsage({ db, userId: opts.userId, tier: opts.tier, now });
  await bus.publish(opts.userId, { type: "usage.updated", count: usage.count });
  return {
    thread,
    userMessage: toMessage(result.userRow),
    usage,
    history: await historyBefore({ db, threadId: thread.id, before: result.userRow }),
    periodStart: result.periodStart,
    userId: opts.userId,
    tier: opts.tier,
  };
}

/**
 * Phase 1 for "Retry": answers the thread's last question again when its answer failed or is
 * missing (the failed answer row is removed). Throws 404, 409 CONFLICT when the last answer is
 * complete, 429 MESSAGE_LIMIT_REACHED.
 */
export async function startRetry(
  deps: SendDeps,
  opts: { userId: string; tier: TierName; threadId: string },
): Promise<Started> {
  const { db, bus } = deps;
  const now = deps.now();
  await getOwnedThread({ db, userId: opts.userId, threadId: opts.threadId });
  const result = await db.transaction(async (tx) => {
    const [thread] = await tx
      .select()
      .from(threads)
      .where(and(eq(threads.id, opts.threadId), eq(threads.userId, opts.userId)))
      .for("update");
    if (!thread) throw threadNotFound();
    const last = await tx
      .select()
      .from(messages)
      .where(eq(messages.threadId, thread.id))
      .orderBy(desc(messages.seq))
      .limit(2);
    const [a, b] = last;
    let question: MessageRow | undefined;
    if (a?.role === "user") question = a;
    else if (a?.role === "assistant" && a.status === "error" && b?.role === "user") question = b;
    if (!question) throw new AppError("CONFLICT", "There is no unanswered question to retry in this conversation.");
    const { periodStart } = await consumeMessage({ db: tx, userId: opts.userId, tier: opts.tier, now });
    if (a.role === "assistant") await tx.delete(messages).where(eq(messages.id, a.id));
    return { thread, question, periodStart };
  });
  await track({
    db,
    name: "chat_message_sent",
    userId: opts.userId,
    properties: { threadId: result.thread.id, retry: true },
  });
  const usage = await getUsage({ db, userId: opts.userId, tier: opts.tier, now });
  await bus.publish(opts.userId, { type: "usage.updated", count: usage.count });
  return {
    thread: toThread(result.thread),
    userMessage: toMessage(result.question),
    usage,
    history: await historyBefore({ db, threadId: result.thread.id, before: result.question }),
    periodStart: result.periodStart,
    userId: opts.userId,
    tier: opts.tier,
  };
}

/** Phase 2: streams the answer; never throws (failures end in one `error` event). */
export async function* answerMessage(
  deps: SendDeps,
  started: Started,
  signal?: AbortSignal,
): AsyncGenerator<SendEvent> {
  const { db, bus, engine, logger } = deps;
  const { userId, thread } = started;
  const t0 = performance.now();
  let partial = "";
  let citations: Citation[] = [];
  const store = async (values: Partial<typeof messages.$inferInsert>) => {
    const [row] = await db
      .insert(messages)
      .values({
        threadId: thread.id,
        userId,
        role: "assistant",
        content: partial,
        citations,
        createdAt: deps.now(),
        ...values,
      })
      .returning();
    await bus.publish(userId, { type: "message.created", threadId: thread.id, messageId: row.id, role: "assistant" });
    return toMessage(row);
  };
  try {
    for await (const ev of engine.answer({
      userId,
      question: started.userMessage.content,
      history: started.history,
      signal,
    })) {
      if (signal?.aborted) break;
      if (ev.type === "sources") {
        citations = ev.citations;
        yield { event: "sources", data: { citations } };
      } else if (ev.type === "delta") {
        partial += ev.text;
        yield { event: "delta", data: { text: ev.text } };
      } else if (ev.type === "done") {
        const message = await store({
          content: ev.content,
          citations: ev.citations,
          declined: ev.declined,
          unverified: ev.unverified,
          status: "complete",
        });
        await track({
          db,
          name: "chat_response_received",
          userId,
          properties: {
            threadId: thread.id,
            declined: ev.declined,
            citations: ev.citations.length,
            ms: Math.round(performance.now() - t0),
            ...(ev.kind ? { kind: ev.kind } : {}),
            ...(ev.invalidMarkers?.length ? { invalidMarkers: ev.invalidMarkers.length } : {}),
          },
        });
        yield { event: "done", data: { message, usage: started.usage } };
        return;
      }
    }
    if (signal?.aborted) {
      await store({ status: "error", errorCode: "STOPPED" });
      return;
    }
    throw new AppError("LLM_INTERRUPTED", FAILURE_MESSAGES.LLM_INTERRUPTED);
  } catch (err) {
    if (signal?.aborted) {
      await store({ status: "error", errorCode: "STOPPED" }).catch((e) =>
        logger.warn({ err: e }, "could not store a stopped answer"),
      );
      return;
    }
    const code = err instanceof AppError && err.code.startsWith("LLM_") ? err.code : "INTERNAL";
    if (code === "INTERNAL") logger.error({ err, threadId: thread.id }, "answer engine failed");
    else logger.warn({ code, threadId: thread.id, msg: (err as Error).message }, "LLM provider failed");
    const message = FAILURE_MESSAGES[code];
    let stored: ChatMessage | null = null;
    let usage: Usage | null = null;
    try {
      stored = await store({ status: "error", errorCode: code });
      await refundMessage({ db, userId, periodStart: started.periodStart });
      usage = await getUsage({ db, userId, tier: started.tier, now: deps.now() });
      await bus.publish(userId, { type: "usage.updated", count: usage.count });
    } catch (storeErr) {
      logger.error({ err: storeErr }, "could not record a failed answer");
    }
    yield { event: "error", data: { error: { code, message }, message: stored, usage } };
  }
}
