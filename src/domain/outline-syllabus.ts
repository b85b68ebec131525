/**
 * A pasted syllabus or table of contents → outline headings (issue 16 §3, decision 061).
 *
 * Each non-blank line is one heading. Its level comes from its marker style and indentation the
 * way a word processor reads a list: the first style seen is level 1, a new style below it is
 * the next level down, and a style seen before closes the levels under it. Styles: Markdown
 * `#`…`######` (their count is the level), Roman numerals (I. / i.), capitals (A.), numbers (1.
 * or 1.2.3 — each dot part a level), lower case (a.), parenthesised ((a), (i), (1)), bullets
 * (-, *, •), and plain lines. The marker is removed from the text. Pure; deterministic.
 */

export interface SyllabusLine {
  text: string;
  /** 1 = top level. */
  level: number;
}

const ROMAN_UP = /^([IVXLCDM]+)[.)]\s+/;
const ROMAN_LOW = /^([ivxlcdm]+)[.)]\s+/;
const ALPHA_UP = /^([A-Z])[.)]\s+/;
const ALPHA_LOW = /^([a-z])[.)]\s+/;
const DOTTED = /^(\d+(?:\.\d+)+)\.?\s+/;
const NUM = /^(\d+)[.)]\s+/;
const PAREN = /^\(([a-z]+|[0-9]+)\)\s+/i;
const BULLET = /^[-*•–]\s+/;
const HEADING = /^(#{1,6})\s+/;
const WEEK = /^(week|unit|part|chapter|module|class|session|lecture)\s+\d+[a-z]?\b[:.\-–—]?\s*/i;

const isRoman = (s: string) => /^(m{0,3})(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/i.test(s);

/** Parses pasted text into headings with levels (at most `maxDepth`, at most `maxLines`). */
export function parseSyllabus(text: string, maxDepth = 12, maxLines = 10_000): SyllabusLine[] {
  const out: SyllabusLine[] = [];
  const stack: string[] = [];
  const letters = { up: "", low: "" };
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    if (out.length >= maxLines) break;
    const expanded = raw.replace(/\t/g, "    ");
    const body = expanded.trim();
    if (!body) continue;
    const indent = Math.floor((expanded.length - expanded.trimStart().length) / 2);
    const { key, rest, fixed } = classify(body, indent, letters);
    let level: number;
    if (fixed !== null) level = fixed;
    else {
      const at = stack.indexOf(key);
      if (at >= 0) {
        stack.length = at + 1;
        level = at + 1;
      } else {
        stack.push(key);
        level = stack.length;
      }
    }
    // A level may go at most one below the previous line's.
    const prev = out.at(-1)?.level ?? 0;
    level = Math.max(1, Math.min(level, prev + 1, maxDepth));
    const clean = rest.trim() || body;
    out.push({ text: clean.slice(0, 2000), level });
  }
  return out;
}

/** A line's marker style (`key`, with its indentation), its text without the marker, and a fixed level for `#` headings. */
function classify(
  body: string,
  indent: number,
  letters: { up: string; low: string },
): { key: string; rest: string; fixed: number | null } {
  const after = (m: RegExpMatchArray) => body.slice(m[0].length);
  const h = body.match(HEADING);
  if (h) return { key: `h${h[1].length}`, rest: after(h), fixed: h[1].length };
  const d = body.match(DOTTED);
  if (d) return { key: `dotted${d[1].split(".").length}`, rest: after(d), fixed: null };
  const au = body.match(ALPHA_UP);
  if (au) {
    // "C." after "B." is a letter; "I." or "V." that does not continue the letters is Roman.
    if (isRoman(au[1]) && au[1] !== next(letters.up, "A")) return { key: `R${indent}`, rest: after(au), fixed: null };
    letters.up = au[1];
    return { key: `A${indent}`, rest: after(au), fixed: null };
  }
  const ru = body.match(ROMAN_UP);
  if (ru && isRoman(ru[1])) return { key: `R${indent}`, rest: after(ru), fixed: null };
  const al = body.match(ALPHA_LOW);
  if (al) {
    if (isRoman(al[1]) && al[1] !== next(letters.low, "a")) return { key: `r${indent}`, rest: after(al), fixed: null };
    letters.low = al[1];
    return { key: `a${indent}`, rest: after(al), fixed: null };
  }
  const rl = body.match(ROMAN_LOW);
  if (rl && isRoman(rl[1])) return { key: `r${indent}`, rest: after(rl), fixed: null };
  const n = body.match(NUM);
  if (n) return { key: `n${indent}`, rest: after(n), fixed: null };
  const p = body.match(PAREN);
  if (p) {
    const style = /^\d+$/.test(p[1]) ? "n" : isRoman(p[1]) && p[1].length > 1 ? "r" : "a";
    return { key: `p${style}${indent}`, rest: after(p), fixed: null };
  }
  const b = body.match(BULLET);
  if (b) return { key: `b${indent}`, rest: after(b), fixed: null };
  const w = body.match(WEEK);
  if (w) return { key: `w${w[1].toLowerCase()}${indent}`, rest: body, fixed: null };
  return { key: `t${indent}`, rest: body, fixed: null };
}

/** The letter after `c` ("" → `first`). */
const next = (c: string, first: string) => (c ? String.fromCharCode(c.charCodeAt(0) + 1) : first);
