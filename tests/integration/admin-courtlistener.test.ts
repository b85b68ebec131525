/**
 * CourtListener on the admin cases page (issue 17 §2 'cases'; decision 067), against the fake
 * CourtListener v4 on 127.0.0.1 (tests/helpers/fake-courtlistener.ts, an invented case): an
 * administrator searches and imports an opinion into the shared library with a reason; the
 * audit log has it, every student can read it, and the search marks it imported. Non-admins get
 * 404; without a token the routes answer 404 too.
 */
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, opinions } from "../../src/server/db/schema";
import { FAKE_TOKEN, type FakeCourtListener, startFakeCourtListener } from "../helpers/fake-courtlistener";
import { type Client, signedInUser, startTestServer, type TestServer } from "../helpers/server";

const ADMIN = "cl-admin@example.com";
let fake: FakeCourtListener;
let server: TestServer;
let admin: Client;
let student: Client;

beforeAll(async () => {
  fake = await startFakeCourtListener();
  server = await startTestServer({
    ADMIN_EMAILS: ADMIN,
    RATE_LIMIT_DISABLED: "true",
    COURTLISTENER_API_TOKEN: FAKE_TOKEN,
    COURTLISTENER_BASE_URL: fake.url,
  });
  admin = await signedInUser(server, ADMIN);
  student = await signedInUser(server, "cl-student@example.com");
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

interface Hit {
  clusterId: number;
  name: string;
  importedId: string | null;
}

describe("CourtListener on the admin cases page", () => {
  it("is for administrators only", async () => {
    expect((await student.json("/api/admin/cases/courtlistener?q=berth")).status).toBe(404);
    const r = await student.json("/api/admin/cases/courtlistener/import", {
      body: { clusterId: 4242, reason: "mine" },
    });
    expect(r.status).toBe(404);
    expect(await server.database.db.select().from(opinions)).toEqual([]);
  });

  it("imports a searched opinion into the shared library with a reason, audited and readable by students", async () => {
    const found = await admin.json<{ results: Hit[] }>("/api/admin/cases/courtlistener?q=berth%20notice");
    expect(found.status).toBe(200);
    expect(found.body.results).toEqual([
      expect.objectContaining({ clusterId: 4242, name: "Roe Mariner v. Harbor Authority", importedId: null }),
    ]);
    const noReason = await admin.json("/api/admin/cases/courtlistener/import", { body: { clusterId: 4242 } });
    expect(noReason.status).toBe(400);

    const imported = await admin.json<{ opinion: { id: string; name: string; status: string } }>(
      "/api/admin/cases/courtlistener/import",
      { body: { clusterId: 4242, reason: "harbor cases for admiralty" } },
    );
    expect(imported.status).toBe(200);
    expect(imported.body.opinion).toMatchObject({ name: "Roe Mariner v. Harbor Authority", status: "created" });
    const id = imported.body.opinion.id;
    const inLibrary = await server.database.db
      .select()
      .from(opinions)
      .where(and(eq(opinions.id, id), isNull(opinions.ownerId)));
    expect(inLibrary).toHaveLength(1);
    const [audit] = await server.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "case.import-courtlistener"));
    expect(audit).toMatchObject({
      actorEmail: ADMIN,
      targetId: id,
      reason: "harbor cases for admiralty",
      after: { clusterId: 4242, status: "created" },
    });
    expect(audit.targetLabel).toContain("Roe Mariner v. Harbor Authority");

    // Every student reads it, and the admin search now marks it as in the library.
    const read = await student.json<{ opinion: { name: string } }>(`/api/case-law/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.opinion.name).toBe("Roe Mariner v. Harbor Authority");
    const again = await admin.json<{ results: Hit[] }>("/api/admin/cases/courtlistener?q=berth%20notice");
    expect(again.body.results[0].importedId).toBe(id);
  });

  it("answers 404 on a server without a CourtListener token", async () => {
    const plain = await startTestServer({ ADMIN_EMAILS: "plain-admin@example.com", RATE_LIMIT_DISABLED: "true" });
    try {
      const a = await signedInUser(plain, "plain-admin@example.com");
      const r = await a.json<{ error: { message: string } }>("/api/admin/cases/courtlistener?q=berth");
      expect(r.status).toBe(404);
      expect(r.body.error.message).toContain("COURTLISTENER_API_TOKEN");
    } finally {
      await plain.close();
    }
  }, 120_000);
});
