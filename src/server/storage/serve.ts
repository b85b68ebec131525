/**
 * Serving a stored object over HTTP with byte ranges (RFC 9110 §14), for any route that hands
 * out files: `return serveObject(c, storage, key)` from a GET handler (Hono answers HEAD
 * through GET handlers). Headers the route set before (`c.header("Content-Disposition", …)`,
 * `Cache-Control`) are kept.
 */
import { Readable } from "node:stream";
import type { Context } from "hono";
import { AppError } from "../lib/errors";
import type { ByteRange, Storage } from "./types";

/** Result of reading a `Range` header against an object of known size. */
export type RangeRequest = { kind: "none" } | { kind: "range"; range: ByteRange } | { kind: "unsatisfiable" };

/**
 * Interprets a `Range` header for an object of `size` bytes. Only one `bytes=` range is served:
 * `s-e` (end clamped to the last byte), `s-`, and `-n` (the last n bytes). Several ranges, other
 * units and malformed values are ignored, which RFC 9110 §14.2 allows (the whole object is sent).
 * A range starting at or past the end, `-0`, or any range of an empty object is unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  const m = header ? /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header) : null;
  if (!m || (m[1] === "" && m[2] === "")) return { kind: "none" };
  if (m[1] === "") {
    const n = Number(m[2]);
    if (n === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "range", range: { start: Math.max(0, size - n), end: size - 1 } };
  }
  const start = Number(m[1]);
  const last = m[2] === "" ? Number.POSITIVE_INFINITY : Number(m[2]);
  if (!Number.isSafeInteger(start) || last < start) return { kind: "none" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "range", range: { start, end: Math.min(last, size - 1) } };
}

/**
 * Answers the request with the object at `key`:
 * - 200 with `Content-Length`, `Accept-Ranges: bytes`, `Content-Type` (the object's),
 *   `Last-Modified` and `X-Content-Type-Options: nosniff`;
 * - 206 with `Content-Range: bytes s-e/size` for one satisfiable `Range`;
 * - 416 with `Content-Range: bytes *\/size` and an empty body for an unsatisfiable one;
 * - `HEAD`: the same status and headers, no body (the object is not opened).
 * An `If-Range` that is not the object's `Last-Modified` date sends the whole object.
 * Throws AppError `NOT_FOUND` when the object is absent, `BAD_REQUEST` for an invalid key.
 */
export async function serveObject(c: Context, storage: Storage, key: string): Promise<Response> {
  const info = await storage.head(key);
  if (!info) throw new AppError("NOT_FOUND", "File not found");
  const headers: Record<string, string> = {
    "Accept-Ranges": "bytes",
    "Content-Type": info.contentType,
    "Last-Modified": info.modifiedAt.toUTCString(),
    "X-Content-Type-Options": "nosniff",
  };
  const ifRange = c.req.header("If-Range");
  const wanted =
    ifRange && ifRange !== headers["Last-Modified"]
      ? { kind: "none" as const }
      : parseRange(c.req.header("Range"), info.size);
  if (wanted.kind === "unsatisfiable") {
    return c.body(null, 416, { ...headers, "Content-Range": `bytes */${info.size}` });
  }
  const range = wanted.kind === "range" ? wanted.range : undefined;
  const status = range ? 206 : 200;
  const length = range ? range.end - range.start + 1 : info.size;
  if (range) headers["Content-Range"] = `bytes ${range.start}-${range.end}/${info.size}`;
  headers["Content-Length"] = String(length);
  if (c.req.method === "HEAD") return c.body(null, status, headers);
  const object = await storage.get(key, { range });
  if (object.size !== info.size || object.range?.start !== range?.start || object.range?.end !== range?.end) {
    // Replaced between head and get: the headers above would lie; let the client retry.
    object.body.destroy();
    throw new AppError("CONFLICT", "The file changed while it was being read; try again");
  }
  const stream = Readable.toWeb(object.body) as unknown as ReadableStream<Uint8Array>;
  return c.body(stream, status, headers);
}
