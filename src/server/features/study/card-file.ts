/**
 * CSV/TSV card files compatible with Anki ("Notes in Plain Text" and its `#separator:` headers)
 * and Quizlet (term, definition): columns front, back, optional tags. Quoted fields may hold the
 * delimiter, quotes ("" escapes), tabs, new lines and any Unicode. Parsing is all or nothing: the
 * first bad row throws VALIDATION_FAILED naming its line (1-based, counting every physical line).
 * Tags: Anki separates tags with spaces, so a tag's own spaces travel as underscores
 * ("mailbox rule" ⇄ "mailbox_rule"); a tags field holding commas is split on commas instead.
 */
import Papa from "papaparse";
import { AppError } from "../../lib/errors";

export const MAX_IMPORT_ROWS = 5000;
export const MAX_FIELD_CHARS = 10_000;

export interface ParsedCard {
  question: string;
  answer: string;
  tags: string[];
  /** Line of the file the row starts on (1-based). */
  line: number;
}

const SEPARATORS: Record<string, string> = { tab: "\t", comma: ",", semicolon: ";", pipe: "|", colon: ":", space: " " };
const HEADER_WORDS = new Set(["front", "back", "question", "answer", "term", "definition", "tags"]);

const bad = (line: number, message: string) =>
  new AppError("VALIDATION_FAILED", `Line ${line}: ${message} Nothing was imported.`, { line });

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}
function lineOf(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

const htmlToText = (s: string) =>
  s
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(div|p)>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .trim();

export function parseTags(field: string | undefined): string[] {
  if (!field?.trim()) return [];
  const parts = field.includes(",") ? field.split(",") : field.split(/\s+/);
  const tags = parts.map((t) => t.trim().replace(/_/g, " ").replace(/\s+/g, " ")).filter(Boolean);
  return [...new Set(tags)].slice(0, 20).map((t) => t.slice(0, 60));
}

/**
 * Parses a card file. `delimiter` "auto" honours an Anki `#separator:` header, else picks tab
 * when the first data line has one, else comma. Throws AppError VALIDATION_FAILED with `details.line`.
 */
export function parseCardFile(input: string, opts: { delimiter?: "auto" | "," | "\t" | ";" } = {}): ParsedCard[] {
  const text = input.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const starts = lineStarts(text);
  // Anki header lines (#separator:tab, #html:true, #tags column:3 …) come first.
  let body = 0;
  let html = false;
  let delimiter = opts.delimiter && opts.delimiter !== "auto" ? opts.delimiter : "";
  let tagsColumn = 3;
  while (body < text.length && text[body] === "#") {
    const end = text.indexOf("\n", body);
    const header = text.slice(body + 1, end === -1 ? text.length : end).trim();
    const [k, v = ""] = header.split(":").map((x) => x.trim());
    if (/^separator$/i.test(k) && !delimiter) delimiter = SEPARATORS[v.toLowerCase()] ?? v.slice(0, 1);
    if (/^html$/i.test(k)) html = v.toLowerCase() === "true";
    if (/^tags column$/i.test(k) && Number(v) >= 1) tagsColumn = Number(v);
    body = end === -1 ? text.length : end + 1;
  }
  const rest = text.slice(body);
  if (!delimiter) {
    // The delimiter that gives the most well-formed 2–3 column rows among the first 20.
    let best = -1;
    for (const d of ["\t", ",", ";"]) {
      const trial = Papa.parse<string[]>(rest, { delimiter: d, preview: 20, skipEmptyLines: true });
      const broken = new Set(trial.errors.map((e) => e.row));
      const score = trial.data.filter((r, i) => !broken.has(i) && r.length >= 2 && r.length <= 3).length;
      if (score > best) {
        best = score;
        delimiter = d;
      }
    }
  }

  const cards: ParsedCard[] = [];
  let failure: AppError | null = null;
  let prevCursor = 0;
  let rowIndex = 0;
  Papa.parse<string[]>(rest, {
    delimiter,
    quoteChar: '"',
    skipEmptyLines: false,
    step: (res, parser) => {
      const start = body + prevCursor;
      prevCursor = res.meta.cursor;
      const line = lineOf(starts, Math.min(start, Math.max(0, text.length - 1)));
      rowIndex++;
      if (res.errors.length) {
        const e = res.errors[0];
        failure = bad(
          line,
          e.code === "MissingQuotes" ? 'a quoted field is never closed (check for a missing ").' : `${e.message}.`,
        );
        parser.abort();
        return;
      }
      const row = res.data.map((f) => (html ? htmlToText(f) : f));
      if (row.every((f) => !f.trim())) return;
      if (rowIndex === 1 && row.length <= 3 && row.every((f) => HEADER_WORDS.has(f.trim().toLowerCase()))) return;
      const name = delimiter === "\t" ? "a tab" : `"${delimiter}"`;
      if (row.length < 2) failure = bad(line, `a card needs a front and a back separated by ${name}.`);
      else if (row.length > Math.max(3, tagsColumn))
        failure = bad(line, `expected 2 or 3 columns (front, back, tags) but found ${row.length}.`);
      else if (!row[0].trim()) failure = bad(line, "the front of the card is empty.");
      else if (!row[1].trim()) failure = bad(line, "the back of the card is empty.");
      else if (row[0].length > MAX_FIELD_CHARS || row[1].length > MAX_FIELD_CHARS)
        failure = bad(line, `a field is longer than ${MAX_FIELD_CHARS} characters.`);
      else if (cards.length >= MAX_IMPORT_ROWS)
        failure = bad(line, `a file may hold at most ${MAX_IMPORT_ROWS} cards.`);
      if (failure) {
        parser.abort();
        return;
      }
      cards.push({
        question: undefuse(row[0].trim()),
        answer: undefuse(row[1].trim()),
        tags: parseTags(row[tagsColumn - 1]),
        line,
      });
    },
  });
  if (failure) throw failure;
  if (!cards.length)
    throw new AppError("VALIDATION_FAILED", "The file holds no cards. Each line needs a front and a back.", {
      line: 1,
    });
  return cards;
}

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab or CR first) gets a leading
 * apostrophe, as OWASP's CSV-injection guidance says (issue 12 item 11); `parseCardFile` removes
 * it again, so an export imports back unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const defuse = (v: string) => (FORMULA_START.test(v) ? `'${v}` : v);
const undefuse = (v: string) => (/^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

const quote = (raw: string, delimiter: string, v = defuse(raw)) =>
  v.includes('"') || v.includes("\n") || v.includes(delimiter) || v.includes("\r") ? `"${v.replace(/"/g, '""')}"` : v;

/**
 * Writes cards as CSV or TSV (front, back, tags), readable by Anki and Quizlet. `ankiHeader` adds
 * Anki's `#separator/#html/#tags column` lines so Anki maps the tags column unaided (Quizlet would
 * read those lines as cards, so they are off by default).
 */
export function writeCardFile(
  cards: { question: string; answer: string; tags: string[] }[],
  format: "csv" | "tsv",
  ankiHeader = false,
): string {
  const d = format === "tsv" ? "\t" : ",";
  const head = ankiHeader ? `#separator:${format === "tsv" ? "tab" : "comma"}\n#html:false\n#tags column:3\n` : "";
  const lines = cards.map((c) =>
    [c.question, c.answer, c.tags.map((t) => t.replace(/\s+/g, "_")).join(" ")].map((v) => quote(v, d)).join(d),
  );
  return head + lines.join("\n") + (lines.length ? "\n" : "");
}
