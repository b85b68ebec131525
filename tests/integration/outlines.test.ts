/**
 * Outlines through HTTP (issue 16 slice 1): create blank and from an official subject skeleton,
 * list with search and the archive, tree operations (add, edit, move subtree, delete subtree),
 * the cycle and depth rules, the stale-version rule, delete with undo, duplicate, Markdown
 * export, Free-tier gating and ownership (another user's outline answers 404). Also times a
 * 2,000-entry open and a 200-entry subtree move (printed, not asserted; DESIGN.md §6 budgets).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInUser, startTestServer, type TestServer } from "../helpers/server";
import { makeFree } from "../helpers/users";

interface Entry {
  id: string;
  parentId: string | null;
  position: number;
  html: string;
  embed: { kind: string; id: string } | null;
}
interface Outline {
  id: string;
  title: string;
  subject: string;
  subjectId: string | null;
  version: number;
  entryCount: number;
  archivedAt: string | null;
  entries: Entry[];
}
interface Err {
  error: { code: string; message: string; details?: { version: number } };
}

let server: TestServer;
let ada: Client;
let bob: Client;
let clock = Date.parse("2026-03-02T10:00:00Z");

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" }, { now: () => new Date(clock) });
  ada = await signedInUser(server, "ada@example.com");
  bob = await signedInUser(server, "bob@example.com");
});
afterAll(async () => {
  await server?.close();
});

const create = async (c: Client, body: Record<string, unknown> = {}) => {
  const r = await c.json<{ outline: Outline }>("/api/outlines", { body });
  expect(r.status).toBe(201);
  return r.body.outline;
};
const get = async (c: Client, id: string) => (await c.json<{ outline: Outline }>(`/api/outlines/${id}`)).body.outline;
const patch = (c: Client, id: string, body: Record<string, unknown>) =>
  c.json<{ outline: Outline } & Err>(`/api/outlines/${id}`, { method: "PATCH", body });

/** Children of `parentId` in order, as their plain text. */
const kids = (o: Outline, parentId: string | null) =>
  o.entries
    .filter((e) => e.parentId === parentId)
    .sort((a, b) => a.position - b.position)
    .map((e) => e.html.replace(/<[^>]+>/g, ""));

