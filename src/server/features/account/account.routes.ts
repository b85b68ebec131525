/**
 * Account endpoints beside better-auth's (issue 2 §4, §6, §8):
 *   POST  /api/account/confirm              {token} → {status:"confirmed"|"already_confirmed", email}; 400 otp_expired | invalid_token
 *   POST  /api/account/resend-confirmation  {email} → {sent:true}; 404 (not registered), 409 (already confirmed), 429 (60 s cooldown)
 *   GET   /api/me                           the session user, profile and subscription summary; 401 when signed out
 *   GET   /api/profile · PATCH /api/profile  {firstName,lastName} (≤ 100 characters each)
 *   GET   /api/subscription                 SPEC.md §7 get-user-subscription summary
 *   GET   /api/account/stats                the four counters of /settings/statistics (null = unknown → 'N/A')
 *   POST  /api/test-auth                    {test} → echoes the session (debug page, SPEC.md §2.3)
 *   GET   /api/admin/overview               admins only: user and error-log counts
 */
import { and, count, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { FEATURE_IDS, hasFeature, monthlyMessageLimit } from "../../../domain/plans";
import { errorLogs, flashcards, messages, profiles, user as userTable } from "../../db/schema";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { nowOf, parseBody, requireAdmin, requireFeature, requireUser } from "../../lib/http";
import { documentRoute } from "../../lib/openapi";
import { ensureProfile, updateProfile } from "../../services/profiles";
import { consumeRateLimit } from "../../services/rate-limit";
import { getSubscriptionSummary } from "../../services/subscriptions";

/** SPEC.md §9: one resend per 60 seconds. */
export const RESEND_COOLDOWN_MS = 60_000;

const confirmBody = z.object({ token: z.string().min(10).max(4000) });
const resendBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Please enter a valid email address.")),
});
const profileBody = z.object({
  firstName: z.string().trim().max(100, "First name must be 100 characters or fewer"),
  lastName: z.string().trim().max(100, "Last name must be 100 characters or fewer"),
});

/** The email claim of a confirmation token (unverified: better-auth verifies the signature). */
function emailInToken(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as {
      email?: unknown;
    };
    return typeof payload.email === "string" ? payload.email : null;
  } catch {
    return null;
  }
}

