/**
 * The error log (SPEC.md §3 error_logs; issue 2 §11, issue 12 item 10). Client reports are rate
 * limited so a crash loop cannot flood the table: 20 a minute per client (user or IP), then 300 a
 * minute for all clients together; extra reports are dropped. Server errors never count against
 * that budget and are always stored.
 */
import { errorLogs } from "../../db/schema";
import type { AppDeps } from "../../lib/context";
import { consumeRateLimit } from "../../lib/rate-limit";

/**
 * Stores one error (message ≤ 2,000 characters, stack ≤ 20,000). Returns false when a client
 * report was dropped over its budget or the insert failed (logged as a warning; never throws).
 */
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
