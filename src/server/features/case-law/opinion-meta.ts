/**
 * Opinion metadata found in the text when front matter does not give it: citation, docket
 * number, case name, court and date, read from the opening lines (the "header") the way a
 * reporter prints them. Pure; used by `parseOpinionFile`.
 */
import { isCaseNameLine, nameFromCaption, trimName } from "./case-name";
import { citationRank, findCitations, formatCitation, type ReporterCitation } from "./citations";
import { courtFromHeader, SCOTUS } from "./courts";

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const MONTH_RE =
  "(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?";
const DATE_RE = new RegExp(`${MONTH_RE}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})`, "i");

export interface ParsedDate {
  year: number;
  /** ISO date (YYYY-MM-DD) when the day is known. */
  iso: string | null;
}

const plausibleYear = (y: number) => y >= 1750 && y <= new Date().getUTCFullYear() + 1;

/** "1945", 1945, "July 10, 2017", "Oct. 10, 2017", "June 24th, 2022", "2017-07-10". */
export function parseDate(value: unknown): ParsedDate | null {
  if (typeof value === "number")
    return Number.isInteger(value) && plausibleYear(value) ? { year: value, iso: null } : null;
  if (value instanceof Date) return { year: value.getUTCFullYear(), iso: value.toISOString().slice(0, 10) };
  if (typeof value !== "string") return null;
  const s = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (iso && plausibleYear(Number(iso[1]))) return { year: Number(iso[1]), iso: `${iso[1]}-${iso[2]}-${iso[3]}` };
  const d = DATE_RE.exec(s);
  if (d && plausibleYear(Number(d[3]))) {
    const month = MONTHS[d[1].slice(0, 3).toLowerCase()];
    return { year: Number(d[3]), iso: `${d[3]}-${String(month).padStart(2, "0")}-${d[2].padStart(2, "0")}` };
  }
  const y = /\b(1[7-9]\d\d|20\d\d)\b/.exec(s);
  if (y && plausibleYear(Number(y[1]))) return { year: Number(y[1]), iso: null };
  return null;
}

export interface HeaderMeta {
  name: string | null;
  citation: string | null;
  court: string | null;
  date: ParsedDate | null;
  slip: boolean;
}

/** A caption line ends with a party's role, not a sentence: "…, Appellee." */
const PARTY_ROLE_END = /\b(?:Appellees?|Appellants?|Petitioners?|Respondents?|Defendants?|Plaintiffs?|et al)\.?$/;

/** A docket line: "No. 11–393.", "No. 08-205.", "No. 82." at the start of a line. */
const DOCKET_RE = /^\s*Nos?\.\s+(\d{1,3}[–-]\d{1,5}|\d{1,5})\b/m;

