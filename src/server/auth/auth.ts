/**
 * better-auth with email and password (issue 2 §4; SPEC.md §4, §5).
 *
 * - Sign-up requires email confirmation. The confirmation email links to the app's
 *   `/auth/callback#token=…&email=…` (the token stays in the fragment, out of server logs); the
 *   page confirms through `POST /api/account/confirm`.
 * - Confirmation starts the 7-day trial and creates the profile row; the profile's first and last
 *   name come from the name typed at sign-up (`namesFromSignUp`).
 * - Passwords must pass the five rules of SPEC.md §5 and a zxcvbn score of 3; otherwise 400 with
 *   a message containing "easy to guess".
 * - Rate limits: better-auth's per-IP limiter (database storage, so it holds across processes)
 *   plus the sign-in limits of decision 050 (`signInLimits`): 10 attempts per 15 minutes per
 *   (account, client address), then 429 with Retry-After for that address only; past 20 attempts
 *   per account from all addresses, every further attempt waits a growing delay (≤ 5 s) but is
 *   never refused, so wrong passwords sent from one address never lock the owner out of another.
 * - Trusted origins: the list of lib/origin-check (APP_URL, its loopback aliases, BRAND_HOSTS and
 *   ADMIN_HOSTS), the same the rest of `/api` is checked against.
 * - Every session deletion (sign-out, revoke, password change or reset) calls `onSessionRevoked`,
 *   which boot wires to the realtime bus so every process drops its cached sessions of the user.
 * - A password change revokes the user's other sessions unless the body says
 *   `revokeOtherSessions: false` (issue 12 item 14).
 * - `ADMIN_EMAILS` accounts get `is_admin` when they sign up.
 */
