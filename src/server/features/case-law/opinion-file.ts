/**
 * `parseOpinionFile`: one uploaded or imported file → the opinions in it (issue 5 §2).
 * Formats: Markdown with or without YAML front matter, plain text, HTML, and CourtListener v4
 * opinion JSON. A file that is not an opinion, or that cannot be read, gives
 * `{ ok: false, reason }` naming the problem in plain words.
 */
import { parseCourtListener } from "./courtlistener-json";
import { finishOpinion, type ParseResult, parseMarkdownOrText, textToMarkdown } from "./opinion-parse";
import { htmlToText, markdownToPlain } from "./opinion-text";

/**
 * A file's bytes as text: `{ ok: false, reason }` for an empty, binary or non-UTF-8 file (the
 * reasons `parseOpinionFile` gives). The parse worker decodes first so it can drop the bytes
 * before the parse (decision 082).
 */
export function decodeOpinionFile(content: Uint8Array): { ok: true; source: string } | { ok: false; reason: string } {
  if (content.length === 0) return { ok: false, reason: "the file is empty" };
  let nuls = 0;
  for (const b of content) if (b === 0) nuls++;
  if (content.subarray(0, 1024).includes(0) || nuls > content.length / 1000)
    return { ok: false, reason: "the file is binary, not text: use Markdown, plain text or CourtListener JSON" };
  try {
    return { ok: true, source: new TextDecoder("utf-8", { fatal: true }).decode(content) };
  } catch {
    return { ok: false, reason: "the file is not UTF-8 text: save it as UTF-8 and import it again" };
  }
}

/** Parses one file (its bytes, or its text already decoded by `decodeOpinionFile`). `fileName` picks the format by extension (sniffed when there is none). */
export function parseOpinionFile(fileName: string, content: Uint8Array | string): ParseResult {
  let source: string;
  if (typeof content === "string") source = content;
  else {
    const decoded = decodeOpinionFile(content);
    if (!decoded.ok) return decoded;
    source = decoded.source;
  }
  // Stray control characters (a NUL at the end of a casebook chapter) cannot be stored as text.
  // One regex pass (a 20 MB file spread into an array of characters took ~1 GB and seconds).
  const cleaned = source.replace(STRAY_CONTROLS, "");
  const stray = source.length - cleaned.length;
  source = cleaned;
  if (!source.trim()) return { ok: false, reason: "the file is empty" };
  const result = parseByFormat(fileName, source);
  if (result.ok && stray)
    result.opinions[0].warnings.push(
      `removed ${stray} stray control character${stray === 1 ? "" : "s"} (such as NUL) from the text`,
    );
  return result;
}

/** C0 controls other than tab, newline, vertical tab, form feed and carriage return; and DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching these control characters is the point.
const STRAY_CONTROLS = /[\x00-\x08\x0E-\x1F\x7F]/g;

function parseByFormat(fileName: string, source: string): ParseResult {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? "";
  const sniffJson = !ext && /^\s*[[{]/.test(source);
  if (ext === "json" || sniffJson) return parseCourtListener(source);
  if (["md", "markdown", "mdown", "mkd"].includes(ext)) return parseMarkdownOrText(source, "markdown");
  if (["txt", "text", ""].includes(ext)) return parseMarkdownOrText(source, "text");
  if (ext === "html" || ext === "htm") {
    const text = htmlToText(source);
    const body = textToMarkdown(text);
    const title = /<title>([^<]+)<\/title>/i.exec(source)?.[1]?.trim() ?? null;
    return finishOpinion(
      {
        name: null,
        citation: null,
        court: null,
        date: null,
        subject: null,
        nameFromMetadata: false,
        ...(title && / v\. /.test(title) ? { name: title.split(/\s[–|-]\s/)[0] } : {}),
      },
      body,
      markdownToPlain(body),
      "html",
      [],
    );
  }
  return {
    ok: false,
    reason: `unsupported file type '.${ext}': import Markdown (.md), plain text (.txt), HTML or CourtListener opinion JSON (.json)`,
  };
}
