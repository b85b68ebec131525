/**
 * Opinion parsing shared by every format: front matter, header metadata, sanity checks.
 * Formats: Markdown with or without YAML front matter, plain text, HTML, and CourtListener v4
 * opinion JSON (an opinion, a cluster with expanded `sub_opinions`, or an array of either).
 * Case name, citation, court and year come from front matter (or the JSON's cluster) when
 * present, else from the opening lines of the text. A file that is not an opinion, or that
 * cannot be read, gives `{ ok: false, reason }` naming the problem in plain words.
 */
import { formatCitation, isSupremeCourtReporter, parseCitation, usReportsYear } from "./citations";
import { isCaseNameLine } from "./case-name";
import { expandCourt, SCOTUS } from "./courts";
import { metaFromHeader, type ParsedDate, parseDate } from "./opinion-meta";
import {
  cleanMarkdown,
  looksLikeSlipLayout,
  markdownToPlain,
  reflowSlip,
  wordCount,
  splitFrontMatter,
  stripLiquid,
} from "./opinion-text";

export interface ParsedOpinion {
  name: string;
  /** Display citation ("326 U.S. 310", "No. 20-724"); null when none was found. */
  citation: string | null;
  court: string | null;
  year: number | null;
  /** ISO date of decision when the day is known. */
  decidedOn: string | null;
  /** Subject hint from front matter ("course: Civil Procedure"). */
  subjectHint: string | null;
  /** Whether the name came from front matter/JSON (true) or was read from the caption (false). */
  nameFromMetadata: boolean;
  /** Reading text as Markdown (links reduced to text, no raw HTML). */
  body: string;
  /** Plain text for search, snippets and brief drafting. */
  text: string;
  sourceFormat: "markdown" | "text" | "html" | "courtlistener";
  warnings: string[];
}

export type ParseResult = { ok: true; opinions: ParsedOpinion[] } | { ok: false; reason: string };

const MIN_WORDS = 60;

const str = (v: unknown): string | null =>
  typeof v === "string" && v.trim() ? v.trim() : typeof v === "number" ? String(v) : null;
const first = (o: Record<string, unknown>, ...keys: string[]) => {
  for (const k of keys) {
    const v = o[k];
    if (Array.isArray(v) && v.length) return v[0];
    if (v !== undefined && v !== null && v !== "") return v;
  }
  return undefined;
};

/** Escapes what Markdown would misread at the start of a plain-text paragraph. */
export function textToMarkdown(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) =>
      p
        .replace(/\s*\n\s*/g, " ")
        .trim()
        .replace(/^(#{1,6}\s|>|[-+*]\s|\d{1,3}[.)]\s)/, "\\$1")
        .replace(/([*_`<[\]])/g, "\\$1"),
    )
    .filter(Boolean)
    .join("\n\n");
}

/** Display form of a front-matter or header citation: canonical reporter form or "No. …". */
export function displayCitation(raw: string | null): string | null {
  if (!raw) return null;
  const cleaned = raw.replace(/\s+/g, " ").trim();
  // "326 U.S. 310 (1945)", "539 F.3d 1062 (9th Cir. 2008)": the parenthetical is not part of
  // the reporter citation (issue 12 item 16: it used to fall through to "No. …").
  const parsed = parseCitation(cleaned) ?? parseCitation(cleaned.replace(/\s*\([^()]*\b\d{4}\)\s*$/, ""));
  if (parsed) return formatCitation(parsed);
  if (/^\d{1,4} U\.\s?S\. _+$/.test(cleaned)) return cleaned.replace(/U\.\s?S\./, "U.S.");
  const docket = cleaned
    .replace(/,?\s*slip op\.?$/i, "")
    .replace(/^(?:Nos?\.|Docket No\.)\s*/i, "")
    .trim();
  return docket ? `No. ${docket}` : null;
}

export interface Meta {
  name: string | null;
  citation: string | null;
  court: string | null;
  date: ParsedDate | null;
  subject: string | null;
  nameFromMetadata: boolean;
}

/** Fills gaps in `meta` from the header, applies the year sanity check, builds the result. */
export function finishOpinion(
  meta: Meta,
  body: string,
  text: string,
  sourceFormat: ParsedOpinion["sourceFormat"],
  warnings: string[],
  opts: { slip?: boolean } = {},
): ParseResult {
  const header = metaFromHeader(body, opts);
  const name = meta.name ?? header.name;
  const citation = displayCitation(meta.citation ?? header.citation);
  let date = meta.date ?? header.date;
  const words = wordCount(text);
  if (!name)
    return {
      ok: false,
      reason:
        "no case name found: expected a title in the front matter or a caption such as 'Marbury v. Madison' in the first lines",
    };
  if (!isCaseNameLine(name))
    return {
      ok: false,
      reason: `'${name}' is not a case name (expected 'Party v. Party' or 'In re …'): this does not look like an opinion`,
    };
  if (!citation && !date)
    return { ok: false, reason: `'${name}' has neither a citation nor a date: this does not look like an opinion` };
  if (words < MIN_WORDS) return { ok: false, reason: `the text has only ${words} words: too short to be an opinion` };

  const parsed = citation ? parseCitation(citation) : null;
  if (parsed?.reporter === "U.S." && date) {
    const expected = usReportsYear(parsed.volume);
    if (expected && Math.abs(expected - date.year) > 4) {
      const fromText = header.date && Math.abs(header.date.year - expected) <= 4 ? header.date : null;
      warnings.push(
        `year ${date.year} cannot be right for ${citation} (decided around ${expected}); ${fromText ? `used ${fromText.year} from the text` : "left the year empty"}`,
      );
      date = fromText;
    }
  }
  let court = meta.court ? expandCourt(meta.court) : header.court;
  if (
    !meta.court &&
    ((parsed && isSupremeCourtReporter(parsed.reporter)) || (citation && / U\.S\. _+$/.test(citation)))
  )
    court = SCOTUS;
  return {
    ok: true,
    opinions: [
      {
        name,
        citation,
        court,
        year: date?.year ?? null,
        decidedOn: date?.iso ?? null,
        subjectHint: meta.subject,
        nameFromMetadata: meta.nameFromMetadata && !!meta.name,
        body,
        text,
        sourceFormat,
        warnings,
      },
    ],
  };
}

export function parseMarkdownOrText(source: string, kind: "markdown" | "text"): ParseResult {
  let fm: Record<string, unknown> | null = null;
  let rest = source;
  try {
    const split = splitFrontMatter(source);
    fm = split.data;
    rest = split.body;
  } catch (err) {
    return { ok: false, reason: `the front matter is not valid YAML (${(err as Error).message.split("\n")[0]})` };
  }
  const warnings: string[] = [];
  let body = stripLiquid(rest);
  const slip = looksLikeSlipLayout(body) || /\(Slip Opinion\)/i.test(body.slice(0, 800));
  if (kind === "markdown") {
    body = cleanMarkdown(body);
    if (slip) body = textToMarkdown(reflowSlip(body));
  } else {
    body = textToMarkdown(slip ? reflowSlip(body) : body.replace(/\r\n?/g, "\n"));
  }
  const text = markdownToPlain(body);
  const f = fm ?? {};
  const meta: Meta = {
    name: str(first(f, "title", "name", "case_name", "caseName")),
    citation: str(first(f, "cite", "citation", "citations")),
    court: str(first(f, "court", "jurisdiction")),
    date: parseDate(first(f, "published", "date", "decided", "date_filed", "dateFiled", "year")),
    subject: str(first(f, "subject", "course")),
    nameFromMetadata: true,
  };
  return finishOpinion(meta, body, text, kind, warnings, { slip });
}
