/**
 * Storage keys (issue 11 §6): relative, `/`-separated paths such as `uploads/42/brief.pdf`.
 * The same rule holds for both backends so a key valid on disk is valid on S3 and back.
 */
import { AppError } from "../lib/errors";

/** Longest accepted key in bytes (S3's own limit is 1,024). */
export const MAX_KEY_BYTES = 1024;

/**
 * Returns `key` unchanged when it is a valid storage key, else throws AppError `BAD_REQUEST`.
 * Refused: empty keys, keys over 1,024 bytes, absolute paths (`/a`, `C:…`), backslashes,
 * control characters, empty segments (`a//b`, trailing `/`), and segments that start with a
 * dot (`.`, `..`, `.hidden`) — the local backend keeps its temp files and metadata under
 * dot-folders, so no key can reach them.
 */
export function validateKey(key: string): string {
  const bad = (why: string) => new AppError("BAD_REQUEST", `Invalid storage key: ${why}`);
  if (typeof key !== "string" || key.length === 0) throw bad("empty");
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) throw bad(`longer than ${MAX_KEY_BYTES} bytes`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(key)) throw bad("control character or backslash");
  if (key.startsWith("/") || /^[a-zA-Z]:/.test(key)) throw bad("absolute path");
  for (const segment of key.split("/")) {
    if (segment === "") throw bad("empty path segment");
    if (segment.startsWith(".")) throw bad("a path segment starts with a dot");
  }
  return key;
}
