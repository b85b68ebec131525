/**
 * Checks a model's answer against the sources it was given (issue 4 §4):
 * - `MarkerFilter` passes streamed text through, holding back an unfinished "[…" until it can
 *   tell whether it is a citation; a marker that points at no given source is replaced by a visible
 *   "(unverified: there is no source n)" after the sentence's other markers (and recorded), so a
 *   real source never seems to back an invented claim alone (issue 13 §7); "[1, 3]" becomes
 *   "[1][3]". Text that merely looks like a bracket ("[sic]", the year of "[1893] 1 Q.B. 256":
 *   markers have one or two digits) passes.
 * - `impossibleCitations` lists reporter citations dated after the current year.
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
      // A marker numbers a source: one or two digits. "[1893]" is a year (English reports).
      const m = /^\[\s*(\d{1,2}(?:\s*[,;]\s*\d{1,2})*)\s*\]/.exec(this.pending);
      if (m) {
        out += this.rewrite(m[1]);
        this.pending = this.pending.slice(m[0].length);
        continue;
      }
      // Could still become a marker: wait for more text.
      if (/^\[\s*(\d{1,2}(\s*[,;]\s*\d{0,2})*\s*)?$/.test(this.pending) && this.pending.length < 24) return out;
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
    const invalid: number[] = [];
    for (const n of list.split(/[,;]/).map((x) => Number(x.trim()))) {
      if (this.valid.has(n)) {
        this.used.add(n);
        out += `[${n}]`;
      } else {
        this.removed.push(n);
        invalid.push(n);
      }
    }
    return invalid.length ? `${out} ${invalidMarkerNote(invalid)}` : out;
  }
}

/**
 * The visible note that replaces markers pointing at no source ("(unverified: there is no source
 * 7)"); the engine lists it among `unverified` so the web marks it.
 */
export function invalidMarkerNote(ns: number[]): string {
  return ns.length === 1
    ? `(unverified: there is no source ${ns[0]})`
    : `(unverified: there are no sources ${ns.join(" and ")})`;
}

/** The invalid-marker notes `text` holds (each once, in order). */
export function invalidMarkerNotes(text: string): string[] {
  return [
    ...new Set(
      [...text.matchAll(/\(unverified: there (?:is no source \d+|are no sources \d+(?: and \d+)+)\)/g)].map(
        (m) => m[0],
      ),
    ),
  ];
}

/**
 * Reporter citations that cannot exist because they are dated after `year` (default: this UTC
 * year): "123 F.4th 456 (9th Cir. 2031)", "600 U.S. 1 (2031)", "[2031] 1 Q.B. 256". Returned
 * verbatim, in order, each once; the engine lists them among `unverified`.
 */
export function impossibleCitations(text: string, year = new Date().getUTCFullYear()): string[] {
  const out: string[] = [];
  const reporter = "[A-Z][A-Za-z0-9.&' ]{0,30}?";
  const american = new RegExp(
    `\\b\\d{1,4}\\s+${reporter}\\s+\\d{1,5}(?:,\\s*\\d{1,5})?\\s*\\(([^()\\n]{0,40}?)(\\d{4})\\)`,
    "g",
  );
  const english = new RegExp(`\\[(\\d{4})\\]\\s+(?:\\d{1,3}\\s+)?${reporter}\\s+\\d{1,5}`, "g");
  for (const m of text.matchAll(american)) if (Number(m[2]) > year && !out.includes(m[0])) out.push(m[0]);
  for (const m of text.matchAll(english)) if (Number(m[1]) > year && !out.includes(m[0])) out.push(m[0]);
  return out;
}

/** Tidies what removing markers leaves behind ("death ." → "death."). */
export const tidy = (text: string) => text.replace(/[ \t]+([.,;:!?])/g, "$1").replace(/[ \t]{2,}/g, " ");

/**
 * Words that can lead into a case name but never begin one, compared lower-case without a
 * trailing "." or ",": the introductory signals (Bluebook R. 1.2: See, See also, Cf., Compare,
 * Accord, Contra, But see, But cf., E.g., See generally) and the closed-class words a sentence or
 * clause starts with: prepositions, conjunctions, determiners, pronouns, auxiliaries, common
 * adverbs, and the imperatives and participles that introduce a case ("Applying", "Unlike").
 * Adjectives and nouns that start real party names ("United", "New", "International", "First",
 * "A" of "A Quantity of Books") are deliberately absent.
 */
