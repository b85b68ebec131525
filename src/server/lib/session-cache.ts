/**
 * A short-lived, per-process cache of "session cookie → signed-in user" in front of better-auth's
 * getSession, so the hot path (every authenticated request) does not query the session and user
 * tables each time (DESIGN.md §6: GET /api/threads ≥ 2,000 req/s). Entries come only from a
 * successful getSession, live at most `ttlMs` and never past the session's expiry. Any request to
 * /api/auth/* made with the cookie (sign-out, password change, …) drops its entry at once in this
 * process; elsewhere a revoked session stops working within `ttlMs` (decision record 016).
 */
import type { SessionUser } from "./context";
import { TtlMap } from "./ttl-map";

/** The session cookie's value (signed token), with or without the __Secure- prefix; null when absent. */
export function sessionCookieValue(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  const m = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/.exec(cookieHeader);
  return m ? m[1] : null;
}

export class SessionCache {
  private readonly entries: TtlMap<SessionUser>;
  constructor(
    readonly ttlMs: number,
    maxEntries = 50_000,
  ) {
    this.entries = new TtlMap(maxEntries);
  }

  get(key: string, nowMs: number): SessionUser | null {
    return this.entries.get(key, nowMs);
  }

  /** Caches `user` for `key` until min(now + ttl, sessionExpiresAt). */
  set(key: string, user: SessionUser, sessionExpiresAt: Date, nowMs: number): void {
    if (this.ttlMs <= 0) return;
    const until = Math.min(nowMs + this.ttlMs, sessionExpiresAt.getTime());
    if (until <= nowMs) return;
    this.entries.set(key, user, until);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
