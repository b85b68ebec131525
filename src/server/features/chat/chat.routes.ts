/**
 * The study companion's HTTP surface (DESIGN.md §5; SPEC.md §4, §6, §7), declared in
 * src/contract/threads.ts (`chatApi`). All routes need a
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
import type { ErrorCode } from "../../../contract/errors";
import {
  chatApi,
  createThreadBody,
  MESSAGE_PAGE_SIZE,
  type SendEvent,
  THREAD_PAGE_SIZE,
} from "../../../contract/threads";
import type { AppDeps, AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { nowOf, parseBody } from "../../lib/http";
import { handle, withStatus } from "../../lib/route";
import { sseResponse } from "../../lib/sse";
import { entitlementsOf } from "../billing/entitlements";
import { decodeMessageCursor, decodeThreadCursor } from "./page-cursor";
import { getUsage } from "./quota.service";
import { answerMessage, type SendDeps, type Started, startMessage, startRetry } from "./send.service";
import { ThreadListCache } from "./thread-list-cache";
import { createThread, deleteThread, listMessagesPage, listThreadsPageJson, renameThread } from "./threads.service";

const wantsJson = (c: Context<AppEnv>) => {
  const accept = c.req.header("accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/event-stream");
};

function sendDeps(c: Context<AppEnv>): SendDeps {
  const deps = c.get("deps");
  return { db: deps.database.db, bus: deps.realtime, engine: deps.engine, logger: deps.logger, now: () => nowOf(c) };
}

/** Phase 2 as SSE, or collected into one JSON body. */
async function respond(c: Context<AppEnv>, started: Started) {
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
      return {
        message: ev.data.message,
        userMessage: started.userMessage,
        thread: started.thread,
        usage: ev.data.usage,
      };
    }
    if (ev.event === "error") {
      throw new AppError(ev.data.error.code as ErrorCode, ev.data.error.message, {
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

  handle(r, chatApi.listThreads, async (c, { user, query: q }) => {
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
    // Already serialized (and cached as text): answered as is.
    return c.body(json, 200, { "content-type": "application/json; charset=UTF-8" });
  });

  handle(r, chatApi.createThread, async (c, { user }) => {
    // The body is optional: an empty POST creates a thread with the default title.
    const body = (await c.req.text()).trim() ? await parseBody(c, createThreadBody) : {};
    const thread = await writing(user.id, () =>
      createThread({ db: db(c), bus: bus(c), userId: user.id, title: body.title }),
    );
    return withStatus(201, { thread });
  });

  handle(r, chatApi.renameThread, async (c, { user, params, body: { title } }) => {
    const thread = await writing(user.id, () =>
      renameThread({
        db: db(c),
        bus: bus(c),
        userId: user.id,
        threadId: params.id,
        title: title.replace(/\s+/g, " "),
        now: nowOf(c),
      }),
    );
    return { thread };
  });

  handle(r, chatApi.deleteThread, async (c, { user, params }) => {
    await writing(user.id, () => deleteThread({ db: db(c), bus: bus(c), userId: user.id, threadId: params.id }));
    return c.body(null, 204);
  });

  handle(r, chatApi.listMessages, async (c, { user, params, query: q }) => {
    const beforeSeq = q.cursor === undefined ? undefined : decodeMessageCursor(q.cursor);
    return listMessagesPage({
      db: db(c),
      userId: user.id,
      threadId: params.id,
      limit: q.limit ?? MESSAGE_PAGE_SIZE,
      beforeSeq,
    });
  });

  handle(r, chatApi.sendMessage, async (c, { user, params, body: { content } }) => {
    const tier = await entitlementsOf(c).tier();
    // The first question retitles the thread.
    const started = await writing(user.id, () =>
      startMessage(sendDeps(c), { userId: user.id, tier, threadId: params.id, content }),
    );
    return respond(c, started);
  });

  handle(r, chatApi.retry, async (c, { user, params }) => {
    const tier = await entitlementsOf(c).tier();
    const started = await startRetry(sendDeps(c), { userId: user.id, tier, threadId: params.id });
    return respond(c, started);
  });

  handle(r, chatApi.usage, async (c, { user }) => {
    const tier = await entitlementsOf(c).tier();
    return getUsage({ db: db(c), userId: user.id, tier, now: nowOf(c) });
  });

  return r;
}
