/**
 * Outline exports (issue 16 §5). Markdown: `# Title`, a subject line, then the tree as a
 * nested list (two spaces a level) whose items carry the outline numbering I. A. 1. a. (i)
 * (src/domain/outline-numbering.ts); an entry's rich text keeps its Markdown emphasis and links,
 * and its further paragraphs and lists follow the item, indented under it. DOCX (outline-docx.ts: Word heading styles and a
 * multi-level numbering) and PDF (outline-pdf.ts: index page and thumb tabs) come from the same walk.
 */
import { outlineLabel } from "../../../domain/outline-numbering";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { htmlToMarkdown } from "../../lib/html-text";
import { getOutline } from "./outlines.service";

interface Flat {
  id: string;
  parentId: string | null;
  position: number;
  html: string;
  embed: { kind: string; id: string } | null;
}

/** Entries in reading order with their depth (1 = top) and sibling index (from 0). */
export function walkOutline(entries: Flat[]): { entry: Flat; depth: number; index: number }[] {
  const kids = new Map<string | null, Flat[]>();
  for (const e of entries) {
    const list = kids.get(e.parentId) ?? [];
    list.push(e);
    kids.set(e.parentId, list);
  }
  for (const list of kids.values()) list.sort((a, b) => a.position - b.position);
  const out: { entry: Flat; depth: number; index: number }[] = [];
  const stack: { entry: Flat; depth: number; index: number }[] = (kids.get(null) ?? [])
    .map((entry, index) => ({ entry, depth: 1, index }))
    .reverse();
  while (stack.length) {
    const cur = stack.pop()!;
    out.push(cur);
    const children = kids.get(cur.entry.id) ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push({ entry: children[i], depth: cur.depth + 1, index: i });
  }
  return out;
}

const MIME = {
  md: "text/markdown; charset=utf-8",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pdf: "application/pdf",
} as const;

/**
 * An outline as a file: `{filename, contentType, body}` (Markdown text, or DOCX/PDF bytes).
 * Throws NOT_FOUND for an unknown or another user's outline.
 */
export async function exportOutlineFile(o: {
  db: DbOrTx;
  userId: string;
  id: string;
  format: "md" | "docx" | "pdf";
  origin: string;
}): Promise<{ filename: string; contentType: string; body: string | Buffer }> {
  if (o.format === "md") {
    const { filename, markdown } = await exportOutline({ ...o, format: "md" });
    return { filename, contentType: MIME.md, body: markdown };
  }
  const outline = await getOutline({ db: o.db, userId: o.userId, id: o.id });
  const walked = walkOutline(outline.entries);
  const input = { title: outline.title, subject: outline.subject, walked };
  const body =
    o.format === "docx"
      ? await (await import("./outline-docx")).outlineToDocx(input)
      : await (await import("./outline-pdf")).outlineToPdf(input);
  return { filename: `${fileStem(outline.title)}.${o.format}`, contentType: MIME[o.format], body };
}

const fileStem = (title: string) =>
  title
    .replace(/[^\p{L}\p{N} _-]+/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80) || "outline";

/** An outline as a Markdown file. Throws NOT_FOUND, or VALIDATION_FAILED for another format (use exportOutlineFile). */
export async function exportOutline(o: {
  db: DbOrTx;
  userId: string;
  id: string;
  format: "md" | "docx" | "pdf";
  origin: string;
}) {
  const outline = await getOutline({ db: o.db, userId: o.userId, id: o.id });
  if (o.format !== "md")
    throw new AppError("VALIDATION_FAILED", `format: ${o.format.toUpperCase()} export is not available yet; use md.`);
  const lines = [`# ${outline.title}`, ""];
  if (outline.subject) lines.push(`Subject: ${outline.subject}`, "");
  for (const { entry, depth, index } of walkOutline(outline.entries)) {
    // The entry's first paragraph is the item; its further paragraphs and lists are the item's
    // continuation, indented under it (Markdown's own list-item paragraphs).
    const [first = "", ...more] = htmlToMarkdown(entry.html, o.origin)
      .trim()
      .split(/\n\s*\n/)
      .map((b) => b.trim());
    const embed = entry.embed ? ` [${entry.embed.kind}: ${entry.embed.id}]` : "";
    const pad = "  ".repeat(depth);
    lines.push(
      `${"  ".repeat(depth - 1)}- ${outlineLabel(depth, index)} ${first.replace(/\s*\n\s*/g, " ")}${embed}`.trimEnd(),
    );
    for (const block of more) lines.push("", ...block.split("\n").map((l) => `${pad}${l}`));
  }
  const filename = `${fileStem(outline.title)}.md`;
  return { filename, markdown: `${lines.join("\n")}\n` };
}