export function accountRoutes() {
  const r = new Hono<AppEnv>();

  documentRoute({
    method: "post",
    path: "/api/account/confirm",
    summary: "Confirm an email address with the token from the confirmation link; signs the user in.",
    tags: ["account"],
    body: confirmBody,
    responses: {
      200: { description: "confirmed or already confirmed" },
      400: { description: "otp_expired or invalid_token" },
    },
  });
  r.post("/account/confirm", async (c) => {
    const { token } = await parseBody(c, confirmBody);
    const deps = c.get("deps");
    const email = emailInToken(token);
    const [before] = email
      ? await deps.database.db.select({ v: userTable.emailVerified }).from(userTable).where(eq(userTable.email, email))
      : [];
    const res = await deps.auth.api.verifyEmail({ query: { token }, headers: c.req.raw.headers, asResponse: true });
    const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
    if (res.ok) {
      const out = c.json({ status: before?.v ? "already_confirmed" : "confirmed", email });
      for (const cookie of res.headers.getSetCookie()) out.headers.append("set-cookie", cookie);
      return out;
    }
    if (body.code === "TOKEN_EXPIRED")
      throw new AppError("otp_expired", "Your confirmation link has expired. Please request a new one.");
    throw new AppError("invalid_token", "The confirmation link is invalid. Please request a new one.");
  });

  documentRoute({
    method: "post",
    path: "/api/account/resend-confirmation",
    summary: "Send the confirmation email again (one per 60 s per address).",
    tags: ["account"],
    body: resendBody,
    responses: {
      200: { description: "sent" },
      404: { description: "not registered" },
      409: { description: "already confirmed" },
      429: { description: "cooldown" },
    },
  });
  r.post("/account/resend-confirmation", async (c) => {
    const { email } = await parseBody(c, resendBody);
    const deps = c.get("deps");
    const [found] = await deps.database.db.select().from(userTable).where(eq(userTable.email, email));
    if (!found) throw new AppError("NOT_FOUND", "This email address is not registered. Please sign up first.");
    if (found.emailVerified)
      throw new AppError("CONFLICT", "This email address is already confirmed. You can sign in.");
    const limit = await consumeRateLimit(deps.database.db, {
      key: `resend:${email}`,
      limit: 1,
      windowMs: RESEND_COOLDOWN_MS,
      now: nowOf(c),
    });
    if (!limit.allowed) {
      const seconds = Math.ceil(limit.retryAfterMs / 1000);
      throw new AppError(
        "RATE_LIMITED",
        `Rate limit: please wait ${seconds} seconds before requesting another email.`,
        { retryAfterSeconds: seconds },
        { "Retry-After": String(seconds) },
      );
    }
    await deps.auth.api.sendVerificationEmail({ body: { email }, headers: c.req.raw.headers });
    return c.json({ sent: true, email });
  });

  documentRoute({
    method: "get",
    path: "/api/me",
    summary: "The signed-in user with profile, subscription summary and feature entitlements.",
    tags: ["account"],
    auth: true,
    responses: { 200: { description: "user" }, 401: { description: "signed out" } },
  });
  r.get("/me", async (c) => {
    const user = requireUser(c);
    const { db } = c.get("deps").database;
    const [profile, subscription] = await Promise.all([
      ensureProfile(db, user.id),
      getSubscriptionSummary(db, user.id, nowOf(c)),
    ]);
    const features = Object.fromEntries(FEATURE_IDS.map((f) => [f, hasFeature(subscription.tierName, f)]));
    return c.json({
      user,
      profile: { firstName: profile.firstName, lastName: profile.lastName },
      subscription,
      features,
      monthlyMessageLimit: monthlyMessageLimit(subscription.tierName),
    });
  });

  documentRoute({
    method: "get",
    path: "/api/profile",
    summary: "The signed-in user's profile (created when missing).",
    tags: ["account"],
    auth: true,
    responses: { 200: { description: "profile" } },
  });
  r.get("/profile", async (c) => {
    const user = requireUser(c);
    const p = await ensureProfile(c.get("deps").database.db, user.id);
    return c.json({ id: p.id, firstName: p.firstName, lastName: p.lastName, email: user.email });
  });

  documentRoute({
    method: "patch",
    path: "/api/profile",
    summary: "Update first and last name.",
    tags: ["account"],
    auth: true,
    body: profileBody,
    responses: { 200: { description: "profile" } },
  });
  r.patch("/profile", async (c) => {
    const user = requireUser(c);
    const body = await parseBody(c, profileBody);
    const p = await updateProfile(c.get("deps").database.db, user.id, body);
    return c.json({ id: p.id, firstName: p.firstName, lastName: p.lastName, email: user.email });
  });

  documentRoute({
    method: "get",
    path: "/api/subscription",
    summary: "Subscription status summary (SPEC.md §7 get-user-subscription).",
    tags: ["billing"],
    auth: true,
    responses: { 200: { description: "summary" } },
  });
  r.get("/subscription", async (c) => {
    const user = requireUser(c);
    return c.json(await getSubscriptionSummary(c.get("deps").database.db, user.id, nowOf(c)));
  });

  documentRoute({
    method: "get",
    path: "/api/account/stats",
    summary: "Account counters for /settings/statistics; null means unknown.",
    tags: ["account"],
    auth: true,
    responses: { 200: { description: "counters" } },
  });
  r.get("/account/stats", async (c) => {
    const user = requireUser(c);
    const { db } = c.get("deps").database;
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, user.id));
    const [official] = await db
      .select({ n: count() })
      .from(flashcards)
      .where(and(eq(flashcards.isOfficial, true), isNull(flashcards.retiredAt)));
    const [own] = await db
      .select({ n: count() })
      .from(flashcards)
      .where(and(eq(flashcards.isOfficial, false), eq(flashcards.createdBy, user.id)));
    // SPEC.md §7: count of messages where role is assistant and user_id (only complete answers count).
    const [answers] = await db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.userId, user.id), eq(messages.role, "assistant"), eq(messages.status, "complete")));
    return c.json({
      lifetimeMessages: profile?.lifetimeMessageCount ?? null,
      assistantMessages: answers?.n ?? null,
      officialFlashcards: official?.n ?? null,
      ownFlashcards: own?.n ?? null,
    });
  });

  documentRoute({
    method: "get",
    path: "/api/features/:feature",
    summary:
      "Whether the signed-in user's tier includes a feature (SPEC.md §3 feature ids); 403 UPGRADE_REQUIRED when not.",
    tags: ["billing"],
    auth: true,
    responses: {
      200: { description: "allowed" },
      403: { description: "UPGRADE_REQUIRED" },
      404: { description: "unknown feature id" },
    },
  });
  r.get("/features/:feature", async (c) => {
    const feature = c.req.param("feature");
    if (!(FEATURE_IDS as readonly string[]).includes(feature)) throw new AppError("NOT_FOUND", "Unknown feature.");
    await requireFeature(c, feature as (typeof FEATURE_IDS)[number]);
    return c.json({ feature, allowed: true });
  });

  documentRoute({
    method: "post",
    path: "/api/test-auth",
    summary: "Debug: echoes the session for /test-auth.",
    tags: ["debug"],
    auth: true,
    responses: { 200: { description: "ok" } },
  });
  r.post("/test-auth", async (c) => {
    const user = requireUser(c);
    const body = (await c.req.json().catch(() => ({}))) as { test?: unknown };
    return c.json({
      ok: true,
      userId: user.id,
      email: user.email,
      test: body.test ?? null,
      at: nowOf(c).toISOString(),
    });
  });

  documentRoute({
    method: "get",
    path: "/api/admin/overview",
    summary: "Admins only: counts of users and uninvestigated error logs.",
    tags: ["admin"],
    auth: true,
    responses: { 200: { description: "counts" }, 403: { description: "not an admin" } },
  });
  r.get("/admin/overview", async (c) => {
    requireAdmin(c);
    const { db } = c.get("deps").database;
    const [users] = await db.select({ n: count() }).from(userTable);
    const [errors] = await db.select({ n: count() }).from(errorLogs).where(eq(errorLogs.investigated, false));
    return c.json({ users: users.n, openErrors: errors.n });
  });

  return r;
}
