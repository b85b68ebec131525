/**
 * PDF export of an outline (issue 16 §5) with pdfmake and the PDF standard fonts (Helvetica; no
 * font file is read or downloaded). Built for open-book exams:
 *  - page 1 is an index: every level-1 and level-2 heading with the page it starts on;
 *  - every page carries a thumb tab on its right edge with the Roman numeral of the level-1
 *    section it is in (the index names them), each section's tab a step lower than the previous
 *    one like printed index tabs, so a section can be found by thumbing the edge; page numbers
 *    at the foot;
 *  - entries are numbered I. A. 1. a. (i) (a) and indented by level; rich text keeps its bold,
 *    italics and strike-through, and each further paragraph or list item of an entry starts a
 *    new line of the entry.
 * The sections' pages are learned from a first layout (pdfmake's `pageBreakBefore` hook sees every
 * node's position), then the document is laid out again with the tabs: two passes of layout.
 */
import { outlineLabel, roman } from "../../../domain/outline-numbering";
import { htmlToPlainText, htmlToRuns } from "../../lib/html-text";
import type { walkOutline } from "./outline-export";

type Walked = ReturnType<typeof walkOutline>;

type PdfMake = {
  setFonts(f: unknown): void;
  setUrlAccessPolicy(f: (url: string) => boolean): void;
  setLocalAccessPolicy(f: (path: string) => boolean): void;
  createPdf(def: unknown): { getBuffer(): Promise<Buffer> };
};
const STANDARD_FONTS = new Set(["Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique"]);
let pdfmakeReady: Promise<PdfMake> | null = null;
function loadPdfMake(): Promise<PdfMake> {
  pdfmakeReady ??= import("pdfmake").then((m) => {
    const pm = ((m as { default?: unknown }).default ?? m) as PdfMake;
    pm.setFonts({
      Helvetica: {
        normal: "Helvetica",
        bold: "Helvetica-Bold",
        italics: "Helvetica-Oblique",
        bolditalics: "Helvetica-BoldOblique",
      },
    });
    pm.setUrlAccessPolicy(() => false);
    // Only the standard font names (pdfkit's built-in metrics); no file on disk is read.
    pm.setLocalAccessPolicy((path) => STANDARD_FONTS.has(path));
    return pm;
  });
  return pdfmakeReady;
}

const TAB_H = 64;
const PAGE = { w: 595.28, h: 841.89 };

/** The outline as a PDF (bytes). `walked` is `walkOutline(entries)`. */
export async function outlineToPdf(o: { title: string; subject: string; walked: Walked }): Promise<Buffer> {
  const pdfmake = await loadPdfMake();
  const hasKids = new Set(o.walked.map((w) => w.entry.parentId).filter((p): p is string => !!p));
  const sections: { id: string; title: string }[] = [];
  const content: unknown[] = [
    { text: o.title, style: "title" },
    ...(o.subject ? [{ text: `Subject: ${o.subject}`, italics: true, margin: [0, 0, 0, 8] }] : []),
    { toc: { title: { text: "Index", style: "h1" }, numberStyle: { bold: true } } },
    { text: "", pageBreak: "after" },
  ];
  for (const { entry, depth, index } of o.walked) {
    const text = htmlToPlainText(entry.html).replace(/\s+/g, " ").trim();
    const embed = entry.embed ? ` [${entry.embed.kind}: ${entry.embed.id}]` : "";
    const label = outlineLabel(depth, index);
    const heading = depth <= 2 && (depth === 1 || hasKids.has(entry.id));
    const runs = htmlToRuns(entry.html).flatMap((line, i) => [
      ...(i > 0 ? ["\n"] : []),
      ...line.map((r) => ({
        text: r.text,
        ...(r.bold ? { bold: true } : {}),
        ...(r.italics ? { italics: true } : {}),
        ...(r.strike ? { decoration: "lineThrough" } : {}),
      })),
    ]);
    const node: Record<string, unknown> = {
      text: [{ text: `${label} `, bold: true }, ...runs, ...(embed ? [embed] : [])],
      margin: [Math.min(depth - 1, 8) * 14, depth === 1 ? 10 : 2, 0, 2],
      style: depth === 1 ? "h1" : heading ? "h2" : hasKids.has(entry.id) ? "branch" : undefined,
    };
    if (heading) node.tocItem = true;
    if (depth === 1) {
      node.id = `s${sections.length}`;
      node.tocMargin = [0, 4, 0, 0];
      sections.push({ id: node.id as string, title: text || label });
    } else if (heading) node.tocMargin = [16, 0, 0, 0];
    content.push(node);
  }
  const base = {
    info: { title: o.title, creator: "Lexmate" },
    pageSize: "A4",
    pageMargins: [48, 48, 72, 48],
    defaultStyle: { font: "Helvetica", fontSize: 10, lineHeight: 1.2 },
    styles: {
      title: { fontSize: 20, bold: true, margin: [0, 0, 0, 4] },
      h1: { fontSize: 14, bold: true },
      h2: { fontSize: 11.5, bold: true },
      branch: { bold: true },
    },
    content,
    footer: (page: number, pages: number) => ({
      text: `${o.title} — ${page} / ${pages}`,
      alignment: "center",
      fontSize: 8,
      color: "#555",
    }),
  };
  // Pass 1: where each level-1 section starts.
  const starts = new Map<string, number>();
  await pdfmake
    .createPdf({
      ...base,
      pageBreakBefore: (node: { id?: string; startPosition?: { pageNumber: number } }) => {
        if (node.id && node.startPosition) starts.set(node.id, node.startPosition.pageNumber);
        return false;
      },
    })
    .getBuffer();
  const ranges = sections
    .map((s, i) => ({ ...s, i, start: starts.get(s.id) ?? Number.POSITIVE_INFINITY }))
    .filter((s) => Number.isFinite(s.start));
  const slots = Math.max(1, Math.floor((PAGE.h - 96) / TAB_H));
  const sectionOn = (page: number) => {
    let cur: (typeof ranges)[number] | null = null;
    for (const r of ranges) if (r.start <= page) cur = r;
    return cur;
  };
  return pdfmake
    .createPdf({
      ...base,
      background: (page: number) => {
        const s = sectionOn(page);
        if (!s) return null;
        const y = 48 + (s.i % slots) * TAB_H;
        return {
          stack: [
            {
              canvas: [{ type: "rect", x: PAGE.w - 34, y, w: 34, h: TAB_H - 6, r: 3, color: "#1e3a8a" }],
              absolutePosition: { x: 0, y: 0 },
            },
            {
              text: roman(s.i + 1),
              color: "#fff",
              fontSize: 12,
              bold: true,
              alignment: "center",
              absolutePosition: { x: PAGE.w - 32, y: y + TAB_H / 2 - 10 },
              width: 30,
            },
          ],
        };
      },
    })
    .getBuffer();
}
