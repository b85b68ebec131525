/**
 * The study companion's HTTP surface (DESIGN.md §5; SPEC.md §4, §6, §7). All routes need a
 * session (401 UNAUTHENTICATED); another user's thread is 404 NOT_FOUND on every route.
 *   GET    /api/threads?limit=&cursor=      {threads:[{id,title,createdAt,updatedAt}], nextCursor} newest first,
 *                                           one page (default 50, at most 100; decision 044); bad limit/cursor → 400
 *   POST   /api/threads {title?}            201 {thread}; ensures the profile row first
 *   PATCH  /api/threads/:id {title}         {thread}; title trimmed, 1–120 characters
 *   DELETE /api/threads/:id                 204
 *   GET    /api/threads/:id/messages?limit=&cursor=
 *                                           {messages:[ChatMessage], nextCursor, thread}: the newest page first, each
 *                                           page oldest first; nextCursor fetches older messages
 *   POST   /api/threads/:id/messages {content}
 *          text/event-stream (default): start, sources, delta…, then done or error (see SendEvent)
 *          Accept: application/json: 200 {message, userMessage, thread, usage} once complete;
 *          a provider failure is its LLM_* status (502/503/504) with the stored user message in details
 *          429 MESSAGE_LIMIT_REACHED when the month's free messages are used up
 *   POST   /api/threads/:id/retry           answers the last unanswered question again (same shapes); 409 when none
 *   GET    /api/usage                       this month's count, limit, percent (SPEC.md §2.4 statistics)
 */
