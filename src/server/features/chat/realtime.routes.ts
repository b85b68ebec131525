/**
 * `GET /api/realtime`: the signed-in user's change stream as server-sent events (SPEC.md §4, §7).
 * First frame `ready` (the client's "subscribed"), then one `change` frame per RealtimeChange
 * (thread.created | thread.updated | thread.deleted | message.created | usage.updated | resync),
 * and a comment heartbeat every 25 s. Only the user's own changes are ever sent.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../lib/context";
import { chatApi } from "../../../contract/threads";
import { AppError } from "../../lib/errors";
import { handle } from "../../lib/route";
import { sseChannel } from "../../lib/sse";

const READY_TIMEOUT_MS = 5000;

export function realtimeRoutes() {
  const r = new Hono<AppEnv>();
  handle(r, chatApi.realtime, async (c, { user }) => {
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
        const off = bus.subscribe(user.id, (change) => send("change", change));
        send("ready", { userId: user.id, bus: bus.kind });
        return off;
      },
    });
  });
  return r;
}
