/**
 * Request-body limits over HTTP against the real server on PGlite (decision 042): the 1 MB
 * default on routes without a limit of their own (chat, collections), refused before the body is
 * read whole, with or without Content-Length, and nothing written; the routes that declare a
 * larger limit (case-law upload, study import, bulk cards) still take files of a few MB.
 */
import { request } from "node:http";
import { createConnection } from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caseCollections, messages, threads } from "../../src/server/db/schema";
import { type Client, signedInUser, startTestServer, type TestServer, waitForJob } from "../helpers/server";

const MB = 1024 * 1024;
const DEFAULT_413 = { code: "PAYLOAD_TOO_LARGE", message: "The request is too large (at most 1 MB)." };
type Err = { error: { code: string; message: string } };

let server: TestServer;
let ada: Client;
let adaId: string;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" });
  ada = await signedInUser(server, "ada-limits@example.com");
  adaId = (await ada.json<{ user: { id: string } }>("/api/me")).body.user.id;
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const rowsOf = async (table: typeof threads | typeof caseCollections) =>
  (await db().select({ n: count() }).from(table).where(eq(table.userId, adaId)))[0].n;
const messageRows = async (threadId: string) =>
  (await db().select({ n: count() }).from(messages).where(eq(messages.threadId, threadId)))[0].n;

/**
 * POSTs a JSON body through node:http, so the test controls the framing: `contentLength` sends
 * that header (and only `send` bytes of body, never ending it); without it the body goes chunked
 * and keeps coming, `send` bytes in all, until the server answers. Resolves with the answer and
 * the body bytes written before it arrived.
 */
function rawPost(
  c: Client,
  path: string,
  opts: { send: number; contentLength?: number },
): Promise<{ status: number; body: Err; sent: number }> {
  const url = new URL(server.url + path);
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const headers: Record<string, string> = { cookie, origin: server.url, "content-type": "application/json" };
  if (opts.contentLength !== undefined) headers["content-length"] = String(opts.contentLength);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers }, (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on("data", (d: Buffer) => parts.push(d));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString("utf8")), sent });
        req.destroy();
      });
    });
    req.on("error", (e) => {
      if (!answered) reject(e);
    });
    const piece = Buffer.alloc(64 * 1024, "a");
    req.write('{"title":"');
    const pump = () => {
      while (!answered && sent < opts.send) {
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      if (!answered && opts.contentLength === undefined) req.end('"}');
    };
    pump();
  });
}

describe("the default limit (1 MB) on routes without one of their own", () => {
  it("an oversized chat message answers 413 and writes no message; an oversized new thread writes no thread", async () => {
    const thread = (await ada.json<{ thread: { id: string } }>("/api/threads", { body: {} })).body.thread;
    const threadsBefore = await rowsOf(threads);
    const usageBefore = (await ada.json("/api/usage")).body;

    const big = await ada.json<Err>(`/api/threads/${thread.id}/messages`, {
      body: { content: "a".repeat(MB) },
      headers: { accept: "application/json" },
    });
    expect(big.status).toBe(413);
    expect(big.body.error).toEqual(DEFAULT_413);
    expect(await messageRows(thread.id)).toBe(0);
    expect((await ada.json("/api/usage")).body).toEqual(usageBefore);

    const bigThread = await ada.json<Err>("/api/threads", { body: { title: "t".repeat(MB) } });
    expect(bigThread.status).toBe(413);
    expect(bigThread.body.error).toEqual(DEFAULT_413);
    expect(await rowsOf(threads)).toBe(threadsBefore);
  });

  it("a route with no limit of its own (case collections) refuses a body over 1 MB; a body under it reaches validation", async () => {
    const before = await rowsOf(caseCollections);
    const over = await ada.json<Err>("/api/case-collections", { body: { name: "Torts", description: "d".repeat(MB) } });
    expect(over.status).toBe(413);
    expect(over.body.error).toEqual(DEFAULT_413);
    const under = await ada.json<Err>("/api/case-collections", {
      body: { name: "Torts", description: "d".repeat(MB - 100) },
    });
    expect(under.status).toBe(400);
    expect(under.body.error.code).toBe("VALIDATION_FAILED");
    expect(await rowsOf(caseCollections)).toBe(before);
  });

  it("a chunked body without Content-Length is refused once it passes 1 MB, without waiting for the rest", async () => {
    const before = await rowsOf(threads);
    // 256 MB offered; the answer must come long before that.
    const r = await rawPost(ada, "/api/threads", { send: 256 * MB });
    expect(r.status).toBe(413);
    expect(r.body.error).toEqual(DEFAULT_413);
    expect(r.sent).toBeLessThan(16 * MB);
    expect(await rowsOf(threads)).toBe(before);
  });

  it("a Content-Length over 1 MB is refused before any of the body is read", async () => {
    const before = await rowsOf(threads);
    const r = await rawPost(ada, "/api/threads", { send: 64 * 1024, contentLength: 50 * MB });
    expect(r.status).toBe(413);
    expect(r.body.error).toEqual(DEFAULT_413);
    expect(await rowsOf(threads)).toBe(before);
  });
});

