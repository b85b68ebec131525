/**
 * Reads an outline file into outline text (issue 16 §5 import, §7 OutlineIQ upload): DOCX
 * (mammoth: headings become `#` lines, Word lists become indented bullets), PDF (unpdf, one page
 * after another), Markdown and plain text. The result feeds `parseOutlineText`.
 *
 * Errors (AppError, clear messages for the student):
 *  - UNSUPPORTED_MEDIA_TYPE (415): not a .docx, .pdf, .md/.markdown or .txt file (checked by name
 *    and by content: a "PDF" without the %PDF header, a "DOCX" that is not a zip, binary "text");
 *  - VALIDATION_FAILED (400): an encrypted (password-protected) PDF; a PDF with no text layer
 *    (a scanned image); an empty file; a DOCX mammoth cannot read.
 */
import { Parser } from "htmlparser2";
import { AppError } from "../../lib/errors";
import { ABS } from "./outline-parse";

export type OutlineFileFormat = "docx" | "pdf" | "md" | "txt";

export interface ExtractedOutline {
  format: OutlineFileFormat;
  /** Outline text: `#` headings, indented `- ` items, paragraphs. */
  text: string;
  /** For PDFs: the 1-based text line each page starts on (page n starts at pageStarts[n-1]). */
  pageStarts: number[] | null;
  /** A DOCX paragraph in Word's Title style. */
  title: string | null;
}

/** The accepted formats by file name; null for any other file. */
export function formatOfName(name: string): OutlineFileFormat | null {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext === "docx") return "docx";
  if (ext === "pdf") return "pdf";
  if (ext === "md" || ext === "markdown") return "md";
  if (ext === "txt" || ext === "text") return "txt";
  return null;
}

export const unsupportedFile = (name: string) =>
  new AppError(
    "UNSUPPORTED_MEDIA_TYPE",
    `${name} is not an outline file we can read. Upload a Word document (.docx), a PDF, Markdown (.md) or plain text (.txt).`,
  );

/** DOCX HTML (mammoth) → outline text. */
function htmlToOutlineText(html: string): { text: string; title: string | null } {
  const lines: string[] = [];
  let title: string | null = null;
  let isTitle = false;
  let absLevel = 0;
  let listDepth = 0;
  let buf = "";
  let inBlock: string | null = null;
  const flush = () => {
    const t = buf.replace(/\s+/g, " ").trim();
    buf = "";
    if (!t || !inBlock) return;
    if (isTitle && title === null) title = t;
    else if (absLevel) lines.push(`${ABS}${absLevel}${ABS} ${t}`);
    else if (/^h[1-6]$/.test(inBlock)) lines.push(`${"#".repeat(Number(inBlock[1]))} ${t}`);
    else if (inBlock === "li") lines.push(`${"  ".repeat(Math.max(0, listDepth - 1))}- ${t}`);
    else lines.push(listDepth ? `${"  ".repeat(listDepth)}${t}` : t);
  };
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name === "ul" || name === "ol") {
        if (inBlock === "li") flush();
        listDepth++;
      } else if (/^(h[1-6]|p|li)$/.test(name)) {
        if (inBlock) flush();
        inBlock = name;
        isTitle = attrs.class === "doc-title";
        absLevel = Number(/^outline-(\d+)$/.exec(attrs.class ?? "")?.[1] ?? 0);
      } else if (name === "br") buf += " ";
    },
    ontext(t) {
      buf += t;
    },
    onclosetag(name) {
      if (name === "ul" || name === "ol") {
        flush();
        listDepth = Math.max(0, listDepth - 1);
        inBlock = listDepth ? "li" : null;
      } else if (/^(h[1-6]|p|li)$/.test(name)) {
        flush();
        inBlock = listDepth ? "li" : null;
      }
    },
  });
  parser.write(html);
  parser.end();
  return { text: lines.join("\n"), title };
}

/** Opens a PDF; VALIDATION_FAILED when it is encrypted or unreadable. */
async function openPdf(bytes: Uint8Array, name: string) {
  const { getDocumentProxy } = await import("unpdf");
  try {
    return await getDocumentProxy(new Uint8Array(bytes));
  } catch (err) {
    const n = (err as { name?: string }).name ?? "";
    if (/Password/i.test(n) || /password/i.test(String((err as Error).message)))
      throw new AppError(
        "VALIDATION_FAILED",
        `${name} is password-protected (encrypted). Remove the password (save an unprotected copy) and upload it again.`,
      );
    throw new AppError("VALIDATION_FAILED", `${name} could not be read as a PDF; it may be damaged.`);
  }
}

