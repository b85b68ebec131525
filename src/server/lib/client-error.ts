/**
 * Requests Node's HTTP parser refuses before the app sees them (a URL or headers over the 16 KB
 * limit, a malformed request line) get the API's JSON error envelope instead of an empty answer
 * (issue 12: "no non-envelope error body"): 431 HEADERS_TOO_LARGE or 400 BAD_REQUEST, then the
 * connection closes. Attach with `server.on("clientError", answerClientError)`.
 */
import type { Socket } from "node:net";
import { ERROR_STATUS } from "../../contract/errors";

const REASONS: Record<number, string> = { 400: "Bad Request", 431: "Request Header Fields Too Large" };

export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable || err.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === "HPE_HEADER_OVERFLOW";
  const code = tooLarge ? "HEADERS_TOO_LARGE" : "BAD_REQUEST";
  const status = ERROR_STATUS[code];
  const message = tooLarge
    ? "The request's address or headers are too large (at most 16 KB)."
    : "The request is malformed.";
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
