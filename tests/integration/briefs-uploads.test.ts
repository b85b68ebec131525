/**
 * Student briefs, 'Draft brief' by extraction, opinion uploads, and the companion's per-user
 * sources (issue 5 §2, §4, §6, §7, §9), against the real server. The opinion used here is an
 * invented test fixture (Doe v. Roe Shipping), not legal content.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retrieveUserSources } from "../../src/server/ai/user-sources";
import { setPlan } from "../../src/server/features/billing/subscriptions.service";
import { type Client, signedInUser, startTestServer, type TestServer, waitForJob } from "../helpers/server";

const FIXTURE = `---
title: 'Doe v. Roe Shipping Co.'
cite: '901 F.4th 123'
jurisdiction: '9th Cir.'
published: '2031'
---

Jane Doe worked as a deckhand for Roe Shipping Co. She was injured when a winch cable snapped on the vessel Marigold. She filed suit in the District Court, which granted summary judgment to Roe Shipping. Doe appealed to this court.

The question presented is whether a shipowner owes a deckhand a duty to inspect winch cables before each voyage.

A shipowner must furnish a vessel reasonably fit for its intended use, and that duty requires that equipment be inspected at reasonable intervals. The duty does not require perfection.

Because the record shows the cable had not been inspected for three years, a jury could find the vessel unseaworthy. We therefore disagree with the District Court.

We hold that a shipowner who fails to inspect a winch cable for three years may be found liable for an injury the cable causes.

Reversed and remanded.`;

let server: TestServer;
let ada: Client;
let bob: Client;

async function upload(
  c: Client,
  files: { name: string; body: string | Uint8Array<ArrayBuffer> }[],
  extra: Record<string, string> = {},
) {
  const form = new FormData();
  for (const f of files) form.append("files", new Blob([f.body]), f.name);
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${server.url}/api/case-law/import`, {
    method: "POST",
    body: form,
    headers: { cookie, origin: server.url },
  });
  type Report = {
    imported: { id: string; name: string; status: string }[];
    failed: { file: string; reason: string }[];
    error?: { code: string; message: string };
  };
  const started = (await res.json()) as Report & { jobId?: string };
  // The upload answers 202 {jobId} (issue 12 item 1); the import report is the job's result.
  if (res.status !== 202) return { status: res.status, body: started };
  const job = await waitForJob<Report>(c, started.jobId!);
  expect(job.state).toBe("succeeded");
  return { status: res.status, body: job.result };
}

let opinionId: string;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" });
  ada = await signedInUser(server, "ada@example.com");
  bob = await signedInUser(server, "bob@example.com");
});
afterAll(async () => {
  await server?.close();
});

describe("uploading opinions", () => {
  it("imports a good file, reports a bad one by name and reason, and keeps the upload private", async () => {
    const r = await upload(ada, [
      { name: "doe.md", body: FIXTURE },
      { name: "notes.md", body: "# Study plan\n\nRead chapter one." },
      { name: "scan.pdf", body: "%PDF-1.7" },
    ]);
    expect(r.status).toBe(202);
    expect(r.body.imported).toEqual([expect.objectContaining({ name: "Doe v. Roe Shipping Co.", status: "created" })]);
    expect(r.body.failed).toEqual([
      { file: "notes.md", reason: expect.stringMatching(/no case name/) },
      { file: "scan.pdf", reason: expect.stringMatching(/unsupported file type '.pdf'/) },
    ]);
    opinionId = r.body.imported[0].id;
    expect((await ada.json(`/api/case-law/${opinionId}`)).status).toBe(200);
    expect((await bob.json(`/api/case-law/${opinionId}`)).status).toBe(404);
    expect((await bob.fetch(`/api/case-law/${opinionId}`, { method: "DELETE" })).status).toBe(404);
    const bobSearch = await bob.json<{ results: unknown[] }>("/api/case-law/search?q=winch%20cable");
    expect(bobSearch.body.results).toEqual([]);
    const adaSearch = await ada.json<{ results: { id: string; mine: boolean }[] }>(
      "/api/case-law/search?q=winch%20cable",
    );
    expect(adaSearch.body.results).toEqual([expect.objectContaining({ id: opinionId, mine: true })]);
  });

  it("updates on re-upload and refuses a file over 20 MB with 413", async () => {
    const again = await upload(ada, [{ name: "doe-v2.md", body: FIXTURE.replace("three years", "four years") }]);
    expect(again.body.imported).toEqual([expect.objectContaining({ id: opinionId, status: "updated" })]);
    const big = await upload(ada, [{ name: "huge.txt", body: new Uint8Array(20 * 1024 * 1024 + 1) }]);
    expect(big.status).toBe(413);
    expect(big.body.error?.message).toMatch(/huge\.txt is larger than 20 MB; files can be up to 20 MB/);
  });

  it("only administrators import into the shared library", async () => {
    const r = await upload(bob, [{ name: "doe.md", body: FIXTURE }], { scope: "library" });
    expect(r.status).toBe(403);
  });
});

describe("the opinion of an official brief's case ('Write your own' and 'Read the opinion')", () => {
  // An invented stand-in with the citation of an official brief (Palsgraf, 248 N.Y. 339), so the
  // brief page can find it; the text is ours, not the opinion's.
  const STAND_IN = `---\ntitle: 'Palsgraf v. Long Island R.R. Co.'\ncite: '248 N.Y. 339'\npublished: '1928'\n---\n\n${"A test stand-in for the opinion, written for this test only. A guard helped a passenger onto a moving train, a package fell, and a scale at the far end of the platform was struck. ".repeat(4)}\n\nWe hold that the duty is owed to those within the range of apprehension.\n\nReversed.`;
  it("finds the student's own upload with the same citation, and never another student's", async () => {
    const r = await upload(ada, [{ name: "palsgraf.md", body: STAND_IN }]);
    expect(r.status).toBe(202);
    const mine = await ada.json<{ opinion: { id: string; citation: string } | null }>(
      "/api/case-law/for-brief/palsgraf-v-long-island-railroad-co",
    );
    expect(mine.status).toBe(200);
    expect(mine.body.opinion).toMatchObject({ citation: "248 N.Y. 339" });
    const opened = await ada.json<{ opinion: { officialBrief: { id: string } | null } }>(
      `/api/case-law/${mine.body.opinion!.id}`,
    );
    expect(opened.body.opinion.officialBrief?.id).toBe("palsgraf-v-long-island-railroad-co");
    expect(
      (await bob.json<{ opinion: unknown }>("/api/case-law/for-brief/palsgraf-v-long-island-railroad-co")).body.opinion,
    ).toBeNull();
    expect((await ada.json<{ opinion: unknown }>("/api/case-law/for-brief/no-such-brief")).body.opinion).toBeNull();
    expect(
      (await ada.json<{ opinion: unknown }>("/api/case-law/for-brief/hadley-v-baxendale")).body.opinion,
    ).toBeNull();
    const nul = await ada.json<{ opinion: unknown }>("/api/case-law/for-brief/%00");
    expect([nul.status, nul.body.opinion]).toEqual([200, null]);
  });
});

describe("student briefs", () => {
  let briefId: string;

  it("drafts a brief by extraction from the opinion's own sentences without saving it", async () => {
    const r = await ada.json<{ method: string; draft: { name: string; sections: Record<string, string> } }>(
      "/api/student-briefs/draft",
      { body: { opinionId, method: "extract" } },
    );
    expect(r.status).toBe(200);
    expect(r.body.method).toBe("extract");
    const s = r.body.draft.sections;
    expect(s.issue).toContain("The question presented is whether a shipowner owes a deckhand a duty");
    expect(s.holding).toContain("We hold that a shipowner who fails to inspect a winch cable");
    expect(s.holding).toContain("Reversed and remanded.");
    expect(s.rule).toContain("that duty requires that equipment be inspected");
    expect(s.proceduralHistory).toContain("granted summary judgment");
    expect(s.facts).toContain("Parties:</strong> Doe v. Roe Shipping Co.");
    expect((await ada.json<{ briefs: { isOfficial: boolean }[] }>("/api/case-briefs?mine=only")).body.briefs).toEqual(
      [],
    );
    expect((await bob.json("/api/student-briefs/draft", { body: { opinionId, method: "extract" } })).status).toBe(404);
  });

  it("says clearly when no language model is configured", async () => {
    const r = await ada.json<{ error: { code: string; message: string } }>("/api/student-briefs/draft", {
      body: { opinionId, method: "llm" },
    });
    expect(r.status).toBe(409);
    expect(r.body.error.message).toMatch(/No language model is configured.*Draft by extraction/);
  });

  it("saves a brief with sanitized sections and lists it with the official briefs", async () => {
    const r = await ada.json<{ brief: { id: string; sections: Record<string, string>; version: number } }>(
      "/api/student-briefs",
      {
        body: {
          opinionId,
          name: "Doe v. Roe Shipping Co.",
          citation: "901 F.4th 123",
          subjectId: "torts",
          sections: {
            holding: '<p>Liable.<img src=x onerror="alert(1)"></p>',
            facts: "<p>Deckhand hurt by a winch.</p><script>alert(2)</script>",
          },
        },
      },
    );
    expect(r.status).toBe(201);
    briefId = r.body.brief.id;
    expect(r.body.brief.sections.holding).toBe("<p>Liable.</p>");
    expect(r.body.brief.sections.facts).not.toContain("script");
    const list = await ada.json<{ briefs: { id: string; isOfficial: boolean }[] }>("/api/case-briefs?subject=torts");
    expect(list.body.briefs[0]).toMatchObject({ id: briefId, isOfficial: false });
    expect(list.body.briefs.some((b) => b.isOfficial)).toBe(true);
    const opinion = await ada.json<{ opinion: { myBriefs: { id: string }[] } }>(`/api/case-law/${opinionId}`);
    expect(opinion.body.opinion.myBriefs.map((b) => b.id)).toEqual([briefId]);
  });

  it("refuses a stale save with the newer brief", async () => {
    expect(
      (
        await ada.json(`/api/student-briefs/${briefId}`, {
          method: "PATCH",
          body: { sections: { issue: "<p>first tab</p>" }, version: 1 },
        })
      ).status,
    ).toBe(200);
    const stale = await ada.json<{ error: { code: string; details: { brief: { sections: Record<string, string> } } } }>(
      `/api/student-briefs/${briefId}`,
      { method: "PATCH", body: { sections: { issue: "<p>second tab</p>" }, version: 1 } },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error.details.brief.sections.issue).toBe("<p>first tab</p>");
  });

  it("answers 404 to another user on every route", async () => {
    expect((await bob.fetch(`/api/student-briefs/${briefId}`)).status).toBe(404);
    expect((await bob.fetch(`/api/student-briefs/${briefId}`, { method: "PATCH", body: { name: "x" } })).status).toBe(
      404,
    );
    expect((await bob.fetch(`/api/student-briefs/${briefId}`, { method: "DELETE" })).status).toBe(404);
    expect(
      (await bob.json<{ briefs: { id: string }[] }>("/api/case-briefs")).body.briefs.map((b) => b.id),
    ).not.toContain(briefId);
    expect((await ada.fetch(`/api/student-briefs/${briefId}`)).status).toBe(200);
  });
});

describe("the companion's per-user sources", () => {
  const idOf = async (c: Client) => (await c.json<{ user: { id: string } }>("/api/me")).body.user.id;

  it("returns the student's own notes and briefs, never another user's", async () => {
    const note = await ada.json<{ note: { id: string } }>("/api/notes", {
      body: { title: "Seaworthiness", html: "<p>Unseaworthy vessel: the winch cable was never inspected.</p>" },
    });
    await bob.json("/api/notes", {
      body: { title: "Bob's seaworthiness", html: "<p>Bob thinks the winch cable issue is about negligence.</p>" },
    });
    const { sources } = await retrieveUserSources({
      db: server.database.db,
      userId: await idOf(ada),
      query: "Was the vessel unseaworthy because of the winch cable?",
      limit: 10,
    });
    expect(sources.map((s) => s.kind).sort()).toEqual(["note", "user_brief"]);
    expect(sources.find((s) => s.kind === "note")).toMatchObject({
      id: note.body.note.id,
      title: "Seaworthiness",
      url: `/notes/${note.body.note.id}`,
    });
    for (const s of sources) {
      expect(s.score).toBeGreaterThan(0);
      expect(s.score).toBeLessThan(1);
      expect(s.text).not.toMatch(/Bob/);
    }
    const bobs = await retrieveUserSources({
      db: server.database.db,
      userId: await idOf(bob),
      query: "unseaworthy winch cable",
      limit: 10,
    });
    expect(bobs.sources.map((s) => s.title)).toEqual(["Bob's seaworthiness"]);
  });

  it("leaves notes out for a Free account and keeps its briefs", async () => {
    const id = await idOf(ada);
    await setPlan({ db: server.database.db, userId: id, plan: "free" });
    const { sources } = await retrieveUserSources({
      db: server.database.db,
      userId: id,
      query: "winch cable unseaworthy",
      limit: 10,
    });
    expect(sources.map((s) => s.kind)).toEqual(["user_brief"]);
    await setPlan({ db: server.database.db, userId: id, plan: "trial" });
  });
});

describe("routes and analytics", () => {
  it("documents every case-law, notes, brief and collection route in /api/openapi.json", async () => {
    const doc = await ada.json<{ paths: Record<string, Record<string, unknown>> }>("/api/openapi.json");
    const want: [string, string][] = [
      ["/api/case-law/search", "get"],
      ["/api/case-law", "get"],
      ["/api/case-law/facets", "get"],
      ["/api/case-law/import", "post"],
      ["/api/case-law/{id}", "get"],
      ["/api/case-law/{id}", "delete"],
      ["/api/case-law/live", "get"],
      ["/api/case-law/live/import", "post"],
      ["/api/notes", "post"],
      ["/api/notes", "get"],
      ["/api/notes/{id}", "get"],
      ["/api/notes/{id}", "patch"],
      ["/api/notes/{id}", "delete"],
      ["/api/notes/{id}/restore", "post"],
      ["/api/notes/{id}/export.md", "get"],
      ["/api/tags", "get"],
      ["/api/tags", "post"],
      ["/api/tags/{id}", "patch"],
      ["/api/tags/{id}", "delete"],
      ["/api/note-templates", "get"],
      ["/api/note-templates", "post"],
      ["/api/note-templates/{id}", "patch"],
      ["/api/note-templates/{id}", "delete"],
      ["/api/case-links/search", "get"],
      ["/api/case-links/backlinks", "get"],
      ["/api/case-briefs", "get"],
      ["/api/student-briefs", "post"],
      ["/api/student-briefs/{id}", "get"],
      ["/api/student-briefs/{id}", "patch"],
      ["/api/student-briefs/{id}", "delete"],
      ["/api/student-briefs/draft", "post"],
      ["/api/case-collections", "get"],
      ["/api/case-collections", "post"],
      ["/api/case-collections/{id}", "get"],
      ["/api/case-collections/{id}", "patch"],
      ["/api/case-collections/{id}", "delete"],
      ["/api/case-collections/{id}/items", "post"],
      ["/api/case-collections/{id}/items/{kind}/{itemId}", "delete"],
      ["/api/case-collections/{id}/order", "put"],
    ];
    for (const [path, method] of want)
      expect(doc.body.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeTruthy();
  });

  it("records search and filter_applied events", async () => {
    await ada.json(
      "/api/case-law/search?q=winch&court=United%20States%20Court%20of%20Appeals%20for%20the%20Ninth%20Circuit",
    );
    const rows = (await server.database.db.execute(
      sql`select name, properties from analytics_events where name in ('search', 'filter_applied') order by created_at`,
    )) as unknown as { rows: { name: string; properties: Record<string, unknown> }[] };
    expect(rows.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: "search",
          properties: expect.objectContaining({ area: "case-law", q: "winch" }),
        }),
        expect.objectContaining({
          name: "filter_applied",
          properties: expect.objectContaining({
            area: "case-law",
            court: "United States Court of Appeals for the Ninth Circuit",
          }),
        }),
      ]),
    );
  });
});