const LEAD_WORDS = new Set(
  `see also generally but cf compare contrast with accord contra e.g eg i.e
  in under per after before following applying unlike like as since because from by of at on to for
  without within through throughout against despite between among over via about beyond until upon
  during given absent notwithstanding including regarding concerning considering
  and or nor yet so while when whereas although though if once unless whether where then
  here there thus hence therefore now today later earlier still even only just indeed however
  moreover further furthermore again finally likewise otherwise instead meanwhile nonetheless
  nevertheless accordingly mostly likely also too
  the this that these those it its their his her our we they both each every either neither some
  many most all any such which what why how who whose
  is was were are does did do has had have can could would should will must
  consider read note take recall remember cite apply follow distinguish discuss explain describe
  summarize summarise brief analyze analyse use review
  citing quoting distinguishing overruling extending reaffirming rejecting adopting construing
  interpreting discussing comparing contrasting invoking relying echoing reversing affirming
  limiting narrowing expanding criticizing criticising explaining analyzing analysing`.split(/\s+/),
);
/** Capitalised words in -ly that are names, not adverbs ("Beverly Hills", "Connolly"). */
const LY_NAMES = new Set(
  "beverly waverly kimberly moberly connolly donnelly monopoly assembly quarterly monthly friendly butterfly firefly".split(
    " ",
  ),
);
/** A word that cannot start the rest of a party name, so the word before it must stay. */
const NOT_A_START = /^(?:&|[a-z].*|Co\.?|Cos\.?|Inc\.?|Corp\.?|Ltd\.?|LLC|L\.?P\.?|R\.R\.?|Ry\.?|Bros\.?|Ass'n|Ass’n)$/;

/**
 * Whether `word`, first in a detected party, leads into the name rather than belonging to it:
 * it is a signal or ordinary sentence word (LEAD_WORDS, or a longer adverb in -ly such as
 * "Notably") and `next` can start the party on its own ("Compare Smith", not "Reading Co.").
 */
function isLead(word: string, next: string | undefined): boolean {
  if (!next || NOT_A_START.test(next)) return false;
  const w = word.toLowerCase().replace(/[.,]+$/, "");
  if (w === "contra" && next === "Costa") return false; // Contra Costa County
  return LEAD_WORDS.has(w) || (/^[A-Z][a-z]{4,}ly$/.test(word) && !LY_NAMES.has(w));
}

/** Drops leading signal and sentence words from a "A v. B" match, cutting the text (so the name stays verbatim). */
function dropLead(name: string): string {
  let out = name;
  for (;;) {
    const [word, next] = out.split(/\s+/, 2);
    if (!isLead(word, next)) return out;
    out = out.replace(/^\S+\s+/, "");
  }
}

const CORP = /,?\s*(?:&\s*co\.|co\.|inc\.|corp\.|ltd\.|llc|r\.r\.|ry\.|company|corporation)$/i;
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/[^a-z0-9' ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * Markdown blocks: a heading line, a list item, a quote or table row, or a paragraph. A name never
 * runs from one into the next ("### Cases\nSmith v. Jones" is not "Cases Smith v. Jones").
 */
const blocks = (text: string) =>
  text.split(/\n[ \t]*\n|\n(?=[ \t]*(?:#{1,6}\s|[-*+>|]\s|\d+[.)]\s))|(?<=^[ \t]*#{1,6}\s[^\n]*)\n/m);

/**
 * Case names in `text`, each once, in order of first mention, verbatim as written (the web marks
 * them by exact match): "Palsgraf v. Long Island R.R. Co.", "In re Kunstler", "Ex parte Young".
 * A party is a run of capitalised words (with "of", "the", "&", "de", "for", "ex", "rel.") and an
 * optional ", Inc." / ", Co." / ", Ltd." / ", L.P." ("ProCD, Inc. v. Zeidenberg");
 * signals and sentence words before it are not part of it ("Compare Smith v. Jones" →
 * "Smith v. Jones"; see `isLead`), while multi-word parties stay whole ("United States v. Lopez").
 */
export function caseNamesIn(text: string): string[] {
  const party =
    "[A-Z][A-Za-z0-9.'’&-]*(?:\\s+(?:[A-Z][A-Za-z0-9.'’&-]*|of|the|&|de|for|ex|rel\\.))*(?:,\\s+(?:Inc|Co|Corp|Ltd|LLC|L\\.P|N\\.A|S\\.A|P\\.A|P\\.C)\\.?(?![A-Za-z]))?";
  const re = new RegExp(`(${party})\\s+v\\.?\\s+(${party})|\\b(?:In re|Ex parte)\\s+(${party})`, "g");
  const out: string[] = [];
  for (const m of blocks(text)
    .flatMap(sentences)
    .flatMap((x) => [...x.matchAll(re)])) {
    let name = m[0].replace(/\*+/g, "").trim();
    if (m[1]) name = dropLead(name);
    name = name.replace(/[,;:]+$/, "");
    if (name.endsWith(".") && !/\b(?:Co|Inc|Corp|Ltd|R\.R|Ry|Bros|L\.P|N\.A|S\.A|P\.A|P\.C|S\.p\.A)\.$/.test(name))
      name = name.slice(0, -1);
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

/** Significant words of a case name's parties, for matching ("Long Island Railroad Co." ≈ "Long Island R.R."). */
function key(name: string): [string, string] {
  const [a, b = ""] = name.split(/\s+v\.?\s+/i);
  const first = (p: string) => norm(p.replace(CORP, "").replace(/^(the|in re|ex parte)\s+/i, "")).split(" ")[0] ?? "";
  return [first(a), first(b)];
}

/**
 * The keys of `name` and of the same name with its first party's leading words dropped one by one,
 * so a sentence word the detector could not tell from the party ("Revisiting Smith v. Jones") does
 * not make a case the sources hold unverified.
 */
function keys(name: string): [string, string][] {
  const [a, b] = name.split(/\s+v\.?\s+/i);
  if (b === undefined) return [key(name)];
  const words = a.split(/\s+/);
  return words.map((_, i) => key(`${words.slice(i).join(" ")} v. ${b}`));
}

/**
 * Names in `answer` (see `caseNamesIn`) that match no case in the sources' titles or text, in
 * order of first mention; the web marks each as "unverified". Two names match when the first
 * significant word of each party agrees ("Long Island Railroad Co." ≈ "Long Island R.R."), or the
 * sources hold the name's words in full.
 */
export function unverifiedCaseNames(answer: string, sources: { title: string; text: string }[]): string[] {
  const known = sources.flatMap((s) => caseNamesIn(`${s.title}\n${s.text}`)).map(key);
  const haystack = norm(sources.map((s) => `${s.title} ${s.text}`).join(" "));
  return caseNamesIn(answer).filter((name) => {
    if (keys(name).some(([a, b]) => known.some(([x, y]) => x === a && (y === b || !b || !y)))) return false;
    // A name the sources spell in full but in a form the pattern missed still counts as given.
    return !haystack.includes(norm(name));
  });
}