/** Reads name, citation, court and date from the first lines of an opinion's Markdown or text. */
export function metaFromHeader(body: string, opts: { slip?: boolean } = {}): HeaderMeta {
  const head = body.slice(0, 6000);
  const lines = head.split("\n").map((l) => l.replace(/\s+$/, ""));
  const nonEmpty = lines
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 60);
  const slip = opts.slip ?? /\(Slip Opinion\)/i.test(head.slice(0, 800));

  let name: string | null = null;
  let citation: string | null = null;
  let date: ParsedDate | null = null;

  // 1. A heading naming the case: "# Marbury v. Madison", "## Dobbs v. Jackson …, 19-1392, June 24th, 2022".
  for (const l of nonEmpty.slice(0, 12)) {
    const heading = /^#{1,6}\s+(.+)$/.exec(l);
    const h =
      heading ??
      (!slip && nonEmpty.indexOf(l) < 3 && !/^\*\*/.test(l) && (!/[a-z]{3}\.$/.test(l) || PARTY_ROLE_END.test(l))
        ? [l, l]
        : null);
    if (!h) continue;
    const text = h[1]
      .replace(/\*\*/g, "")
      .replace(/(\p{Ll})(\d)/gu, "$1 $2")
      .trim();
    if (!isCaseNameLine(text)) continue;
    const glued = findCitations(text)[0];
    let n = glued ? text.slice(0, text.indexOf(String(glued.volume))).trim() : text;
    const tail = /,\s*((?:No\.\s*)?\d{1,3}[–-]\d{1,5}),\s*(.+)$/.exec(n);
    if (tail) {
      citation ??= `No. ${tail[1].replace(/^No\.\s*/, "")}`;
      date ??= parseDate(tail[2]);
      n = n.slice(0, tail.index);
    }
    if (glued) {
      citation ??= formatCitation(glued);
      const y = /\((\d{4})\)/.exec(text);
      if (y) date ??= parseDate(y[1]);
    }
    // A heading is the editor's title, kept as written; a bare first line is a reporter's caption.
    name = heading ? fixHeadingCase(trimName(n)) : nameFromCaption(n);
    if (name) break;
  }

  // 2. A slip opinion's caption after "SUPREME COURT OF THE UNITED STATES … Syllabus".
  if (!name && slip) {
    const m =
      /SUPREME COURT OF THE UNITED STATES\s+(?:Syllabus\s+)?([\s\S]{5,600}?)\s+(?:CERTIORARI|ON WRIT|ON APPEAL|APPEAL FROM|ON APPLICATION|ON PETITION|ON BILL|No\.)/.exec(
        head,
      );
    if (m) name = nameFromCaption(m[1]);
  }

  // 3. A reporter's caption: party lines, a line "v.", party lines.
  if (!name) {
    const vIdx = lines.findIndex((l, i) => i < 80 && /^\s*v\.?\s*$/i.test(l.replace(/\*\*/g, "")));
    if (vIdx > 0) {
      // The first party: up to four lines back, stopping at a blank line or the end of a sentence (a NOTICE paragraph).
      const before: string[] = [];
      for (let i = vIdx - 1; i >= 0 && i >= vIdx - 4 && lines[i].trim() && !/\p{Ll}{3,}\.\s*$/u.test(lines[i]); i--)
        before.unshift(lines[i].replace(/^#+\s*/, ""));
      const after: string[] = [];
      for (let i = vIdx + 1; i < lines.length && lines[i].trim() && !/^No\./.test(lines[i].trim()); i++)
        after.push(lines[i]);
      if (before.length && after.length) name = nameFromCaption(`${before.join(" ")} v. ${after.join(" ")}`);
    }
  }

  // A citation whose page is not yet known ("579 U.S. ___ (2016)"): kept for display, not as a key.
  for (const l of nonEmpty.slice(0, 8)) {
    const blank = /^\**\s*(\d{1,4} U\.\s?S\. _{2,})\s*(?:\((\d{4})\))?\s*\**$/.exec(l);
    if (blank && !citation) {
      citation = blank[1];
      if (blank[2]) date ??= parseDate(blank[2]);
    }
    const yearOnly = /^\((\d{4})\)$/.exec(l);
    if (yearOnly) date ??= parseDate(yearOnly[1]);
  }

  // Citation: a line that is only a reporter citation, best-ranked first ("259 U.S. 20" over "42 S.Ct. 449").
  if ((!citation || /_/.test(citation)) && !slip) {
    const standalone: ReporterCitation[] = [];
    for (const l of nonEmpty.slice(0, 14)) {
      const m = /^\**\s*(.+?)\s*(?:\((\d{4})\))?\s*\**$/.exec(l);
      if (!m) continue;
      const found = findCitations(m[1]);
      if (found.length === 1 && m[1].replace(/\s+/g, " ").length <= formatCitation(found[0]).length + 6) {
        standalone.push(found[0]);
        if (m[2]) date ??= parseDate(m[2]);
      }
    }
    standalone.sort((a, b) => citationRank(a) - citationRank(b));
    if (standalone[0]) citation = formatCitation(standalone[0]);
  }
  if (!citation) {
    const d = DOCKET_RE.exec(head.slice(0, 4000)) ?? /\bNos?\.\s+(\d{1,3}[–-]\d{1,5})\b/.exec(head.slice(0, 4000));
    if (d) citation = `No. ${d[1].replace(/–/g, "-")}`;
  }

  // Date: "Decided June 20, 1949", then a bare date line ("March 2, 1824"), then the term.
  const decided = new RegExp(`Decided:?\\s+${MONTH_RE}\\s+\\d{1,2},?\\s+\\d{4}`, "i").exec(head);
  if (decided) date = parseDate(decided[0]) ?? date;
  if (!date) {
    const bare = nonEmpty
      .slice(0, 30)
      .find((l) => new RegExp(`^\\[?${MONTH_RE}\\s+\\d{1,2},?\\s+\\d{4}\\.?\\]?$`, "i").test(l));
    if (bare) date = parseDate(bare);
  }
  if (!date) {
    const term = new RegExp(`^(?:${MONTH_RE}|August Special) Term,?\\s+(\\d{4})`, "im").exec(head);
    if (term) date = { year: Number(term[term.length - 1]), iso: null };
  }
  if (!date) {
    const term = /OCTOBER TERM,?\s+(\d{4})/i.exec(head);
    if (term) date = { year: Number(term[1]), iso: null };
  }

  const court =
    slip && /SUPREME COURT OF THE UNITED STATES/i.test(head.slice(0, 3000))
      ? SCOTUS
      : courtFromHeader(captionZone(head));
  return { name, citation, court, date, slip };
}

/** The caption: the opening lines before the first long paragraph (where a court is named as the author, not as a lower court). */
function captionZone(head: string): string {
  const paragraphs = head.split(/\n\s*\n/);
  const out: string[] = [];
  for (const p of paragraphs) {
    if (p.replace(/\s+/g, " ").length > 300) break;
    out.push(p);
  }
  return out.join("\n").slice(0, 1500);
}

/** Fixes a shift-key typo in a heading word ("HAwaii" → "Hawaii"); leaves real capitals alone. */
function fixHeadingCase(name: string): string {
  return name.replace(
    /\b(\p{Lu})(\p{Lu})(\p{Ll}{3,})\b/gu,
    (_, a: string, b: string, rest: string) => a + b.toLowerCase() + rest,
  );
}
