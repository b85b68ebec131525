/**
 * Hostile input that used to answer 500 or silence the error log (issue 12 items 2 and 10).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordError } from "../../src/server/features/errors/errors.service";
import { client, startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const nested = (depth: number) => `${'{"a":'.repeat(depth)}"x"${"}".repeat(depth)}`;

describe("deeply nested JSON (item 2)", () => {
  for (const path of ["/api/account/confirm", "/api/errors", "/api/account/resend-confirmation"]) {
    it(`${path} answers a 4xx envelope, not a 500, for a body nested 5,000 deep`, async () => {
      const r = await client(server.url).json<{ error?: { code: string } }>(path, { body: nested(5000) });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.body.error?.code).toBeTruthy();
    });
  }
  it("a nested body hiding a NUL is refused naming the field", async () => {
    const body = `{"message":"m","stack":"s","url":"u","x":${nested(5000).replace('"x"', '"\\u0000"')}}`;
    const r = await client(server.url).json<{ error: { code: string } }>("/api/errors", { body });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("VALIDATION_FAILED");
  });
});

describe("requests Node's parser refuses", () => {
  it("a 70 KB address answers 431 with the JSON envelope, not an empty body", async () => {
    const res = await fetch(`${server.url}/api/topics/${"x".repeat(70_000)}`);
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({
      error: { code: "HEADERS_TOO_LARGE", message: "The request's address or headers are too large (at most 16 KB)." },
    });
  });
});

describe("the error log (item 10)", () => {
  it("client reports cannot stop server errors from being stored", async () => {
    const c = client(server.url);
    for (let i = 0; i < 320; i++) await c.fetch("/api/errors", { body: { message: `client crash ${i}` } });
    const stored = await recordError(server, {
      message: "server failure after the flood",
      stackTrace: "Error: boom",
      userId: null,
      source: "server",
    });
    expect(stored).toBe(true);
    const rows = (await server.database.db.execute(
      sql`select source, count(*)::int as n from error_logs group by source order by source`,
    )) as unknown as { rows: { source: string; n: number }[] };
    expect(rows.rows).toEqual([
      { source: "client", n: 20 },
      { source: "server", n: 1 },
    ]);
  });
});
