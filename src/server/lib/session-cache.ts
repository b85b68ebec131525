/**
 * A short-lived, per-process cache of "session cookie → signed-in user" in front of better-auth's
 * getSession, so the hot path (every authenticated request) does not query the session and user
 * tables each time (DESIGN.md §6: GET /api/threads ≥ 2,000 req/s). Entries come only from a
 * successful getSession, live at most `ttlMs` and never past the session's expiry. Any request to
 * /api/auth/* made with the cookie (sign-out, password change, …) drops its entry at once in this
 * process. Every session deletion better-auth makes (sign-out, revoke, password change or reset)
 * is announced on the realtime bus as `session.revoked` (auth/auth.ts `onSessionRevoked`), and
 * `followRevocations` makes every process drop all cached sessions of that user when it hears
 * it (PostgreSQL: NOTIFY, milliseconds; issue 12 item 6). A lost LISTEN connection clears the
 * whole cache. Decision record 016 has the original design.
 */
import type { RealtimeBus } from "../realtime/bus";
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
  /** userId → when (ms) its sessions were last revoked; a lookup that started earlier is not cached. */
  private readonly revokedAt: TtlMap<number>;
  constructor(
    readonly ttlMs: number,
    maxEntries = 50_000,
  ) {
    this.entries = new TtlMap(maxEntries);
    this.revokedAt = new TtlMap(maxEntries);
  }

  get(key: string, nowMs: number): SessionUser | null {
    return this.entries.get(key, nowMs);
  }

  /**
   * Caches `user` for `key` until min(now + ttl, sessionExpiresAt). `nowMs` is when the lookup
   * started: if the user's sessions were revoked since, nothing is cached.
   */
  set(key: string, user: SessionUser, sessionExpiresAt: Date, nowMs: number): void {
    if (this.ttlMs <= 0) return;
    const revoked = this.revokedAt.get(user.id, Date.now());
    if (revoked !== null && revoked >= nowMs) return;
    const until = Math.min(nowMs + this.ttlMs, sessionExpiresAt.getTime());
    if (until <= nowMs) return;
    this.entries.set(key, user, until);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every cached session of `userId` (its sessions were revoked somewhere). */
  deleteUser(userId: string): void {
    const now = Date.now();
    this.revokedAt.set(userId, now, now + Math.max(this.ttlMs, 1000));
    this.entries.deleteWhere((u) => u.id === userId);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Listens for `session.revoked` (and `resync`) on the bus; returns the unsubscribe function. */
  followRevocations(bus: Pick<RealtimeBus, "onAnnounce">): () => void {
    return bus.onAnnounce((e) => {
      if (e.type === "session.revoked") this.deleteUser(e.userId);
      else if (e.type === "resync") this.clear();
    });
  }

  get size(): number {
    return this.entries.size;
  }
}
