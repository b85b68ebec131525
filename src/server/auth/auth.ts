/**
 * better-auth with email and password (issue 2 §4; SPEC.md §4, §5).
 *
 * - Sign-up requires email confirmation. The confirmation email links to the app's
 *   `/auth/callback#token=…&email=…` (the token stays in the fragment, out of server logs); the
 *   page confirms through `POST /api/account/confirm`.
 * - Confirmation starts the 7-day trial and creates the profile row.
 * - Passwords must pass the five rules of SPEC.md §5 and a zxcvbn score of 3; otherwise 400 with
 *   a message containing "easy to guess".
 * - Rate limits: better-auth's per-IP limiter (database storage, so it holds across processes)
 *   plus a per-account limit on sign-in attempts (10 per 15 minutes).
 * - `ADMIN_EMAILS` accounts get `is_admin` when they sign up.
 */
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
import { ensureProfile } from "../features/account/profiles.service";
import { consumeRateLimit } from "../lib/rate-limit";
import { startTrial } from "../features/billing/subscriptions.service";
import { isEasyToGuess } from "./password-strength";

export const CLIENT_IP_HEADER = "x-lexmate-client-ip";
/** Per-account sign-in attempts allowed in the window. */
export const ACCOUNT_SIGNIN_LIMIT = 10;
export const ACCOUNT_SIGNIN_WINDOW_MS = 15 * 60_000;
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
    trustedOrigins: [o.appUrl],
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
        await ensureProfile(o.db, user.id);
        await startTrial(o.db, user.id);
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: { ...user, isAdmin: o.adminEmails.includes(String(user.email).toLowerCase()) },
          }),
          after: async (user) => {
            await ensureProfile(o.db, user.id);
            await track(o.db, "signed_up", user.id);
          },
        },
      },
      session: {
        create: {
          after: async (session) => {
            await track(o.db, "logged_in", session.userId);
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
        if (ctx.path === "/sign-in/email" && !o.rateLimitDisabled && typeof body.email === "string") {
          const r = await consumeRateLimit(o.db, {
            key: `signin:${body.email.trim().toLowerCase()}`,
            limit: ACCOUNT_SIGNIN_LIMIT,
            windowMs: ACCOUNT_SIGNIN_WINDOW_MS,
          });
          if (!r.allowed) {
            const minutes = Math.max(1, Math.ceil(r.retryAfterMs / 60_000));
            throw new APIError("TOO_MANY_REQUESTS", {
              code: "RATE_LIMITED",
              message: `Too many sign-in attempts for this account. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
            });
          }
        }
      }),
    },
    // Client mistakes (wrong password, weak password, limits) are answers, not errors: log them at debug.
    onAPIError: {
      onError: async (e) => {
        const status = (e as { status?: unknown }).status;
        if (e instanceof APIError && status !== "INTERNAL_SERVER_ERROR")
          o.logger.debug({ err: e.message }, "auth request refused");
        else o.logger.error({ err: e }, "auth error");
      },
    },
    logger: { disabled: false, level: "error", log: (level, message) => o.logger[level]?.(message) },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Marks configured admin emails as admins (also run at boot for accounts that already exist). */
export async function syncAdmins(db: Db, emails: string[]) {
  for (const email of emails) await db.update(schema.user).set({ isAdmin: true }).where(eq(schema.user.email, email));
}
