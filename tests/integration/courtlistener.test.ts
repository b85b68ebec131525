/**
 * Live case-law search against a fake CourtListener v4 on 127.0.0.1 (issue 5 §3): results,
 * the cache, one-click import into the student's own library, 429 with Retry-After (and the
 * cool-down that follows), and the route being off without a token.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_TOKEN, type FakeCourtListener, startFakeCourtListener } from "../helpers/fake-courtlistener";
import { type Client, signedInUser, startTestServer, type TestServer } from "../helpers/server";

interface LiveHit {
  clusterId: number;
  name: string;
  citation: string;
  court: string;
  snippet: string;
  importedId: string | null;
}

let fake: FakeCourtListener;
let server: TestServer;
let ada: Client;
let bob: Client;

beforeAll(async () => {
  fake = await startFakeCourtListener();
  server = await startTestServer({
    RATE_LIMIT_DISABLED: "true",
    COURTLISTENER_API_TOKEN: FAKE_TOKEN,
    COURTLISTENER_BASE_URL: fake.url,
  });
  ada = await signedInUser(server, "ada@example.com");
  bob = await signedInUser(server, "bob@example.com");
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe("CourtListener live search", () => {
  it("searches with the token, shows highlighted snippets without markup, and caches", async () => {
    const r = await ada.json<{ results: LiveHit[] }>("/api/case-law/live?q=berth%20notice");
    expect(r.status).toBe(200);
    expect(r.body.results).toEqual([
      expect.objectContaining({
        clusterId: 4242,
        name: "Roe Mariner v. Harbor Authority",
        citation: "777 F.4th 12",
        court: "United States Court of Appeals for the Ninth Circuit",
        importedId: null,
      }),
    ]);
    expect(r.body.results[0].snippet).toContain("<mark>berth</mark>");
    expect(r.body.results[0].snippet).not.toMatch(/<script/);
    const before = fake.requests.length;
    await ada.json("/api/case-law/live?q=berth%20notice");
    expect(fake.requests.length).toBe(before);
    expect((await ada.json<{ liveSearch: boolean }>("/api/case-law/facets")).body.liveSearch).toBe(true);
  });

  it("imports a result with one click into the student's own library", async () => {
    const r = await ada.json<{ opinion: { id: string; name: string; citation: string; court: string; year: number } }>(
      "/api/case-law/live/import",
      { body: { clusterId: 4242 } },
    );
    expect(r.status).toBe(200);
    expect(r.body.opinion).toMatchObject({
      name: "Roe Mariner v. Harbor Authority",
      citation: "777 F.4th 12",
      court: "United States Court of Appeals for the Ninth Circuit",
      year: 2021,
    });
    const o = await ada.json<{ opinion: { body: string } }>(`/api/case-law/${r.body.opinion.id}`);
    expect(o.body.opinion.body).toContain("We hold that notice was required");
    expect(o.body.opinion.body).toContain("Dissenting opinion — Judge Baker");
    expect((await bob.fetch(`/api/case-law/${r.body.opinion.id}`)).status).toBe(404);
    const again = await ada.json<{ results: LiveHit[] }>("/api/case-law/live?q=berth%20notice");
    expect(again.body.results[0].importedId).toBe(r.body.opinion.id);
    const local = await ada.json<{ results: { id: string }[] }>("/api/case-law/search?q=berth%20notice");
    expect(local.body.results.map((h) => h.id)).toContain(r.body.opinion.id);
  });

  it("honours 429 Retry-After with a clear message, and waits before asking again", async () => {
    fake.limitFor = 30;
    const r = await ada.json<{ error: { code: string; message: string } }>("/api/case-law/live?q=harbor%20limits");
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe("RATE_LIMITED");
    expect(r.body.error.message).toBe("CourtListener is limiting requests. Try again in 30 seconds.");
    const res = await ada.fetch("/api/case-law/live?q=another%20harbor");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    fake.limitFor = null;
    const before = fake.requests.length;
    expect((await ada.fetch("/api/case-law/live?q=harbor%20again")).status).toBe(429);
    expect(fake.requests.length).toBe(before);
  });
});

describe("without a token", () => {
  it("answers 404 and the facets say live search is off", async () => {
    const plain = await startTestServer({ RATE_LIMIT_DISABLED: "true" });
    try {
      const c = await signedInUser(plain, "cleo@example.com");
      expect((await c.fetch("/api/case-law/live?q=berth")).status).toBe(404);
      expect((await c.json<{ liveSearch: boolean }>("/api/case-law/facets")).body.liveSearch).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
