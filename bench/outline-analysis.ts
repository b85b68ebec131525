/**
 * OutlineIQ bench (issue 16 §7, DESIGN.md §6: "outline analysis of a 100-page outline ≤ 20 s"):
 * boots the server in-process on PGlite, gives the student 200 notes, and times from the upload
 * request to the finished report for a 100-page outline as Markdown and as a PDF (the PDF is made
 * here with pdfmake from the same kind of text and counted in pages). The outline is the test
 * fixture (tests/fixtures/torts-outline.md) repeated with fresh wording: ~500 words a page for the
 * Markdown, and as many words as fill PAGES PDF pages.
 *   npx tsx bench/outline-analysis.ts [pages=100]
 */
import { readFileSync } from "node:fs";
import { signedInUser, startTestServer, waitForJob } from "../tests/helpers/server";

const PAGES = Number(process.argv[2] ?? 100);
const WORDS_PER_PAGE = 500;

function bigOutline(targetWords: number): string {
  const base = readFileSync(new URL("../tests/fixtures/torts-outline.md", import.meta.url), "utf8");
  const body = base.split("\n").slice(3).join("\n");
  const parts = [base];
  let words = base.split(/\s+/).length;
  for (let i = 2; words < targetWords; i++) {
    const part = body
      .replace(/^## ([IVX]+)\. /gm, (_, r) => `## ${r}. (Part ${i}) `)
      .replace(/reasonable/g, i % 2 ? "reasonable" : "ordinary prudent");
    parts.push(part);
    words += part.split(/\s+/).length;
  }
  return parts.join("\n");
}

async function pdfOf(text: string): Promise<{ bytes: Uint8Array; pages: number }> {
  const pdfmake = (await import("pdfmake")).default as unknown as {
    setFonts(f: unknown): void;
    setUrlAccessPolicy(f: () => boolean): void;
    setLocalAccessPolicy(f: (p: string) => boolean): void;
    createPdf(d: unknown): { getBuffer(): Promise<Buffer> };
  };
  pdfmake.setFonts({ Helvetica: { normal: "Helvetica", bold: "Helvetica-Bold" } });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((p) => p.startsWith("Helvetica"));
  const lines = text.split("\n").map((l) => ({ text: l.replace(/^#+ /, "") || " ", bold: l.startsWith("#") }));
  const buf = await pdfmake
    .createPdf({ content: lines, defaultStyle: { font: "Helvetica", fontSize: 11 } })
    .getBuffer();
  const { getDocumentProxy } = await import("unpdf");
  const doc = await getDocumentProxy(new Uint8Array(buf));
  return { bytes: new Uint8Array(buf), pages: doc.numPages };
}

async function main() {
  const server = await startTestServer({ RATE_LIMIT_DISABLED: "true" });
  try {
    const c = await signedInUser(server, "bench-outline@example.com");
    for (let i = 0; i < 200; i++)
      await c.json("/api/notes", {
        body: {
          title: i % 10 ? `Lecture note ${i}` : `Battery ${i}`,
          html: `<p>Dual intent is the majority rule in lecture ${i}: the defendant must intend to harm. Consent is a defense; note ${i}.</p>`,
        },
      });
    const text = bigOutline(PAGES * WORDS_PER_PAGE);
    // The PDF at 11 pt holds ~650 words a page: enough text for PAGES pages.
    const pdf = await pdfOf(bigOutline(PAGES * 660));
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    for (const [name, bytes, label] of [
      [
        "outline.md",
        new TextEncoder().encode(text),
        `Markdown, ${text.split(/\s+/).length} words, ${text.split("\n").length} lines`,
      ],
      ["outline.pdf", pdf.bytes, `PDF, ${pdf.pages} pages, ${(pdf.bytes.length / 1048576).toFixed(1)} MB`],
    ] as const) {
      const form = new FormData();
      form.append("file", new Blob([bytes as BlobPart]), name);
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/outline-analyses`, {
        method: "POST",
        body: form,
        headers: { cookie, origin: server.url },
      });
      const started = (await res.json()) as { id: string; jobId: string };
      const answered = performance.now() - t0;
      const job = await waitForJob(c, started.jobId, 120_000);
      const total = performance.now() - t0;
      const report = (
        await c.json<{ counts: Record<string, number>; lineCount: number }>(`/api/outline-analyses/${started.id}`)
      ).body;
      console.log(
        `outline analysis (${label}): request answered ${res.status} in ${answered.toFixed(0)} ms; report ${job.state} after ${(total / 1000).toFixed(1)} s (budget 20 s); ${report.lineCount} lines; ${JSON.stringify(report.counts)}`,
      );
    }
  } finally {
    await server.close();
  }
}

void main();
