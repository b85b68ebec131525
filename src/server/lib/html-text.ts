/**
 * Plain text and Markdown from the sanitized rich text of notes and briefs (the allowlist of
 * src/server/lib/sanitize.ts: headings, paragraphs, lists, emphasis, links, quotes, tables,
 * code). Input must already be sanitized: tags are balanced and attributes are known.
 */

interface Node {
  tag: string;
  attrs: Record<string, string>;
  children: (Node | string)[];
}

const VOID = new Set(["br", "hr", "img"]);
const ENT: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };
export const decodeHtml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (all, e: string) => {
    if (ENT[e.toLowerCase()]) return ENT[e.toLowerCase()];
    if (e[0] === "#") {
      const n = e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : all;
    }
    return all;
  });

/** A small tree of the sanitized HTML. */
export function parseHtml(html: string): Node {
  const root: Node = { tag: "#root", attrs: {}, children: [] };
  const stack = [root];
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>|([^<]+)/g)) {
    const top = stack[stack.length - 1];
    if (m[4] !== undefined) {
      top.children.push(decodeHtml(m[4]));
      continue;
    }
    const tag = m[2].toLowerCase();
    if (m[1]) {
      const i = stack.map((n) => n.tag).lastIndexOf(tag);
      if (i > 0) stack.length = i;
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (m[3] ?? "").matchAll(/([^\s=]+)(?:="([^"]*)")?/g))
      attrs[a[1].toLowerCase()] = decodeHtml(a[2] ?? "");
    const node: Node = { tag, attrs, children: [] };
    top.children.push(node);
    if (!VOID.has(tag)) stack.push(node);
  }
  return root;
}

const BLOCK = new Set([
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "li",
  "blockquote",
  "pre",
  "tr",
  "table",
  "ul",
  "ol",
  "hr",
]);

