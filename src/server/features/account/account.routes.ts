/**
 * Account endpoints beside better-auth's (issue 2 §4, §6, §8); shapes in src/contract/account.ts:
 *   POST  /api/account/confirm              {token} → {status:"confirmed"|"already_confirmed", email}; 400 otp_expired | invalid_token
 *   POST  /api/account/confirm              a token that is not a 10–4000 character string is invalid_token too (item 26)
 *   POST  /api/account/resend-confirmation  {email} → {sent:true}; 404 (not registered), 409 (already confirmed),
 *                                           429 (60 s cooldown per email; 5 per 60 s per client address, issue 12 item 8)
 *   GET   /api/me                           the session user, profile and subscription summary; 401 when signed out
 *   GET   /api/profile · PATCH /api/profile  {firstName,lastName} (≤ 100 characters each)
 *   GET   /api/account/stats                the four counters of /settings/statistics (null = unknown → 'N/A')
 *   POST  /api/test-auth                    {test} → echoes the session (debug page, SPEC.md §2.3)
 * Billing (`/api/subscription`, `/api/features/:feature`) lives in features/billing, admin in features/admin.
 */
import { type Context, Hono } from "hono";
import { accountApi } from "../../../contract/account";
import { FEATURE_IDS, hasFeature } from "../../../domain/plans";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { nowOf } from "../../lib/http";
import { consumeRateLimit } from "../../lib/rate-limit";
import { handle } from "../../lib/route";
import { addressKey, CLIENT_IP_HEADER } from "../../auth/auth";
import { entitlementsOf } from "../billing/entitlements";
import { findEmailVerified, getAccountStats } from "./account.service";
import { ensureProfile, updateProfile } from "./profiles.service";
import { messageLimitFor } from "../chat/quota.service";

/** SPEC.md §9: one resend per 60 seconds. */
export const RESEND_COOLDOWN_MS = 60_000;
/**
 * Resend requests per client address in RESEND_COOLDOWN_MS, counted before the email is looked up,
 * so the endpoint cannot be used to probe which addresses are registered (issue 12 item 8). The
 * same budget as better-auth's `/send-verification-email` rule (src/server/auth/auth.ts).
 */
export const RESEND_PER_ADDRESS_LIMIT = 5;

const INVALID_TOKEN = "The confirmation link is invalid. Please request a new one.";

/** 429 RATE_LIMITED with Retry-After (s); the message contains "rate limit", which the web maps (SPEC.md §8 Resend). */
function resendLimited(retryAfterMs: number, message: (seconds: number) => string): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(
    "RATE_LIMITED",
    message(seconds),
    { retryAfterSeconds: seconds },
    { "Retry-After": String(seconds) },
  );
}

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
  const db = (c: Context<AppEnv>) => c.get("deps").database.db;

  handle(r, accountApi.confirm, async (c, { body: { token } }) => {
    const deps = c.get("deps");
    if (token.length < 10 || token.length > 4000) throw new AppError("invalid_token", INVALID_TOKEN);
    const email = emailInToken(token);
    const before = email ? await findEmailVerified({ db: deps.database.db, email }) : null;
    const res = await deps.auth.api.verifyEmail({ query: { token }, headers: c.req.raw.headers, asResponse: true });
    const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
    if (res.ok) {
      // better-auth's session cookie signs the user in.
      for (const cookie of res.headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
      return { status: before ? ("already_confirmed" as const) : ("confirmed" as const), email };
    }
    if (body.code === "TOKEN_EXPIRED")
      throw new AppError("otp_expired", "Your confirmation link has expired. Please request a new one.");
    throw new AppError("invalid_token", INVALID_TOKEN);
  });

  handle(r, accountApi.resendConfirmation, async (c, { body: { email } }) => {
    const deps = c.get("deps");
    if (!deps.env.RATE_LIMIT_DISABLED) {
      const perAddress = await consumeRateLimit({
        db: deps.database.db,
        key: `resend-ip:${addressKey(c.req.header(CLIENT_IP_HEADER) ?? "unknown")}`,
        limit: RESEND_PER_ADDRESS_LIMIT,
        windowMs: RESEND_COOLDOWN_MS,
        now: nowOf(c),
      });
      if (!perAddress.allowed)
        throw resendLimited(
          perAddress.retryAfterMs,
          (s) => `Rate limit: too many requests from your network. Please wait ${s} seconds and try again.`,
        );
    }
    const verified = await findEmailVerified({ db: deps.database.db, email });
    if (verified === null)
      throw new AppError("NOT_FOUND", "This email address is not registered. Please sign up first.");
    if (verified) throw new AppError("CONFLICT", "This email address is already confirmed. You can sign in.");
    const limit = await consumeRateLimit({
      db: deps.database.db,
      key: `resend:${email}`,
      limit: 1,
      windowMs: RESEND_COOLDOWN_MS,
      now: nowOf(c),
    });
    if (!limit.allowed)
      throw resendLimited(
        limit.retryAfterMs,
        (s) => `Rate limit: please wait ${s} seconds before requesting another email.`,
      );
    await deps.auth.api.sendVerificationEmail({ body: { email }, headers: c.req.raw.headers });
    return { sent: true as const, email };
  });

  handle(r, accountApi.me, async (c, { user }) => {
    const [profile, subscription] = await Promise.all([
      ensureProfile({ db: db(c), userId: user.id }),
      entitlementsOf(c).summary(),
    ]);
    const features = Object.fromEntries(FEATURE_IDS.map((f) => [f, hasFeature(subscription.tierName, f)]));
    return {
      user,
      profile: { firstName: profile.firstName, lastName: profile.lastName },
      subscription,
      features: features as Record<(typeof FEATURE_IDS)[number], boolean>,
      monthlyMessageLimit: await messageLimitFor(db(c), subscription.tierName),
    };
  });

  handle(r, accountApi.profile, async (c, { user }) => {
    const p = await ensureProfile({ db: db(c), userId: user.id });
    return { id: p.id, firstName: p.firstName, lastName: p.lastName, email: user.email };
  });

  handle(r, accountApi.updateProfile, async (c, { user, body }) => {
    const p = await updateProfile({ db: db(c), userId: user.id, names: body });
    return { id: p.id, firstName: p.firstName, lastName: p.lastName, email: user.email };
  });

  handle(r, accountApi.stats, (c, { user }) => getAccountStats({ db: db(c), userId: user.id }));

  handle(r, accountApi.testAuth, async (c, { user }) => {
    const body = (await c.req.json().catch(() => ({}))) as { test?: unknown } | null;
    return {
      ok: true as const,
      userId: user.id,
      email: user.email,
      test: body?.test ?? null,
      at: nowOf(c).toISOString(),
    };
  });

  return r;
}
