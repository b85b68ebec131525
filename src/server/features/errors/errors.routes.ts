/**
 * Error logs (issue 2 §11, SPEC.md §3): `POST /api/errors {message, stack?, url?}` stores an
 * uncaught client error (202); server 5xx are stored by `recordError` from app.onError.
 * Rate limited so a crash loop cannot flood the table: 20 a minute per client (user or IP),
 * 300 a minute in all; extra reports are dropped (still 202, the client cannot do better).
 */
import { Hono } from "hono";
import { errorsApi } from "../../../contract/errors-log";
import { errorLogs } from "../../db/schema";
import type { AppDeps, AppEnv } from "../../lib/context";
import { handle } from "../../lib/route";
import { consumeRateLimit } from "../../lib/rate-limit";

export async function recordError(
  deps: AppDeps,
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
    const global = await consumeRateLimit(db, { key: "errorlog:all", limit: 300, windowMs: 60_000 });
    if (!global.allowed) return false;
    if (e.clientKey) {
      const mine = await consumeRateLimit(db, { key: `errorlog:${e.clientKey}`, limit: 20, windowMs: 60_000 });
      if (!mine.allowed) return false;
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
