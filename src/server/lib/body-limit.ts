/**
 * Request-body limits of the HTTP API (decision 042): one default for every `/api/*` route, and
 * an explicit per-route declaration for routes that need a larger (or smaller) one.
 *
 * `app.ts` mounts `apiBodyLimit()` once, before any route reads a body. For each request it looks
 * at the routes Hono matched (`hono/route` `matchedRoutes`) for a `bodyLimit(...)` declaration;
 * the smallest declared limit applies, else `DEFAULT_BODY_LIMIT_BYTES`. A route therefore declares
 * its own limit where it is defined, and the outer default can never block a declared larger one:
 *
 *   r.post("/study/decks/:id/import", bodyLimit({ maxBytes: 20 * MB, hint: "Split the file…" }), handler)
 *
 * Over the limit: 413 `PAYLOAD_TOO_LARGE` in the usual JSON envelope, `Connection: close`, before
 * the handler runs (nothing is written). A `Content-Length` over the limit is refused without
 * reading the body; a body without one (chunked) is read up to the limit and refused at the first
 * chunk past it (hono/body-limit, which then hands the handler the buffered body).
 */
import type { Context, MiddlewareHandler, Next } from "hono";
import { bodyLimit as honoBodyLimit } from "hono/body-limit";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "./context";
import { AppError } from "./errors";

const MB = 1024 * 1024;

/** Every `/api/*` request body without a declaration of its own: 1 MB (1,048,576 bytes). */
export const DEFAULT_BODY_LIMIT_BYTES = MB;

/**
 * The one wording of a 413: "The request is too large (at most 20 MB)." plus the route's hint.
 * MB and KB here are binary (1,048,576 and 1,024 bytes), shown with at most one decimal.
 */
export function tooLargeMessage(maxBytes: number, hint?: string): string {
  const [n, unit] =
    maxBytes >= MB ? [maxBytes / MB, "MB"] : maxBytes >= 1024 ? [maxBytes / 1024, "KB"] : [maxBytes, "bytes"];
  const shown = Number.isInteger(n) ? String(n) : n.toFixed(1);
  return `The request is too large (at most ${shown} ${unit}).${hint ? ` ${hint}` : ""}`;
}

interface Declared {
  maxBytes: number;
  /** Checks the body against `maxBytes`, throwing the 413 with this declaration's message. */
  check: MiddlewareHandler;
}

const DECLARED = Symbol("lexmate.bodyLimit");
type Tagged = MiddlewareHandler<AppEnv> & { [DECLARED]?: Declared };

function declare(maxBytes: number, message: string, streamed = false): Declared {
  if (!Number.isInteger(maxBytes) || maxBytes < 0)
    throw new Error(`bodyLimit: maxBytes must be a non-negative integer, got ${maxBytes}`);
  const refuse = () => {
    throw new AppError("PAYLOAD_TOO_LARGE", message, undefined, { connection: "close" });
  };
  if (streamed)
    return {
      maxBytes,
      // A streaming route counts the body itself as it reads; only a declared length is checked here.
      check: async (c, next) => {
        const length = c.req.header("content-length");
        if (length && !c.req.header("transfer-encoding") && Number.parseInt(length, 10) > maxBytes) refuse();
        await next();
      },
    };
  return {
    maxBytes,
    check: honoBodyLimit({
      maxSize: maxBytes,
      // The rest of the body is not read: close the connection so the client does not reuse it.
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE", message, undefined, { connection: "close" });
      },
    }),
  };
}

/**
 * Declares a route's request-body limit in bytes, replacing the default for the routes it is
 * attached to (as route middleware or with `use` on a path). `message` replaces the whole 413
 * message (for a limit that restates a content rule, e.g. "This note is larger than 1 MB…");
 * otherwise it is `tooLargeMessage(maxBytes, hint)`. The check itself runs in `apiBodyLimit`; the
 * declaration only checks on its own when mounted in an app without it. `streamed`: the handler
 * reads the body as a stream and enforces `maxBytes` itself while reading (uploads); here only a
 * `Content-Length` over the limit is refused, and a chunked body is never buffered.
 */
export function bodyLimit(opts: {
  maxBytes: number;
  hint?: string;
  message?: string;
  streamed?: boolean;
}): MiddlewareHandler<AppEnv> {
  const d = declare(opts.maxBytes, opts.message ?? tooLargeMessage(opts.maxBytes, opts.hint), opts.streamed);
  const mw: Tagged = async (c, next) => {
    if (c.get("bodyLimit") !== undefined) return next();
    c.set("bodyLimit", d.maxBytes);
    return d.check(c, next);
  };
  mw[DECLARED] = d;
  return mw;
}

/** The smallest limit declared by the routes matching this request, if any. */
function declaredFor(c: Context<AppEnv>): Declared | undefined {
  let found: Declared | undefined;
  for (const route of matchedRoutes(c)) {
    // Hono wraps a sub-app's handlers when that sub-app has its own onError; look through it.
    const h = route.handler as Tagged & { __COMPOSED_HANDLER?: Tagged };
    const d = h[DECLARED] ?? h.__COMPOSED_HANDLER?.[DECLARED];
    if (d && (!found || d.maxBytes < found.maxBytes)) found = d;
  }
  return found;
}

/**
 * The `/api/*` body limit: the matched route's declared limit (`bodyLimit`), else `defaultBytes`.
 * Throws 413 PAYLOAD_TOO_LARGE (see the file comment); requests without a body pass untouched.
 */
export function apiBodyLimit(defaultBytes = DEFAULT_BODY_LIMIT_BYTES): MiddlewareHandler<AppEnv> {
  const fallback = declare(defaultBytes, tooLargeMessage(defaultBytes));
  return async (c: Context<AppEnv>, next: Next) => {
    // No body (GET, HEAD): nothing to limit, so skip the route lookup on the hot read paths.
    if (!c.req.raw.body) return next();
    const d = declaredFor(c) ?? fallback;
    c.set("bodyLimit", d.maxBytes);
    return d.check(c, next);
  };
}
