/**
 * Text clean-up for imported opinions: front matter, Jekyll/Liquid tags, Markdown links and
 * page markers, slip-opinion PDF layout, CourtListener HTML. Pure functions; the importer
 * stores the cleaned Markdown for reading and the plain text for search and briefing.
 */
import { parse as parseYaml } from "yaml";

/** Splits a leading YAML front matter block (`---` … `---`). Throws with the YAML error on bad YAML. */
export function splitFrontMatter(source: string): { data: Record<string, unknown> | null; body: string } {
  const s = source.replace(/^\uFEFF/, "");
  const m = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(s);
  if (!m) return { data: null, body: s };
  const data = parseYaml(m[1]) as unknown;
  if (data !== null && (typeof data !== "object" || Array.isArray(data)))
    throw new Error("front matter is not a YAML mapping");
  return { data: (data as Record<string, unknown>) ?? {}, body: s.slice(m[0].length) };
}

/**
 * Removes Jekyll/Liquid markup: `{% comment %}…{% endcomment %}` with its content, margin and
 * side notes (`{% marginnote … %}`, `{% sidenote … %}`: the casebook editor's commentary, not
 * the court's words), every other `{% … %}` tag and `{{ … }}` output.
 */
export function stripLiquid(s: string): string {
  return s
    .replace(/\{%-?\s*comment\s*-?%\}[\s\S]*?\{%-?\s*endcomment\s*-?%\}/g, "")
    .replace(/\{%-?[\s\S]*?-?%\}/g, "")
    .replace(/\{\{[\s\S]*?\}\}/g, "");
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  sect: "§",
  para: "¶",
  mdash: "—",
  ndash: "–",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
  hellip: "…",
};
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === "#") {
      const n = e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : all;
    }
    return ENTITIES[e.toLowerCase()] ?? all;
  });
}

/**
 * Markdown as it should be read in the app: links reduced to their text (most point to other
 * sites' page anchors), images and raw HTML tags dropped, `\newpage` and similar LaTeX lines
 * dropped, star-paging markers ("*531") removed.
 */
export function cleanMarkdown(md: string): string {
  return md
    .replace(/\r\n?/g, "\n")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[((?:\\.|[^\]\\])*)\]\((?:[^()\s]|\([^()]*\))*(?:\s+"[^"]*")?\)/g, "$1")
    .replace(/\[((?:\\.|[^\]\\])+)\]\[[^\]]*\]/g, "$1")
    .replace(/<\/?(?:a|span|div|sup|sub|font|center|small|br|img|p|i|b|em|strong|u)\b[^>]*>/gi, "")
    .replace(/^\s*\\(?:newpage|pagebreak|clearpage)\s*$/gm, "")
    .replace(/(\d{1,5})\\?\*\1\b/g, "")
    .replace(/(^|[\s(])\\?\*\d{2,5}(?=\s)/g, "$1")
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** True when most lines are indented 4+ spaces: text pasted from a slip-opinion PDF. */
export function looksLikeSlipLayout(body: string): boolean {
  const lines = body.split("\n").filter((l) => l.trim());
  if (lines.length < 20) return false;
  const indented = lines.filter((l) => /^ {4,}\S/.test(l)).length;
  return indented / lines.length > 0.4;
}

const RUNNING_HEADER = [
  /^\(Slip Opinion\)\s+OCTOBER TERM, \d{4}\s*\d*$/i,
  /^Cite as: .*$/i,
  /^\d{1,3}$/,
  /^\d{1,3}\s+[A-Z0-9 ,.'’&\-–]+ v\. [A-Z0-9 ,.'’&\-–]+$/,
  /^(?:Opinion of the Court|Syllabus|Per Curiam)$/i,
  /^(?:[A-Z]+, (?:C\. )?J\., (?:concurring|dissenting).*|Opinion of [A-Z]+, (?:C\. )?J\.)$/,
];

/**
 * Reflows slip-opinion text: dedents, drops running headers and page numbers, rejoins words
 * hyphenated across lines ("Fed-\neral") and paragraphs split by inline links, so search sees
 * whole words and reading sees paragraphs.
 */
export function reflowSlip(body: string): string {
  const lines = body
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => !RUNNING_HEADER.some((re) => re.test(l)));
  const joined = lines.join("\n").replace(/(\p{L})[-‐]\n(\p{Ll})/gu, "$1$2");
  const paragraphs = joined
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
    .filter(Boolean);
  const out: string[] = [];
  for (const p of paragraphs) {
    const prev = out[out.length - 1];
    if (prev && (/^[\p{Ll},.;:)\]§]/u.test(p) || (!/[.:?!"”’)\]]$/.test(prev) && prev.length < 400)))
      out[out.length - 1] = `${prev} ${p}`;
    else out.push(p);
  }
  return out.join("\n\n");
}

/** Markdown to plain text: no heading, emphasis, quote, list or table markers; entities decoded. */
export function markdownToPlain(md: string): string {
  return decodeEntities(
    md
      .replace(/^```.*$/gm, "")
      .replace(/^ {0,3}#{1,6}\s+/gm, "")
      .replace(/^ {0,3}(?:[-*_]\s*){3,}$/gm, "")
      .replace(/^\s*>+\s?/gm, "")
      .replace(/^\s*(?:[-*+]|\d{1,3}[.)])\s+/gm, "")
      .replace(/^\s*\|?(?:\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*$/gm, "")
      .replace(/\|/g, " ")
      .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, "$2")
      .replace(/(^|[^\w*])[*_](?=\S)([^*_\n]*?\S)[*_](?!\w)/g, "$1$2")
      .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, "$1")
      .replace(/[ \t]{2,}/g, " ")
      .replace(/[ \t]+$/gm, "")
      .replace(/\n{3,}/g, "\n\n"),
  ).trim();
}

/** CourtListener HTML (often one `<pre>` of hard-wrapped text) to plain text with paragraphs. */
export function htmlToText(html: string): string {
  const withBreaks = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(?:p|div|h[1-6]|li|blockquote|tr|section|article|pre)>/gi, "\n\n")
    .replace(/<[^>]+>/g, "");
  const text = decodeEntities(withBreaks).replace(/\r\n?/g, "\n");
  // Hard-wrapped <pre> text: single newlines inside paragraphs become spaces.
  return text
    .split(/\n[ \t]*\n/)
    .map((p) =>
      p
        .replace(/[ \t]*\n[ \t]*/g, " ")
        .replace(/[ \t]{2,}/g, " ")
        .trim(),
    )
    .filter(Boolean)
    .join("\n\n");
}

/**
 * Number of words (runs of non-whitespace), for reading time and import statistics. Counted in
 * one pass without building the list of words: `text.match(/\S+/g)` on a 20 MB opinion made an
 * array of 3.5 million strings (≈ 150 MB of heap in the parse worker; issue 12 item 1).
 */
export function wordCount(text: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // The whitespace of `\s`: ASCII blanks, NBSP, BOM, U+1680, U+2000–200A, 2028/2029, 202F, 205F, 3000.
    const space =
      c <= 32
        ? c === 32 || (c >= 9 && c <= 13)
        : c >= 0xa0 &&
          (c === 0xa0 ||
            c === 0xfeff ||
            c === 0x1680 ||
            (c >= 0x2000 && c <= 0x200a) ||
            c === 0x2028 ||
            c === 0x2029 ||
            c === 0x202f ||
            c === 0x205f ||
            c === 0x3000);
    if (space) inWord = false;
    else if (!inWord) {
      inWord = true;
      n++;
    }
  }
  return n;
}
