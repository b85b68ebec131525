/**
 * Auth-link errors arriving at the app (SPEC.md §4): a confirmation or reset link that failed
 * lands with `#error=…&error_code=…&error_description=…` in the URL fragment, on whatever page the
 * link named (often `/`). The student is sent to `/auth?error={code}` and the local auth-error
 * record (code, description, email found in the description) is saved for the resend page.
 * Used by both browser entries (landing-main.tsx for the pre-rendered pages, main.tsx for the app);
 * /auth/callback handles its own fragment. Kept tiny: it runs before the landing's first paint.
 */
import { saveAuthError } from "./storage";

const EMAIL = /[^\s@<>()]+@[^\s@<>()]+\.[a-z]{2,}/i;

/** Sends the page to /auth?error={code} when its fragment carries an auth-link error; true if it did. */
export function redirectAuthLinkError(loc: Pick<Location, "hash" | "pathname" | "replace"> = window.location): boolean {
  if (!loc.hash || loc.pathname === "/auth/callback") return false;
  const hash = new URLSearchParams(loc.hash.replace(/^#/, ""));
  const code = hash.get("error_code") || hash.get("error");
  if (!code) return false;
  const description = hash.get("error_description") ?? "";
  saveAuthError({ code, description, email: hash.get("email") ?? description.match(EMAIL)?.[0] ?? null });
  loc.replace(`/auth?error=${encodeURIComponent(code)}`);
  return true;
}
