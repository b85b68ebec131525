/**
 * Outline export, import and OutlineIQ through HTTP (issue 16 §5, §7; decision 062).
 *  - DOCX and PDF exports open: read back with mammoth (Word heading styles, multi-level
 *    numbering I. A. 1. …) and unpdf (index page with page numbers, every entry);
 *  - Markdown, DOCX and plain-text files import into the same tree;
 *  - an upload of a student's Torts outline (tests/fixtures/torts-outline.md) is analysed by a
 *    background job; the report names the made-up case, the real case with the wrong year (with
 *    the right citation and year), the topic missing an element (with the official source), a
 *    contradiction with the student's own note, and a syllabus item the outline lacks;
 *  - other files, encrypted and image-only PDFs are refused with clear messages; Free → 403;
 *    another user's analysis is 404.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import JSZip from "jszip";
import mammoth from "mammoth";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInUser, startTestServer, type TestServer, waitForJob } from "../helpers/server";
import { makeFree } from "../helpers/users";

/** A JSON answer read loosely (the contract test checks its shape). */
// biome-ignore lint/suspicious/noExplicitAny: test reads of JSON answers
type Json = Record<string, any>;

interface Entry {
  id: string;
  parentId: string | null;
  position: number;
  html: string;
}
interface Outline {
  id: string;
  title: string;
  subject: string;
  version: number;
  entries: Entry[];
}

let server: TestServer;
let ada: Client;
let bob: Client;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" });
  ada = await signedInUser(server, "ada-io@example.com");
  bob = await signedInUser(server, "bob-io@example.com");
}, 240_000);
afterAll(async () => {
  await server?.close();
});

const cookieOf = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

/** POSTs a multipart form as `c`. */
async function upload(
  c: Client,
  path: string,
  file: { bytes: Uint8Array | string; name: string },
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", new Blob([file.bytes as BlobPart]), file.name);
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    body: form,
    headers: { cookie: cookieOf(c), origin: server.url },
  });
  return { status: res.status, body: (await res.json()) as Json };
}

/** The tree as indented plain text, one entry a line, for comparing trees. */
function treeText(o: Outline): string {
  const kids = (p: string | null) => o.entries.filter((e) => e.parentId === p).sort((a, b) => a.position - b.position);
  const out: string[] = [];
  const walk = (p: string | null, d: number) => {
    for (const e of kids(p)) {
      out.push(`${"  ".repeat(d)}${e.html.replace(/<[^>]+>/g, "")}`);
      walk(e.id, d + 1);
    }
  };
  walk(null, 0);
  return out.join("\n");
}

const TREE = [
  "Intentional Torts",
  "  Battery",
  "    Rule: intent to cause a harmful or offensive contact",
  "    Elements",
  "      Act",
  "      Intent (Garratt v. Dailey)",
  "  False Imprisonment",
  "Negligence",
  "  Duty",
  "  Breach",
].join("\n");

/** Builds TREE as an outline through PATCH operations. */
async function buildOutline(c: Client): Promise<Outline> {
  const created = await c.json<{ outline: Outline }>("/api/outlines", { body: { title: "Torts I", subject: "Torts" } });
  const ops: Record<string, unknown>[] = [];
  const last: (string | null)[] = [];
  const lastAt = new Map<string, string>();
  for (const raw of TREE.split("\n")) {
    const depth = (raw.length - raw.trimStart().length) / 2;
    const id = randomUUID();
    const parentId = depth ? last[depth - 1] : null;
    const key = parentId ?? "root";
    ops.push({ op: "add", id, parentId, afterId: lastAt.get(key) ?? null, html: `<p>${raw.trim()}</p>` });
    lastAt.set(key, id);
    last[depth] = id;
    last.length = depth + 1;
  }
  const r = await c.json(`/api/outlines/${created.body.outline.id}`, { method: "PATCH", body: { version: 1, ops } });
  expect(r.status).toBe(200);
  return (await c.json<{ outline: Outline }>(`/api/outlines/${created.body.outline.id}`)).body.outline;
}

