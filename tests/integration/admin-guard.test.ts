/**
 * The admin gate (SPEC.md §2.5, §6; DESIGN.md §5): every /api/admin route the server mounts —
 * walked from the registered contract, so a route added later is covered without editing this
 * test — answers 401 to an anonymous caller and 404 to a signed-in non-admin, with no side effect;
 * unknown /api/admin paths too. An admin gets through.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, appSettings } from "../../src/server/db/schema";
import { type Client, client, signedInUser, startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
let student: Client;
let admin: Client;
const ADMIN = "boss@example.com";

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMIN, RATE_LIMIT_DISABLED: "true" });
  student = await signedInUser(server, "student@example.com");
  admin = await signedInUser(server, ADMIN);
}, 240_000);
afterAll(() => server?.close());

const concrete = (path: string) => path.replace(/:(\w+)/g, "x-$1");
const bodyFor = (method: string) => (method === "get" ? undefined : { reason: "probing the gate", email: "a@b.co" });

describe("the admin gate", () => {
  it("answers 401 anonymous and 404 to a non-admin on every mounted /api/admin route, and changes nothing", async () => {
    const routes = server.apiRoutes().filter((r) => r.path.startsWith("/api/admin"));
    expect(routes.length).toBeGreaterThanOrEqual(14);
    const anon = client(server.url);
    const wrong: string[] = [];
    for (const r of routes) {
      const init = { method: r.method.toUpperCase(), body: bodyFor(r.method) };
      const a = await anon.json<{ error: { code: string } }>(concrete(r.path), init);
      if (a.status !== 401 || a.body.error.code !== "UNAUTHENTICATED")
        wrong.push(`anon ${r.method} ${r.path} → ${a.status}`);
      const s = await student.json<{ error: { code: string } }>(concrete(r.path), init);
      if (s.status !== 404 || s.body.error.code !== "NOT_FOUND")
        wrong.push(`student ${r.method} ${r.path} → ${s.status}`);
    }
    expect(wrong).toEqual([]);
    expect(await server.database.db.select().from(adminAuditLog)).toEqual([]);
    expect(await server.database.db.select().from(appSettings)).toEqual([]);
  });

  it("covers admin paths no route declares", async () => {
    expect((await client(server.url).json("/api/admin/no-such-page")).status).toBe(401);
    expect((await student.json("/api/admin/no-such-page")).status).toBe(404);
    expect((await student.json("/api/admin")).status).toBe(404);
  });

  it("lets an admin through", async () => {
    const r = await admin.json<{ users: number }>("/api/admin/overview");
    expect(r.status).toBe(200);
    expect(r.body.users).toBe(2);
    expect((await admin.json("/api/admin/no-such-page")).status).toBe(404);
  });
});
