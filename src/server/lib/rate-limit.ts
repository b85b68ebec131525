/**
 * Fixed-window counters in the database (table `rate_limits`), so limits hold across app
 * processes. `consume` adds one hit and tells whether it is within `limit` per `windowMs`.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { rateLimits } from "../db/schema";

export interface RateResult {
  allowed: boolean;
  count: number;
  /** Milliseconds until the window resets. */
  retryAfterMs: number;
}

export async function consumeRateLimit(opts: {
  db: DbOrTx;
  key: string;
  limit: number;
  windowMs: number;
  now?: Date;
}): Promise<RateResult> {
  const { db } = opts;
  const now = opts.now ?? new Date();
  const cutoff = new Date(now.getTime() - opts.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: opts.key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${cutoff.toISOString()}::timestamptz THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${cutoff.toISOString()}::timestamptz THEN ${now.toISOString()}::timestamptz ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning();
  const retryAfterMs = Math.max(0, new Date(row.windowStart).getTime() + opts.windowMs - now.getTime());
  return { allowed: row.count <= opts.limit, count: row.count, retryAfterMs };
}
