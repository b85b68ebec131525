/**
 * Import an outline file as a new outline (issue 16 §5): Markdown, DOCX (mammoth) or plain text
 * (or a PDF), its headings, numbering and indentation turned into the tree (outline-parse.ts).
 * The title is the document's own title when it has one (a DOCX Title paragraph, a lone `#`
 * heading over the whole Markdown file, as our Markdown export writes), else the file name; a
 * `Subject: …` line right under it becomes the subject label.
 */
import { randomUUID } from "node:crypto";
import { MAX_OUTLINE_DEPTH, MAX_OUTLINE_ENTRIES } from "../../../contract/outlines";
import type { DbOrTx } from "../../db/client";
import { outlineEntries, outlines } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { extractOutline } from "./outline-extract";
import { type ParsedLine, parseOutlineText } from "./outline-parse";
import { getOutlineSummary } from "./outlines.service";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Title, subject and the lines of a parsed file (title/subject lines removed, depths shifted). */
export function outlineFromLines(
  lines: ParsedLine[],
  fallbackTitle: string,
  docTitle: string | null = null,
): { title: string; subject: string; lines: ParsedLine[] } {
  let rest = lines;
  let title = docTitle?.trim() || "";
  if (!title && rest[0]?.heading && rest[0].depth === 1 && !rest.slice(1).some((l) => l.depth === 1 && l.heading)) {
    title = rest[0].text;
    rest = rest.slice(1).map((l) => ({ ...l, depth: Math.max(1, l.depth - 1) }));
  }
  let subject = "";
  const m = rest[0] && /^subject:\s*(.+)$/i.exec(rest[0].text);
  if (m && !(rest[1] && rest[1].depth > rest[0].depth)) {
    subject = m[1].trim().slice(0, 120);
    rest = rest.slice(1);
  }
  // After removing lines the first may be deeper than 1: keep every step at most one level.
  let prev = 0;
  rest = rest.map((l) => {
    const depth = Math.max(1, Math.min(l.depth, prev + 1));
    prev = depth;
    return { ...l, depth };
  });
  return { title: (title || fallbackTitle).slice(0, 200), subject, lines: rest };
}

/**
 * Creates an outline from a file's bytes. Throws UNSUPPORTED_MEDIA_TYPE / VALIDATION_FAILED
 * (outline-extract.ts), or PAYLOAD_TOO_LARGE past MAX_OUTLINE_ENTRIES entries.
 */
export async function importOutlineFile(o: { db: DbOrTx; userId: string; name: string; bytes: Uint8Array; now: Date }) {
  const extracted = await extractOutline(o.bytes, o.name);
  const fallback = o.name.replace(/\.[a-z0-9]+$/i, "").trim() || "Imported outline";
  const { title, subject, lines } = outlineFromLines(
    parseOutlineText(extracted.text, MAX_OUTLINE_DEPTH),
    fallback,
    extracted.title,
  );
  if (!lines.length) throw new AppError("VALIDATION_FAILED", `${o.name} has no outline text.`);
  if (lines.length > MAX_OUTLINE_ENTRIES)
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `${o.name} has ${lines.length} entries; an outline can hold ${MAX_OUTLINE_ENTRIES}.`,
    );
  const id = await o.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(outlines)
      .values({ userId: o.userId, title, subject, entryCount: lines.length, createdAt: o.now, updatedAt: o.now })
      .returning({ id: outlines.id });
    const parents: string[] = [];
    const counts = new Map<string | null, number>();
    const values = lines.map((l) => {
      const entryId = randomUUID();
      const parentId = l.depth > 1 ? parents[l.depth - 2] : null;
      parents[l.depth - 1] = entryId;
      parents.length = l.depth;
      const n = (counts.get(parentId) ?? 0) + 1;
      counts.set(parentId, n);
      const text = l.text.slice(0, 20_000);
      return {
        id: entryId,
        outlineId: row.id,
        parentId,
        position: n,
        html: l.heading ? `<p><strong>${esc(text)}</strong></p>` : `<p>${esc(text)}</p>`,
        text,
        createdAt: o.now,
        updatedAt: o.now,
      };
    });
    for (let i = 0; i < values.length; i += 500) await tx.insert(outlineEntries).values(values.slice(i, i + 500));
    return row.id;
  });
  return getOutlineSummary({ db: o.db, userId: o.userId, id });
}
