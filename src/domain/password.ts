/**
 * Password rules of SPEC.md §5 (the live checklist) and the "easy to guess" tips.
 * The strength estimate itself (zxcvbn) runs on the server: see src/server/auth/password-strength.ts.
 */
export const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_RULES = [
  { id: "length", label: "At least 8 characters", test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { id: "lower", label: "One lowercase letter", test: (p: string) => /\p{Ll}/u.test(p) },
  { id: "upper", label: "One uppercase letter", test: (p: string) => /\p{Lu}/u.test(p) },
  { id: "digit", label: "One number", test: (p: string) => /\d/.test(p) },
  { id: "special", label: "One special character", test: (p: string) => /[^\p{L}\p{N}]/u.test(p) },
] as const;

export const passwordChecks = (p: string) => PASSWORD_RULES.map((r) => ({ id: r.id, label: r.label, ok: r.test(p) }));
export const meetsPasswordRules = (p: string) => PASSWORD_RULES.every((r) => r.test(p));

/** The three tips of SPEC.md §5, shown when the server says the password is easy to guess. */
export const EASY_TO_GUESS_TIPS = [
  "Avoid common words, names or patterns",
  "Mix unrelated words with numbers",
  "Use a passphrase",
] as const;

export const EASY_TO_GUESS_MESSAGE = "This password is too easy to guess. Please choose a stronger one.";
