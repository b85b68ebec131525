/**
 * The one error envelope and code list of the HTTP API (DESIGN.md §3):
 * `{ "error": { "code": "NOT_FOUND", "message": "…" } }` with the status given here.
 * Every code is SCREAMING_SNAKE except the two auth-link codes of SPEC.md §5 (`otp_expired`,
 * `invalid_token`), whose wire values the confirmation links and the web already use.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  UPGRADE_REQUIRED: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** The URL or headers are over Node's 16 KB limit (answered before the app runs). */
  HEADERS_TOO_LARGE: 431,
  /** A body in a type the route does not read (form encodings, text/plain on JSON routes). */
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  MESSAGE_LIMIT_REACHED: 429,
  /** Auth-link errors of SPEC.md §5. */
  otp_expired: 400,
  invalid_token: 400,
  /** The configured LLM provider failed (issue 4): key refused, provider rate limit, 5xx, 45 s time-out, stream cut. */
  LLM_UNAUTHORIZED: 502,
  LLM_RATE_LIMITED: 503,
  LLM_UNAVAILABLE: 502,
  LLM_TIMEOUT: 504,
  LLM_INTERRUPTED: 502,
  /** Billing (decision 054): Stripe keys not set; a card or request refused by the provider; provider unreachable. */
  PAYMENTS_NOT_CONFIGURED: 409,
  PAYMENT_FAILED: 400,
  PAYMENT_PROVIDER_ERROR: 502,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  /** Maintenance mode (admin settings, issue 17): the app is read-only for students. */
  MAINTENANCE: 503,
  /** Sign-ups closed on /admin/settings (issue 17). */
  SIGNUPS_CLOSED: 403,
  /** An administrator disabled this account's sign-in (issue 17). */
  ACCOUNT_DISABLED: 403,
} as const;

/** Every code our own envelope carries (server `AppError(code)`). */
export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Codes better-auth answers under `/api/auth/*` as `{code, message}` (not our envelope) that the
 * web tells apart: our own password and sign-in hooks (src/server/auth/auth.ts) and better-auth's.
 */
export type AuthErrorCode =
  | "EMAIL_NOT_VERIFIED"
  | "INVALID_EMAIL_OR_PASSWORD"
  | "INVALID_PASSWORD"
  | "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"
  | "PASSWORD_RULES"
  | "PASSWORD_EASY_TO_GUESS"
  | "RATE_LIMITED"
  | "INVALID_ORIGIN"
  | "FAILED_TO_CREATE_USER"
  | "SIGNUPS_CLOSED"
  | "ACCOUNT_DISABLED";

/** `errorCode` of a chat answer stored with status "error": an LLM_* code, or STOPPED when the student stopped it. */
export type AnswerErrorCode = Extract<ErrorCode, `LLM_${string}`> | "STOPPED" | "INTERNAL";

export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; details?: unknown };
}
