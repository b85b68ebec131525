/**
 * The contract (issue 11 §1, decision 047): every `/api` operation the app mounts is in
 * `/api/openapi.json` with a response schema for its success answer, and its request inputs
 * documented. That every real answer parses with its schema is checked by `handle()` itself on
 * every request of the integration suite (src/server/lib/route.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

describe("the contract", () => {
  it("documents every mounted /api operation with a response schema", async () => {
    const doc = (
      await client(server.url).json<{ paths: Record<string, Record<string, Operation>> }>("/api/openapi.json")
    ).body;
    const mounted = new Map<string, { method: string; path: string }>();
    for (const r of server.apiRoutes()) mounted.set(`${r.method} ${r.path}`, r);
    const missing: string[] = [];
    let withSchema = 0;
    for (const { method, path } of mounted.values()) {
      const op = doc.paths[path.replace(/:(\w+)/g, "{$1}")]?.[method];
      const success = op && Object.entries(op.responses).filter(([status]) => Number(status) < 400);
      const ok = success?.length && success.every(([, r]) => r.content && Object.keys(r.content).length);
      if (ok) withSchema++;
      else missing.push(`${method.toUpperCase()} ${path}`);
    }
    console.log(`contract: ${withSchema} of ${mounted.size} /api operations have a response schema`);
    expect(missing).toEqual([]);
  });
});
