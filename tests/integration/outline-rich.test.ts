/**
 * Outlines, second slice (issue 16 §2, §4, §5, §7):
 *  - rich-text entries (the notes editor's HTML) export with their formatting — Markdown
 *    emphasis, Word bold/italic runs, PDF text — and OutlineIQ reads their text; plain-text
 *    entries of the first slice (`<p>text</p>`) still load and export as before;
 *  - a PDF whose citation wraps at a capitalised word ("… Palsgraf v. Long / Island R.R. Co.")
 *    reads back as one line, so the wrong year is still found;
 *  - GET /api/outlines/:id/topics names the official topic of each top-level entry (skeleton
 *    title, abbreviation, embedded topic) with its rule; another user's outline is 404.
 */
import { randomUUID } from "node:crypto";
import mammoth from "mammoth";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractOutline } from "../../src/server/features/outlines/outline-extract";
import { type Client, signedInUser, startTestServer, type TestServer, waitForJob } from "../helpers/server";

// biome-ignore lint/suspicious/noExplicitAny: test reads of JSON answers
type Json = Record<string, any>;

let server: TestServer;
let ada: Client;
let bob: Client;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" });
  ada = await signedInUser(server, "ada-rich@example.com");
  bob = await signedInUser(server, "bob-rich@example.com");
}, 240_000);
afterAll(async () => {
  await server?.close();
});