describe("routes that declare a larger limit", () => {
  const PADDING = "The record describes every inspection of the crane in detail. ";
  const opinion = (padding: number) => `---
title: 'Marlow v. Keel Freight Lines'
cite: '902 F.4th 456'
jurisdiction: '9th Cir.'
published: '2032'
---

Tom Marlow loaded containers for Keel Freight Lines. A crane failed and he was hurt.

We hold that a carrier must inspect its cranes at reasonable intervals.

${PADDING.repeat(Math.ceil(padding / PADDING.length))}

Affirmed.`;

  it("the case-law upload still takes a 3 MB file", async () => {
    const text = opinion(3 * MB);
    expect(text.length).toBeGreaterThan(3 * MB);
    const form = new FormData();
    form.append("files", new Blob([text]), "marlow.md");
    const cookie = [...ada.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(`${server.url}/api/case-law/import`, {
      method: "POST",
      body: form,
      headers: { cookie, origin: server.url },
    });
    // The upload answers 202 {jobId}; the import report is the job's result (issue 12 item 1).
    expect(res.status).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };
    const job = await waitForJob<{ imported: { name: string; status: string }[]; failed: unknown[] }>(ada, jobId);
    expect(job.state).toBe("succeeded");
    const body = job.result;
    expect(body.failed).toEqual([]);
    expect(body.imported).toEqual([
      expect.objectContaining({ name: "Marlow v. Keel Freight Lines", status: "created" }),
    ]);
  });

  it("the study CSV import (and bulk card save) still take 3 MB bodies", async () => {
    const deck = (await ada.json<{ deck: { id: string } }>("/api/study/decks", { body: { title: "Large" } })).body.deck
      .id;
    const rows = Array.from({ length: 400 }, (_, i) => `Question ${i + 1},${"b".repeat(7900)}`);
    const text = rows.join("\n");
    expect(text.length).toBeGreaterThan(3 * MB);
    const imported = await ada.json<{ imported: number }>(`/api/study/decks/${deck}/import`, { body: { text } });
    expect(imported.status).toBe(201);
    expect(imported.body.imported).toBe(400);
    const cards = Array.from({ length: 400 }, (_, i) => ({ question: `Bulk ${i + 1}`, answer: "c".repeat(7900) }));
    const bulk = await ada.json<{ ids: string[] }>(`/api/study/decks/${deck}/cards/bulk`, { body: { cards } });
    expect(bulk.status).toBe(201);
    expect(bulk.body.ids).toHaveLength(400);
    expect((await ada.json<{ cards: unknown[] }>(`/api/study/decks/${deck}`)).body.cards).toHaveLength(800);
  });
});

describe("a 300 MB Content-Length on every operation that takes a body (issue 12 item 1)", () => {
  /** Routes whose declared limit is above 300 MB: they stop reading at their own caps while streaming. */
  const LARGER = new Set(["POST /api/case-law/import", "PUT /api/admin/lessons/{id}/video"]);

  /**
   * Sends the request line, headers and 1 KB of a body announced as 300 MB, never the rest.
   * Resolves with the status line's code and whether the server closed the connection after it.
   */
  function announce(method: string, path: string): Promise<{ status: number; closed: boolean }> {
    const url = new URL(server.url);
    return new Promise((resolve, reject) => {
      const socket = createConnection({ host: url.hostname, port: Number(url.port) });
      let raw = "";
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`${method} ${path}: no answer within 5 s (the server is waiting for the body)`));
      }, 5_000);
      socket.on("data", (d: Buffer) => {
        raw += d.toString("latin1");
      });
      socket.on("close", () => {
        clearTimeout(timer);
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0), closed: true });
      });
      socket.on("error", () => {});
      const cookie = [...ada.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      socket.write(
        `${method} ${path} HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${server.url}\r\nCookie: ${cookie}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${300 * MB}\r\n\r\n${"a".repeat(1024)}`,
      );
    });
  }

  it("answers 413 and closes the connection without waiting for the body", async () => {
    const doc = await ada.json<{ paths: Record<string, Record<string, unknown>> }>("/api/openapi.json");
    const ops = Object.entries(doc.body.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => ["post", "put", "patch", "delete"].includes(m))
        .map((m) => ({ method: m.toUpperCase(), path })),
    );
    expect(ops.length).toBeGreaterThan(50);
    const refused: string[] = [];
    const other: string[] = [];
    for (const op of [...ops, { method: "POST", path: "/api/auth/sign-in/email" }]) {
      const name = `${op.method} ${op.path}`;
      if (LARGER.has(name)) continue;
      const r = await announce(op.method, op.path.replace(/\{[^}]+\}/g, "x"));
      (r.status === 413 && r.closed ? refused : other).push(`${name} → ${r.status}`);
    }
    expect(other).toEqual([]);
    expect(refused.length).toBeGreaterThan(50);
  }, 120_000);
});
