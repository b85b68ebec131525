/**
 * Checks a model's answer against the sources it was given (issue 4 §4):
 * - `MarkerFilter` passes streamed text through, holding back an unfinished "[…" until it can
 *   tell whether it is a citation; markers that point at no given source are removed (and
 *   recorded), "[1, 3]" becomes "[1][3]". Text that merely looks like a bracket ("[sic]") passes.
 * - `unverifiedCaseNames` lists "A v. B" / "In re A" names the answer mentions that appear in
 *   none of the given sources' titles or text.
 */
import { sentences } from "../text";

export class MarkerFilter {
  private pending = "";
  readonly removed: number[] = [];
  readonly used = new Set<number>();

  constructor(private readonly valid: Set<number>) {}

  /** Feeds a delta; returns the text that is safe to show now. */
  push(delta: string): string {
    this.pending += delta;
    let out = "";
    for (;;) {
      const open = this.pending.indexOf("[");
      if (open < 0) {
        out += this.pending;
        this.pending = "";
        return out;
      }
      out += this.pending.slice(0, open);
      this.pending = this.pending.slice(open);
      const m = /^\[\s*(\d+(?:\s*[,;]\s*\d+)*)\s*\]/.exec(this.pending);
      if (m) {
        out += this.rewrite(m[1]);
        this.pending = this.pending.slice(m[0].length);
        continue;
      }
      // Could still become a marker: wait for more text.
      if (/^\[\s*(\d+(\s*[,;]\s*\d*)*\s*)?$/.test(this.pending) && this.pending.length < 24) return out;
      out += "[";
      this.pending = this.pending.slice(1);
    }
  }

  /** Whatever is still held back at the end of the stream. */
  flush(): string {
    const rest = this.pending;
    this.pending = "";
    return rest;
  }

  private rewrite(list: string): string {
    let out = "";
    for (const n of list.split(/[,;]/).map((x) => Number(x.trim()))) {
      if (this.valid.has(n)) {
        this.used.add(n);
        out += `[${n}]`;
      } else this.removed.push(n);
    }
    return out;
  }
}

/** Tidies what removing markers leaves behind ("death ." → "death."). */
export const tidy = (text: string) => text.replace(/[ \t]+([.,;:!?])/g, "$1").replace(/[ \t]{2,}/g, " ");

const LEAD = /^(?:in|see|under|per|also|cf|and|but|the|as|like|after|before|following|unlike|while|when|since|because|from|by|of)\s+/i;
const CORP = /,?\s*(?:&\s*co\.|co\.|inc\.|corp\.|ltd\.|llc|r\.r\.|ry\.|company|corporation)$/i;
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/[^a-z0-9' ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** Case names in `text`: "Palsgraf v. Long Island R.R. Co.", "In re Kunstler". */
export function caseNamesIn(text: string): string[] {
  const party = "[A-Z][A-Za-z0-9.'&-]*(?:\\s+(?:[A-Z][A-Za-z0-9.'&-]*|of|the|&|de|for|ex|rel\\.))*";
  const re = new RegExp(`(${party})\\s+v\\.?\\s+(${party})|\\bIn re\\s+(${party})`, "g");
  const out: string[] = [];
  for (const m of sentences(text).flatMap((x) => [...x.matchAll(re)])) {
    let name = m[0].replace(/\*+/g, "").trim();
    while (LEAD.test(name) && !/^in re\b/i.test(name)) name = name.replace(LEAD, "");
    name = name.replace(/[,;:]+$/, "");
    if (name.endsWith(".") && !/\b(?:Co|Inc|Corp|Ltd|R\.R|Ry|Bros)\.$/.test(name)) name = name.slice(0, -1);
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

/** Significant words of a case name's parties, for matching ("Long Island Railroad Co." ≈ "Long Island R.R."). */
function key(name: string): [string, string] {
  const [a, b = ""] = name.split(/\s+v\.?\s+/i);
  const first = (p: string) => norm(p.replace(CORP, "").replace(/^(the|in re)\s+/i, "")).split(" ")[0] ?? "";
  return [first(a), first(b)];
}

/** Names in `answer` that match no case in the sources' titles or text. */
export function unverifiedCaseNames(answer: string, sources: { title: string; text: string }[]): string[] {
  const known = sources.flatMap((s) => caseNamesIn(`${s.title}\n${s.text}`)).map(key);
  const haystack = norm(sources.map((s) => `${s.title} ${s.text}`).join(" "));
  return caseNamesIn(answer).filter((name) => {
    const [a, b] = key(name);
    if (known.some(([x, y]) => x === a && (y === b || !b || !y))) return false;
    // A name the sources spell in full but in a form the pattern missed still counts as given.
    return !haystack.includes(norm(name));
  });
}
