import { describe, expect, it } from "vitest";
import { ThreadListCache } from "./thread-list-cache";

describe("ThreadListCache", () => {
  it("serves a stored list until invalidated or expired", () => {
    const c = new ThreadListCache(1000);
    c.set("u", "[1]", c.generation("u"), 0);
    expect(c.get("u", 999)).toBe("[1]");
    expect(c.get("u", 1000)).toBeNull();
    c.set("u", "[2]", c.generation("u"), 0);
    c.invalidate("u");
    expect(c.get("u", 1)).toBeNull();
  });
  it("does not store a read that a write overtook", () => {
    const c = new ThreadListCache(1000);
    const g = c.generation("u");
    c.invalidate("u"); // a write lands while the read is in flight
    c.set("u", "[stale]", g, 0);
    expect(c.get("u", 1)).toBeNull();
    c.set("u", "[fresh]", c.generation("u"), 0);
    expect(c.get("u", 1)).toBe("[fresh]");
  });
  it("keeps users apart and is bounded", () => {
    const c = new ThreadListCache(1000, 2);
    c.set("a", "A", 0, 0);
    c.set("b", "B", 0, 0);
    c.set("c", "C", 0, 0);
    expect(c.get("a", 1)).toBeNull();
    expect([c.get("b", 1), c.get("c", 1)]).toEqual(["B", "C"]);
  });
  it("caches nothing with a zero TTL", () => {
    const c = new ThreadListCache(0);
    c.set("u", "x", 0, 0);
    expect(c.get("u", 0)).toBeNull();
  });
});