describe("outlines", () => {
  it("creates a blank outline, builds a nested tree, moves a subtree and deletes one", async () => {
    const o = await create(ada, { title: "Torts I", subject: "Torts — Prof. Lee" });
    expect(o).toMatchObject({ title: "Torts I", subject: "Torts — Prof. Lee", version: 1, entryCount: 0 });
    const [a, a1, a1x, b] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const r = await patch(ada, o.id, {
      version: 1,
      ops: [
        { op: "add", id: a, parentId: null, afterId: null, html: "<p>Intentional torts</p>" },
        { op: "add", id: b, parentId: null, afterId: a, html: "<p>Negligence</p>" },
        { op: "add", id: a1, parentId: a, afterId: null, html: "<p>Battery<script>x()</script></p>" },
        { op: "add", id: a1x, parentId: a1, afterId: null, html: "<p>Harmful or offensive contact</p>" },
        { op: "edit", id: b, html: "<p><strong>Negligence</strong></p>" },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.outline).toMatchObject({ version: 2, entryCount: 4 });
    let full = await get(ada, o.id);
    expect(kids(full, null)).toEqual(["Intentional torts", "Negligence"]);
    expect(full.entries.find((e) => e.id === a1)?.html).not.toMatch(/script/);

    // Move the Battery subtree under Negligence, first; its child comes along.
    const moved = await patch(ada, o.id, { version: 2, ops: [{ op: "move", id: a1, parentId: b, afterId: null }] });
    expect(moved.status).toBe(200);
    full = await get(ada, o.id);
    expect(kids(full, b)).toEqual(["Battery"]);
    expect(kids(full, a1)).toEqual(["Harmful or offensive contact"]);
    expect(kids(full, a)).toEqual([]);

    // Reorder at the top: Negligence first.
    await patch(ada, o.id, { version: 3, ops: [{ op: "move", id: a, parentId: null, afterId: b }] });
    expect(kids(await get(ada, o.id), null)).toEqual(["Negligence", "Intentional torts"]);

    // Delete the Negligence subtree: three entries go.
    const del = await patch(ada, o.id, { version: 4, ops: [{ op: "delete", id: b }] });
    expect(del.body.outline.entryCount).toBe(1);
    expect((await get(ada, o.id)).entries.map((e) => e.id)).toEqual([a]);
  });

  it("refuses a move into the entry's own subtree, an unknown parent and a level past the limit; nothing applies", async () => {
    const o = await create(ada, { title: "Cycles" });
    const ids = Array.from({ length: 12 }, () => randomUUID());
    const chain = ids.map((id, i) => ({
      op: "add",
      id,
      parentId: i ? ids[i - 1] : null,
      afterId: null,
      html: `L${i + 1}`,
    }));
    expect((await patch(ada, o.id, { version: 1, ops: chain })).status).toBe(200);
    const cycle = await patch(ada, o.id, {
      version: 2,
      ops: [{ op: "move", id: ids[2], parentId: ids[5], afterId: null }],
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.error.message).toMatch(/own subtree/);
    const self = await patch(ada, o.id, {
      version: 2,
      ops: [{ op: "move", id: ids[2], parentId: ids[2], afterId: null }],
    });
    expect(self.status).toBe(400);
    const deep = await patch(ada, o.id, {
      version: 2,
      ops: [{ op: "add", id: randomUUID(), parentId: ids[11], afterId: null, html: "L13" }],
    });
    expect(deep.status).toBe(400);
    expect(deep.body.error.message).toMatch(/12 levels/);
    const partial = await patch(ada, o.id, {
      version: 2,
      ops: [
        { op: "edit", id: ids[0], html: "changed" },
        { op: "move", id: ids[0], parentId: randomUUID(), afterId: null },
      ],
    });
    expect(partial.status).toBe(400);
    const after = await get(ada, o.id);
    expect(after.version).toBe(2);
    expect(after.entries.find((e) => e.id === ids[0])?.html).toBe("L1");
  });

  it("refuses a stale version with 409 and the current version", async () => {
    const o = await create(ada, { title: "Two tabs" });
    expect((await patch(ada, o.id, { version: 1, title: "Tab one" })).status).toBe(200);
    const stale = await patch(ada, o.id, { version: 1, title: "Tab two" });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("CONFLICT");
    expect(stale.body.error.details?.version).toBe(2);
    expect((await get(ada, o.id)).title).toBe("Tab one");
  });

  it("builds an outline from an official subject skeleton: its topics as headings", async () => {
    const o = await create(ada, { from: { kind: "subject", subjectId: "torts" } });
    expect(o).toMatchObject({ title: "Torts outline", subjectId: "torts" });
    const full = await get(ada, o.id);
    const heads = kids(full, null);
    expect(heads.length).toBeGreaterThan(20);
    expect(heads).toContain("Battery");
    expect(full.entries.every((e) => e.parentId === null)).toBe(true);
    const unknown = await ada.json<Err>("/api/outlines", { body: { from: { kind: "subject", subjectId: "nope" } } });
    expect(unknown.status).toBe(404);
  });

  it("lists with search and the archive; archives, restores, duplicates, deletes with undo", async () => {
    const o = await create(ada, { title: "Evidence — hearsay", subject: "Evidence" });
    const id1 = randomUUID();
    await patch(ada, o.id, {
      version: 1,
      ops: [{ op: "add", id: id1, parentId: null, afterId: null, html: "Hearsay" }],
    });
    const list = (q: string, archived = false) =>
      ada.json<{ outlines: Outline[] }>(`/api/outlines?q=${encodeURIComponent(q)}&archived=${archived}`);
    expect((await list("hearsay")).body.outlines.map((x) => x.id)).toEqual([o.id]);
    expect((await list("EVIDENCE")).body.outlines.map((x) => x.id)).toEqual([o.id]);
    expect((await list("100%")).body.outlines).toEqual([]);

    expect((await patch(ada, o.id, { version: 2, archived: true })).body.outline.archivedAt).not.toBeNull();
    expect((await list("hearsay")).body.outlines).toEqual([]);
    expect((await list("hearsay", true)).body.outlines.map((x) => x.id)).toEqual([o.id]);
    await patch(ada, o.id, { version: 3, archived: false });
    expect((await list("hearsay")).body.outlines.map((x) => x.id)).toEqual([o.id]);

    const dup = await ada.json<{ outline: Outline }>(`/api/outlines/${o.id}/duplicate`, { method: "POST" });
    expect(dup.status).toBe(201);
    expect(dup.body.outline).toMatchObject({ title: "Evidence — hearsay (copy)", entryCount: 1 });
    const copy = await get(ada, dup.body.outline.id);
    expect(copy.entries[0].id).not.toBe(id1);
    expect(copy.entries[0].html).toBe("Hearsay");

    const gone = await ada.json<{ restoreUntil: string }>(`/api/outlines/${o.id}`, { method: "DELETE" });
    expect(gone.status).toBe(200);
    expect((await ada.json(`/api/outlines/${o.id}`)).status).toBe(404);
    const back = await ada.json<{ outline: Outline }>(`/api/outlines/${o.id}/restore`, { method: "POST" });
    expect(back.status).toBe(200);
    expect((await get(ada, o.id)).entries).toHaveLength(1);
    await ada.json(`/api/outlines/${o.id}`, { method: "DELETE" });
    clock += 25 * 60 * 60 * 1000;
    expect((await ada.json(`/api/outlines/${o.id}/restore`, { method: "POST" })).status).toBe(404);
  });

  it("exports Markdown with the outline numbering; an unknown format is a 400", async () => {
    const o = await create(ada, { title: "Contracts", subject: "Contracts" });
    const [a, b, c, d, e] = Array.from({ length: 5 }, () => randomUUID());
    await patch(ada, o.id, {
      version: 1,
      ops: [
        { op: "add", id: a, parentId: null, afterId: null, html: "<p><strong>Formation</strong></p>" },
        { op: "add", id: b, parentId: a, afterId: null, html: "<p>Offer</p>" },
        { op: "add", id: c, parentId: a, afterId: b, html: "<p>Acceptance</p>" },
        { op: "add", id: d, parentId: c, afterId: null, html: "<p>Mirror image</p>" },
        { op: "add", id: e, parentId: null, afterId: a, html: "<p>Defenses</p>", embed: { kind: "topic", id: "x" } },
      ],
    });
    const r = await ada.fetch(`/api/outlines/${o.id}/export?format=md`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/text\/markdown/);
    expect(r.headers.get("content-disposition")).toContain('filename="Contracts.md"');
    expect(await r.text()).toBe(
      "# Contracts\n\nSubject: Contracts\n\n- I. **Formation**\n  - A. Offer\n  - B. Acceptance\n    - 1. Mirror image\n- II. Defenses [topic: x]\n",
    );
    // Word and PDF are covered in outline-io.test.ts (read back with mammoth and unpdf).
    const odt = await ada.json<Err>(`/api/outlines/${o.id}/export?format=odt`);
    expect(odt.status).toBe(400);
  });

  it("answers another user's outline with 404 and a Free account with 403 UPGRADE_REQUIRED", async () => {
    const o = await create(ada, { title: "Private" });
    expect((await bob.json(`/api/outlines/${o.id}`)).status).toBe(404);
    expect((await patch(bob, o.id, { version: 1, title: "mine" })).status).toBe(404);
    expect((await bob.json(`/api/outlines/${o.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await bob.json(`/api/outlines/${o.id}/duplicate`, { method: "POST" })).status).toBe(404);
    expect((await bob.fetch(`/api/outlines/${o.id}/export?format=md`)).status).toBe(404);
    expect((await bob.json<{ outlines: Outline[] }>("/api/outlines")).body.outlines.map((x) => x.id)).not.toContain(
      o.id,
    );
    expect((await bob.json("/api/outlines/not-a-uuid")).status).toBe(404);
    // Entry ids are per outline: Bob may reuse an id Ada's outline has without touching hers.
    const adaEntry = randomUUID();
    await patch(ada, o.id, {
      version: 1,
      ops: [{ op: "add", id: adaEntry, parentId: null, afterId: null, html: "Ada" }],
    });
    const mine = await create(bob, { title: "Bob's" });
    const reuse = await patch(bob, mine.id, {
      version: 1,
      ops: [{ op: "add", id: adaEntry, parentId: null, afterId: null, html: "Bob" }],
    });
    expect(reuse.status).toBe(200);
    expect((await get(ada, o.id)).entries[0].html).toBe("Ada");

    const carl = await signedInUser(server, "carl@example.com");
    await makeFree(server, carl);
    const free = await carl.json<Err>("/api/outlines");
    expect(free.status).toBe(403);
    expect(free.body.error.code).toBe("UPGRADE_REQUIRED");
    expect((await carl.json<Err>("/api/outlines", { body: { title: "x" } })).status).toBe(403);
  });

  it("opens a 2,000-entry outline and moves a 200-entry subtree (timed)", async () => {
    const o = await create(ada, { title: "Big" });
    const ops: Record<string, unknown>[] = [];
    const tops: string[] = [];
    // 10 top-level headings, each with 199 children (plus itself = 200 per subtree).
    for (let t = 0; t < 10; t++) {
      const top = randomUUID();
      ops.push({ op: "add", id: top, parentId: null, afterId: tops.at(-1) ?? null, html: `<p>Heading ${t}</p>` });
      tops.push(top);
      let prev: string | null = null;
      for (let k = 0; k < 199; k++) {
        const id = randomUUID();
        ops.push({
          op: "add",
          id,
          parentId: top,
          afterId: prev,
          html: `<p>Entry ${t}.${k} with some words of text</p>`,
        });
        prev = id;
      }
    }
    const built = await patch(ada, o.id, { version: 1, ops });
    expect(built.status).toBe(200);
    expect(built.body.outline.entryCount).toBe(2000);

    const opens: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const r = await ada.json<{ outline: Outline }>(`/api/outlines/${o.id}`);
      opens.push(performance.now() - t0);
      expect(r.body.outline.entries).toHaveLength(2000);
    }
    const moves: number[] = [];
    let version = 2;
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      const r = await patch(ada, o.id, {
        version,
        ops: [{ op: "move", id: tops[0], parentId: tops[(i % 9) + 1], afterId: null }],
      });
      moves.push(performance.now() - t0);
      expect(r.status).toBe(200);
      version = r.body.outline.version;
    }
    const final = await get(ada, o.id);
    expect(final.entries.filter((e) => e.parentId === tops[0])).toHaveLength(199);
    const p = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1].toFixed(0);
    console.log(
      `outline bench (${process.env.DATABASE_URL ? "postgres" : "pglite"}): open 2,000 entries p95 ${p(opens)} ms; move 200-entry subtree p95 ${p(moves)} ms`,
    );
  });
});
