/**
 * Security headers on every response: a strict Content-Security-Policy (no inline scripts,
 * no framing), nosniff, a strict referrer policy and a conservative permissions policy.
 */
import type { MiddlewareHandler } from "hono";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  // blob: — the course editor reads a chosen video from an object URL for its duration and poster (decision 069);
  // https: — a lesson may play an external https video URL set in the course editor (issue 15).
  "media-src 'self' blob: https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  // Violations are reported to the admin's security page (issue 17; features/admin/ops).
  "report-uri /api/csp-report",
  "report-to csp",
].join("; ");

/**
 * The policy when Stripe is configured (issue 14 §10, decision 054): Stripe.js and its frames
 * (https://js.stripe.com, https://hooks.stripe.com) and its API (https://api.stripe.com), nothing else.
 */
export const CONTENT_SECURITY_POLICY_WITH_STRIPE = CONTENT_SECURITY_POLICY.replace(
  "script-src 'self'",
  "script-src 'self' https://js.stripe.com",
)
  .replace("connect-src 'self'", "connect-src 'self' https://api.stripe.com")
  .replace(
    "frame-ancestors 'none'",
    "frame-src https://js.stripe.com https://hooks.stripe.com; frame-ancestors 'none'",
  );

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const stripe = !!(c.get("deps") as { env?: { STRIPE_PUBLISHABLE_KEY?: string } } | undefined)?.env
      ?.STRIPE_PUBLISHABLE_KEY;
    c.header("Content-Security-Policy", stripe ? CONTENT_SECURITY_POLICY_WITH_STRIPE : CONTENT_SECURITY_POLICY);
    c.header("Reporting-Endpoints", 'csp="/api/csp-report"');
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    c.header("X-Frame-Options", "DENY");
    c.header("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    c.header("Cross-Origin-Opener-Policy", "same-origin");
  };
}
