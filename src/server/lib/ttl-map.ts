/**
 * A bounded per-process map whose entries expire at an instant (ms since the epoch, UTC).
 * When full, the oldest insertion is dropped (a Map keeps insertion order). Used by the
 * session cache and the thread-list cache (decision record 016).
 */
export class TtlMap<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  constructor(private readonly maxEntries: number) {}

  /** The value, or null when absent or expired (an expired entry is removed). */
  get(key: string, nowMs: number): V | null {
    const e = this.entries.get(key);
    if (!e) return null;
    if (e.until <= nowMs) {
      this.entries.delete(key);
      return null;
    }
    return e.value;
  }

  /** Stores `value` until `untilMs`, evicting the oldest entry when the map is full. */
  set(key: string, value: V, untilMs: number): void {
    if (this.entries.size >= this.maxEntries) {
      const first = this.entries.keys().next();
      if (!first.done) this.entries.delete(first.value);
    }
    this.entries.set(key, { value, until: untilMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Removes every entry whose value matches `pred`; returns how many went. O(size). */
  deleteWhere(pred: (value: V) => boolean): number {
    let n = 0;
    for (const [k, e] of this.entries) {
      if (pred(e.value)) {
        this.entries.delete(k);
        n++;
      }
    }
    return n;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
