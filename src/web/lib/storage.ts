/** Browser-stored values of SPEC.md §3, under the names the spec lists. All access is guarded. */
export const KEYS = {
  theme: "ui-theme",
  sidebarPinned: "ask-jds-persistent-sidebar-pinned",
  threadsCollapsed: "ask-jds-persistent-threads-collapsed",
  lastVisited: "ask-jds-persistent-last-visited",
  preservedMessage: "preservedMessage",
  preservedThreadId: "preservedThreadId",
  currentThreadId: "currentThreadId",
  authError: "auth_error",
  redirectAttempts: "last_auth_redirect_attempt",
  sessionMarker: "ask-jds-session-marker",
  trialBannerDismissed: "trial-banner-dismissed",
  /** The protected page a signed-out visitor asked for (session storage), for after sign-in. */
  returnTo: "lexmate-return-to",
} as const;

export function read(key: string, session = false): string | null {
  try {
    return (session ? sessionStorage : localStorage).getItem(key);
  } catch {
    return null;
  }
}

export function write(key: string, value: string | null, session = false): void {
  try {
    const s = session ? sessionStorage : localStorage;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // storage unavailable (private mode): the app still works, it just forgets
  }
}

/** Local auth-error record (SPEC.md §3): code, description, email. */
export interface AuthErrorRecord {
  code: string;
  description: string;
  email: string | null;
}

export function saveAuthError(rec: AuthErrorRecord) {
  write(KEYS.authError, JSON.stringify(rec));
}

export function readAuthError(): AuthErrorRecord | null {
  const raw = read(KEYS.authError);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as AuthErrorRecord;
  } catch {
    return null;
  }
}

/** Clears everything the app stored about the signed-in user (sign-out, Go to Login). */
export function clearAuthStorage() {
  for (const k of [KEYS.sessionMarker, KEYS.redirectAttempts, KEYS.currentThreadId]) write(k, null);
  try {
    sessionStorage.clear();
  } catch {
    // ignore
  }
}