const noTextLayer = (name: string) =>
  new AppError(
    "VALIDATION_FAILED",
    `${name} has no text layer: it looks like a scanned image. Upload the Word or text version of the outline, or run the PDF through OCR first.`,
  );

/**
 * Checks a PDF without reading all of it: not encrypted, and text on its first pages. Used by
 * the upload request so a bad PDF is refused at once rather than by the background job.
 */
export async function checkPdf(bytes: Uint8Array, name: string): Promise<void> {
  const pdf = await openPdf(bytes, name);
  try {
    const pages = Math.min(pdf.numPages, 5);
    let chars = 0;
    for (let p = 1; p <= pages; p++) {
      const content = await (await pdf.getPage(p)).getTextContent();
      for (const item of content.items) chars += "str" in item ? item.str.trim().length : 0;
    }
    if (chars < 20) throw noTextLayer(name);
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/** Reads the file into outline text (see the file comment for the errors). */
export async function extractOutline(bytes: Uint8Array, name: string): Promise<ExtractedOutline> {
  const format = formatOfName(name);
  if (!format) throw unsupportedFile(name);
  if (!bytes.length) throw new AppError("VALIDATION_FAILED", `${name} is empty.`);
  const head = Buffer.from(bytes.subarray(0, 5)).toString("latin1");
  if (format === "pdf") {
    if (head !== "%PDF-") throw unsupportedFile(name);
    const pdf = await openPdf(bytes, name);
    try {
      const lines: string[] = [];
      const pageStarts: number[] = [];
      // A wrapped line goes back onto the line it continues: one starting in lower case, with a
      // "(1928)" year, or with a number that is not a list number ("248 N.Y. 339").
      const push = (line: string) => {
        const t = line.trim();
        const prev = lines.length - (pageStarts.at(-1) ?? 1) >= 0 ? lines[lines.length - 1] : undefined;
        if (prev?.trim() && /^([a-z]|\(\d{4}\)|\d+\s(?![.)]))/.test(t)) lines[lines.length - 1] = `${prev} ${t}`;
        else lines.push(line);
      };
      for (let p = 1; p <= pdf.numPages; p++) {
        pageStarts.push(lines.length + 1);
        const content = await (await pdf.getPage(p)).getTextContent();
        let cur = "";
        for (const item of content.items) {
          if (!("str" in item)) continue;
          cur += item.str;
          if (item.hasEOL) {
            push(cur);
            cur = "";
          }
        }
        if (cur.trim()) push(cur);
      }
      if (lines.join("").replace(/\s/g, "").length < 20) throw noTextLayer(name);
      // Thumb tabs (a lone Roman numeral) and "Title — 3 / 9" footers are page furniture, not outline.
      const kept = lines.map((l) => (/^\s*[IVXLC]{1,6}\s*$/.test(l) || /\s—\s\d+ \/ \d+\s*$/.test(l) ? "" : l));
      return { format, text: kept.join("\n"), pageStarts, title: null };
    } finally {
      await pdf.loadingTask.destroy();
    }
  }
  if (format === "docx") {
    if (head.slice(0, 2) !== "PK") throw unsupportedFile(name);
    const mammoth = await import("mammoth");
    let html: string;
    try {
      html = (
        await mammoth.convertToHtml(
          { buffer: Buffer.from(bytes) },
          {
            styleMap: [
              "p[style-name='Title'] => p.doc-title:fresh",
              // Our own export's entries: their level is in the style name (outline-docx.ts).
              ...Array.from(
                { length: 12 },
                (_, i) => `p[style-name='Outline Entry ${i + 1}'] => p.outline-${i + 1}:fresh`,
              ),
            ],
          },
        )
      ).value;
    } catch {
      throw new AppError("VALIDATION_FAILED", `${name} could not be read as a Word document; it may be damaged.`);
    }
    const { text, title } = htmlToOutlineText(html);
    if (!text.trim()) throw new AppError("VALIDATION_FAILED", `${name} has no text.`);
    return { format, text, pageStarts: null, title };
  }
  if (bytes.subarray(0, 8000).includes(0)) throw unsupportedFile(name);
  const text = new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, "");
  if (!text.trim()) throw new AppError("VALIDATION_FAILED", `${name} is empty.`);
  return { format, text, pageStarts: null, title: null };
}