import { getSettings } from "../features/admin/settings.service";
import { APIError, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import { EASY_TO_GUESS_MESSAGE, meetsPasswordRules } from "../../domain/password";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import { brandedEmail, type Mailer } from "../mail/mailer";
import { track } from "../features/analytics/analytics.service";
import { ensureProfile, namesFromSignUp } from "../features/account/profiles.service";
import { consumeRateLimit } from "../lib/rate-limit";
import { startTrial } from "../features/billing/subscriptions.service";
import { isEasyToGuess } from "./password-strength";

export const CLIENT_IP_HEADER = "x-lexmate-client-ip";
/** Sign-in attempts allowed per (account, client address) in the window; then 429 for that address (decision 050). */
export const ACCOUNT_SIGNIN_LIMIT = 10;
export const ACCOUNT_SIGNIN_WINDOW_MS = 15 * 60_000;
/** Attempts per account from all addresses in the window before each further one is delayed (decision 050). */
export const ACCOUNT_SIGNIN_FREE_ATTEMPTS = 20;
/** Delay added per attempt past the free ones (ms), and its ceiling (ms). */
export const ACCOUNT_SIGNIN_DELAY_STEP_MS = 100;
export const ACCOUNT_SIGNIN_MAX_DELAY_MS = 5_000;

/** The wait (ms) before answering the `count`-th sign-in attempt on one account in the window. */
export function signInDelayMs(count: number): number {
  const over = count - ACCOUNT_SIGNIN_FREE_ATTEMPTS;
  return over <= 0 ? 0 : Math.min(ACCOUNT_SIGNIN_MAX_DELAY_MS, over * ACCOUNT_SIGNIN_DELAY_STEP_MS);
}

/**
 * The address a per-address limit keys on: IPv4 as is (an IPv4-mapped IPv6 address as its IPv4),
 * IPv6 by its /64 prefix, since one host commonly holds a whole /64.
 */
export function addressKey(ip: string): string {
  const v = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v);
  if (mapped) return mapped[1];
  if (!v.includes(":")) return v;
  const [head, tail = ""] = v.split("::");
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const groups = v.includes("::") ? [...h, ...Array(Math.max(0, 8 - h.length - t.length)).fill("0"), ...t] : h;
  return `${groups
    .slice(0, 4)
    .map((g) => (g || "0").replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
/** Confirmation links expire after this many seconds. */
export const CONFIRMATION_TTL_S = 24 * 3600;

export interface AuthOptions {
  db: Db;
  appUrl: string;
  secret: string;
  mailer: Mailer;
  brandName: string;
  adminEmails: string[];
  rateLimitDisabled: boolean;
  logger: Logger;
  /** Origins allowed to call `/api/auth` (lib/origin-check `trustedOrigins`); defaults to `[appUrl]`. */
  trustedOrigins?: string[];
  /** Called after any of the user's sessions is deleted (sign-out, revoke, password change). */
  onSessionRevoked?: (userId: string) => Promise<void>;
}

export function createAuth(o: AuthOptions) {
  const sendConfirmation = async (email: string, token: string) => {
    const url = `${o.appUrl}/auth/callback#token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}&type=signup`;
    await o.mailer.send(
      brandedEmail({
        brand: o.brandName,
        to: email,
        subject: `Confirm your ${o.brandName} account`,
        intro: `Welcome to ${o.brandName}! Confirm your email address to start your 7-day free trial with full Unlimited access.`,
        action: "Confirm your email",
        url,
        outro: "The link expires in 24 hours. If you did not sign up, ignore this email.",
      }),
    );
  };

  return betterAuth({
    appName: o.brandName,
    baseURL: o.appUrl,
    basePath: "/api/auth",
    secret: o.secret,
    trustedOrigins: o.trustedOrigins ?? [o.appUrl],
    database: drizzleAdapter(o.db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    user: {
      additionalFields: { isAdmin: { type: "boolean", defaultValue: false, input: false } },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: async ({ user, token }) => {
        await o.mailer.send(
          brandedEmail({
            brand: o.brandName,
            to: user.email,
            subject: `Reset your ${o.brandName} password`,
            intro: "Someone (hopefully you) asked to reset the password of this account.",
            action: "Choose a new password",
            url: `${o.appUrl}/auth/reset-password?token=${encodeURIComponent(token)}`,
            outro:
              "The link expires in 1 hour. If you did not ask for this, ignore this email: your password stays the same.",
          }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: CONFIRMATION_TTL_S,
      sendVerificationEmail: async ({ user, token }) => sendConfirmation(user.email, token),
      afterEmailVerification: async (user) => {
        await ensureProfile({ db: o.db, userId: user.id, names: namesFromSignUp(user.name) });
        await startTrial({ db: o.db, userId: user.id, days: (await getSettings(o.db)).trialDays });
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: { ...user, isAdmin: o.adminEmails.includes(String(user.email).toLowerCase()) },
          }),
          after: async (user) => {
            // The name typed at sign-up becomes the profile's first and last name (issue 12 item 20).
            await ensureProfile({ db: o.db, userId: user.id, names: namesFromSignUp(user.name) });
            await track({ db: o.db, name: "signed_up", userId: user.id });
          },
        },
      },
      session: {
        create: {
          // An account an administrator disabled cannot sign in (issue 17); its sessions were ended then.
          before: async (session) => {
            const [row] = await o.db
              .select({ disabledAt: schema.user.disabledAt })
              .from(schema.user)
              .where(eq(schema.user.id, session.userId));
            if (row?.disabledAt)
              throw new APIError("FORBIDDEN", {
                code: "ACCOUNT_DISABLED",
                message: "This account has been disabled. Please contact support.",
              });
          },
          after: async (session) => {
            await track({ db: o.db, name: "logged_in", userId: session.userId });
          },
        },
        delete: {
          after: async (session) => {
            await o.onSessionRevoked?.(session.userId);
          },
        },
      },
    },
    rateLimit: {
      enabled: !o.rateLimitDisabled,
      storage: "database",
      window: 60,
      max: 120,
      customRules: {
        "/sign-in/email": { window: 60, max: 20 },
        "/sign-up/email": { window: 60, max: 10 },
        "/request-password-reset": { window: 60, max: 5 },
        "/send-verification-email": { window: 60, max: 5 },
        "/change-password": { window: 60, max: 10 },
      },
    },
    advanced: {
      // better-auth skips its Origin check when it detects a test run; check as in production.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: o.appUrl.startsWith("https://"),
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === "/sign-up/email" || ctx.path === "/reset-password" || ctx.path === "/change-password") {
          const pw = String(body.password ?? body.newPassword ?? "");
          if (!meetsPasswordRules(pw)) {
            throw new APIError("BAD_REQUEST", {
              code: "PASSWORD_RULES",
              message: "Password does not meet all requirements",
            });
          }
          const inputs = [body.email, body.name].filter((v): v is string => typeof v === "string");
          if (isEasyToGuess(pw, inputs)) {
            throw new APIError("BAD_REQUEST", { code: "PASSWORD_EASY_TO_GUESS", message: EASY_TO_GUESS_MESSAGE });
          }
        }
        if (ctx.path === "/sign-up/email" && !(await getSettings(o.db)).signupsOpen) {
          throw new APIError("FORBIDDEN", {
            code: "SIGNUPS_CLOSED",
            message: "Sign-ups are closed right now. Please try again later.",
          });
        }
        if (ctx.path === "/sign-in/email" && !o.rateLimitDisabled && typeof body.email === "string") {
          const ip = ctx.request?.headers.get(CLIENT_IP_HEADER) ?? ctx.headers?.get(CLIENT_IP_HEADER) ?? "unknown";
          await signInLimits(o.db, body.email, ip);
        }
        if (ctx.path === "/change-password" && body.revokeOtherSessions === undefined) {
          return { context: { body: { ...body, revokeOtherSessions: true } } };
        }
      }),
    },
    // Client mistakes (wrong password, weak password, limits) are answers, not errors: log them at debug.
    onAPIError: {
      onError: async (e) => {
        // better-call's own errors (e.g. "Invalid JSON in request body") are not better-auth's
        // APIError class; their statusCode tells a client mistake (< 500) from a failure.
        const statusCode = (e as { statusCode?: unknown }).statusCode;
        const status = (e as { status?: unknown }).status;
        const clientMistake =
          typeof statusCode === "number"
            ? statusCode < 500
            : e instanceof APIError && status !== "INTERNAL_SERVER_ERROR";
        if (clientMistake) o.logger.debug({ err: (e as Error).message }, "auth request refused");
        else o.logger.error({ err: e }, "auth error");
      },
    },
    // better-auth logs refused client input ("Invalid origin", bad bodies) at its error level; real
    // failures also reach onAPIError above (logged at error), so its own messages go out at warn.
    logger: {
      disabled: false,
      level: "error",
      log: (level, message) => o.logger[level === "error" ? "warn" : level]?.(message),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Decision 050: the per-(account, address) limit refuses with 429 RATE_LIMITED and Retry-After
 * (seconds) for that address only; the per-account ceiling over all addresses only delays
 * (`signInDelayMs`). Counts attempts, right or wrong, in fixed 15-minute windows (rate_limits).
 */
async function signInLimits(db: Db, rawEmail: string, ip: string): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  const perAddress = await consumeRateLimit({
    db,
    key: `signin:${email}:${addressKey(ip)}`,
    limit: ACCOUNT_SIGNIN_LIMIT,
    windowMs: ACCOUNT_SIGNIN_WINDOW_MS,
  });
  if (!perAddress.allowed) {
    const seconds = Math.max(1, Math.ceil(perAddress.retryAfterMs / 1000));
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    throw new APIError(
      "TOO_MANY_REQUESTS",
      {
        code: "RATE_LIMITED",
        message: `Too many sign-in attempts for this account. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
      },
      { "Retry-After": String(seconds) },
    );
  }
  const overall = await consumeRateLimit({
    db,
    key: `signin-all:${email}`,
    limit: Number.MAX_SAFE_INTEGER,
    windowMs: ACCOUNT_SIGNIN_WINDOW_MS,
  });
  const wait = signInDelayMs(overall.count);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

/** Marks configured admin emails as admins (also run at boot for accounts that already exist). */
export async function syncAdmins(db: Db, emails: string[]) {
  for (const email of emails) await db.update(schema.user).set({ isAdmin: true }).where(eq(schema.user.email, email));
}
