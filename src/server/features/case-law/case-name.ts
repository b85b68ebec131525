/**
 * Case names from opinion captions: "William Jefferson CLINTON, Petitioner, v. Paula Corbin
 * JONES." → "Clinton v. Jones". A party keeps its indexing name (the capitalised words of a
 * reporter's caption), loses descriptors after the first comma ("Secretary of Agriculture",
 * "Petitioner") but keeps corporate suffixes ("Inc.", "Co."), and loses "et al.".
 */

const SUFFIX = /^(?:Inc|Co|Corp|Ltd|L\.?P|LLC|L\.L\.C|P\.?A|S\.?A|N\.?A|P\.?C|Cos|Bros|Ry|R\.?R)\.?$/i;
const SMALL = new Set([
  "of",
  "and",
  "the",
  "for",
  "in",
  "on",
  "at",
  "to",
  "by",
  "de",
  "des",
  "du",
  "la",
  "le",
  "von",
  "van",
  "ex",
  "rel",
  "or",
  "a",
  "an",
]);
const ACRONYMS = new Set([
  "U.S.",
  "USA",
  "NLRB",
  "EPA",
  "INS",
  "FCC",
  "FEC",
  "ACLU",
  "NAACP",
  "FTC",
  "SEC",
  "IRS",
  "FBI",
  "CIA",
  "LLC",
  "L.P.",
  "P.A.",
  "N.A.",
  "S.A.",
  "AG",
  "II",
  "III",
  "IV",
  "TV",
  "NFL",
  "NBA",
  "MLB",
  "NHL",
  "UAW",
  "AFL-CIO",
  "PCAOB",
  "EEOC",
  "HHS",
  "ABC",
  "CBS",
  "NBC",
  "RCA",
  "IBM",
  "AT&T",
]);

const isCapsWord = (w: string) => {
  const letters = w.replace(/^(?:Mc|Mac|M')/, "").replace(/[^\p{L}]/gu, "");
  return letters.length >= 2 && letters === letters.toUpperCase() && /\p{Lu}/u.test(letters);
};

/** Title case for an all-capitals word: "McCULLOCH" → "McCulloch", "WOMEN'S" → "Women's". */
function titleWord(w: string, first: boolean, nearAmpersand = false): string {
  if (/^\p{L}$/u.test(w) && (first || nearAmpersand)) return w.toUpperCase();
  if (ACRONYMS.has(w) || /^(?:\p{L}\.){2,}$/u.test(w)) return w;
  const lower = w.toLowerCase();
  if (!first && SMALL.has(lower)) return lower;
  return lower
    .replace(/(^|[-\s(/])(\p{L})/gu, (_, p: string, c: string) => p + c.toUpperCase())
    .replace(/^(mc|mac)(\p{L})/iu, (_, p: string, c: string) => p[0].toUpperCase() + p.slice(1) + c.toUpperCase())
    .replace(
      /^(\p{L})'(\p{L}{2,})/u,
      (_, a: string, b: string) => `${a.toUpperCase()}'${b[0].toUpperCase()}${b.slice(1)}`,
    );
}

const ABBREV_END =
  /\b(?:Inc|Co|Corp|Ltd|Jr|Sr|Bros|Cos|Assn|Ass'n|Dept|Bd|Comm'n|Ry|R\.R|U\.S|L\.P|N\.A|S\.A|P\.A|P\.C|(?:\p{L}\.)+\p{L})\.$/iu;

/** Drops trailing commas, colons and a sentence period, keeping the period of "Co." or "U.S.". */
export function trimName(s: string): string {
  let t = s.replace(/[\s,;:*]+$/, "");
  if (t.endsWith(".") && !ABBREV_END.test(t)) t = t.slice(0, -1);
  return t.trim();
}

/** One party of a caption reduced to its case-name form. */
export function cleanParty(raw: string): string {
  let s = raw
    .replace(/[_*]/g, "")
    .replace(/\s+/g, " ")
    .replace(/\b(?:Plff|Deft|Plaintiffs?|Defendants?)\.? in (?:Err|Error)\.?.*$/i, "")
    .trim();
  s = s.replace(/\s*\([^)]*\)\s*/g, " ").trim();
  s = s.replace(/,?\s+(?:et\s+(?:al|ux|vir)\b|and others\b).*$/i, "");
  // Cut at the first descriptor comma, keeping corporate suffixes.
  const parts = s.split(/\s*,\s*/);
  const kept = [parts[0]];
  for (const p of parts.slice(1)) {
    if (SUFFIX.test(p.trim())) kept.push(p.trim());
    else break;
  }
  s = trimName(kept.join(", "));
  if (!/\p{Ll}/u.test(s)) {
    const ws = s.split(" ");
    return ws.map((w, i) => titleWord(w, i === 0, ws[i - 1] === "&" || ws[i + 1] === "&")).join(" ");
  }
  const words = s.split(" ").filter(Boolean);
  const caps = words.map(isCapsWord);
  if (!caps.some(Boolean)) return s;
  // Mixed caption ("Charles W. BAKER", "Manuel LUJAN, Jr."): keep the capitalised run, the indexing name.
  const firstCap = caps.indexOf(true);
  const lastCap = caps.lastIndexOf(true);
  const run = words.slice(firstCap, lastCap + 1);
  const after = words[lastCap + 1];
  if (after && SUFFIX.test(after)) run.push(after);
  return trimName(
    run.map((w, i) => (isCapsWord(w) || SMALL.has(w.toLowerCase()) ? titleWord(w, i === 0) : w)).join(" "),
  );
}

/** "A, Petitioner, v. B et al." (caption, possibly over several lines) → "A v. B". */
export function nameFromCaption(caption: string): string | null {
  const flat = caption.replace(/\s+/g, " ").trim();
  const m = /^(.+?),?\s+v\.?\s+(.+)$/i.exec(flat.replace(/\s+vs?\.\s+/i, " v. "));
  if (!m) return null;
  const a = cleanParty(m[1]);
  // Consolidated cases ("SAWYER. SAWYER v. YOUNGSTOWN …"): the second party ends at the last
  // sentence break before the next " v. ".
  let second = m[2];
  const nextV = second.search(/\s+v\.\s+/);
  if (nextV > 0) {
    const head = second.slice(0, nextV);
    const breaks = [...head.matchAll(/\.\*?\s+(?=\p{Lu})/gu)];
    const lastBreak = breaks[breaks.length - 1];
    if (lastBreak?.index !== undefined) second = head.slice(0, lastBreak.index);
  }
  const b = cleanParty(second);
  if (!a || !b) return null;
  return `${a} v. ${b}`;
}

/** A line that is itself a case name: "Wickard v. Filburn", "In re Kunstler", "Ex parte Milligan". */
export function isCaseNameLine(line: string): boolean {
  const l = line.trim();
  if (l.length < 5 || l.length > 200 || l.split(/\s+/).length > 24) return false;
  return /\S\s+v\.?\s+\S/.test(l) || /^(?:In re|Ex parte|In the Matter of|Matter of|Estate of)\s+\S/i.test(l);
}
