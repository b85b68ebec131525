/**
 * The body-limit mechanism on a bare Hono app with the real middleware and the app's error
 * envelope: the default applies to routes without a declaration, a declaration replaces it either
 * way (larger or smaller), the smallest matching declaration wins. Over HTTP against the whole
 * app: tests/integration/body-limit.test.ts.
 */
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { apiBodyLimit, bodyLimit, tooLargeMessage } from "./body-limit";
import type { AppEnv } from "./context";
import { AppError } from "./errors";

function app() {
  const a = new Hono<AppEnv>();
  a.use("/api/*", apiBodyLimit(100));
  const echo = async (c: { req: { text(): Promise<string> }; json(v: unknown): Response }) =>
    c.json({ bytes: (await c.req.text()).length });
  a.post("/api/plain", echo);
  a.post("/api/large", bodyLimit({ maxBytes: 1000, hint: "Send less." }), echo);
  a.post("/api/small", bodyLimit({ maxBytes: 10, message: "Ten bytes at most." }), echo);
  // A subtree limit and a route limit on one path: the smaller one applies.
  a.use("/api/tree/*", bodyLimit({ maxBytes: 500 }));
  a.post("/api/tree/leaf", bodyLimit({ maxBytes: 5000 }), echo);
  // A sub-app with its own onError: Hono wraps its handlers, the declaration is still found.
  const sub = new Hono<AppEnv>();
  sub.post("/upload", bodyLimit({ maxBytes: 2000 }), echo);
  sub.onError((err) => {
    throw err;
  });
  a.route("/api/sub", sub);
  a.onError((err, c) => {
    if (err instanceof AppError) {
      if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
      return c.json({ error: { code: err.code, message: err.message } }, err.status as 413);
    }
    throw err;
  });
  return a;
}

const post = (path: string, bytes: number, chunked = false) => {
  const body = "x".repeat(bytes);
  const init: RequestInit & { duplex?: "half" } = chunked
    ? { method: "POST", body: new Blob([body]).stream(), duplex: "half", headers: { "transfer-encoding": "chunked" } }
    : { method: "POST", body, headers: { "content-length": String(bytes) } };
  return app().request(`http://x${path}`, init);
};

describe("request-body limits", () => {
  it("formats one wording: at most N MB, then the route's hint", () => {
    expect(tooLargeMessage(1024 * 1024)).toBe("The request is too large (at most 1 MB).");
    expect(tooLargeMessage(20 * 1024 * 1024, "Split the file and import it in parts.")).toBe(
      "The request is too large (at most 20 MB). Split the file and import it in parts.",
    );
    expect(tooLargeMessage(1024 * 1024 + 64 * 1024)).toBe("The request is too large (at most 1.1 MB).");
    expect(tooLargeMessage(64 * 1024)).toBe("The request is too large (at most 64 KB).");
  });

  it("routes without a declaration get the default, with and without Content-Length", async () => {
    expect((await post("/api/plain", 100)).status).toBe(200);
    for (const chunked of [false, true]) {
      const r = await post("/api/plain", 101, chunked);
      expect(r.status).toBe(413);
      expect(r.headers.get("connection")).toBe("close");
      expect(await r.json()).toEqual({
        error: { code: "PAYLOAD_TOO_LARGE", message: "The request is too large (at most 100 bytes)." },
      });
    }
  });

  it("a declared larger limit is not blocked by the default; a declared smaller one applies", async () => {
    const big = await post("/api/large", 1000, true);
    expect(big.status).toBe(200);
    expect(await big.json()).toEqual({ bytes: 1000 });
    const over = await post("/api/large", 1001);
    expect(over.status).toBe(413);
    expect((await over.json()).error.message).toMatch(/Send less\.$/);
    expect((await post("/api/small", 10)).status).toBe(200);
    const small = await post("/api/small", 11);
    expect(small.status).toBe(413);
    expect((await small.json()).error.message).toBe("Ten bytes at most.");
  });

  it("a declaration inside a sub-app with its own error handler is honoured", async () => {
    expect((await post("/api/sub/upload", 2000)).status).toBe(200);
    expect((await post("/api/sub/upload", 2001)).status).toBe(413);
  });

  it("the smallest of several matching declarations wins", async () => {
    expect((await post("/api/tree/leaf", 500)).status).toBe(200);
    expect((await post("/api/tree/leaf", 501)).status).toBe(413);
  });
});
