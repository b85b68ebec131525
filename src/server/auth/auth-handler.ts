/**
 * `GET|POST /api/auth/*`: better-auth behind our HTTP conventions (issue 12 items 13, 14).
 *  - Any POST made with a session cookie drops that cookie's cached session in this process at
 *    once (sign-out, password change, …); other processes hear the revocation on the realtime bus
 *    (lib/session-cache `followRevocations`).
 *  - Error answers, which better-auth writes as `{message, code}`, leave in our envelope
 *    `{error:{code,message}}` with the same status (the code is better-auth's, e.g.
 *    INVALID_EMAIL_OR_PASSWORD, or derived from the status when it gave none).
 *  - 429 answers carry `Retry-After` (seconds), taken from better-auth's `X-Retry-After`.
 *  - The session token never appears in a response body (sign-in, sign-up, change-password): it
 *    travels only in the HttpOnly cookie.
 */
import type { Context } from "hono";
import { eq } from "drizzle-orm";
import { user } from "../db/schema";
import { recordSecurityEvent } from "../features/admin/ops/security.service";
import type { AppDeps, AppEnv } from "../lib/context";
import { CLIENT_IP_HEADER } from "./auth";
import { type SessionCache, sessionCookieValue } from "../lib/session-cache";
import { track } from "../features/analytics/analytics.service";

const CODE_BY_STATUS: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "VALIDATION_FAILED",
  429: "RATE_LIMITED",
};

/** Messages we give instead of better-auth's terse ones (which read like codes to a student). */
const MESSAGE_BY_CODE: Record<string, string> = {
  INVALID_ORIGIN:
    "This request came from a site this server does not trust. Open the app at its own address and try again.",
  MISSING_OR_NULL_ORIGIN:
    "This request came from a site this server does not trust. Open the app at its own address and try again.",
};

/** Rewrites better-auth's answer to our conventions (see the module docstring). */
export async function toEnvelope(res: Response): Promise<Response> {
  const type = res.headers.get("content-type") ?? "";
  const headers = new Headers(res.headers);
  if (res.status === 429 && !headers.has("retry-after")) {
    const s = Number(headers.get("x-retry-after"));
    headers.set("retry-after", String(Number.isFinite(s) && s > 0 ? Math.ceil(s) : 60));
  }
  if (!type.includes("application/json")) {
    if (res.status < 400) return new Response(res.body, { status: res.status, headers });
    headers.set("content-type", "application/json");
    headers.delete("content-length");
    const code = CODE_BY_STATUS[res.status] ?? (res.status >= 500 ? "INTERNAL" : "BAD_REQUEST");
    const message = MESSAGE_BY_CODE[code] ?? (res.status >= 500 ? "Something went wrong on our side." : "Bad request.");
    return new Response(JSON.stringify({ error: { code, message } }), { status: res.status, headers });
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    return new Response(text, { status: res.status, headers });
  }
  headers.delete("content-length");
  if (res.status >= 400) {
    const b = (body ?? {}) as { error?: unknown; code?: unknown; message?: unknown };
    if (b.error && typeof b.error === "object") return new Response(text, { status: res.status, headers });
    const code =
      typeof b.code === "string" && b.code
        ? b.code
        : (CODE_BY_STATUS[res.status] ?? (res.status >= 500 ? "INTERNAL" : "BAD_REQUEST"));
    const message =
      MESSAGE_BY_CODE[code] ?? (typeof b.message === "string" && b.message ? b.message : "The request was refused.");
    return new Response(JSON.stringify({ error: { code, message } }), { status: res.status, headers });
  }
  if (body && typeof body === "object" && !Array.isArray(body) && "token" in body) {
    const { token: _token, ...rest } = body as Record<string, unknown>;
    return new Response(JSON.stringify(rest), { status: res.status, headers });
  }
  return new Response(text, { status: res.status, headers });
}

/** The `/api/auth/*` handler; `sessions` is this process's session cache. */
export function authHandler(sessions: SessionCache) {
  return async (c: Context<AppEnv>) => {
    const deps = c.get("deps");
    const cookie = sessionCookieValue(c.req.header("cookie"));
    if (cookie && c.req.method === "POST") sessions.delete(cookie);
    if (c.req.path === "/api/auth/sign-out") {
      const s = await deps.auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
      if (s?.user) await track({ db: deps.database.db, name: "logged_out", userId: s.user.id });
    }
    if (c.req.method === "POST" && c.req.path === "/api/auth/sign-in/email") {
      const email = await c.req.raw
        .clone()
        .json()
        .then((b: { email?: unknown }) => (typeof b?.email === "string" ? b.email.trim().toLowerCase() : null))
        .catch(() => null);
      const res = await deps.auth.handler(c.req.raw);
      await noteSignIn(deps, res.status, email, c.req.header(CLIENT_IP_HEADER) ?? null);
      return toEnvelope(res);
    }
    return toEnvelope(await deps.auth.handler(c.req.raw));
  };
}

/**
 * The security page's sign-in events (issue 17; features/admin/ops/security.service.ts): a
 * refused password (401), a rate-limited attempt (429), an administrator's successful sign-in.
 * Never fails the sign-in: a write error is logged.
 */
async function noteSignIn(deps: AppDeps, status: number, email: string | null, ip: string | null) {
  try {
    const db = deps.database.db;
    if (status === 401) await recordSecurityEvent(db, { kind: "failed_sign_in", email, ip });
    else if (status === 429) await recordSecurityEvent(db, { kind: "rate_limited", email, ip });
    else if (status === 200 && email) {
      const [u] = await db.select({ isAdmin: user.isAdmin }).from(user).where(eq(user.email, email));
      if (u?.isAdmin) await recordSecurityEvent(db, { kind: "admin_login", email, ip });
    }
  } catch (err) {
    deps.logger.warn({ err }, "could not record a sign-in event");
  }
}