/** A new outline of Ada's with these top-level entries, each with optional children (html). */
async function outlineOf(
  c: Client,
  body: Json,
  entries: { html: string; embed?: Json; children?: string[] }[],
): Promise<{ id: string; ids: string[] }> {
  const created = await c.json<{ outline: { id: string; version: number } }>("/api/outlines", { body });
  expect(created.status).toBe(201);
  const ops: Json[] = [];
  const ids: string[] = [];
  let prev: string | null = null;
  for (const e of entries) {
    const id = randomUUID();
    ids.push(id);
    ops.push({ op: "add", id, parentId: null, afterId: prev, html: e.html, ...(e.embed ? { embed: e.embed } : {}) });
    prev = id;
    let kid: string | null = null;
    for (const h of e.children ?? []) {
      const k = randomUUID();
      ops.push({ op: "add", id: k, parentId: id, afterId: kid, html: h });
      kid = k;
    }
  }
  const r = await c.json(`/api/outlines/${created.body.outline.id}`, {
    method: "PATCH",
    body: { version: created.body.outline.version, ops },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { id: created.body.outline.id, ids };
}

const RICH =
  "<p><strong>Rule:</strong> intent to cause a <em>harmful or offensive</em> contact</p>" +
  "<ul><li><p>Act</p></li><li><p>Intent (<strong>Garratt v. Dailey</strong>)</p></li></ul>";

describe("rich-text entries", () => {
  it("export with their formatting to Markdown, Word and PDF, and OutlineIQ reads them; plain entries still load", async () => {
    const o = await outlineOf(ada, { title: "Rich torts", subject: "Torts" }, [
      { html: "<p>Battery</p>", children: [RICH, "<p>Old plain entry &amp; more</p>"] },
    ]);
    const got = (await ada.json<Json>(`/api/outlines/${o.id}`)).body.outline;
    expect(got.entries.map((e: Json) => e.html)).toEqual([
      "<p>Battery</p>",
      expect.stringContaining("<strong>Rule:</strong>"),
      "<p>Old plain entry &amp; more</p>",
    ]);

    const md = await (await ada.fetch(`/api/outlines/${o.id}/export?format=md`)).text();
    expect(md).toContain("  - A. **Rule:** intent to cause a *harmful or offensive* contact\n");
    expect(md).toContain("\n    - Act\n    - Intent (**Garratt v. Dailey**)\n");
    expect(md).toContain("  - B. Old plain entry & more\n");

    const docx = Buffer.from(await (await ada.fetch(`/api/outlines/${o.id}/export?format=docx`)).arrayBuffer());
    const html = (await mammoth.convertToHtml({ buffer: docx })).value;
    expect(html).toContain(
      "<strong>Rule:</strong> intent to cause a <em>harmful or offensive</em> contact<br />• Act<br />• Intent (<strong>Garratt v. Dailey</strong>)",
    );
    expect(html).toContain("Old plain entry &amp; more");

    const pdf = await getDocumentProxy(
      new Uint8Array(await (await ada.fetch(`/api/outlines/${o.id}/export?format=pdf`)).arrayBuffer()),
    );
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain("A. Rule: intent to cause a harmful or offensive contact");
    expect(text).toContain("• Intent (Garratt v. Dailey)");
    expect(text).toContain("B. Old plain entry & more");

    const run = await ada.json<{ id: string; jobId: string }>("/api/outline-analyses", {
      body: { outlineId: o.id, subjectId: "torts" },
    });
    expect(run.status).toBe(202);
    expect((await waitForJob(ada, run.body.jobId)).state).toBe("succeeded");
    const a = (await ada.json<Json>(`/api/outline-analyses/${run.body.id}`)).body;
    expect(a.lines.map((l: Json) => l.text)).toContain(
      "Rule: intent to cause a harmful or offensive contact Act Intent (Garratt v. Dailey)",
    );
    expect(a.citations).toEqual([expect.objectContaining({ name: "Garratt v. Dailey", status: "verified" })]);
  });
});

describe("a citation wrapped across lines in a PDF", () => {
  it("reads back as one line, so the wrong year is still found", async () => {
    // Nine phrases of padding put the line break right after "Palsgraf v. Long" (Helvetica 10 pt, A4).
    const entry = `<p>Duty is owed only to the foreseeable plaintiff${" within the zone".repeat(9)}: Palsgraf v. Long Island R.R. Co., 248 N.Y. 339 (1932).</p>`;
    const o = await outlineOf(ada, { title: "Negligence", subject: "Torts" }, [
      { html: "<p>Negligence</p>", children: [entry] },
    ]);
    const bytes = new Uint8Array(await (await ada.fetch(`/api/outlines/${o.id}/export?format=pdf`)).arrayBuffer());
    // As drawn, the citation is on two lines, the second starting with a capital.
    const page = await (await getDocumentProxy(bytes.slice())).getPage(2);
    const raw: string[] = [];
    let cur = "";
    for (const it of (await page.getTextContent()).items as { str: string; hasEOL: boolean }[]) {
      cur += it.str;
      if (it.hasEOL) [raw[raw.length], cur] = [cur, ""];
    }
    const at = raw.findIndex((l) => /Palsgraf v\. Long$/.test(l.trim()));
    expect(at, raw.join("\n")).toBeGreaterThan(0);
    expect(raw[at + 1]).toMatch(/^Island R\.R\. Co\., 248 N\.Y\. 339 \(1932\)\./);

    // Read back, the wrapped lines are one entry's line again.
    const read = await extractOutline(bytes.slice(), "Negligence.pdf");
    expect(read.text).toContain("Palsgraf v. Long Island R.R. Co., 248 N.Y. 339 (1932).");
    expect(read.text.split("\n").filter((l) => l.includes("foreseeable plaintiff"))).toHaveLength(1);

    // And the analysis of the PDF finds the real case with the wrong year.
    const form = new FormData();
    form.append("subjectId", "torts");
    form.append("file", new Blob([bytes]), "Negligence.pdf");
    const cookie = [...ada.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(`${server.url}/api/outline-analyses`, {
      method: "POST",
      body: form,
      headers: { cookie, origin: server.url },
    });
    const started = (await res.json()) as Json;
    expect(res.status, JSON.stringify(started)).toBe(202);
    expect((await waitForJob(ada, started.jobId)).state).toBe("succeeded");
    const a = (await ada.json<Json>(`/api/outline-analyses/${started.id}`)).body;
    expect(a.citations.find((c: Json) => c.name.startsWith("Palsgraf"))).toMatchObject({
      status: "corrected",
      wrong: ["year"],
      year: 1932,
      match: { citation: "248 N.Y. 339", year: 1928 },
    });
  });
});

describe("the official topic of each heading", () => {
  it("comes from the skeleton's titles, abbreviations and embedded topics, with the official rule", async () => {
    const skeleton = await ada.json<{ outline: { id: string } }>("/api/outlines", {
      body: { from: { kind: "subject", subjectId: "torts" } },
    });
    const topics = (await ada.json<Json>(`/api/outlines/${skeleton.body.outline.id}/topics`)).body.topics;
    const assault = topics.find((t: Json) => t.topicId === "torts-assault");
    expect(assault).toMatchObject({ title: "Assault", href: "/library/topics/torts-assault" });
    expect(assault.rule).toContain("reasonable apprehension");
    expect(assault.elements.length).toBeGreaterThan(0);
    expect(topics).toHaveLength(36);

    // No subject chosen: the headings' own words (and abbreviations) decide; a stray heading has none.
    const o = await outlineOf(ada, { title: "Mine", subject: "Property" }, [
      { html: "<p><strong>RAP</strong></p>" },
      { html: "<p>BFPs and recording acts</p>" },
      { html: "<p>Exam tips</p>" },
      { html: "<p>Whatever</p>", embed: { kind: "topic", id: "property-adverse-possession#rule" } },
    ]);
    const mine = (await ada.json<Json>(`/api/outlines/${o.id}/topics`)).body.topics;
    expect(mine.map((t: Json) => [t.entryId, t.topicId])).toEqual([
      [o.ids[0], "property-rule-against-perpetuities"],
      [o.ids[1], "property-recording-acts"],
      [o.ids[3], "property-adverse-possession"],
    ]);
    expect((await bob.json(`/api/outlines/${o.id}/topics`)).status).toBe(404);
  });
});

describe("positions", () => {
  it("keeps the order when inserts between two entries spend the gap (siblings renumbered in one statement)", async () => {
    const o = await outlineOf(ada, { title: "Order" }, [{ html: "<p>first</p>" }, { html: "<p>last</p>" }]);
    const [first] = o.ids;
    // 60 entries each put right after "first": every midpoint halves the gap until it is renumbered.
    const ops: Json[] = [];
    for (let i = 0; i < 60; i++)
      ops.push({ op: "add", id: randomUUID(), parentId: null, afterId: first, html: `<p>n${i}</p>` });
    const cur = (await ada.json<Json>(`/api/outlines/${o.id}`)).body.outline;
    const r = await ada.json(`/api/outlines/${o.id}`, { method: "PATCH", body: { version: cur.version, ops } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // Then a move across the renumbered siblings in a second batch.
    const mid = (await ada.json<Json>(`/api/outlines/${o.id}`)).body.outline;
    const byText = new Map(mid.entries.map((e: Json) => [e.html, e.id]));
    const moved = await ada.json(`/api/outlines/${o.id}`, {
      method: "PATCH",
      body: {
        version: mid.version,
        ops: [{ op: "move", id: byText.get("<p>last</p>"), parentId: null, afterId: byText.get("<p>n30</p>") }],
      },
    });
    expect(moved.status).toBe(200);
    const after = (await ada.json<Json>(`/api/outlines/${o.id}`)).body.outline;
    const order = [...after.entries]
      .sort((a: Json, b: Json) => a.position - b.position)
      .map((e: Json) => e.html.replace(/<[^>]+>/g, ""));
    const expected = ["first", ...Array.from({ length: 60 }, (_, i) => `n${59 - i}`)];
    expected.splice(expected.indexOf("n30") + 1, 0, "last");
    expect(order).toEqual(expected);
    // Renumbered 1, 2, 3…: without it every position would still lie between first (1) and last (2).
    const pos = after.entries.map((e: Json) => e.position).sort((a: number, b: number) => a - b);
    expect(pos.at(-1) - pos[0]).toBeGreaterThan(20);
  });
});