/** Plain text: blocks separated by blank lines, table cells by tabs. */
export function htmlToPlainText(html: string): string {
  const out: string[] = [];
  const walk = (n: Node | string) => {
    if (typeof n === "string") {
      out.push(n);
      return;
    }
    if (n.tag === "br") out.push("\n");
    for (const c of n.children) walk(c);
    if (n.tag === "td" || n.tag === "th") out.push("\t");
    if (BLOCK.has(n.tag)) out.push("\n\n");
  };
  walk(parseHtml(html));
  return out
    .join("")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const escapeMd = (s: string) => s.replace(/([\\`*_[\]<>|])/g, "\\$1").replace(/^(#{1,6}\s|>|[-+]\s|\d+\.\s)/gm, "\\$1");

/**
 * Markdown (GitHub-flavoured tables). Case links keep their label and point at the app's page
 * (`origin` + href) so an exported note still opens the case.
 */
export function htmlToMarkdown(html: string, origin = ""): string {
  const inline = (n: Node | string): string => {
    if (typeof n === "string") return escapeMd(n.replace(/\s+/g, " "));
    const inner = n.children.map(inline).join("");
    switch (n.tag) {
      case "strong":
      case "b":
        return inner.trim() ? `**${inner}**` : inner;
      case "em":
      case "i":
        return inner.trim() ? `*${inner}*` : inner;
      case "s":
      case "strike":
        return inner.trim() ? `~~${inner}~~` : inner;
      case "code":
        return `\`${n.children.map((c) => (typeof c === "string" ? c : "")).join("")}\``;
      case "br":
        return "  \n";
      case "a": {
        const href = n.attrs.href ?? "";
        return href ? `[${inner}](${href.startsWith("/") ? origin + href : href})` : inner;
      }
      default:
        return inner;
    }
  };
  const block = (n: Node | string, depth = 0): string => {
    if (typeof n === "string") return n.trim() ? escapeMd(n.replace(/\s+/g, " ").trim()) : "";
    switch (n.tag) {
      case "h1":
      case "h2":
      case "h3":
      case "h4":
      case "h5":
      case "h6":
        return `${"#".repeat(Number(n.tag[1]))} ${n.children.map(inline).join("").trim()}`;
      case "p":
        return n.children.map(inline).join("").trim();
      case "hr":
        return "---";
      case "pre":
        return `\`\`\`\n${plainOf(n)}\n\`\`\``;
      case "blockquote":
        return blocks(n.children, depth)
          .split("\n")
          .map((l) => (l ? `> ${l}` : ">"))
          .join("\n");
      case "ul":
      case "ol":
        return n.children
          .filter((c): c is Node => typeof c !== "string" && c.tag === "li")
          .map((li, i) => {
            const marker = n.tag === "ol" ? `${Number(n.attrs.start ?? 1) + i}.` : "-";
            const body = blocks(li.children, depth + 1).split("\n");
            return `${"  ".repeat(depth)}${marker} ${body[0]}${body
              .slice(1)
              .map((l) => (l ? `\n${"  ".repeat(depth + 1)}${l.trimStart()}` : ""))
              .join("")}`;
          })
          .join("\n");
      case "table":
        return table(n);
      default:
        return n.children.some((c) => typeof c !== "string" && BLOCK.has(c.tag))
          ? blocks(n.children, depth)
          : n.children.map(inline).join("").trim();
    }
  };
  const blocks = (children: (Node | string)[], depth = 0) =>
    children
      .map((c) => block(c, depth))
      .filter(Boolean)
      .join("\n\n")
      .replace(/\n{3,}/g, "\n\n");
  const plainOf = (n: Node): string => n.children.map((c) => (typeof c === "string" ? c : plainOf(c))).join("");
  const table = (n: Node): string => {
    const rows: string[][] = [];
    const collect = (x: Node) => {
      for (const c of x.children) {
        if (typeof c === "string") continue;
        if (c.tag === "tr")
          rows.push(
            c.children
              .filter((d): d is Node => typeof d !== "string")
              .map((d) => d.children.map(inline).join("").trim().replace(/\n/g, " ")),
          );
        else collect(c);
      }
    };
    collect(n);
    if (!rows.length) return "";
    const width = Math.max(...rows.map((r) => r.length));
    const line = (r: string[]) => `| ${Array.from({ length: width }, (_, i) => r[i] ?? "").join(" | ")} |`;
    return [line(rows[0]), `| ${Array(width).fill("---").join(" | ")} |`, ...rows.slice(1).map(line)].join("\n");
  };
  return `${blocks(parseHtml(html).children).trim()}\n`;
}

/** A piece of text with its inline formatting (outline exports to DOCX and PDF). */
export interface TextRunPart {
  text: string;
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
  code?: boolean;
}

/**
 * The sanitized rich text as lines of formatted runs: one line per paragraph, heading, list item
 * (prefixed "• " or "1. ", nested items indented by two spaces a level) or table row (cells
 * separated by " | "); `<br>` starts a new line. Whitespace is collapsed as a browser shows it;
 * empty lines are dropped. Used where the format has runs but not HTML (Word, pdfmake).
 */
export function htmlToRuns(html: string): TextRunPart[][] {
  const lines: TextRunPart[][] = [];
  let cur: TextRunPart[] = [];
  const markers = new WeakSet<TextRunPart>();
  const flush = () => {
    // A list item's first paragraph stays on its bullet's line.
    if (cur.length && cur.every((r) => markers.has(r))) return;
    const trimmed = cur.filter((r) => r.text);
    if (trimmed.length) {
      if (!markers.has(trimmed[0])) trimmed[0] = { ...trimmed[0], text: trimmed[0].text.trimStart() };
      const last = trimmed.length - 1;
      trimmed[last] = { ...trimmed[last], text: trimmed[last].text.trimEnd() };
      if (trimmed.some((r) => r.text)) lines.push(trimmed.filter((r) => r.text));
    }
    cur = [];
  };
  type Fmt = Omit<TextRunPart, "text">;
  const walk = (n: Node | string, fmt: Fmt, listDepth: number) => {
    if (typeof n === "string") {
      const text = n.replace(/\s+/g, " ");
      const prev = cur.at(-1);
      cur.push({ ...fmt, text: prev && /\s$/.test(prev.text) ? text.replace(/^ /, "") : text });
      return;
    }
    const f: Fmt = { ...fmt };
    if (n.tag === "strong" || n.tag === "b" || /^h[1-6]$/.test(n.tag) || n.tag === "th") f.bold = true;
    if (n.tag === "em" || n.tag === "i") f.italics = true;
    if (n.tag === "s" || n.tag === "strike" || n.tag === "del") f.strike = true;
    if (n.tag === "code") f.code = true;
    if (n.tag === "br") {
      flush();
      return;
    }
    if (n.tag === "ul" || n.tag === "ol") {
      flush();
      let k = Number(n.attrs.start ?? 1);
      for (const c of n.children) {
        if (typeof c === "string" || c.tag !== "li") continue;
        flush();
        const marker = { text: `${"  ".repeat(listDepth)}${n.tag === "ol" ? `${k++}.` : "•"} ` };
        markers.add(marker);
        cur.push(marker);
        for (const cc of c.children) walk(cc, f, listDepth + 1);
        flush();
        cur = [];
      }
      return;
    }
    if (n.tag === "td" || n.tag === "th") {
      if (cur.some((r) => r.text.trim())) cur.push({ text: " | " });
      for (const c of n.children) walk(c, f, listDepth);
      return;
    }
    const block = BLOCK.has(n.tag) && n.tag !== "li";
    if (block && n.tag !== "table") flush();
    for (const c of n.children) walk(c, f, listDepth);
    if (block) flush();
  };
  walk(parseHtml(html), {}, 0);
  flush();
  return lines;
}
