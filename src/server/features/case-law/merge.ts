/**
 * Paragraph-level helpers: merging two excerpts of one opinion (a casebook that prints Part I
 * in one chapter and Parts II–III in another, under the same citation) and cutting an opinion
 * into passages for snippets and retrieval.
 */

const norm = (p: string) => p.replace(/\s+/g, " ").trim().toLowerCase();
const words = (p: string) => new Set(norm(p).match(/[a-z0-9]{3,}/g) ?? []);

function jaccard(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let common = 0;
  for (const w of a) if (b.has(w)) common++;
  return common / (a.size + b.size - common);
}

/**
 * Merges two Markdown bodies of the same opinion: every paragraph of the longer, plus the
 * paragraphs of the shorter it lacks, each placed after the paragraph it followed in its own
 * text. A paragraph that is a near-copy (word overlap ≥ 60 %) of one already present is
 * dropped (paragraphs of 12 or more distinct words), so an edited and an unedited printing do
 * not double up.
 */
export function mergeBodies(first: string, second: string): string {
  const [a, b] = first.length >= second.length ? [first, second] : [second, first];
  const pa = a.split(/\n{2,}/).filter((p) => p.trim());
  const pb = b.split(/\n{2,}/).filter((p) => p.trim());
  const ka = pa.map(norm);
  const kb = pb.map(norm);
  // Longest common subsequence of exact (normalised) paragraphs.
  const n = ka.length;
  const m = kb.length;
  const dp = new Int32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      dp[i * (m + 1) + j] =
        ka[i] === kb[j]
          ? dp[(i + 1) * (m + 1) + j + 1] + 1
          : Math.max(dp[(i + 1) * (m + 1) + j], dp[i * (m + 1) + j + 1]);
    }
  }
  const wa = pa.map(words);
  const isNearCopy = (p: string) => {
    const w = words(p);
    if (w.size < 12) return false;
    return wa.some((x) => x.size && Math.min(x.size, w.size) / Math.max(x.size, w.size) > 0.5 && jaccard(x, w) >= 0.6);
  };
  const out: string[] = [];
  let i = 0;
  let j = 0;
  const at = (x: number, y: number) => dp[x * (m + 1) + y];
  while (i < n && j < m) {
    if (ka[i] === kb[j]) {
      out.push(pa[i]);
      i++;
      j++;
    } else if (at(i + 1, j) >= at(i, j + 1)) {
      out.push(pa[i++]);
    } else {
      if (!isNearCopy(pb[j])) out.push(pb[j]);
      j++;
    }
  }
  while (i < n) out.push(pa[i++]);
  for (; j < m; j++) if (!isNearCopy(pb[j])) out.push(pb[j]);
  return out.join("\n\n");
}

/**
 * `s` with every run of whitespace made one space, like `s.replace(/\s+/g, " ")`, but matching
 * only what changes (runs of two or more, or a lone tab or newline): in ordinary prose almost
 * every space is already single, and matching each of them on a 20 MB opinion left ≈ 300 MB of
 * garbage in the parse worker (issue 12 item 1).
 */
export const oneSpaced = (s: string) => s.replace(/\s{2,}|[^\S ]/g, " ");

/**
 * Passages of about `target` characters, on paragraph boundaries; a paragraph longer than
 * twice the target is cut at sentence ends.
 */
export function toPassages(text: string, target = 1200): string[] {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => oneSpaced(p).trim())
    .filter(Boolean);
  const pieces: string[] = [];
  for (const p of paragraphs) {
    if (p.length <= target * 2) {
      pieces.push(p);
      continue;
    }
    let cur = "";
    for (const s of p.split(/(?<=[.?!]["”’)\]]?)\s+(?=[A-Z“"(])/)) {
      if (cur && cur.length + s.length > target) {
        pieces.push(cur);
        cur = "";
      }
      cur = cur ? `${cur} ${s}` : s;
      while (cur.length > target * 3) {
        pieces.push(cur.slice(0, target * 2));
        cur = cur.slice(target * 2);
      }
    }
    if (cur) pieces.push(cur);
  }
  const out: string[] = [];
  let cur = "";
  for (const piece of pieces) {
    if (cur && cur.length + piece.length > target) {
      out.push(cur);
      cur = "";
    }
    cur = cur ? `${cur}\n\n${piece}` : piece;
  }
  if (cur) out.push(cur);
  return out;
}
