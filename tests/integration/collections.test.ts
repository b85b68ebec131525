/**
 * Case collections through HTTP (issue 5 §1, §9): create, rename, add and remove cases of
 * every kind, reorder, delete; and ownership (another user's collection is 404 everywhere,
 * another user's private opinion cannot be added).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importOpinions } from "../../src/server/features/case-law/import.service";
import { type Client, signedInUser, startTestServer, type TestServer } from "../helpers/server";

interface Item {
  kind: string;
  id: string;
  title: string;
  url: string;
}

let server: TestServer;
let ada: Client;
let bob: Client;
let privateOpinion: string;
let libraryOpinion: string;
let adaBrief: string;

const opinion = (name: string, cite: string) => ({
  name: `${name}.md`,
  content: new TextEncoder().encode(
    `---\ntitle: '${name}'\ncite: '${cite}'\npublished: '2030'\n---\n\n${"The court considered the matter at length and reached a decision on the question presented. ".repeat(12)}`,
  ),
});

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" });
  ada = await signedInUser(server, "ada@example.com");
  bob = await signedInUser(server, "bob@example.com");
  const adaId = (await ada.json<{ user: { id: string } }>("/api/me")).body.user.id;
  privateOpinion = (
    await importOpinions({ db: server.database.db, ownerId: adaId, files: [opinion("Alpha v. Beta", "900 F.4th 1")] })
  ).imported[0].id;
  libraryOpinion = (
    await importOpinions({ db: server.database.db, ownerId: null, files: [opinion("Gamma v. Delta", "900 F.4th 50")] })
  ).imported[0].id;
  adaBrief = (
    await ada.json<{ brief: { id: string } }>("/api/student-briefs", { body: { name: "Alpha v. Beta", sections: {} } })
  ).body.brief.id;
});
afterAll(async () => {
  await server?.close();
});

describe("case collections", () => {
  let id: string;

  it("creates, renames and lists a collection", async () => {
    const r = await ada.json<{ collection: { id: string; name: string } }>("/api/case-collections", {
      body: { name: "Personal jurisdiction" },
    });
    expect(r.status).toBe(201);
    id = r.body.collection.id;
    expect(
      (
        await ada.json<{ collection: { name: string } }>(`/api/case-collections/${id}`, {
          method: "PATCH",
          body: { name: "PJ cases" },
        })
      ).body.collection.name,
    ).toBe("PJ cases");
    const list = await ada.json<{ collections: { id: string; name: string; itemCount: number }[] }>(
      "/api/case-collections",
    );
    expect(list.body.collections).toEqual([expect.objectContaining({ id, name: "PJ cases", itemCount: 0 })]);
    expect((await ada.json("/api/case-collections", { body: { name: "" } })).status).toBe(400);
  });

  it("adds opinions, official briefs and own briefs; a duplicate is a conflict", async () => {
    expect(
      (await ada.json(`/api/case-collections/${id}/items`, { body: { kind: "opinion", id: privateOpinion } })).status,
    ).toBe(201);
    expect(
      (
        await ada.json(`/api/case-collections/${id}/items`, {
          body: { kind: "brief", id: "international-shoe-co-v-washington" },
        })
      ).status,
    ).toBe(201);
    expect(
      (await ada.json(`/api/case-collections/${id}/items`, { body: { kind: "student_brief", id: adaBrief } })).status,
    ).toBe(201);
    const last = await ada.json<{ items: Item[] }>(`/api/case-collections/${id}/items`, {
      body: { kind: "opinion", id: libraryOpinion },
    });
    expect(last.body.items.map((i) => i.title)).toEqual([
      "Alpha v. Beta",
      "International Shoe Co. v. Washington",
      "Alpha v. Beta",
      "Gamma v. Delta",
    ]);
    expect(last.body.items[1].url).toBe("/cases/international-shoe-co-v-washington");
    const dup = await ada.json<{ error: { message: string } }>(`/api/case-collections/${id}/items`, {
      body: { kind: "brief", id: "international-shoe-co-v-washington" },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toMatch(/already in this collection/);
    expect(
      (await ada.json(`/api/case-collections/${id}/items`, { body: { kind: "brief", id: "no-such-case" } })).status,
    ).toBe(404);
  });

  it("reorders, refusing anything but the same set of items", async () => {
    const order = [
      { kind: "opinion", id: libraryOpinion },
      { kind: "student_brief", id: adaBrief },
      { kind: "brief", id: "international-shoe-co-v-washington" },
      { kind: "opinion", id: privateOpinion },
    ];
    const r = await ada.json<{ items: Item[] }>(`/api/case-collections/${id}/order`, {
      method: "PUT",
      body: { items: order },
    });
    expect(r.status).toBe(200);
    expect(r.body.items.map((i) => i.id)).toEqual(order.map((o) => o.id));
    expect((await ada.json<{ items: Item[] }>(`/api/case-collections/${id}`)).body.items.map((i) => i.id)).toEqual(
      order.map((o) => o.id),
    );
    expect(
      (await ada.json(`/api/case-collections/${id}/order`, { method: "PUT", body: { items: order.slice(1) } })).status,
    ).toBe(400);
    expect(
      (
        await ada.json(`/api/case-collections/${id}/order`, {
          method: "PUT",
          body: { items: [...order.slice(1), order[1]] },
        })
      ).status,
    ).toBe(400);
  });

  it("removes a case and deletes the collection", async () => {
    const r = await ada.json<{ items: Item[] }>(
      `/api/case-collections/${id}/items/brief/international-shoe-co-v-washington`,
      { method: "DELETE" },
    );
    expect(r.body.items).toHaveLength(3);
    expect(
      (
        await ada.fetch(`/api/case-collections/${id}/items/brief/international-shoe-co-v-washington`, {
          method: "DELETE",
        })
      ).status,
    ).toBe(404);
  });

  it("answers 404 to another user on every route, and keeps private opinions out of their collections", async () => {
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/case-collections/${id}`],
      ["PATCH", `/api/case-collections/${id}`, { name: "mine now" }],
      ["DELETE", `/api/case-collections/${id}`],
      ["POST", `/api/case-collections/${id}/items`, { kind: "opinion", id: libraryOpinion }],
      ["DELETE", `/api/case-collections/${id}/items/opinion/${libraryOpinion}`],
      ["PUT", `/api/case-collections/${id}/order`, { items: [] }],
    ];
    for (const [method, path, body] of calls)
      expect((await bob.fetch(path, { method, body })).status, `${method} ${path}`).toBe(404);
    expect((await bob.json<{ collections: unknown[] }>("/api/case-collections")).body.collections).toEqual([]);
    const bobs = await bob.json<{ collection: { id: string } }>("/api/case-collections", { body: { name: "Bob's" } });
    expect(
      (
        await bob.json(`/api/case-collections/${bobs.body.collection.id}/items`, {
          body: { kind: "opinion", id: privateOpinion },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await bob.json(`/api/case-collections/${bobs.body.collection.id}/items`, {
          body: { kind: "student_brief", id: adaBrief },
        })
      ).status,
    ).toBe(404);
    expect((await ada.json<{ items: Item[] }>(`/api/case-collections/${id}`)).body.items).toHaveLength(3);
    expect((await ada.fetch(`/api/case-collections/${id}`, { method: "DELETE" })).status).toBe(200);
    expect((await ada.fetch(`/api/case-collections/${id}`)).status).toBe(404);
  });
});
