/**
 * The one error envelope and code list of the HTTP API (DESIGN.md §3):
 * `{ "error": { "code": "NOT_FOUND", "message": "…" } }` with the status given here.
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
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorEnvelope {
  error: { code: ErrorCode | string; message: string; details?: unknown };
}
