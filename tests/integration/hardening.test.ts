/**
 * Issue 12 hardening, items 3, 4, 6, 13, 14 and 19, against the real server:
 *  - 3: cross-site writes to `/api` answer 403; form-encoded bodies 415 (lib/origin-check).
 *  - 19: better-auth trusts the same origins (loopback aliases, BRAND_HOSTS, ADMIN_HOSTS).
 *  - 4: sign-in limits per (account, address) and a delay-only ceiling (decision 050). Requests
 *    come from other loopback addresses (127.0.0.2, …) through `localAddress`.
 *  - 6: a revoked session stops working on every process at once (two servers on one
 *    PostgreSQL schema; skipped on PGlite, one process by design).
 *  - 13: auth answers in our envelope, Retry-After on 429, client mistakes never logged as errors.
 *  - 14: a password change revokes other sessions by default; no session token in the sign-in body.
 */
import { request } from "node:http";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  client,
  STRONG_PASSWORD,
  signedInUser,
  startTestServer,
  type TestServer,
} from "../helpers/server";

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** One HTTP request sent from the local address `from` (any 127.x.y.z works on Linux). */
function rawRequest(
  base: string,
  path: string,
  o: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<Raw> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: o.method ?? "POST",
        headers: {
          ...(o.headers ?? {}),
          ...(o.body !== undefined ? { "content-length": Buffer.byteLength(o.body) } : {}),
        },
        localAddress: o.from,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (d) => chunks.push(d));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    req.on("error", reject);
    if (o.body !== undefined) req.write(o.body);
    req.end();
  });
}

const cookieOf = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

describe("cross-site writes (issue 12 items 3 and 19)", () => {
  let server: TestServer;
  let victim: Client;
  let port: string;

  beforeAll(async () => {
    server = await startTestServer({
      RATE_LIMIT_DISABLED: "true",
      BRAND_HOSTS: "bar.lexmate.test=bar",
      ADMIN_HOSTS: "admin.lexmate.test",
    });
    port = new URL(server.url).port;
    victim = await signedInUser(server, "victim@example.com");
  }, 180_000);
  afterAll(() => server?.close());

  const threadCount = async () => (await victim.json<{ threads: unknown[] }>("/api/threads")).body.threads.length;

  it("a sibling port, a sibling host or no Origin at all cannot create a thread or a note for a signed-in user", async () => {
    const before = await threadCount();
    const attempts: Record<string, string>[] = [
      { origin: `http://127.0.0.1:${Number(port) + 1}` },
      { origin: "http://evil.lexmate.test" },
      { origin: "null" },
      { "sec-fetch-site": "same-site" },
      {},
    ];
    for (const h of attempts) {
      for (const [path, body] of [
        ["/api/threads", { title: "Planted" }],
        ["/api/notes", { title: "Planted", content: "x" }],
      ] as const) {
        const res = await rawRequest(server.url, path, {
          headers: { cookie: cookieOf(victim), "content-type": "application/json", ...h },
          body: JSON.stringify(body),
        });
        expect(res.status, JSON.stringify(h)).toBe(403);
        expect(res.body).toEqual({ error: { code: "FORBIDDEN", message: expect.stringMatching(/Origin/) } });
      }
    }
    expect(await threadCount()).toBe(before);
  });

  it("JSON sent as text/plain or a form encoding (what an auto-submitted form sends) answers 415", async () => {
    const before = await threadCount();
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "text/plain;charset=UTF-8"]) {
      const res = await rawRequest(server.url, "/api/threads", {
        headers: { cookie: cookieOf(victim), "content-type": type, origin: server.url },
        body: JSON.stringify({ title: "Planted" }),
      });
      expect(res.status, type).toBe(415);
      expect(res.body).toEqual({ error: { code: "UNSUPPORTED_MEDIA_TYPE", message: expect.any(String) } });
    }
    expect(await threadCount()).toBe(before);
  });

  it("the app's own origin, its loopback aliases, brand and admin hosts, and same-origin fetches without Origin may write", async () => {
    const allowed: Record<string, string>[] = [
      { origin: server.url },
      { origin: `http://localhost:${port}` },
      { origin: `http://[::1]:${port}` },
      { origin: "http://bar.lexmate.test" },
      { origin: "http://admin.lexmate.test" },
      { "sec-fetch-site": "same-origin" },
    ];
    for (const h of allowed) {
      const res = await rawRequest(server.url, "/api/threads", {
        headers: { cookie: cookieOf(victim), "content-type": "application/json", ...h },
        body: JSON.stringify({ title: "Mine" }),
      });
      expect(res.status, JSON.stringify(h)).toBe(201);
    }
  });

  it("the webhook allow-list is not origin-checked", async () => {
    const res = await rawRequest(server.url, "/api/billing/webhook", {
      headers: { "content-type": "application/json", origin: "https://stripe.example" },
      body: "{}",
    });
    expect(res.status).not.toBe(403);
  });

  it("sign-up works from the loopback alias and a brand host; an unknown origin gets a readable 403 envelope", async () => {
    for (const [i, origin] of [`http://localhost:${port}`, "http://bar.lexmate.test"].entries()) {
      const res = await rawRequest(server.url, "/api/auth/sign-up/email", {
        // A browser that visited before carries a cookie, which makes better-auth check the Origin.
        headers: { "content-type": "application/json", origin, cookie: "theme=dark" },
        body: JSON.stringify({ email: `alias${i}@example.com`, password: STRONG_PASSWORD, name: "Alias" }),
      });
      expect(res.status, origin).toBe(200);
    }
    const evil = await rawRequest(server.url, "/api/auth/sign-up/email", {
      headers: { "content-type": "application/json", origin: "http://evil.example", cookie: "theme=dark" },
      body: JSON.stringify({ email: "evil@example.com", password: STRONG_PASSWORD, name: "Evil" }),
    });
    expect(evil.status).toBe(403);
    const err = (evil.body as { error: { code: string; message: string } }).error;
    expect(err.code).toBe("INVALID_ORIGIN");
    expect(err.message).not.toMatch(/^Invalid origin$/i);
  });
});

