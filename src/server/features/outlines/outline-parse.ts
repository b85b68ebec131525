/**
 * Plain text → outline tree (issue 16 §5 import, §7 analysis). Reads the shapes students write
 * outlines in and gives every non-empty line a depth (1 = top):
 *
 *  - Markdown headings (`#` … `######`) are levels above any list under them;
 *  - list bullets (`-`, `*`, `+`, `•`) and numbering (`I.`, `A.`, `1.`, `1)`, `a.`, `(i)`, `(a)`,
 *    `(1)`) — a new marker style at the same indentation opens a deeper level, the way outlines
 *    go I. → A. → 1. even when nothing is indented (PDF text has no indentation);
 *  - indentation (a tab counts 4 spaces): deeper indentation is a deeper level;
 *  - a paragraph without a marker belongs under the heading or item before it.
 *
 * The marker itself is dropped from the text; `line` is the 1-based line of the source text,
 * which the analysis report anchors its findings to.
 */

export interface ParsedLine {
  /** 1-based line number in the source text. */
  line: number;
  depth: number;
  text: string;
  /** A Markdown heading, or a DOCX heading. */
  heading: boolean;
}

type Style = "h" | "bullet" | "roman" | "upper" | "num" | "lower" | "proman" | "plower" | "pnum" | "text";

interface Marker {
  style: Style;
  /** Heading level for `h`. */
  level?: number;
  /** The label without punctuation ("IV", "C", "3"), for the Roman/letter ambiguity. */
  label?: string;
  rest: string;
}

const ROMAN_RE = /^(?=[IVXLC])(C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$/;

/** Prefix of a line whose level is known (a DOCX paragraph in an "Outline Entry n" style): ABS + n + ABS. */
export const ABS = "\uE000";

function marker(s: string): Marker & { absolute?: boolean } {
  let m = /^\uE000(\d{1,2})\uE000\s*(.*)$/.exec(s);
  if (m) return { style: "h", level: Number(m[1]), rest: m[2], absolute: true };
  m = /^(#{1,6})\s+(.*)$/.exec(s);
  if (m) return { style: "h", level: m[1].length, rest: m[2] };
  m = /^[-*+•◦▪‣·]\s+(.*)$/.exec(s);
  if (m) return { style: "bullet", rest: m[1] };
  m = /^\(([ivxlc]+)\)\s+(.*)$/.exec(s);
  if (m && ROMAN_RE.test(m[1].toUpperCase())) return { style: "proman", label: m[1], rest: m[2] };
  m = /^\(([a-z])\)\s+(.*)$/.exec(s);
  if (m) return { style: "plower", label: m[1], rest: m[2] };
  m = /^\((\d{1,3})\)\s+(.*)$/.exec(s);
  if (m) return { style: "pnum", label: m[1], rest: m[2] };
  m = /^(\d{1,3})[.)]\s+(.*)$/.exec(s);
  if (m) return { style: "num", label: m[1], rest: m[2] };
  m = /^([IVXLC]{1,6})[.)]\s+(.*)$/.exec(s);
  if (m && ROMAN_RE.test(m[1])) return { style: "roman", label: m[1], rest: m[2] };
  m = /^([A-Z])[.)]\s+(.*)$/.exec(s);
  if (m) return { style: "upper", label: m[1], rest: m[2] };
  m = /^([a-z])[.)]\s+(.*)$/.exec(s);
  if (m) return { style: "lower", label: m[1], rest: m[2] };
  return { style: "text", rest: s };
}

interface Level {
  style: Style;
  indent: number;
  level?: number;
  label?: string;
}

const nextLetter = (l: string | undefined) => (l ? String.fromCharCode(l.charCodeAt(0) + 1) : "");

/** Parses outline text into lines with depths (see the file comment). Empty lines are skipped. */
export function parseOutlineText(text: string, maxDepth = 12): ParsedLine[] {
  const out: ParsedLine[] = [];
  const stack: Level[] = [];
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].replace(/\t/g, "    ");
    const body = raw.trim();
    if (!body || /^[-=_*]{3,}$/.test(body)) continue;
    const indent = raw.length - raw.trimStart().length;
    let mk = marker(body);
    // "I." may be the ninth capital after "H.", "i." the ninth letter after "h.".
    if (mk.style === "roman" && mk.label?.length === 1) {
      const up = [...stack].reverse().find((l) => l.style === "upper");
      if (up && nextLetter(up.label) === mk.label) mk = { style: "upper", label: mk.label, rest: mk.rest };
    }
    let depth: number;
    if (mk.style === "h") {
      while (stack.length && (stack[stack.length - 1].style !== "h" || stack[stack.length - 1].level! >= mk.level!))
        stack.pop();
      stack.push({ style: "h", indent: 0, level: mk.level });
      depth = stack.length;
    } else if (mk.style === "text") {
      const top = stack[stack.length - 1];
      if (top && top.style !== "text") {
        // A paragraph under a heading or item: its child, not a level others attach to.
        depth = stack.length + 1;
      } else {
        // Flat or indented plain text: indentation alone gives the level.
        while (stack.length && stack[stack.length - 1].style === "text" && stack[stack.length - 1].indent > indent)
          stack.pop();
        const t = stack[stack.length - 1];
        if (!(t && t.style === "text" && t.indent === indent)) stack.push({ style: "text", indent });
        depth = stack.length;
      }
    } else {
      while (stack.length && stack[stack.length - 1].style !== "h" && stack[stack.length - 1].indent > indent)
        stack.pop();
      const k = stack.findIndex((l) => l.style === mk.style && l.indent === indent);
      if (k >= 0) {
        stack.length = k + 1;
        stack[k].label = mk.label;
        depth = k + 1;
      } else {
        while (stack.length && stack[stack.length - 1].style === "text") stack.pop();
        stack.push({ style: mk.style, indent, label: mk.label });
        depth = stack.length;
      }
    }
    const prev = out[out.length - 1];
    depth = Math.max(1, Math.min(depth, maxDepth, (prev?.depth ?? 0) + 1));
    // "- I. Battery" (our Markdown export): the bullet gives the level, the label is dropped too.
    let rest = mk.rest;
    if (mk.style === "bullet" || mk.style === "h") {
      const inner = marker(rest);
      if (inner.style !== "text" && inner.style !== "h" && inner.style !== "bullet") rest = inner.rest;
    }
    const clean = rest.replace(/\s+/g, " ").trim();
    if (clean) out.push({ line: i + 1, depth, text: clean, heading: mk.style === "h" && !mk.absolute });
  }
  return out;
}
