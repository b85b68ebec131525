/**
 * One declaration per `/api` route (issue 11 §1, decision 047): method, path, params, query, body
 * and responses as zod schemas. The same object drives
 * - the server's validation and the handler's return type (`handle()` in src/server/lib/route.ts),
 * - the OpenAPI document (`GET /api/openapi.json`, src/server/lib/openapi.ts),
 * - the web's response types (`ResponseOf<typeof route>`, imported with `import type`, so no zod
 *   reaches the browser bundle),
 * - the test that runs every integration-suite answer through its schema (src/server/lib/route.ts
 *   logs a mismatch with console.error under NODE_ENV=test, which fails the test).
 *
 * Responses: a zod schema per success status (JSON), or `{ contentType, description }` for a
 * non-JSON answer (SSE, Markdown, CSV). Error statuses are listed by code in `errors`; they all
 * answer the one envelope of src/contract/errors.ts.
 */
import type { z } from "zod";
import type { ErrorCode } from "./errors";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** A non-JSON answer (e.g. `text/event-stream`, `text/markdown`, `text/csv`, a media file). */
export interface RawResponse {
  contentType: string;
  description: string;
}

export type ResponseSpec = z.ZodType | RawResponse;

export interface RouteDef {
  method: HttpMethod;
  /** Full path with `:param` segments, e.g. `/api/notes/:id`. */
  path: string;
  summary: string;
  tags: string[];
  /** Who may call it: `user` (signed in), `admin`, or `public` (anyone). Default `user`. */
  auth?: "public" | "user" | "admin";
  /** Path parameters; by default every `:param` is a non-empty string of at most 200 characters without NUL. */
  params?: z.ZodObject;
  query?: z.ZodType;
  /** JSON request body, validated before the handler runs. */
  body?: z.ZodType;
  /** A body the handler reads itself (e.g. `multipart/form-data`), documented by content type. */
  rawBody?: { contentType: string; description: string };
  /** Success answers by status. */
  responses: { [status: number]: ResponseSpec };
  /** Error codes this route answers, documented with the envelope (400 VALIDATION_FAILED is implied when there is input). */
  errors?: ErrorCode[];
  /** Stable for tools outside the web client (DESIGN.md §5). */
  stable?: boolean;
}

/** Declares a route; returns its argument with its literal types kept. */
export function defineRoute<const D extends RouteDef>(def: D): D {
  return def;
}

type JsonStatuses<D extends RouteDef> = {
  [S in keyof D["responses"]]: D["responses"][S] extends z.ZodType ? S : never;
}[keyof D["responses"]];

/** The parsed JSON answer of a route for a status (default: its first JSON success status). */
export type ResponseOf<
  D extends RouteDef,
  S extends JsonStatuses<D> = JsonStatuses<D>,
> = D["responses"][S] extends z.ZodType ? z.output<D["responses"][S]> : never;

/** What a handler may return as JSON for a status (the schema's input side). */
export type ReplyOf<
  D extends RouteDef,
  S extends JsonStatuses<D> = JsonStatuses<D>,
> = D["responses"][S] extends z.ZodType ? z.input<D["responses"][S]> : never;

/** A route's request body as the client sends it. */
export type BodyOf<D extends RouteDef> = D["body"] extends z.ZodType ? z.input<D["body"]> : never;

/** A route's query as the client sends it. */
export type QueryOf<D extends RouteDef> = D["query"] extends z.ZodType ? z.input<D["query"]> : never;

export const isRawResponse = (r: ResponseSpec): r is RawResponse =>
  typeof (r as RawResponse).contentType === "string" && !("safeParse" in r);
