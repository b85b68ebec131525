/**
 * `GET /api/realtime`: the signed-in user's change stream as server-sent events (SPEC.md §4, §7).
 * First frame `ready` (the client's "subscribed"), then one `change` frame per RealtimeChange
 * (thread.created | thread.updated | thread.deleted | message.created | usage.updated | resync),
 * and a comment heartbeat every 25 s. Only the user's own changes are ever sent.
 *
 * Cap (issue 12 item 15): at most REALTIME_STREAMS_PER_USER open streams per user per process. One
 * more is refused with 429 RATE_LIMITED and `Retry-After: 30` (s); open streams are never closed to
 * make room, since a closed tab's EventSource would reconnect and close another, round and round.
 * The refused client falls back to polling (src/web/features/chat/use-realtime.ts). A stream counts
 * from the moment it is accepted until its client goes away (abort) or the stream is cancelled.
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../../lib/context";
import { chatApi } from "../../../contract/threads";
import { AppError } from "../../lib/errors";
import { handle } from "../../lib/route";
import { sseChannel } from "../../lib/sse";

const READY_TIMEOUT_MS = 5000;
/** Open realtime streams one user may hold on one process (issue 12 item 15): a few tabs and devices. */
export const REALTIME_STREAMS_PER_USER = 8;
/** Seconds a refused client is asked to wait before trying again. */
const REFUSED_RETRY_AFTER_S = 30;

export function realtimeRoutes() {
  const r = new Hono<AppEnv>();
  /** Open streams per user id on this process. */
  const open = new Map<string, number>();
  const release = (userId: string) => {
    const n = (open.get(userId) ?? 1) - 1;
    if (n <= 0) open.delete(userId);
    else open.set(userId, n);
  };
  handle(r, chatApi.realtime, async (c, { user }) => {
    if ((open.get(user.id) ?? 0) >= REALTIME_STREAMS_PER_USER)
      throw new AppError(
        "RATE_LIMITED",
        `Too many live-update connections (at most ${REALTIME_STREAMS_PER_USER}). Close another tab or wait ${REFUSED_RETRY_AFTER_S} seconds.`,
        { retryAfterSeconds: REFUSED_RETRY_AFTER_S },
        { "Retry-After": String(REFUSED_RETRY_AFTER_S) },
      );
    open.set(user.id, (open.get(user.id) ?? 0) + 1);
    try {
      return await stream(c, user.id);
    } catch (e) {
      release(user.id);
      throw e;
    }
  });

  /** The stream; its teardown releases the user's slot. */
  async function stream(c: Context<AppEnv>, userId: string): Promise<Response> {
    const bus = c.get("deps").realtime;
    // PostgreSQL: wait (briefly) for this process's LISTEN connection; the client backs off on a 503.
    let timer: NodeJS.Timeout | undefined;
    const ready = await Promise.race([
      bus.ready().then(() => true),
      new Promise<boolean>((r) => (timer = setTimeout(() => r(false), READY_TIMEOUT_MS))),
    ]);
    clearTimeout(timer);
    if (!ready) throw new AppError("UNAVAILABLE", "Live updates are unavailable right now; retrying.");
    return sseChannel({
      signal: c.req.raw.signal,
      setup: (send) => {
        const off = bus.subscribe(userId, (change) => send("change", change));
        send("ready", { userId, bus: bus.kind });
        return () => {
          off();
          release(userId);
        };
      },
    });
  }
  return r;
}
