import { describe, expect, it } from "vitest";
import { SessionCache, sessionCookieValue } from "./session-cache";

const user = { id: "u1", email: "a@example.com", name: "A", emailVerified: true, isAdmin: false };

describe("sessionCookieValue", () => {
  it.each([
    ["better-auth.session_token=abc.def", "abc.def"],
    ["x=1; better-auth.session_token=abc.def; y=2", "abc.def"],
    ["__Secure-better-auth.session_token=s3cure", "s3cure"],
    ["not-better-auth.session_tokenx=1", null],
    ["", null],
  ])("%j → %j", (header, value) => expect(sessionCookieValue(header)).toBe(value));
  it("handles a missing header", () => expect(sessionCookieValue(undefined)).toBeNull());
});

describe("SessionCache", () => {
  it("keeps an entry for the TTL, never past the session's expiry", () => {
    const c = new SessionCache(10_000);
    c.set("k", user, new Date(100_000), 0);
    expect(c.get("k", 9_999)).toEqual(user);
    expect(c.get("k", 10_000)).toBeNull();
    c.set("k", user, new Date(5_000), 0);
    expect(c.get("k", 4_999)).toEqual(user);
    expect(c.get("k", 5_000)).toBeNull();
  });
  it("forgets a deleted entry and stores nothing for an expired session or a zero TTL", () => {
    const c = new SessionCache(10_000);
    c.set("k", user, new Date(100_000), 0);
    c.delete("k");
    expect(c.get("k", 1)).toBeNull();
    c.set("old", user, new Date(0), 10);
    expect(c.size).toBe(0);
    const off = new SessionCache(0);
    off.set("k", user, new Date(100_000), 0);
    expect(off.get("k", 1)).toBeNull();
  });
  it("is bounded", () => {
    const c = new SessionCache(10_000, 2);
    for (const k of ["a", "b", "c"]) c.set(k, user, new Date(100_000), 0);
    expect(c.size).toBe(2);
    expect(c.get("a", 1)).toBeNull();
  });
});
