/**
 * Issue 12, account and input items: no 500 for `null` or NUL ids (item 7), a per-address limit on
 * resend-confirmation (item 8), the sign-up name reaches the profile (item 20), a malformed
 * confirmation token is 400 invalid_token (item 26).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, STRONG_PASSWORD, signedInUser, startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" });
});
afterAll(() => server?.close());

describe("hostile input (item 7)", () => {
  it("POST /api/test-auth with the body `null` echoes test: null, not a 500", async () => {
    const a = await signedInUser(server, "nullbody@example.com");
    const r = await a.json<{ ok: boolean; test: unknown }>("/api/test-auth", { body: "null" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, test: null });
  });

  it("a NUL byte in a path id is a 404 envelope on every id route the attack run named", async () => {
    const a = await signedInUser(server, "nulid@example.com");
    const paths: [string, string][] = [
      ["GET", "/api/subjects/a%00b"],
      ["GET", "/api/topics/a%00b"],
      ["GET", "/api/briefs/a%00b"],
      ["GET", "/api/decks/a%00b"],
      ["PATCH", "/api/note-templates/a%00b"],
      ["DELETE", "/api/note-templates/a%00b"],
    ];
    for (const [method, path] of paths) {
      const r = await a.json<{ error?: { code: string } }>(path, {
        method,
        body: method === "PATCH" ? { name: "x", content: "y" } : undefined,
      });
      expect([method, path, r.status]).toEqual([method, path, 404]);
      expect(r.body.error?.code).toBe("NOT_FOUND");
    }
  });
});

describe("confirmation token (item 26)", () => {
  it("a malformed token answers 400 invalid_token, not VALIDATION_FAILED", async () => {
    for (const token of ["", "abc", "x".repeat(5000)]) {
      const r = await client(server.url).json<{ error: { code: string; message: string } }>("/api/account/confirm", {
        body: { token },
      });
      expect(r.status).toBe(400);
      expect(r.body.error).toEqual({
        code: "invalid_token",
        message: "The confirmation link is invalid. Please request a new one.",
      });
    }
  });
});

describe("sign-up name (item 20)", () => {
  it("the name typed at sign-up becomes the profile's first and last name after confirmation", async () => {
    const a = client(server.url);
    const up = await a.json("/api/auth/sign-up/email", {
      body: { email: "ruth@example.com", password: STRONG_PASSWORD, name: "  Ruth  Bader Ginsburg " },
    });
    expect(up.status).toBe(200);
    const link = server.lastLink("ruth@example.com", "/auth/callback");
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get("token");
    expect((await a.json("/api/account/confirm", { body: { token } })).status).toBe(200);
    const profile = await a.json<{ firstName: string; lastName: string }>("/api/profile");
    expect(profile.body).toMatchObject({ firstName: "Ruth", lastName: "Bader Ginsburg" });
    const me = await a.json<{ profile: { firstName: string; lastName: string } }>("/api/me");
    expect(me.body.profile).toEqual({ firstName: "Ruth", lastName: "Bader Ginsburg" });
  });

  it("a one-word name is the first name; the last name stays empty", async () => {
    const a = client(server.url);
    await a.json("/api/auth/sign-up/email", {
      body: { email: "cher@example.com", password: STRONG_PASSWORD, name: "Cher" },
    });
    const token = new URLSearchParams(new URL(server.lastLink("cher@example.com", "/auth/callback")).hash.slice(1)).get(
      "token",
    );
    await a.json("/api/account/confirm", { body: { token } });
    expect((await a.json("/api/profile")).body).toMatchObject({ firstName: "Cher", lastName: "" });
  });
});

describe("resend-confirmation per address (item 8)", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer();
  });
  afterAll(() => limited?.close());

  it("probing many addresses from one client address is refused with 429 and Retry-After", async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    let message = "";
    for (let i = 0; i < 12; i++) {
      const res = await client(limited.url).fetch("/api/account/resend-confirmation", {
        body: { email: `probe${i}@example.com` },
      });
      statuses.push(res.status);
      if (res.status === 429) {
        retryAfter = res.headers.get("retry-after");
        message = ((await res.json()) as { error: { message: string } }).error.message;
      }
    }
    // Unknown addresses are 404 until the per-address budget is spent, then 429.
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // SPEC.md §8: the client maps a message containing 'rate limit' to its 'Too many requests' toast.
    expect(message).toMatch(/rate limit/i);
  });
});
