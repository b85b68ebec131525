/**
 * Cross-site write protection for `/api` (issue 12 items 3 and 19; decision 050 covers sign-in).
 *
 * `trustedOrigins(...)` is the one list of origins the app trusts: APP_URL, its loopback aliases
 * (localhost, 127.0.0.1, [::1] on the same scheme and port) and every BRAND_HOSTS and ADMIN_HOSTS
 * host with the app's scheme (a host listed without a port: on the default port and on APP_URL's). better-auth gets the same list (auth/auth.ts), so `/api/auth` and
 * the rest of `/api` agree.
 *
 * `originCheck(...)` guards every state-changing request (POST, PUT, PATCH, DELETE) under `/api`
 * except `/api/auth/*` (better-auth checks those itself against the same list) and the webhook
 * allow-list below:
 *  - an `Origin` header must be one of the trusted origins (`null` never is);
 *  - without `Origin`, `Sec-Fetch-Site` must be `same-origin` or `none` (a browser's own request);
 *  - otherwise 403 FORBIDDEN in the envelope.
 * It also refuses bodies a cross-site HTML form can send without a preflight: `text/plain`,
 * `application/x-www-form-urlencoded`, or a body with no content type, answer 415
 * UNSUPPORTED_MEDIA_TYPE. JSON routes read `application/json` only; upload routes take
 * `multipart/form-data` (which still needs a trusted Origin). A multipart body sent to a JSON
 * route fails its JSON parse with 400 BAD_REQUEST.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";
import { AppError } from "./errors";

/**
 * Paths that take cross-site POSTs by design: signed webhooks (each verifies its own signature)
 * and the browsers' CSP violation reports (sent without an Origin, as `application/csp-report`;
 * the endpoint only stores them, rate-limited and size-capped).
 */
export const ORIGIN_CHECK_EXEMPT_PATHS: readonly string[] = ["/api/billing/webhook", "/api/csp-report"];

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];
/** Content types a cross-site `<form>` can send without a CORS preflight, other than multipart. */
const FORM_TYPES = new Set(["text/plain", "application/x-www-form-urlencoded"]);

/**
 * The origins (scheme://host[:port], lower case, no trailing slash) the app trusts.
 * `brandHosts` and `adminHosts` are host names, optionally with a port, as in the env variables.
 */
export function trustedOrigins(o: { appUrl: string; brandHosts?: string[]; adminHosts?: string[] }): string[] {
  const app = new URL(o.appUrl);
  const scheme = app.protocol; // "http:" | "https:"
  const out = new Set<string>([app.origin.toLowerCase()]);
  const host = app.hostname.toLowerCase();
  if (LOOPBACK.includes(host)) {
    for (const alias of LOOPBACK) out.add(`${scheme}//${alias}${app.port ? `:${app.port}` : ""}`);
  }
  for (const h of [...(o.brandHosts ?? []), ...(o.adminHosts ?? [])]) {
    try {
      const u = new URL(`${scheme}//${h.trim()}`);
      out.add(u.origin.toLowerCase());
      // A host listed without a port matches the Host header on any port (features/public/domain):
      // trust it on APP_URL's port too, where the app is served.
      if (!u.port && app.port) out.add(`${scheme}//${u.hostname.toLowerCase()}:${app.port}`);
    } catch {
      // env.ts validates hosts; a host that is not a URL authority is simply not trusted
    }
  }
  return [...out];
}

/** The trusted origins for this app's configuration (see `trustedOrigins`). */
export function trustedOriginsOf(env: { BRAND_HOSTS: Record<string, string>; ADMIN_HOSTS: string[] }, appUrl: string) {
  return trustedOrigins({ appUrl, brandHosts: Object.keys(env.BRAND_HOSTS), adminHosts: env.ADMIN_HOSTS });
}

/** Hono middleware for `/api/*`: 403 FORBIDDEN for an untrusted cross-site write, 415 for form bodies. */
export function originCheck(trusted: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(trusted.map((t) => t.toLowerCase()));
  return async (c, next) => {
    const path = c.req.path;
    if (!STATE_CHANGING.has(c.req.method) || path.startsWith("/api/auth/") || ORIGIN_CHECK_EXEMPT_PATHS.includes(path))
      return next();
    const origin = c.req.header("origin");
    if (origin !== undefined) {
      if (!allowed.has(origin.trim().toLowerCase()))
        throw new AppError(
          "FORBIDDEN",
          "This request came from a site this server does not trust (its Origin is not an allowed origin).",
        );
    } else {
      const site = c.req.header("sec-fetch-site");
      if (site !== "same-origin" && site !== "none")
        throw new AppError(
          "FORBIDDEN",
          "A request that changes data must come from the app: send an Origin header naming a trusted origin.",
        );
    }
    const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
    const hasBody = c.req.header("transfer-encoding") !== undefined || Number(c.req.header("content-length") ?? 0) > 0;
    if (hasBody && (type === "" || FORM_TYPES.has(type)))
      throw new AppError(
        "UNSUPPORTED_MEDIA_TYPE",
        "Send the request body as JSON with Content-Type: application/json (uploads: multipart/form-data).",
      );
    return next();
  };
}
