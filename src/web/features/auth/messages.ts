/** Auth-link error texts of SPEC.md §5. */
export function authErrorMessage(code: string | null, description?: string | null): string {
  if (code === "otp_expired") return "Your confirmation link has expired. Please request a new one.";
  if (code === "invalid_token") return "The confirmation link is invalid. Please request a new one.";
  return description || "An authentication error occurred";
}

/** Pulls an email address out of an error description, if one is there (SPEC.md §5). */
export const emailIn = (text: string | null | undefined): string | null =>
  text?.match(/[^\s@<>()]+@[^\s@<>()]+\.[a-z]{2,}/i)?.[0] ?? null;

/** What a student reads for an auth answer's code (better-auth's codes and ours). */
const AUTH_CODE_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "Invalid email or password.",
  EMAIL_NOT_VERIFIED: "Please confirm your email address before signing in. Check your inbox for the link we sent.",
  USER_ALREADY_EXISTS: "An account with this email already exists. Sign in instead.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "An account with this email already exists. Sign in instead.",
  INVALID_ORIGIN:
    "We could not verify the address this page was opened from. Open the app at its usual address and try again.",
  MISSING_OR_NULL_ORIGIN:
    "We could not verify the address this page was opened from. Open the app at its usual address and try again.",
  INVALID_TOKEN: "This link is invalid or has expired. Please request a new one.",
  INVALID_PASSWORD: "Current password is incorrect",
  PASSWORD_TOO_SHORT: "Password must be at least 8 characters",
  PASSWORD_TOO_LONG: "Password must be at most 128 characters",
  INVALID_EMAIL: "Please enter a valid email address.",
};

/** Codes whose server message is already written for a student (ours, and the api client's network texts). */
const READABLE_CODES = new Set([
  "PASSWORD_RULES",
  "PASSWORD_EASY_TO_GUESS",
  "RATE_LIMITED",
  "VALIDATION_FAILED",
  "NETWORK",
  "TIMEOUT",
]);

/**
 * The message to show for a failed auth request (issue 12 item 19): a known code's own text, a
 * server message we wrote, or `fallback` — never a raw code such as "Invalid origin".
 */
export function authFailureMessage(err: unknown, fallback: string): string {
  const e = err as { code?: unknown; message?: unknown; status?: unknown } | null;
  const code = typeof e?.code === "string" ? e.code : "";
  const message = typeof e?.message === "string" ? e.message : "";
  if (AUTH_CODE_MESSAGES[code]) return AUTH_CODE_MESSAGES[code];
  if (READABLE_CODES.has(code) && message) return message;
  if (e?.status === 429) return "Too many requests. Please wait a moment before trying again.";
  return fallback;
}
