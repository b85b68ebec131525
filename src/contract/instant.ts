/**
 * An instant on the wire: an ISO 8601 string in UTC (`2025-01-31T12:00:00.000Z`). The server may
 * hand a `Date` (as drizzle reads a timestamp column); `JSON.stringify` writes it the same way, so
 * the schema accepts both on its input side and is a string on its output side (the web's type).
 */
import { z } from "zod";

export const instant = z
  .union([z.date(), z.string()])
  .transform((v) => (v instanceof Date ? v.toISOString() : v))
  .pipe(z.string().describe("ISO 8601 instant, UTC"));
