/**
 * Error logs (issue 2 §11, SPEC.md §3): `POST /api/errors {message, stack?, url?}` stores an
 * uncaught client error (202); server 5xx are stored by `recordError` from app.onError.
 * Client reports are rate limited so a crash loop cannot flood the table: 20 a minute per client
 * (user or IP), 300 a minute for all clients together; extra reports are dropped (still 202, the
 * client cannot do better). Server errors never count against that budget and are always stored.
 */
import { Hono } from "hono";
import { errorsApi } from "../../../contract/errors-log";
import { errorLogs } from "../../db/schema";
import type { AppDeps, AppEnv } from "../../lib/context";
import { handle } from "../../lib/route";
import { consumeRateLimit } from "../../lib/rate-limit";

export async function recordError(
  deps: Pick<AppDeps, "database" | "logger">,
  e: {
    message: string;
    stackTrace: string | null;
    userId: string | null;
    source: "server" | "client";
    url?: string | null;
    clientKey?: string;
  },
): Promise<boolean> {
  try {
    const db = deps.database.db;
    // Client reports: first each client's own budget, then the budget all clients share, so one
    // client cannot spend the others'. A server error is always stored (issue 12 item 10).
    if (e.source === "client") {
      if (e.clientKey) {
        const mine = await consumeRateLimit({ db, key: `errorlog:${e.clientKey}`, limit: 20, windowMs: 60_000 });
        if (!mine.allowed) return false;
      }
      const clients = await consumeRateLimit({ db, key: "errorlog:clients", limit: 300, windowMs: 60_000 });
      if (!clients.allowed) return false;
    }
    await db.insert(errorLogs).values({
      message: e.message.slice(0, 2000),
      stackTrace: e.stackTrace?.slice(0, 20_000) ?? null,
      userId: e.userId,
      source: e.source,
      url: e.url ?? null,
      investigated: false,
    });
    return true;
  } catch (err) {
    deps.logger.warn({ err }, "could not store error log");
    return false;
  }
}

export function errorRoutes() {
  const r = new Hono<AppEnv>();
  handle(r, errorsApi.report, async (c, { user, body: b }) => {
    const clientKey = user?.id ?? c.req.header("x-lexmate-client-ip") ?? "unknown";
    const stored = await recordError(c.get("deps"), {
      message: b.message,
      stackTrace: b.stack ?? null,
      userId: user?.id ?? null,
      source: "client",
      url: b.url,
      clientKey,
    });
    return { stored };
  });
  return r;
}
