/** Auth-link error texts of SPEC.md §5. */
export function authErrorMessage(code: string | null, description?: string | null): string {
  if (code === "otp_expired") return "Your confirmation link has expired. Please request a new one.";
  if (code === "invalid_token") return "The confirmation link is invalid. Please request a new one.";
  return description || "An authentication error occurred";
}

/** Pulls an email address out of an error description, if one is there (SPEC.md §5). */
export const emailIn = (text: string | null | undefined): string | null =>
  text?.match(/[^\s@<>()]+@[^\s@<>()]+\.[a-z]{2,}/i)?.[0] ?? null;
