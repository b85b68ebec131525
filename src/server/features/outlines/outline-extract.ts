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

interface PdfItem {
  str?: string;
  hasEOL?: boolean;
  transform?: number[];
  width?: number;
}
/** One line of a PDF page: its text, where it starts and ends (pt), and its mean character width. */
export interface PdfLine {
  text: string;
  x0: number;
  x1: number;
  charW: number;
}

/** The text items of one page (pdf.js order) as lines, with their horizontal extent. */
export function pdfLines(items: PdfItem[]): PdfLine[] {
  const out: PdfLine[] = [];
  let cur: PdfLine | null = null;
  let chars = 0;
  let width = 0;
  const end = () => {
    if (cur) out.push({ ...cur, charW: chars ? width / chars : 0 });
    cur = null;
    chars = 0;
    width = 0;
  };
  for (const item of items) {
    if (typeof item.str !== "string") continue;
    const x = item.transform?.[4] ?? 0;
    const w = item.width ?? 0;
    if (item.str.trim()) {
      if (!cur) cur = { text: "", x0: x, x1: x + w, charW: 0 };
      cur.x1 = Math.max(cur.x1, x + w);
      chars += item.str.length;
      width += w;
    }
    if (cur) cur.text += item.str;
    else if (item.str) cur = { text: item.str, x0: x, x1: x + w, charW: 0 };
    if (item.hasEOL) end();
  }
  end();
  return out;
}

const LIST_MARKER = /^(?:[-*+•◦▪‣·]|\(?(?:[0-9]{1,3}|[ivxlcIVXLC]{1,6}|[a-zA-Z])[.)])\s/;

/**
 * Puts lines a PDF wrapped back together, page by page. A line continues the one before it when
 * it starts in lower case, with a "(1928)" year or with a number that is not a list number
 * ("248 N.Y. 339"); or when the line before was full — it reaches the text's right edge (the
 * furthest end of any line of four words or more in the document) so closely that this line's
 * first word could not have fit after it — and this line starts with no list marker. So
 * "… Palsgraf v. Long / Island R.R. Co., 248 N.Y. 339 (1932)" is one line again, while a short
 * line followed by a new one (the author's own line break) stays two.
 */
export function joinWrappedLines(pages: PdfLine[][]): { lines: string[]; pageStarts: number[] } {
  const words = (t: string) => t.trim().split(/\s+/).filter(Boolean).length;
  let right = 0;
  for (const page of pages) for (const l of page) if (words(l.text) >= 4) right = Math.max(right, l.x1);
  const lines: string[] = [];
  const pageStarts: number[] = [];
  for (const page of pages) {
    pageStarts.push(lines.length + 1);
    let prev: PdfLine | null = null;
    for (const l of page) {
      const t = l.text.trim();
      const first = t.split(/\s/)[0] ?? "";
      const full =
        prev !== null &&
        right > 0 &&
        words(prev.text) >= 4 &&
        prev.x1 + (first.length + 1) * (l.charW || prev.charW) > right - 1 &&
        !LIST_MARKER.test(t);
      const cont = /^([a-z]|\(\d{4}\)|\d+\s(?![.)]))/.test(t);
      if (prev?.text.trim() && t && (cont || full)) {
        lines[lines.length - 1] = `${lines[lines.length - 1]} ${t}`;
        prev = { ...l, text: `${prev.text} ${t}` };
      } else {
        lines.push(l.text);
        prev = t ? l : null;
      }
    }
  }
  return { lines, pageStarts };
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
      const pages: PdfLine[][] = [];
      for (let p = 1; p <= pdf.numPages; p++) {
        const content = await (await pdf.getPage(p)).getTextContent();
        pages.push(pdfLines(content.items as PdfItem[]));
      }
      const { lines, pageStarts } = joinWrappedLines(pages);
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