import type { Context } from "hono";
import { Hono } from "hono";
import {
  createThreadBody,
  MAX_PAGE_SIZE,
  MESSAGE_PAGE_SIZE,
  messageListSchema,
  pageQuery,
  renameThreadBody,
  type SendEvent,
  sendMessageBody,
  THREAD_PAGE_SIZE,
  threadListSchema,
  usageSchema,
} from "../../../contract/threads";
import type { AppDeps, AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { nowOf, parseBody, parseQuery, requireUser } from "../../lib/http";
import { documentRoute } from "../../lib/openapi";
import { sseResponse } from "../../lib/sse";
import { getSubscriptionSummary } from "../../services/subscriptions";
import { getUsage } from "./quota.service";
import { answerMessage, type SendDeps, type Started, startMessage, startRetry } from "./send.service";
import { ThreadListCache } from "./thread-list-cache";
import { decodeMessageCursor, decodeThreadCursor } from "./page-cursor";
import { createThread, deleteThread, listMessagesPage, listThreadsPageJson, renameThread } from "./threads.service";

const wantsJson = (c: Context<AppEnv>) => {
  const accept = c.req.header("accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/event-stream");
};

function sendDeps(c: Context<AppEnv>): SendDeps {
  const deps = c.get("deps");
  return { db: deps.database.db, bus: deps.realtime, engine: deps.engine, logger: deps.logger, now: () => nowOf(c) };
}

async function tierOf(c: Context<AppEnv>, userId: string) {
  return (await getSubscriptionSummary(c.get("deps").database.db, userId, nowOf(c))).tierName;
}

/** Phase 2 as SSE, or collected into one JSON body. */
async function respond(c: Context<AppEnv>, started: Started): Promise<Response> {
  const deps = sendDeps(c);
  const signal = c.req.raw.signal;
  if (!wantsJson(c)) {
    async function* events(): AsyncGenerator<SendEvent> {
      yield {
        event: "start",
        data: { thread: started.thread, userMessage: started.userMessage, usage: started.usage },
      };
      yield* answerMessage(deps, started, signal);
    }
    return sseResponse(events());
  }
  for await (const ev of answerMessage(deps, started, signal)) {
    if (ev.event === "done") {
      return c.json({
        message: ev.data.message,
        userMessage: started.userMessage,
        thread: started.thread,
        usage: ev.data.usage,
      });
    }
    if (ev.event === "error") {
      const code = ev.data.error.code as "INTERNAL";
      throw new AppError(code, ev.data.error.message, {
        userMessage: started.userMessage,
        message: ev.data.message,
        retry: `/api/threads/${started.thread.id}/retry`,
      });
    }
  }
  // Only reached when the client went away mid-answer: nobody reads this.
  return c.body(null, 204);
}

/**
 * `deps.realtime` feeds the per-process thread-list cache: any thread change heard on the bus (from
 * this process or, on PostgreSQL, another one) invalidates that user's cached list.
 */
export function chatRoutes(deps: Pick<AppDeps, "realtime">) {
  const r = new Hono<AppEnv>();
  const db = (c: Context<AppEnv>) => c.get("deps").database.db;
  const bus = (c: Context<AppEnv>) => c.get("deps").realtime;
  const lists = new ThreadListCache();
  deps.realtime.tap((userId, change) => {
    if (userId === null) lists.clear();
    else if (change.type.startsWith("thread.") || change.type === "resync") lists.invalidate(userId);
  });
  /** Runs a write for `userId` and drops the user's cached list (before and after, so no reader stores a stale list in between). */
  const writing = async <T>(userId: string, fn: () => Promise<T>): Promise<T> => {
    lists.invalidate(userId);
    try {
      return await fn();
    } finally {
      lists.invalidate(userId);
    }
  };

  documentRoute({
    method: "get",
    path: "/api/threads",
    summary: `The signed-in user's threads, newest first, one page at a time: limit 1–${MAX_PAGE_SIZE} (default ${THREAD_PAGE_SIZE}); cursor = the previous page's nextCursor (null on the last page).`,
    tags: ["chat"],
    auth: true,
    query: pageQuery,
    responses: {
      200: { description: "threads", schema: threadListSchema },
      400: { description: "VALIDATION_FAILED: a bad limit or cursor" },
    },
  });
  r.get("/threads", async (c) => {
    const user = requireUser(c);
    const q = parseQuery(c, pageQuery);
    const cursor = q.cursor === undefined ? undefined : decodeThreadCursor(q.cursor);
    const limit = q.limit ?? THREAD_PAGE_SIZE;
    // Only the first page of the default size is cached (decision 016): every change invalidates it.
    const cacheable = !cursor && limit === THREAD_PAGE_SIZE;
    const now = Date.now();
    let json = cacheable ? lists.get(user.id, now) : null;
    if (json === null) {
      const generation = lists.generation(user.id);
      json = await listThreadsPageJson({ db: db(c), userId: user.id, limit, cursor });
      if (cacheable && bus(c).listening()) lists.set(user.id, json, generation, now);
    }
    return c.body(json, 200, { "content-type": "application/json; charset=UTF-8" });
  });

  documentRoute({
    method: "post",
    path: "/api/threads",
    summary: "Create a thread (title default 'New Conversation'); ensures the profile row first.",
    tags: ["chat"],
    auth: true,
    body: createThreadBody,
    responses: { 201: { description: "thread" } },
  });
  r.post("/threads", async (c) => {
    const user = requireUser(c);
    // The body is optional: an empty POST creates a thread with the default title.
    const body = (await c.req.text()).trim() ? await parseBody(c, createThreadBody) : {};
    const thread = await writing(user.id, () =>
      createThread({ db: db(c), bus: bus(c), userId: user.id, title: body.title }),
    );
    return c.json({ thread }, 201);
  });

  documentRoute({
    method: "patch",
    path: "/api/threads/:id",
    summary: "Rename a thread (trimmed, 1–120 characters).",
    tags: ["chat"],
    auth: true,
    body: renameThreadBody,
    responses: { 200: { description: "thread" }, 404: { description: "not the user's thread" } },
  });
  r.patch("/threads/:id", async (c) => {
    const user = requireUser(c);
    const { title } = await parseBody(c, renameThreadBody);
    const thread = await writing(user.id, () =>
      renameThread({
        db: db(c),
        bus: bus(c),
        userId: user.id,
        threadId: c.req.param("id"),
        title: title.replace(/\s+/g, " "),
        now: nowOf(c),
      }),
    );
    return c.json({ thread });
  });

  documentRoute({
    method: "delete",
    path: "/api/threads/:id",
    summary: "Delete a thread and its messages.",
    tags: ["chat"],
    auth: true,
    responses: { 204: { description: "deleted" }, 404: { description: "not the user's thread" } },
  });
  r.delete("/threads/:id", async (c) => {
    const user = requireUser(c);
    await writing(user.id, () =>
      deleteThread({ db: db(c), bus: bus(c), userId: user.id, threadId: c.req.param("id") }),
    );
    return c.body(null, 204);
  });

  documentRoute({
    method: "get",
    path: "/api/threads/:id/messages",
    summary: `A thread's messages, the newest page first, each page oldest first: limit 1–${MAX_PAGE_SIZE} (default ${MESSAGE_PAGE_SIZE}); cursor = the previous page's nextCursor (older messages; null when none are left). Also returns the thread.`,
    tags: ["chat"],
    auth: true,
    query: pageQuery,
    responses: {
      200: { description: "messages", schema: messageListSchema },
      400: { description: "VALIDATION_FAILED: a bad limit or cursor" },
      404: { description: "not the user's thread" },
    },
  });
  r.get("/threads/:id/messages", async (c) => {
    const user = requireUser(c);
    const q = parseQuery(c, pageQuery);
    const beforeSeq = q.cursor === undefined ? undefined : decodeMessageCursor(q.cursor);
    return c.json(
      await listMessagesPage({
        db: db(c),
        userId: user.id,
        threadId: c.req.param("id"),
        limit: q.limit ?? MESSAGE_PAGE_SIZE,
        beforeSeq,
      }),
    );
  });

  documentRoute({
    method: "post",
    path: "/api/threads/:id/messages",
    summary:
      "Ask the companion. text/event-stream by default (events start, sources, delta, done | error); Accept: application/json returns {message:{id,role,content,declined,citations}} once complete.",
    tags: ["chat"],
    auth: true,
    body: sendMessageBody,
    responses: {
      200: { description: "answer stream or answer" },
      404: { description: "not the user's thread" },
      429: { description: "MESSAGE_LIMIT_REACHED" },
      502: { description: "LLM_* provider failure (JSON mode)" },
    },
  });
  r.post("/threads/:id/messages", async (c) => {
    const user = requireUser(c);
    const { content } = await parseBody(c, sendMessageBody);
    const tier = await tierOf(c, user.id);
    // The first question retitles the thread.
    const started = await writing(user.id, () =>
      startMessage(sendDeps(c), { userId: user.id, tier, threadId: c.req.param("id"), content }),
    );
    return respond(c, started);
  });

  documentRoute({
    method: "post",
    path: "/api/threads/:id/retry",
    summary:
      "Answer the thread's last question again after a failed or stopped answer (same response shapes as sending).",
    tags: ["chat"],
    auth: true,
    responses: {
      200: { description: "answer stream or answer" },
      404: { description: "not the user's thread" },
      409: { description: "nothing to retry" },
      429: { description: "MESSAGE_LIMIT_REACHED" },
    },
  });
  r.post("/threads/:id/retry", async (c) => {
    const user = requireUser(c);
    const tier = await tierOf(c, user.id);
    const started = await startRetry(sendDeps(c), { userId: user.id, tier, threadId: c.req.param("id") });
    return respond(c, started);
  });

  documentRoute({
    method: "get",
    path: "/api/usage",
    summary: "This month's message usage: count, limit (null = unlimited), rounded percent capped at 100.",
    tags: ["chat"],
    auth: true,
    responses: { 200: { description: "usage", schema: usageSchema } },
  });
  r.get("/usage", async (c) => {
    const user = requireUser(c);
    const tier = await tierOf(c, user.id);
    return c.json(await getUsage(db(c), { userId: user.id, tier, now: nowOf(c) }));
  });

  return r;
}