describe("auth answers and sessions (issue 12 items 13 and 14)", () => {
  let server: TestServer;
  const lines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    server = await startTestServer({}, { logger: pino({ level: "debug" }, sink) });
  }, 180_000);
  afterAll(() => server?.close());

  it("a wrong password answers in our envelope; better-auth's 429 carries Retry-After in seconds", async () => {
    await signedInUser(server, "envelope@example.com");
    const c = client(server.url);
    const wrong = await c.json("/api/auth/sign-in/email", {
      body: { email: "envelope@example.com", password: "Wrong-Password-99" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: { code: "INVALID_EMAIL_OR_PASSWORD", message: expect.any(String) } });
    // better-auth's per-address limit on request-password-reset is 5 a minute.
    let last: Response | null = null;
    for (let i = 0; i < 7; i++) {
      last = await c.fetch("/api/auth/request-password-reset", { body: { email: "nobody@example.com" } });
      if (last.status === 429) break;
    }
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await last?.json()).toEqual({ error: { code: "RATE_LIMITED", message: expect.any(String) } });
  });

  it("client mistakes (bad JSON, wrong content type, invalid fields, untrusted origin) are never logged at error level", async () => {
    const c = await signedInUser(server, "mistakes@example.com");
    const from = lines.length;
    const mistakes = [
      c.fetch("/api/threads", { body: "{not json" }),
      c.fetch("/api/threads", { body: JSON.stringify({ title: 5 }) }),
      c.fetch("/api/threads", { body: "x", headers: { "content-type": "text/plain" } }),
      c.fetch("/api/auth/sign-in/email", { body: "{not json" }),
      c.fetch("/api/auth/sign-in/email", { body: JSON.stringify({ email: 5 }) }),
      c.fetch("/api/auth/sign-out", { body: "{}", headers: { origin: "http://evil.example" } }),
    ];
    const statuses = [];
    for (const m of mistakes) statuses.push((await m).status);
    for (const s of statuses) expect(s).toBeGreaterThanOrEqual(400);
    for (const s of statuses) expect(s).toBeLessThan(500);
    const errors = lines.slice(from).filter((l) => l.level >= 50);
    expect(errors).toEqual([]);
  });

  it("the sign-in answer carries no session token; a password change signs out the other devices by default", async () => {
    await signedInUser(server, "devices@example.com");
    const laptop = client(server.url);
    const phone = client(server.url);
    const inLaptop = await laptop.json<Record<string, unknown>>("/api/auth/sign-in/email", {
      body: { email: "devices@example.com", password: STRONG_PASSWORD },
    });
    expect(inLaptop.status).toBe(200);
    expect(inLaptop.body).not.toHaveProperty("token");
    expect(JSON.stringify(inLaptop.body)).not.toContain(
      decodeURIComponent(laptop.cookies.get("better-auth.session_token")!).split(".")[0],
    );
    await phone.json("/api/auth/sign-in/email", { body: { email: "devices@example.com", password: STRONG_PASSWORD } });
    // Both devices are signed in (and their sessions are cached in this process).
    expect((await phone.json("/api/me")).status).toBe(200);
    expect((await laptop.json("/api/me")).status).toBe(200);

    const changed = await laptop.json<Record<string, unknown>>("/api/auth/change-password", {
      body: { currentPassword: STRONG_PASSWORD, newPassword: "Brisk-Meadow-Compass-77" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).not.toHaveProperty("token");
    expect((await phone.json("/api/me")).status).toBe(401);
    expect((await laptop.json("/api/me")).status).toBe(200);
  });
});

