/**
 * DOCX export of an outline (issue 16 §5) with the `docx` package. Real Word structure, so the
 * file keeps working in Word's navigation pane and a school's template:
 *  - an entry with children at depth 1–6 is a paragraph in Word's built-in style "Heading n";
 *    a leaf entry (or anything deeper than 6) is in the list style "Outline Entry n" (based on
 *    "List Paragraph"), n its level, which the import reads back;
 *  - every entry is numbered by one multi-level Word numbering ("outline") whose levels follow
 *    the outline numbering I. A. 1. a. (i) (a) (src/domain/outline-numbering.ts), so Word
 *    numbers and re-numbers them itself; levels 7–9 repeat the cycle, deeper levels are level 9.
 * Rich text keeps its bold, italics and strike-through as Word runs; each further paragraph or
 * list item of an entry is a line break inside the entry's paragraph (one entry, one numbered
 * paragraph, which the import reads back as one entry).
 * Embedded references export as their label (the Markdown export's `[kind: id]`).
 */
import { AlignmentType, Document, HeadingLevel, LevelFormat, Packer, Paragraph, TextRun } from "docx";
import { htmlToRuns } from "../../lib/html-text";
import type { walkOutline } from "./outline-export";

type Walked = ReturnType<typeof walkOutline>;

const FORMATS = [
  { format: LevelFormat.UPPER_ROMAN, text: (n: number) => `%${n}.` },
  { format: LevelFormat.UPPER_LETTER, text: (n: number) => `%${n}.` },
  { format: LevelFormat.DECIMAL, text: (n: number) => `%${n}.` },
  { format: LevelFormat.LOWER_LETTER, text: (n: number) => `%${n}.` },
  { format: LevelFormat.LOWER_ROMAN, text: (n: number) => `(%${n})` },
  { format: LevelFormat.LOWER_LETTER, text: (n: number) => `(%${n})` },
];
const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
];

/** The outline as a .docx file (bytes). `walked` is `walkOutline(entries)`. */
export async function outlineToDocx(o: { title: string; subject: string; walked: Walked }): Promise<Buffer> {
  const hasKids = new Set(o.walked.map((w) => w.entry.parentId).filter((p): p is string => !!p));
  const paragraphs: Paragraph[] = [new Paragraph({ text: o.title, heading: HeadingLevel.TITLE })];
  if (o.subject)
    paragraphs.push(new Paragraph({ children: [new TextRun({ text: `Subject: ${o.subject}`, italics: true })] }));
  for (const { entry, depth } of o.walked) {
    const embed = entry.embed ? ` [${entry.embed.kind}: ${entry.embed.id}]` : "";
    const runs = htmlToRuns(entry.html).flatMap((line, i) =>
      line.map(
        (r, k) =>
          new TextRun({
            text: r.text,
            bold: r.bold,
            italics: r.italics,
            strike: r.strike,
            ...(i > 0 && k === 0 ? { break: 1 } : {}),
          }),
      ),
    );
    const level = Math.min(depth, 9) - 1;
    const heading = depth <= 6 && hasKids.has(entry.id) ? HEADINGS[depth - 1] : undefined;
    paragraphs.push(
      new Paragraph({
        ...(heading ? { heading } : { style: `OutlineEntry${Math.min(depth, 12)}` }),
        numbering: { reference: "outline", level },
        children: [...runs, ...(embed ? [new TextRun(embed)] : [])],
      }),
    );
  }
  const doc = new Document({
    title: o.title,
    creator: "Lexmate",
    description: o.subject ? `${o.subject} outline` : "Outline",
    numbering: {
      config: [
        {
          reference: "outline",
          levels: Array.from({ length: 9 }, (_, i) => ({
            level: i,
            format: FORMATS[i % 6].format,
            text: FORMATS[i % 6].text(i + 1),
            alignment: AlignmentType.LEFT,
            style: { paragraph: { indent: { left: 360 * (i + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    styles: {
      // One list style per level, so the level survives a round trip through Word (import reads it).
      paragraphStyles: Array.from({ length: 12 }, (_, i) => ({
        id: `OutlineEntry${i + 1}`,
        name: `Outline Entry ${i + 1}`,
        basedOn: "ListParagraph",
        quickFormat: true,
        paragraph: { spacing: { after: 60 } },
      })),
    },
    sections: [{ children: paragraphs }],
  });
  return Packer.toBuffer(doc);
}
