/**
 * `createApp(deps)`: the whole HTTP surface as one Hono app (DESIGN.md §3, §5).
 * Middleware order: request id + log → security headers → client IP → `/api` origin check
 * (lib/origin-check) → `/api` body limit → session → routes → unknown `/api` 404 → built SPA with fallback. Every `/api` request body is
 * capped at 1 MB unless its route declares another limit with `bodyLimit` (lib/body-limit,
 * decision 042). Every error leaves through `onError` as the
 * JSON envelope; 5xx are also stored in `error_logs` (rate limited).
 */
import { randomUUID } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { metaApi } from "../contract/meta";
import { CLIENT_IP_HEADER } from "./auth/auth";
import { authHandler } from "./auth/auth-handler";
import { accountRoutes } from "./features/account/account.routes";
import { adminOnly } from "./features/admin/admin-gate";
import { adminRoutes, siteRoutes } from "./features/admin/admin.routes";
import { maintenanceGate } from "./features/admin/maintenance";
import { adminOpsRoutes } from "./features/admin/ops/ops.routes";
import { adminContentRoutes } from "./features/admin/content/content.routes";
import { billingRoutes, referralLinkMiddleware } from "./features/billing/billing.routes";
import { entitlementsMiddleware } from "./features/billing/entitlements";
import { briefsRoutes } from "./features/briefs/briefs.routes";
import { caseLawRoutes } from "./features/case-law/case-law.routes";
import { collectionsRoutes } from "./features/collections/collections.routes";
import { jobsRoutes } from "./features/jobs/jobs.routes";
import { notesRoutes } from "./features/notes/notes.routes";
import { outlineIoRoutes } from "./features/outlines/outline-io.routes";
import { outlinesRoutes } from "./features/outlines/outlines.routes";
import { coursesRoutes } from "./features/courses/courses.routes";
import { chatRoutes } from "./features/chat/chat.routes";
import { realtimeRoutes } from "./features/chat/realtime.routes";
import { contentRoutes } from "./features/content/content.routes";
import { errorRoutes } from "./features/errors/errors.routes";
import { recordError } from "./features/errors/errors.service";
import { studyFeatureRoutes } from "./features/study";
import { examRoutes } from "./features/exam/exam.routes";
import { nextgenRoutes } from "./features/nextgen/nextgen.routes";
import { publicApiRoutes, publicSite } from "./features/public/public.routes";
import type { AppDeps, AppEnv, SessionUser } from "./lib/context";
import { apiBodyLimit } from "./lib/body-limit";
import { AppError } from "./lib/errors";
import { openApiDocument } from "./lib/openapi";
import { handle } from "./lib/route";
import { track } from "./features/analytics/analytics.service";
import { originCheck, trustedOriginsOf } from "./lib/origin-check";
import { securityHeaders } from "./lib/security-headers";
import { serveWeb } from "./lib/serve-web";
import { SessionCache, sessionCookieValue } from "./lib/session-cache";

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const log = deps.logger;
  const sessions = new SessionCache(deps.env.SESSION_CACHE_MS);
  sessions.followRevocations(deps.realtime);

  app.use("*", async (c, next) => {
    const requestId = c.req.header("x-request-id") ?? randomUUID();
    c.set("requestId", requestId);
    c.set("deps", deps);
    c.set("user", null);
    const start = performance.now();
    await next();
    c.header("x-request-id", requestId);
    if (c.req.path.startsWith("/api/")) {
      log.info(
        {
          reqId: requestId,
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - start),
        },
        "request",
      );
    }
  });
  app.use("*", securityHeaders());

  // The client IP better-auth rate-limits by comes from the socket, never from a client header.
  app.use("/api/*", async (c, next) => {
    let ip = "127.0.0.1";
    try {
      ip = getConnInfo(c).remote.address ?? ip;
    } catch {
      // app.request() in tests has no socket
    }
    c.req.raw.headers.set(CLIENT_IP_HEADER, ip);
    await next();
  });

  // Cross-site writes: 403 unless the Origin is trusted; form-encoded bodies 415 (lib/origin-check).
  app.use("/api/*", originCheck(trustedOriginsOf(deps.env, deps.appUrl)));

  // Before anything reads a body (better-auth included): the route's declared limit or 1 MB.
  app.use("/api/*", apiBodyLimit());

  app.on(["GET", "POST"], "/api/auth/*", authHandler(sessions));

  app.use("/api/*", async (c, next) => {
    const cookie = sessionCookieValue(c.req.header("cookie"));
    if (cookie) {
      const now = Date.now();
      const cached = sessions.get(cookie, now);
      if (cached) c.set("user", cached);
      else {
        const result = await deps.auth.api.getSession({ headers: c.req.raw.headers });
        if (result?.user) {
          const u = result.user as typeof result.user & { isAdmin?: boolean };
          const user = {
            id: u.id,
            email: u.email,
            name: u.name,
            emailVerified: u.emailVerified,
            isAdmin: !!u.isAdmin,
          } satisfies SessionUser;
          c.set("user", user);
          sessions.set(cookie, user, new Date(result.session.expiresAt), now);
        }
      }
    }
    await next();
  });

  // The signed-in user's tier, read lazily and at most once per request (features/billing/entitlements).
  app.use("/api/*", entitlementsMiddleware());
  // Maintenance mode: students' writes answer 503 MAINTENANCE (features/admin/maintenance).
  app.use("/api/*", maintenanceGate());

  const meta = new Hono<AppEnv>();
  handle(meta, metaApi.health, async () => {
    await deps.database.exec("SELECT 1");
    return { status: "ok" as const, db: deps.database.kind, version: deps.version };
  });
  handle(meta, metaApi.openapi, () => openApiDocument(deps.version));
  app.route("/api", meta);
  app.route("/api", accountRoutes());
  app.route("/api", billingRoutes());
  // Every /api/admin path, known or not: 401 signed out, 404 for non-admins (features/admin/admin-gate).
  app.use("/api/admin", adminOnly());
  app.use("/api/admin/*", adminOnly());
  app.route("/api", adminRoutes());
  app.route("/api", siteRoutes());
  app.route("/api", adminOpsRoutes());
  app.route("/api", adminContentRoutes());
  app.route("/api", errorRoutes());
  app.route("/api", contentRoutes());
  app.route("/api", caseLawRoutes());
  app.route("/api", notesRoutes());
  app.route("/api", outlineIoRoutes());
  app.route("/api", outlinesRoutes());
  app.route("/api", coursesRoutes());
  app.route("/api", briefsRoutes());
  app.route("/api", collectionsRoutes());
  app.route("/api", chatRoutes(deps));
  app.route("/api", realtimeRoutes());
  app.route("/api", studyFeatureRoutes());
  app.route("/api", nextgenRoutes());
  app.route("/api", examRoutes());
  app.route("/api", publicApiRoutes());
  app.route("/api", jobsRoutes());

  app.all("/api/*", () => {
    throw new AppError("NOT_FOUND", "No such API route.");
  });

  // `?ref=CODE` on a page sets the first-touch referral cookie (features/billing, decision 058).
  app.use("*", referralLinkMiddleware());
  publicSite(app, deps);
  serveWeb(app, deps);

  app.onError(async (err, c) => {
    if (err instanceof AppError) {
      if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
      if (err.status === 429 && !Object.keys(err.headers ?? {}).some((k) => k.toLowerCase() === "retry-after"))
        c.header("Retry-After", retryAfterOf(err, Date.now()));
      return c.json(
        { error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) } },
        err.status as 400,
      );
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      const code = status === 413 ? "PAYLOAD_TOO_LARGE" : status === 401 ? "UNAUTHENTICATED" : "BAD_REQUEST";
      return c.json({ error: { code, message: err.message || "Bad request." } }, status);
    }
    if (err instanceof SyntaxError) {
      return c.json({ error: { code: "BAD_REQUEST", message: "The request body is not valid JSON." } }, 400);
    }
    if (pgCodeOf(err) === "22003") {
      // numeric_value_out_of_range: only a client's number can overflow a column (e.g. a version of 2^31).
      return c.json({ error: { code: "VALIDATION_FAILED", message: "A number in the request is out of range." } }, 400);
    }
    log.error({ err, reqId: c.get("requestId"), path: c.req.path }, "unhandled error");
    await recordError(deps, {
      message: err.message,
      stackTrace: err.stack ?? null,
      userId: c.get("user")?.id ?? null,
      source: "server",
      url: c.req.path,
    });
    return c.json({ error: { code: "INTERNAL", message: "Something went wrong on our side. Please try again." } }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

/** The PostgreSQL SQLSTATE of a database error (pg and PGlite set `code`; drizzle wraps it in `cause`). */
function pgCodeOf(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    e = e.cause as typeof e, i++
  ) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** Seconds until a 429 may be retried: its `details.resetsAt` (ISO, UTC) when given, else 60. */
function retryAfterOf(err: AppError, nowMs: number): string {
  const at = Date.parse(String((err.details as { resetsAt?: unknown } | undefined)?.resetsAt ?? ""));
  return String(Number.isFinite(at) ? Math.max(1, Math.ceil((at - nowMs) / 1000)) : 60);
}
