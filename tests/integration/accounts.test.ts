/**
 * Accounts through HTTP against the real server (PGlite, or PostgreSQL when DATABASE_URL is set):
 * sign-up → outbox link → confirm → sign-in → change password → sign-out, and the failure paths.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPlan } from "../../src/server/features/billing/subscriptions.service";
import {
  client,
  STRONG_PASSWORD,
  signedInUser,
  startTestServer,
  type TestServer,
  tokenFromLink,
} from "../helpers/server";

/** Auth answers leave in our envelope (issue 12 item 13). */
type AuthError = { error: { code: string; message: string } };

let server: TestServer;
beforeAll(async () => {
  // Limits are tested on a server of their own (below); this one serves many sign-ups from one IP.
  server = await startTestServer({ ADMIN_EMAILS: "boss@example.com", RATE_LIMIT_DISABLED: "true" });
});
afterAll(async () => {
  await server?.close();
});

describe("health and the API surface", () => {
  it("GET /api/health names the database", async () => {
    const r = await client(server.url).json<{ status: string; db: string }>("/api/health");
    expect(r.status).toBe(200);
    expect(r.body.status).toBe("ok");
    expect(r.body.db).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
  });
  it("unknown /api paths are JSON 404 in the error envelope", async () => {
    const r = await client(server.url).json<{ error: { code: string } }>("/api/nope");
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe("NOT_FOUND");
  });
  it("sends the security headers", async () => {
    const res = await client(server.url).fetch("/api/health");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
  it("publishes an OpenAPI document of its routes", async () => {
    const r = await client(server.url).json<{ openapi: string; paths: Record<string, unknown> }>("/api/openapi.json");
    expect(r.body.openapi).toMatch(/^3\./);
    expect(Object.keys(r.body.paths)).toEqual(
      expect.arrayContaining(["/api/subscription", "/api/account/resend-confirmation", "/api/topics/{id}"]),
    );
  });
  it("a page path with malformed percent-encoding is not a 500", async () => {
    const res = await client(server.url).fetch("/notes/%E0%A4%A");
    expect(res.status).not.toBe(500);
  });
  it("malformed JSON is a 400, not a 500", async () => {
    const r = await client(server.url).json<{ error: { code: string } }>("/api/account/resend-confirmation", {
      body: "{not json",
    });
    expect(r.status).toBe(400);
  });
});

describe("sign-up, confirmation, sign-in, password change, sign-out", () => {
  const email = "ada@example.com";
  const c = () => client(server.url);

  it("refuses a password that is easy to guess", async () => {
    const r = await c().json<AuthError>("/api/auth/sign-up/email", {
      body: { email, password: "Password1!", name: "Ada" },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/easy to guess/);
  });

  it("refuses a password that breaks the rules", async () => {
    const r = await c().json<AuthError>("/api/auth/sign-up/email", {
      body: { email, password: "alllowercasewords", name: "Ada" },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe("Password does not meet all requirements");
  });

  it("runs the whole flow", async () => {
    const a = c();
    const up = await a.json("/api/auth/sign-up/email", { body: { email, password: STRONG_PASSWORD, name: "Ada" } });
    expect(up.status).toBe(200);
    expect(a.cookies.size).toBe(0); // no session before confirmation

    // unconfirmed sign-in is refused and says so
    const early = await a.json<AuthError>("/api/auth/sign-in/email", {
      body: { email, password: STRONG_PASSWORD },
    });
    expect(early.status).toBe(403);
    expect(early.body.error.code).toBe("EMAIL_NOT_VERIFIED");

    const link = server.lastLink(email, "/auth/callback");
    expect(link).toMatch(/\/auth\/callback#token=/);
    const mail = server.outbox().find((m) => m.to === email)!;
    expect(mail.subject).toContain("Lexmate");
    expect(mail.text).toContain("Lexmate");

    const confirmed = await a.json<{ status: string; email: string }>("/api/account/confirm", {
      body: { token: tokenFromLink(link) },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ status: "confirmed", email });

    const me = await a.json<{
      user: { email: string };
      subscription: { tierName: string; status: string; isActive: boolean };
      features: Record<string, boolean>;
    }>("/api/me");
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
    expect(me.body.subscription).toMatchObject({ tierName: "Trial", status: "trialing", isActive: true });
    expect(me.body.features.notes).toBe(true);

    // the link cannot sign anyone in twice
    const b = c();
    const reused = await b.json<{ status: string }>("/api/account/confirm", { body: { token: tokenFromLink(link) } });
    expect(reused.body.status).toBe("already_confirmed");
    expect((await b.json("/api/me")).status).toBe(401);

    // sign in with the password
    const d = c();
    const signIn = await d.json("/api/auth/sign-in/email", { body: { email, password: STRONG_PASSWORD } });
    expect(signIn.status).toBe(200);
    const cookieHeader = [...d.cookies.keys()].join(";");
    expect(cookieHeader).toContain("session_token");

    // change the password: wrong current one is refused
    const wrong = await d.json<AuthError>("/api/auth/change-password", {
      body: { currentPassword: "Not-The-Password-9", newPassword: "Brand-New-Lighthouse-77" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe("INVALID_PASSWORD");
    const changed = await d.json("/api/auth/change-password", {
      body: { currentPassword: STRONG_PASSWORD, newPassword: "Brand-New-Lighthouse-77" },
    });
    expect(changed.status).toBe(200);
    expect((await c().json("/api/auth/sign-in/email", { body: { email, password: STRONG_PASSWORD } })).status).toBe(
      401,
    );
    expect(
      (await c().json("/api/auth/sign-in/email", { body: { email, password: "Brand-New-Lighthouse-77" } })).status,
    ).toBe(200);

    // sign out ends the session
    const out = await d.json("/api/auth/sign-out", { body: {} });
    expect(out.status).toBe(200);
    expect((await d.json("/api/me")).status).toBe(401);
  });

  it("a wrong password is a 401 with a clear message", async () => {
    const r = await c().json<AuthError>("/api/auth/sign-in/email", {
      body: { email, password: "Wrong-Password-123" },
    });
    expect(r.status).toBe(401);
    expect(r.body.error.message).toBe("Invalid email or password");
  });

  it("an invalid link is invalid_token", async () => {
    const r = await c().json<{ error: { code: string; message: string } }>("/api/account/confirm", {
      body: { token: "eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6InhAeS56In0.bogus-signature" },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({
      code: "invalid_token",
      message: "The confirmation link is invalid. Please request a new one.",
    });
  });
});

describe("expired links", () => {
  it("a confirmation link past its lifetime is otp_expired and signs nobody in", async () => {
    const email = "late@example.com";
    const a = client(server.url);
    await a.json("/api/auth/sign-up/email", { body: { email, password: STRONG_PASSWORD, name: "Late" } });
    const real = JSON.parse(
      Buffer.from(tokenFromLink(server.lastLink(email, "/auth/callback")).split(".")[1], "base64url").toString(),
    );
    expect(real.exp - real.iat).toBe(24 * 3600);
    // The same token as the server would have issued 25 hours ago, signed with the server's secret.
    const secret = new TextEncoder().encode(readFileSync(join(server.dataDir, "auth-secret"), "utf8").trim());
    const issued = Math.floor(Date.now() / 1000) - 25 * 3600;
    const expired = await new SignJWT({ email })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt(issued)
      .setExpirationTime(issued + 24 * 3600)
      .sign(secret);
    const r = await a.json<{ error: { code: string; message: string } }>("/api/account/confirm", {
      body: { token: expired },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({
      code: "otp_expired",
      message: "Your confirmation link has expired. Please request a new one.",
    });
    expect((await a.json("/api/me")).status).toBe(401);
  });
});

describe("resend confirmation", () => {
  it("enforces the 60 s cooldown and reports unknown and confirmed addresses", async () => {
    const email = "grace@example.com";
    const a = client(server.url);
    await a.json("/api/auth/sign-up/email", { body: { email, password: STRONG_PASSWORD, name: "Grace" } });
    const first = await a.json<{ sent: boolean }>("/api/account/resend-confirmation", {
      body: { email: ` ${email.toUpperCase()} ` },
    });
    expect(first.status).toBe(200);
    const second = await a.json<{ error: { code: string; message: string } }>("/api/account/resend-confirmation", {
      body: { email },
    });
    expect(second.status).toBe(429);
    expect(second.body.error.message).toMatch(/rate limit: please wait \d+ seconds before requesting another email/i);
    const unknown = await a.json<{ error: { message: string } }>("/api/account/resend-confirmation", {
      body: { email: "nobody@example.com" },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe("This email address is not registered. Please sign up first.");
    const bad = await a.json("/api/account/resend-confirmation", { body: { email: "not-an-email" } });
    expect(bad.status).toBe(400);
  });
});

describe("password reset by email", () => {
  it("sends a link that sets a new password", async () => {
    const email = "reset@example.com";
    await signedInUser(server, email);
    const a = client(server.url);
    const req = await a.json("/api/auth/request-password-reset", {
      body: { email, redirectTo: "/auth/reset-password" },
    });
    expect(req.status).toBe(200);
    const link = server.lastLink(email, "/auth/reset-password");
    const token = new URL(link).searchParams.get("token");
    const weak = await a.json<AuthError>("/api/auth/reset-password", {
      body: { token, newPassword: "Password123!" },
    });
    expect(weak.body.error.message).toMatch(/easy to guess/);
    const ok = await a.json("/api/auth/reset-password", { body: { token, newPassword: "Violet-Canyon-Orbit-58" } });
    expect(ok.status).toBe(200);
    expect(
      (await a.json("/api/auth/sign-in/email", { body: { email, password: "Violet-Canyon-Orbit-58" } })).status,
    ).toBe(200);
  });
});

describe("rate limits", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer();
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("limits sign-in attempts per account with a clear 429", async () => {
    const email = "target@example.com";
    await signedInUser(limited, email);
    const statuses: number[] = [];
    let last: { error?: { message?: string } } = {};
    for (let i = 0; i < 12; i++) {
      const r = await client(limited.url).json<AuthError>("/api/auth/sign-in/email", {
        body: { email, password: "Wrong-Password-123" },
      });
      statuses.push(r.status);
      last = r.body;
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(last.error?.message).toMatch(
      /Too many sign-in attempts for this account\. Please wait \d+ minutes? and try again\./,
    );
  });

  it("limits sign-ups per IP address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await client(limited.url).json<AuthError>("/api/auth/sign-up/email", {
        body: { email: `ip${i}@example.com`, password: STRONG_PASSWORD, name: "ip" },
      });
      statuses.push(r.status);
      if (r.status === 429) expect(r.body.error.message).toBe("Too many requests. Please try again later.");
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses[0]).toBe(200);
  });
});

describe("profiles, admins and entitlements", () => {
  it("creates the profile, updates names and rejects over-long ones", async () => {
    // signedInUser signs up with the name "names": it is the profile's first name (issue 12 item 20).
    const a = await signedInUser(server, "names@example.com");
    expect((await a.json<{ firstName: string; lastName: string }>("/api/profile")).body).toMatchObject({
      firstName: "names",
      lastName: "",
    });
    const up = await a.json<{ firstName: string; lastName: string }>("/api/profile", {
      method: "PATCH",
      body: { firstName: "  Ruth ", lastName: "Ginsburg" },
    });
    expect(up.body).toMatchObject({ firstName: "Ruth", lastName: "Ginsburg" });
    const long = await a.json("/api/profile", { method: "PATCH", body: { firstName: "x".repeat(101), lastName: "" } });
    expect(long.status).toBe(400);
  });

  it("ADMIN_EMAILS makes an admin; others get 404 on admin endpoints (issue 17 §1)", async () => {
    const boss = await signedInUser(server, "boss@example.com");
    expect((await boss.json<{ user: { isAdmin: boolean } }>("/api/me")).body.user.isAdmin).toBe(true);
    expect((await boss.json("/api/admin/overview")).status).toBe(200);
    const pleb = await signedInUser(server, "pleb@example.com");
    // A non-admin cannot tell the admin API exists: 404, as for any unknown path.
    const denied = await pleb.json<{ error: { code: string } }>("/api/admin/overview");
    expect(denied.status).toBe(404);
    expect(denied.body.error.code).toBe("NOT_FOUND");
  });

  it("Free and Trial get different entitlements, enforced by the server", async () => {
    const email = "free@example.com";
    const a = await signedInUser(server, email);
    expect((await a.json("/api/features/notes")).status).toBe(200);
    await setPlan({
      db: server.database.db,
      userId: (await a.json<{ user: { id: string } }>("/api/me")).body.user.id,
      plan: "free",
    });
    const me = await a.json<{ subscription: { tierName: string }; features: Record<string, boolean> }>("/api/me");
    expect(me.body.subscription.tierName).toBe("Free");
    expect(me.body.features).toMatchObject({ chat_messages: true, case_briefs: true, notes: false, flashcards: false });
    const denied = await a.json<{ error: { code: string } }>("/api/features/notes");
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe("UPGRADE_REQUIRED");
    expect((await a.json("/api/features/case_briefs")).status).toBe(200);
    expect((await a.json("/api/features/bogus")).status).toBe(404);
    await setPlan({
      db: server.database.db,
      userId: (await a.json<{ user: { id: string } }>("/api/me")).body.user.id,
      plan: "unlimited",
    });
    const paid = await a.json<{ subscription: { tierName: string; stripe_price_id: string } }>("/api/subscription");
    expect(paid.body).toMatchObject({ tierName: "unlimited", stripe_price_id: "manual_activation_unlimited" });
  });

  it("signed-out calls are 401", async () => {
    expect((await client(server.url).json("/api/subscription")).status).toBe(401);
  });
});

describe("client error logs", () => {
  it("stores reports and stops at the flood limit", async () => {
    const a = client(server.url);
    const results: boolean[] = [];
    for (let i = 0; i < 22; i++)
      results.push((await a.json<{ stored: boolean }>("/api/errors", { body: { message: `boom ${i}` } })).body.stored);
    expect(results.filter(Boolean).length).toBe(20);
    expect(results.slice(20)).toEqual([false, false]);
  });
});
