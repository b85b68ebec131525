/**
 * Notes through HTTP (issue 5 §5–§6, §9): create/read/list/search/sort, sanitizing, the
 * stale-save rule, limits, delete with undo, tags, templates, case links and backlinks,
 * Markdown export, Free-tier gating, and ownership (another user's rows answer 404).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPlan } from "../../src/server/features/billing/subscriptions.service";
import { type Client, signedInUser, startTestServer, type TestServer } from "../helpers/server";

interface Note {
  id: string;
  title: string;
  html: string;
  version: number;
  tags: { id: string; name: string }[];
  links: { kind: string; id: string; title: string; url: string }[];
}
interface Err {
  error: { code: string; message: string; details?: { note: Note } };
}

let server: TestServer;
let ada: Client;
let bob: Client;
let clock = Date.parse("2026-03-02T10:00:00Z");

const userId = async (c: Client) => (await c.json<{ user: { id: string } }>("/api/me")).body.user.id;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" }, { now: () => new Date(clock) });
  ada = await signedInUser(server, "ada@example.com");
  bob = await signedInUser(server, "bob@example.com");
});
afterAll(async () => {
  await server?.close();
});

const create = async (c: Client, body: Record<string, unknown>) => {
  const r = await c.json<{ note: Note }>("/api/notes", { body });
  expect(r.status).toBe(201);
  return r.body.note;
};

describe("notes", () => {
  it("creates, reads and lists a note; the stored HTML is sanitized", async () => {
    const n = await create(ada, {
      title: "Personal jurisdiction",
      html: '<h2>Rule</h2><p>Minimum <strong>contacts</strong><script>alert(1)</script><img src=x onerror="alert(2)"></p><a href="javascript:alert(3)">x</a>',
      tags: ["Civ Pro"],
    });
    expect(n.html).toContain("<h2>Rule</h2>");
    expect(n.html).not.toMatch(/script|onerror|javascript:|<img/i);
    expect(n.tags.map((t) => t.name)).toEqual(["Civ Pro"]);
    const got = await ada.json<{ note: Note }>(`/api/notes/${n.id}`);
    expect(got.body.note).toMatchObject({ id: n.id, title: "Personal jurisdiction", version: 1 });
    const list = await ada.json<{ notes: { id: string; excerpt: string }[]; total: number }>("/api/notes");
    expect(list.body.notes.map((x) => x.id)).toContain(n.id);
    expect(list.body.notes.find((x) => x.id === n.id)?.excerpt).toMatch(/Minimum contacts/);
  });

  it("refuses a stale save and answers with the newer text", async () => {
    const n = await create(ada, { title: "Erie", html: "<p>first</p>" });
    const tabA = await ada.json<{ note: Note }>(`/api/notes/${n.id}`, {
      method: "PATCH",
      body: { html: "<p>from tab A</p>", version: 1 },
    });
    expect(tabA.status).toBe(200);
    expect(tabA.body.note.version).toBe(2);
    const tabB = await ada.json<Err>(`/api/notes/${n.id}`, {
      method: "PATCH",
      body: { html: "<p>from tab B</p>", version: 1 },
    });
    expect(tabB.status).toBe(409);
    expect(tabB.body.error.code).toBe("CONFLICT");
    expect(tabB.body.error.message).toMatch(/changed in another tab/);
    expect(tabB.body.error.details?.note.html).toBe("<p>from tab A</p>");
    expect((await ada.json<{ note: Note }>(`/api/notes/${n.id}`)).body.note.html).toBe("<p>from tab A</p>");
  });

  it("enforces the limits with clear errors", async () => {
    const long = await ada.json<Err>("/api/notes", { body: { title: "x".repeat(201), html: "" } });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toMatch(/title: at most 200 characters/);
    const big = await ada.json<Err>("/api/notes", {
      body: { title: "big", html: `<p>${"a".repeat(1024 * 1024)}</p>` },
    });
    expect(big.status).toBe(413);
    expect(big.body.error.message).toMatch(/larger than 1 MB/);
    const huge = await ada.json<Err>("/api/notes", { body: { title: "huge", html: "b".repeat(3 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
    const n = await create(ada, { title: "ok", html: `<p>${"c".repeat(1000 * 1000)}</p>` });
    expect(n.html.length).toBeGreaterThan(1000 * 1000);
  });

  it("deletes with undo for 24 hours, then the note is gone", async () => {
    const n = await create(ada, { title: "Temporary", html: "<p>soon gone</p>" });
    const del = await ada.json<{ restoreUntil: string }>(`/api/notes/${n.id}`, { method: "DELETE" });
    expect(del.status).toBe(200);
    expect((await ada.fetch(`/api/notes/${n.id}`)).status).toBe(404);
    const back = await ada.json<{ note: Note }>(`/api/notes/${n.id}/restore`, { method: "POST" });
    expect(back.status).toBe(200);
    expect(back.body.note.title).toBe("Temporary");
    await ada.fetch(`/api/notes/${n.id}`, { method: "DELETE" });
    clock += 25 * 60 * 60 * 1000;
    expect((await ada.fetch(`/api/notes/${n.id}/restore`, { method: "POST" })).status).toBe(404);
    await ada.json("/api/notes");
    clock -= 25 * 60 * 60 * 1000;
    expect((await ada.fetch(`/api/notes/${n.id}/restore`, { method: "POST" })).status).toBe(404);
  });

  it("searches, filters by tag and sorts", async () => {
    await create(ada, {
      title: "Hearsay",
      html: "<p>An out-of-court statement offered for the truth of the matter asserted.</p>",
      tags: ["Evidence"],
    });
    await create(ada, {
      title: "Adverse possession",
      html: "<p>Open, notorious, continuous and hostile.</p>",
      tags: ["Property"],
    });
    const found = await ada.json<{ notes: { title: string; snippet: string }[] }>("/api/notes?q=truth%20statement");
    expect(found.body.notes.map((x) => x.title)).toEqual(["Hearsay"]);
    expect(found.body.notes[0].snippet).toMatch(/<mark>statement<\/mark>/);
    const tagsList = await ada.json<{ tags: { id: string; name: string; count: number }[] }>("/api/tags");
    const property = tagsList.body.tags.find((t) => t.name === "Property")!;
    expect(property.count).toBe(1);
    const byTag = await ada.json<{ notes: { title: string }[] }>(`/api/notes?tag=${property.id}`);
    expect(byTag.body.notes.map((x) => x.title)).toEqual(["Adverse possession"]);
    const byTitle = await ada.json<{ notes: { title: string }[] }>("/api/notes?sort=title");
    const titles = byTitle.body.notes.map((x) => x.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
  });

  it("renames and deletes tags; a duplicate name is a conflict", async () => {
    const t = await ada.json<{ tag: { id: string } }>("/api/tags", { body: { name: "Torts" } });
    expect(t.status).toBe(201);
    expect((await ada.json("/api/tags", { body: { name: "torts" } })).status).toBe(409);
    const renamed = await ada.json<{ tag: { name: string } }>(`/api/tags/${t.body.tag.id}`, {
      method: "PATCH",
      body: { name: "Torts I" },
    });
    expect(renamed.body.tag.name).toBe("Torts I");
    expect((await ada.fetch(`/api/tags/${t.body.tag.id}`, { method: "DELETE" })).status).toBe(200);
  });

  it("stores case links and lists the note as a backlink of the case", async () => {
    const n = await create(ada, {
      title: "Shoe notes",
      html: '<p>See <a data-type="case-link" data-case-id="brief:international-shoe-co-v-washington" href="/cases/international-shoe-co-v-washington">International Shoe</a>.</p>',
    });
    expect(n.links).toEqual([
      expect.objectContaining({
        kind: "brief",
        id: "international-shoe-co-v-washington",
        title: "International Shoe Co. v. Washington",
        url: "/cases/international-shoe-co-v-washington",
      }),
    ]);
    const bl = await ada.json<{ notes: { id: string }[] }>(
      "/api/case-links/backlinks?kind=brief&id=international-shoe-co-v-washington",
    );
    expect(bl.body.notes.map((x) => x.id)).toContain(n.id);
    const others = await bob.json<{ notes: { id: string }[] }>(
      "/api/case-links/backlinks?kind=brief&id=international-shoe-co-v-washington",
    );
    expect(others.body.notes).toEqual([]);
    const picker = await ada.json<{ cases: { kind: string; title: string }[] }>("/api/case-links/search?q=shoe");
    expect(picker.body.cases).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "brief", title: "International Shoe Co. v. Washington" }),
      ]),
    );
  });

  it("exports a note as Markdown", async () => {
    const n = await create(ada, {
      title: "Export me",
      html: '<h2>Rule</h2><ul><li><p>one <em>two</em></p></li><li><p>three</p></li></ul><blockquote><p>quoted</p></blockquote><table><tbody><tr><th><p>A</p></th><th><p>B</p></th></tr><tr><td><p>1</p></td><td><p>2</p></td></tr></tbody></table><p><a href="/cases/x" data-case-id="brief:x">Case</a></p>',
      tags: ["Exports"],
    });
    const res = await ada.fetch(`/api/notes/${n.id}/export.md`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/markdown/);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="Export me.md"/);
    const md = await res.text();
    expect(md).toContain("# Export me");
    expect(md).toContain("Tags: Exports");
    expect(md).toContain("## Rule");
    expect(md).toContain("- one *two*");
    expect(md).toContain("> quoted");
    expect(md).toContain("| A | B |\n| --- | --- |\n| 1 | 2 |");
    expect(md).toMatch(/\[Case\]\(http:\/\/127\.0\.0\.1:\d+\/cases\/x\)/);
  });

  it("lists official templates and the user's own, never another user's", async () => {
    const own = await ada.json<{ template: { id: string } }>("/api/note-templates", {
      body: { title: "My IRAC", description: "mine", html: "<h2>Issue</h2><p></p><script>x</script>" },
    });
    expect(own.status).toBe(201);
    const list = await ada.json<{ templates: { id: string; isOfficial: boolean; html: string }[] }>(
      "/api/note-templates",
    );
    expect(list.body.templates.some((t) => t.isOfficial)).toBe(true);
    expect(list.body.templates.find((t) => t.id === own.body.template.id)?.html).not.toContain("script");
    const bobs = await bob.json<{ templates: { id: string }[] }>("/api/note-templates");
    expect(bobs.body.templates.map((t) => t.id)).not.toContain(own.body.template.id);
    expect((await bob.fetch(`/api/note-templates/${own.body.template.id}`, { method: "DELETE" })).status).toBe(404);
    expect(
      (await bob.json(`/api/note-templates/${own.body.template.id}`, { method: "PATCH", body: { title: "stolen" } }))
        .status,
    ).toBe(404);
  });
});

describe("ownership", () => {
  it("answers 404 on every route for another user's note and tag", async () => {
    const n = await create(ada, { title: "Private", html: "<p>mine only</p>", tags: ["Secret"] });
    const tag = n.tags[0].id;
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/notes/${n.id}`],
      ["PATCH", `/api/notes/${n.id}`, { html: "<p>hijack</p>" }],
      ["DELETE", `/api/notes/${n.id}`],
      ["POST", `/api/notes/${n.id}/restore`],
      ["GET", `/api/notes/${n.id}/export.md`],
      ["PATCH", `/api/tags/${tag}`, { name: "x" }],
      ["DELETE", `/api/tags/${tag}`],
    ];
    for (const [method, path, body] of calls)
      expect((await bob.fetch(path, { method, body })).status, `${method} ${path}`).toBe(404);
    expect((await bob.json<{ notes: { id: string }[] }>("/api/notes?q=mine")).body.notes).toEqual([]);
    expect((await ada.json<{ note: Note }>(`/api/notes/${n.id}`)).body.note.html).toBe("<p>mine only</p>");
  });
});

describe("Free tier", () => {
  it("answers 403 UPGRADE_REQUIRED on the notes API", async () => {
    const cleo = await signedInUser(server, "cleo@example.com");
    await setPlan({ db: server.database.db, userId: await userId(cleo), plan: "free" });
    for (const [method, path] of [
      ["GET", "/api/notes"],
      ["POST", "/api/notes"],
      ["GET", "/api/tags"],
      ["GET", "/api/note-templates"],
    ] as const) {
      const r = await cleo.json<Err>(path, { method, body: method === "POST" ? { title: "x", html: "" } : undefined });
      expect(r.status, path).toBe(403);
      expect(r.body.error.code).toBe("UPGRADE_REQUIRED");
    }
  });
});

describe("paging", () => {
  it("pages through notes with equal timestamps, titles and ranks and sees every note exactly once", async () => {
    // Issue 12 item 9: without a unique tie-breaker, offset paging over equal sort keys skipped
    // and repeated notes on PostgreSQL (the row order of ties depends on how many rows are asked).
    const pager = await signedInUser(server, "pager@example.com");
    const owner = await userId(pager);
    const at = new Date(clock);
    const { notes } = await import("../../src/server/db/schema");
    await server.database.db.insert(notes).values(
      Array.from({ length: 240 }, (_, i) => ({
        userId: owner,
        title: i % 2 ? "Same title" : "same title",
        html: "<p>Consideration is a bargained-for exchange.</p>",
        text: "Consideration is a bargained-for exchange.",
        createdAt: at,
        updatedAt: at,
      })),
    );
    for (const query of ["sort=updated", "sort=created", "sort=title", "sort=updated&q=consideration"]) {
      const seen: string[] = [];
      for (let offset = 0; ; offset += 7) {
        const r = await pager.json<{ notes: { id: string }[]; total: number }>(
          `/api/notes?${query}&limit=7&offset=${offset}`,
        );
        expect(r.status).toBe(200);
        expect(r.body.total).toBe(240);
        if (!r.body.notes.length) break;
        seen.push(...r.body.notes.map((n) => n.id));
      }
      expect(seen.length, query).toBe(240);
      expect(new Set(seen).size, query).toBe(240);
    }
  }, 60_000);
});