describe("outline export and import", () => {
  it("exports DOCX with Word heading styles and I. A. 1. numbering, and PDF with an index; both read back", async () => {
    const o = await buildOutline(ada);
    expect(treeText(o)).toBe(TREE);

    const docx = await ada.fetch(`/api/outlines/${o.id}/export?format=docx`);
    expect(docx.status).toBe(200);
    expect(docx.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(docx.headers.get("content-disposition")).toContain('filename="Torts I.docx"');
    const docxBytes = Buffer.from(await docx.arrayBuffer());
    const html = (await mammoth.convertToHtml({ buffer: docxBytes })).value;
    expect(html).toContain("<h1>Intentional Torts</h1>");
    expect(html).toContain("<h2>Battery</h2>");
    expect(html).toContain("<h3>Elements</h3>");
    expect(html).toContain("<h1>Negligence</h1>");
    expect(html).toMatch(/<li>Intent \(Garratt v\. Dailey\)<\/li>/);
    const zip = await JSZip.loadAsync(docxBytes);
    const numbering = await zip.file("word/numbering.xml")!.async("string");
    expect(numbering).toMatch(/w:numFmt w:val="upperRoman"/);
    expect(numbering).toMatch(/w:numFmt w:val="upperLetter"/);
    expect(numbering).toMatch(/w:numFmt w:val="decimal"/);
    const documentXml = await zip.file("word/document.xml")!.async("string");
    expect(documentXml).toMatch(/<w:pStyle w:val="Heading1"\/>/);
    expect(documentXml).toMatch(/<w:numPr><w:ilvl w:val="2"\/>/);

    const pdf = await ada.fetch(`/api/outlines/${o.id}/export?format=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const doc = await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer()));
    const { text, totalPages } = await extractText(doc, { mergePages: false });
    expect(totalPages).toBe(2);
    // Page 1: the index, each heading with the page it starts on.
    expect(text[0]).toContain("Index");
    expect(text[0]).toMatch(/I\. Intentional Torts\s+2/);
    expect(text[0]).toMatch(/II\. Negligence\s+2/);
    expect(text[1]).toContain("A. Battery");
    expect(text[1]).toContain("b. Intent (Garratt v. Dailey)");
    expect(text[1]).toContain("B. Breach");
  });

  it("imports its own Markdown, DOCX and PDF exports and an indented text file into the same tree", async () => {
    const o = await buildOutline(ada);
    for (const format of ["md", "docx", "pdf"] as const) {
      const file = new Uint8Array(
        await (await ada.fetch(`/api/outlines/${o.id}/export?format=${format}`)).arrayBuffer(),
      );
      const r = await upload(ada, "/api/outlines/import", { bytes: file, name: `Torts I.${format}` });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.outline.title).toBe("Torts I");
      const imported = (await ada.json<{ outline: Outline }>(`/api/outlines/${r.body.outline.id}`)).body.outline;
      if (format === "pdf") {
        // PDF has no heading levels; numbering still gives the tree.
        expect(treeText(imported)).toContain(
          "Intentional Torts\n  Battery\n    Rule: intent to cause a harmful or offensive contact",
        );
      } else expect(treeText(imported)).toBe(TREE);
    }
    const plain = [
      "Contracts",
      "I. Formation",
      "   A. Offer",
      "      1. Definite terms",
      "      2. Communicated",
      "   B. Acceptance",
      "II. Defenses",
      "\tStatute of frauds",
    ].join("\n");
    const r = await upload(ada, "/api/outlines/import", { bytes: plain, name: "contracts.txt" });
    expect(r.status).toBe(201);
    const imported = (await ada.json<{ outline: Outline }>(`/api/outlines/${r.body.outline.id}`)).body.outline;
    expect(imported.title).toBe("contracts");
    expect(treeText(imported)).toBe(
      [
        "Contracts",
        "Formation",
        "  Offer",
        "    Definite terms",
        "    Communicated",
        "  Acceptance",
        "Defenses",
        "  Statute of frauds",
      ].join("\n"),
    );
  });

  it("refuses other files with a clear message", async () => {
    const r = await upload(ada, "/api/outlines/import", { bytes: "MZ\0\0binary", name: "setup.exe" });
    expect(r.status).toBe(415);
    expect(r.body.error.message).toBe(
      "setup.exe is not an outline file we can read. Upload a Word document (.docx), a PDF, Markdown (.md) or plain text (.txt).",
    );
  });
});

describe("OutlineIQ", () => {
  const fixture = readFileSync(new URL("../fixtures/torts-outline.md", import.meta.url));

  it("analyses an uploaded outline in a job: made-up case, wrong year, missing element, contradiction, syllabus", async () => {
    // A note of Ada's on battery that states the opposite of her outline.
    const note = await ada.json<{ note: { id: string } }>("/api/notes", {
      body: {
        title: "Battery — intent",
        html: "<p>Dual intent is the majority rule: intent to contact is not enough, the defendant must intend to harm.</p>",
        tags: ["torts"],
      },
    });
    expect(note.status).toBe(201);
    const r = await upload(
      ada,
      "/api/outline-analyses",
      { bytes: fixture, name: "Torts outline.md" },
      { syllabus: "1. Battery\n2. False imprisonment\n3. Trespass to land\n4. Defamation" },
    );
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ state: "queued" });
    const job = await waitForJob(ada, r.body.jobId);
    expect(job.state).toBe("succeeded");
    expect(job.progress).toBe(100);

    const a = (await ada.json<Json>(`/api/outline-analyses/${r.body.id}`)).body;
    expect(a).toMatchObject({ id: r.body.id, state: "done", format: "md", subject: { id: "torts", name: "Torts" } });
    const line = (n: number) => a.lines.find((l: { line: number }) => l.line === n).text as string;

    // 1. The made-up case is unverified.
    const made = a.citations.find((c: { name: string }) => c.name.startsWith("Hendricks"));
    expect(made).toMatchObject({ status: "unverified", match: null, citation: "412 N.E.2d 88", year: 1979 });
    expect(line(made.line)).toContain("Hendricks v. Mallory Freight Lines");
    // 2. Palsgraf with the wrong year: corrected, with the right citation and year.
    const pals = a.citations.find((c: { name: string }) => c.name.startsWith("Palsgraf"));
    expect(pals).toMatchObject({
      status: "corrected",
      wrong: ["year"],
      year: 1932,
      match: { kind: "brief", id: "palsgraf-v-long-island-railroad-co", citation: "248 N.Y. 339", year: 1928 },
    });
    // Real cases cited correctly are verified.
    expect(a.citations.find((c: { name: string }) => c.name.startsWith("Bird"))).toMatchObject({ status: "verified" });
    // 3. False imprisonment lacks the awareness element; the official source is cited.
    const fi = a.rules.find((x: { topicId: string }) => x.topicId === "torts-false-imprisonment");
    expect(fi.missingElements).toEqual([
      "Awareness of the confinement at the time, or actual harm from it (Restatement (Second) of Torts § 42).",
    ]);
    expect(fi.source).toBe("Lexmate official outline, Torts: False Imprisonment");
    expect(line(fi.line)).toMatch(/^Rule: intent to confine/);
    // Coverage: covered, thin and missing official topics, by how much.
    const cov = (id: string) => a.coverage.topics.find((t: { topicId: string }) => t.topicId === id);
    expect(cov("torts-battery")).toMatchObject({ status: "covered" });
    expect(cov("torts-trespass-to-land")).toMatchObject({ status: "missing", line: null, percent: 0 });
    expect(cov("torts-res-ipsa-loquitur").status).toBe("thin");
    // Syllabus items without a place in the outline.
    expect(a.coverage.syllabus).toEqual([
      { item: "Battery", status: "covered", line: expect.any(Number) },
      { item: "False imprisonment", status: "covered", line: expect.any(Number) },
      { item: "Trespass to land", status: "missing", line: null },
      { item: "Defamation", status: "missing", line: null },
    ]);
    // Contradiction with the note.
    expect(a.contradictions).toContainEqual(
      expect.objectContaining({
        topicId: "torts-battery",
        note: { id: note.body.note.id, title: "Battery — intent" },
        why: "They disagree: single vs dual.",
      }),
    );
    // Gaps for the one-click actions.
    expect(a.gaps.map((g: { id: string }) => g.id)).toEqual(
      expect.arrayContaining(["topic:torts-trespass-to-land", "element:torts-false-imprisonment:0"]),
    );
    expect(a.counts).toMatchObject({ unverifiedCitations: 1, correctedCitations: 1 });

    // Listed, and re-runnable.
    const list = await ada.json<{ analyses: { id: string; state: string }[] }>("/api/outline-analyses");
    expect(list.body.analyses[0]).toMatchObject({ id: r.body.id, state: "done" });
    const again = await ada.json<{ jobId: string }>(`/api/outline-analyses/${r.body.id}/rerun`, {
      method: "POST",
      body: {},
    });
    expect(again.status).toBe(202);
    expect((await waitForJob(ada, again.body.jobId)).state).toBe("succeeded");
    const rerun = (await ada.json<{ runs: number; state: string }>(`/api/outline-analyses/${r.body.id}`)).body;
    expect(rerun).toMatchObject({ runs: 2, state: "done" });

    // Bob cannot see it.
    expect((await bob.json(`/api/outline-analyses/${r.body.id}`)).status).toBe(404);
  });

  it("analyses an own outline (anchored to its entries) and re-runs it after an edit", async () => {
    const o = await buildOutline(ada);
    const r = await ada.json<{ id: string; jobId: string }>("/api/outline-analyses", {
      body: { outlineId: o.id, subjectId: "torts" },
    });
    expect(r.status).toBe(202);
    await waitForJob(ada, r.body.jobId);
    const a = (await ada.json<Json>(`/api/outline-analyses/${r.body.id}`)).body;
    expect(a).toMatchObject({ state: "done", format: "outline", outlineId: o.id, title: "Torts I" });
    const fi = a.coverage.topics.find((t: { topicId: string }) => t.topicId === "torts-false-imprisonment");
    expect(fi.status).toBe("thin");
    const fiLine = a.lines.find((l: { line: number }) => l.line === fi.line);
    expect(fiLine.entryId).toBe(o.entries.find((e) => e.html === "<p>False Imprisonment</p>")!.id);
    expect(a.citations).toEqual([expect.objectContaining({ name: "Garratt v. Dailey", status: "verified" })]);

    // Another user's outline cannot be analysed.
    const other = await bob.json("/api/outline-analyses", { body: { outlineId: o.id } });
    expect(other.status).toBe(404);
  });

  it("refuses other files, encrypted PDFs and scanned (image-only) PDFs with clear messages", async () => {
    const exe = await upload(ada, "/api/outline-analyses", { bytes: "MZ\0\0", name: "outline.exe" });
    expect(exe.status).toBe(415);
    expect(exe.body.error.code).toBe("UNSUPPORTED_MEDIA_TYPE");

    const pdfmake = (await import("pdfmake")).default as unknown as Json;
    pdfmake.setFonts({ Helvetica: { normal: "Helvetica", bold: "Helvetica-Bold" } });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((p: string) => p.startsWith("Helvetica"));
    const locked: Buffer = await pdfmake
      .createPdf({
        content: ["I. Torts", "A. Battery: intent to cause a harmful or offensive contact"],
        defaultStyle: { font: "Helvetica" },
        userPassword: "secret",
        ownerPassword: "secret",
      })
      .getBuffer();
    const enc = await upload(ada, "/api/outline-analyses", { bytes: new Uint8Array(locked), name: "locked.pdf" });
    expect(enc.status).toBe(400);
    expect(enc.body.error.message).toBe(
      "locked.pdf is password-protected (encrypted). Remove the password (save an unprotected copy) and upload it again.",
    );

    const scanned: Buffer = await pdfmake
      .createPdf({
        content: [{ canvas: [{ type: "rect", x: 0, y: 0, w: 400, h: 600, color: "#999" }] }],
        defaultStyle: { font: "Helvetica" },
      })
      .getBuffer();
    const scan = await upload(ada, "/api/outline-analyses", { bytes: new Uint8Array(scanned), name: "scan.pdf" });
    expect(scan.status).toBe(400);
    expect(scan.body.error.message).toBe(
      "scan.pdf has no text layer: it looks like a scanned image. Upload the Word or text version of the outline, or run the PDF through OCR first.",
    );
  });

  it("is refused to Free accounts with 403 UPGRADE_REQUIRED", async () => {
    const carl = await signedInUser(server, "carl-io@example.com");
    await makeFree(server, carl);
    const r = await upload(carl, "/api/outline-analyses", { bytes: fixture, name: "t.md" });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe("UPGRADE_REQUIRED");
    expect((await carl.json<{ error: { code: string } }>("/api/outline-analyses")).body.error.code).toBe(
      "UPGRADE_REQUIRED",
    );
    const imp = await upload(carl, "/api/outlines/import", { bytes: "I. Torts", name: "t.txt" });
    expect(imp.status).toBe(403);
  });
});
