/** Pure text preparation for answers before Markdown rendering (see message-markdown.tsx). */
import type { Citation } from "../../../contract/chat";

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Rewrites the text outside code: unverified case names → `[name](#unverified)`, `[n]` → `[n](#cite-n)`
 * when source n exists. Exported for tests.
 */
export function prepareMarkdown(
  content: string,
  citations: readonly Citation[],
  unverified: readonly string[],
): string {
  const known = new Set(citations.map((c) => c.n));
  const names = [...unverified].filter((n) => n.trim()).sort((a, b) => b.length - a.length);
  const nameRe = names.length
    ? new RegExp(`(?<![\\w\\[])(${names.map(escapeRegExp).join("|")})(?![\\w\\]])`, "g")
    : null;
  return content
    .split(/(```[\s\S]*?```|`[^`\n]*`)/g)
    .map((part, i) => {
      if (i % 2 === 1) return part; // code: untouched
      let out = part;
      if (nameRe) out = out.replace(nameRe, "[$1](#unverified)");
      return out.replace(/\[(\d{1,3})\](?!\()/g, (m, n: string) => (known.has(Number(n)) ? `[${n}](#cite-${n})` : m));
    })
    .join("");
}
