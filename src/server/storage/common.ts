/** Stream helpers shared by both backends. */
import { Readable, Transform } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AppError } from "../lib/errors";

/** A Node stream for either a Node `Readable` or a web `ReadableStream` (e.g. a fetch/Hono request body). */
export function toNodeReadable(body: Readable | ReadableStream<Uint8Array>): Readable {
  if (body instanceof Readable) return body;
  return Readable.fromWeb(body as unknown as WebReadableStream<Uint8Array>);
}

/** The error a too-long stream fails with (HTTP 413). */
export function tooLarge(maxBytes: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `The file is larger than the limit of ${maxBytes} bytes`, { maxBytes });
}

/**
 * A pass-through that counts bytes and fails with AppError `PAYLOAD_TOO_LARGE` as soon as more
 * than `maxBytes` have flowed — before the extra chunk is passed on, so nothing past the limit
 * is ever written. `bytes()` tells how many passed. Without `maxBytes` it only counts.
 */
export function byteLimiter(maxBytes?: number): Transform & { bytes(): number } {
  let seen = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      seen += chunk.length;
      if (maxBytes !== undefined && seen > maxBytes) cb(tooLarge(maxBytes));
      else cb(null, chunk);
    },
  });
  return Object.assign(t, { bytes: () => seen });
}

/** Content type of an object stored without one. */
export const DEFAULT_CONTENT_TYPE = "application/octet-stream";

/**
 * Returns the content type to store: `DEFAULT_CONTENT_TYPE` when absent; throws AppError
 * `BAD_REQUEST` for anything that is not a `type/subtype` (with optional parameters) of
 * printable ASCII up to 255 characters — it is sent back verbatim as a response header.
 */
export function checkContentType(contentType: string | undefined): string {
  if (contentType === undefined || contentType === "") return DEFAULT_CONTENT_TYPE;
  if (contentType.length > 255 || !/^[\w.+-]+\/[\w.+-]+(\s*;[\x20-\x7e]*)?$/.test(contentType))
    throw new AppError("BAD_REQUEST", "Invalid content type");
  return contentType;
}

/**
 * Checks an inclusive byte range against an object of `size` bytes and clamps its end to the
 * last byte (as HTTP does for `bytes=10-999999`). Throws AppError `BAD_REQUEST` when the range
 * is malformed (negative, non-integer, end before start) or starts at or past the end of the
 * object. Callers serving HTTP answer 416 before getting here (serve.ts).
 */
export function clampRange(range: { start: number; end: number }, size: number): { start: number; end: number } {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start)
    throw new AppError("BAD_REQUEST", "Invalid byte range");
  if (start >= size) throw new AppError("BAD_REQUEST", `Byte range starts past the end of the object (${size} bytes)`);
  return { start, end: Math.min(end, size - 1) };
}

/**
 * The `take` bytes of `source` after its first `skip` bytes. For S3-compatible servers that
 * answer a range request with more than was asked (s3rver sends the whole object for
 * `bytes=0-0`); the rest of the source is read and dropped.
 */
export function sliceStream(source: Readable, skip: number, take: number): Readable {
  let pos = 0;
  const endPos = skip + take;
  const out = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      const from = Math.max(0, skip - pos);
      const to = Math.min(chunk.length, endPos - pos);
      pos += chunk.length;
      cb(null, to > from ? chunk.subarray(from, to) : undefined);
    },
  });
  source.on("error", (e) => out.destroy(e));
  out.on("close", () => source.destroy());
  return source.pipe(out);
}
