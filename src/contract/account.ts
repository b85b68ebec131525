/**
 * Account routes beside better-auth's (issue 2 §4, §6, §8; SPEC.md §2.3, §2.4, §5, §7): email
 * confirmation, the signed-in user (`/api/me`), profile, statistics counters, the debug echo.
 */
import { z } from "zod";
import { FEATURE_IDS } from "../domain/plans";
import { defineRoute } from "./route";
import { subscriptionSummarySchema } from "./subscription";

/** Any string: a malformed token is the handler's 400 invalid_token, like a forged one (issue 12 item 26). */
export const confirmBody = z.object({ token: z.string() });
export const resendBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Please enter a valid email address.")),
});
export const profileBody = z.object({
  firstName: z.string().trim().max(100, "First name must be 100 characters or fewer"),
  lastName: z.string().trim().max(100, "Last name must be 100 characters or fewer"),
});

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
});

export const profileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

export const meSchema = z.object({
  user: sessionUserSchema,
  profile: z.object({ firstName: z.string(), lastName: z.string() }),
  subscription: subscriptionSummarySchema,
  /** Every feature id of SPEC.md §3 with whether the user's tier includes it. */
  features: z.record(z.enum(FEATURE_IDS), z.boolean()),
  /** Messages a month; null means unlimited. */
  monthlyMessageLimit: z.number().int().nullable(),
});

/** The four counters of /settings/statistics; null means unknown (shown as 'N/A'). */
export const accountStatsSchema = z.object({
  lifetimeMessages: z.number().int().nullable(),
  assistantMessages: z.number().int().nullable(),
  officialFlashcards: z.number().int().nullable(),
  ownFlashcards: z.number().int().nullable(),
});

export const accountApi = {
  confirm: defineRoute({
    method: "post",
    path: "/api/account/confirm",
    summary:
      "Confirm an email address with the token from the confirmation link; signs the user in (sets the session cookie).",
    tags: ["account"],
    auth: "public",
    body: confirmBody,
    responses: {
      200: z.object({
        status: z.enum(["confirmed", "already_confirmed"]),
        email: z.string().nullable().describe("the token's email claim"),
      }),
    },
    errors: ["otp_expired", "invalid_token"],
  }),
  resendConfirmation: defineRoute({
    method: "post",
    path: "/api/account/resend-confirmation",
    summary:
      "Send the confirmation email again: one per 60 s per email address and 5 per 60 s per client address (429 RATE_LIMITED with Retry-After, seconds); 404 when not registered, 409 when already confirmed.",
    tags: ["account"],
    auth: "public",
    body: resendBody,
    responses: { 200: z.object({ sent: z.literal(true), email: z.string() }) },
    errors: ["NOT_FOUND", "CONFLICT", "RATE_LIMITED"],
  }),
  me: defineRoute({
    method: "get",
    path: "/api/me",
    summary: "The signed-in user with profile, subscription summary and feature entitlements.",
    tags: ["account"],
    responses: { 200: meSchema },
  }),
  profile: defineRoute({
    method: "get",
    path: "/api/profile",
    summary: "The signed-in user's profile (created when missing).",
    tags: ["account"],
    responses: { 200: profileSchema },
  }),
  updateProfile: defineRoute({
    method: "patch",
    path: "/api/profile",
    summary: "Update first and last name (trimmed, at most 100 characters each).",
    tags: ["account"],
    body: profileBody,
    responses: { 200: profileSchema },
  }),
  stats: defineRoute({
    method: "get",
    path: "/api/account/stats",
    summary: "Account counters for /settings/statistics; null means unknown.",
    tags: ["account"],
    responses: { 200: accountStatsSchema },
  }),
  testAuth: defineRoute({
    method: "post",
    path: "/api/test-auth",
    summary: "Debug (SPEC.md §2.3): echoes the session and the body's `test` value (null when absent).",
    tags: ["debug"],
    rawBody: { contentType: "application/json", description: "{test?: any}; an unreadable body counts as {}" },
    responses: {
      200: z.object({
        ok: z.literal(true),
        userId: z.string(),
        email: z.string(),
        test: z.unknown(),
        at: z.string().describe("ISO 8601 UTC"),
      }),
    },
  }),
};