describe("sign-in limits never lock the owner out (issue 12 item 4, decision 050)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await signedInUser(server, "owner@example.com");
  }, 180_000);
  afterAll(() => server?.close());

  const signIn = (password: string, from: string) =>
    rawRequest(server.url, "/api/auth/sign-in/email", {
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email: "owner@example.com", password }),
      from,
    });

  it("ten wrong passwords from one address limit that address only; the owner signs in from another", async () => {
    for (let i = 0; i < 10; i++) expect((await signIn(`Wrong-Guess-${i}-xx`, "127.0.0.2")).status).toBe(401);
    const limited = await signIn("Wrong-Guess-x-xx", "127.0.0.2");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(60);
    expect(limited.body).toEqual({ error: { code: "RATE_LIMITED", message: expect.stringMatching(/minute/) } });
    // Even the right password from the attacker's address waits out the window…
    expect((await signIn(STRONG_PASSWORD, "127.0.0.2")).status).toBe(429);
    // …but the owner, elsewhere, gets in at once.
    expect((await signIn(STRONG_PASSWORD, "127.0.0.3")).status).toBe(200);
  });

  it("attempts from many addresses only slow the account down: the owner still gets in, after a delay", async () => {
    // 11 attempts so far; 10 more from each of two new addresses brings the account to 31.
    for (const from of ["127.0.0.4", "127.0.0.5"])
      for (let i = 0; i < 10; i++) expect((await signIn(`Wrong-Guess-${i}-yy`, from)).status).toBe(401);
    const t0 = performance.now();
    const owner = await signIn(STRONG_PASSWORD, "127.0.0.6");
    const ms = performance.now() - t0;
    expect(owner.status).toBe(200);
    // The 32nd attempt on the account in the window waits (32 − 20) × 100 ms.
    expect(ms).toBeGreaterThanOrEqual(1_200);
  }, 30_000);
});

const pgUrl = process.env.DATABASE_URL;
describe.skipIf(!pgUrl)("session revocation reaches every process at once (issue 12 item 6)", () => {
  let a: TestServer;
  let b: TestServer;
  const schema = `t_rv_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const SECRET = "revocation-test-secret-0123456789abcdef012345";

  beforeAll(async () => {
    // A long cache TTL: without the announcement B would keep the session for a minute.
    const env = { AUTH_SECRET: SECRET, RATE_LIMIT_DISABLED: "true", SESSION_CACHE_MS: "60000" };
    a = await startTestServer(env, { schema });
    b = await startTestServer(env, { schema });
  }, 240_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const onB = (c: Client) => {
    const other = client(b.url);
    for (const [k, v] of c.cookies) other.cookies.set(k, v);
    return other;
  };
  const within = async (ms: number, check: () => Promise<boolean>) => {
    const t0 = Date.now();
    while (Date.now() - t0 < ms) {
      if (await check()) return Date.now() - t0;
      await new Promise((r) => setTimeout(r, 20));
    }
    return null;
  };

  it("sign-out on A drops the session on B within a second", async () => {
    const userA = await signedInUser(a, "rv-signout@example.com");
    const userB = onB(userA);
    expect((await userB.json("/api/me")).status).toBe(200); // B has it cached now
    expect((await userA.fetch("/api/auth/sign-out", { body: {} })).status).toBe(200);
    const took = await within(1_000, async () => (await userB.json("/api/me")).status === 401);
    expect(took).not.toBeNull();
  });

  it("a password change on A signs the user's other device out on B within a second", async () => {
    const laptop = await signedInUser(a, "rv-password@example.com");
    const phone = client(b.url);
    expect(
      (
        await phone.json("/api/auth/sign-in/email", {
          body: { email: "rv-password@example.com", password: STRONG_PASSWORD },
        })
      ).status,
    ).toBe(200);
    expect((await phone.json("/api/me")).status).toBe(200);
    const changed = await laptop.json("/api/auth/change-password", {
      body: { currentPassword: STRONG_PASSWORD, newPassword: "Brisk-Meadow-Compass-77" },
    });
    expect(changed.status).toBe(200);
    const took = await within(1_000, async () => (await phone.json("/api/me")).status === 401);
    expect(took).not.toBeNull();
  });
});
