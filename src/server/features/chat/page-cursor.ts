/**
 * Opaque keyset cursors of the thread list and a thread's messages (decision 044). A cursor holds
 * the sort key of the last row a page returned, so the next page starts right after it whatever
 * was inserted or deleted in between (no OFFSET):
 *   thread list  "t:<created_at, UTC, microseconds>/<id>"  → rows with (created_at, id) below it
 *   messages     "m:<seq>"                                  → rows with seq below it (older)
 * encoded as base64url. A cursor that does not decode to its own kind is 400 VALIDATION_FAILED
 * naming `cursor` — never a database error. A cursor carries no user: the queries it feeds are
 * scoped to the signed-in owner, so a cursor copied from elsewhere only positions within one's own rows.
 */
import { AppError } from "../../lib/errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_US = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.(\d{6})Z$/;

const invalid = () =>
  new AppError("VALIDATION_FAILED", "cursor: not a cursor of this list (use the nextCursor of the previous page)", {
    issues: [{ path: "cursor", message: "invalid cursor" }],
  });

const decode = (cursor: string, kind: "t" | "m"): string => {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8") : "";
  if (!text.startsWith(`${kind}:`)) throw invalid();
  return text.slice(2);
};

/** Position after a thread: `createdAt` is the row's created_at as "YYYY-MM-DDTHH:MM:SS.ffffffZ" (UTC, microseconds, as PostgreSQL stores it). */
export interface ThreadCursor {
  createdAt: string;
  id: string;
}

export const encodeThreadCursor = (c: ThreadCursor): string =>
  Buffer.from(`t:${c.createdAt}/${c.id}`, "utf8").toString("base64url");

/** The thread-list position in `cursor`; 400 VALIDATION_FAILED when it is not one (or names an impossible time). */
export function decodeThreadCursor(cursor: string): ThreadCursor {
  const [createdAt = "", id = "", ...rest] = decode(cursor, "t").split("/");
  const m = ISO_US.exec(createdAt);
  if (rest.length || !m || !UUID.test(id)) throw invalid();
  // A calendar-impossible time ("02-30") would be a database error: it must round-trip.
  const ms = Date.parse(`${m[1]}.${m[2].slice(0, 3)}Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString() !== `${m[1]}.${m[2].slice(0, 3)}Z`) throw invalid();
  // PostgreSQL has no year 0 (and no thread predates 1970): such a time would be a database error.
  if (ms < 0) throw invalid();
  return { createdAt, id };
}

export const encodeMessageCursor = (seq: number): string => Buffer.from(`m:${seq}`, "utf8").toString("base64url");

/** The message `seq` in `cursor` (the page holds messages before it); 400 VALIDATION_FAILED when it is not one. */
export function decodeMessageCursor(cursor: string): number {
  const raw = decode(cursor, "m");
  const seq = Number(raw);
  if (!/^[1-9]\d{0,15}$/.test(raw) || !Number.isSafeInteger(seq)) throw invalid();
  return seq;
}
