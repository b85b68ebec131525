/**
 * Per-process cache of each user's serialized first page of the thread list (the default page
 * size, no cursor; decision 044), so the most frequent request of the app (GET /api/threads,
 * every page load and tab) is served without a database round trip (DESIGN.md §6: ≥ 2,000 req/s,
 * p99 ≤ 50 ms; decision record 016). Later pages are never cached.
 *
 * Coherence: every write path in this process invalidates the user's entry at once; changes made
 * by other processes arrive through the realtime bus (LISTEN/NOTIFY) and invalidate it too. While
 * the bus cannot hear other processes, nothing is cached. A per-user generation number stops a
 * read that started before a write from storing its (stale) result after it. Entries also expire
 * after `ttlMs` as a backstop.
 */
import { TtlMap } from "../../lib/ttl-map";

export class ThreadListCache {
  private readonly entries: TtlMap<string>;
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 20_000,
  ) {
    this.entries = new TtlMap(maxEntries);
  }

  get(userId: string, nowMs: number): string | null {
    return this.entries.get(userId, nowMs);
  }

  /** The user's generation: pass it back to `set` so a read overtaken by a write is not stored. */
  generation(userId: string): number {
    return this.generations.get(userId) ?? 0;
  }

  set(userId: string, json: string, generation: number, nowMs: number): void {
    if (this.ttlMs <= 0 || this.generation(userId) !== generation) return;
    this.entries.set(userId, json, nowMs + this.ttlMs);
  }

  invalidate(userId: string): void {
    this.entries.delete(userId);
    this.generations.set(userId, this.generation(userId) + 1);
    if (this.generations.size > this.maxEntries * 2) this.generations.clear();
  }

  clear(): void {
    this.entries.clear();
    this.generations.clear();
  }
}
