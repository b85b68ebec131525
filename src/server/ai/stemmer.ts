/**
 * The Porter stemming algorithm (M. F. Porter, "An algorithm for suffix stripping", Program 14(3),
 * 1980), steps 1a–5b as published. Maps "negligently", "negligence" and "negligent" to "neglig",
 * so a question's wording need not match the topic's exactly. Input: one lower-case word.
 */

const isVowelAt = (w: string, i: number): boolean => {
  const c = w[i];
  if ("aeiou".includes(c)) return true;
  return c === "y" && i > 0 && !isVowelAt(w, i - 1);
};

/** m, the number of vowel-consonant sequences in `w` ([C](VC)^m[V]). */
function measure(w: string): number {
  let m = 0;
  let i = 0;
  const n = w.length;
  while (i < n && !isVowelAt(w, i)) i++;
  while (i < n) {
    while (i < n && isVowelAt(w, i)) i++;
    if (i >= n) break;
    while (i < n && !isVowelAt(w, i)) i++;
    m++;
  }
  return m;
}

const hasVowel = (w: string) => [...w].some((_, i) => isVowelAt(w, i));
const endsDoubleConsonant = (w: string) => w.length >= 2 && w.at(-1) === w.at(-2) && !isVowelAt(w, w.length - 1);
/** *o: ends consonant-vowel-consonant, the last not w, x or y. */
const endsCvc = (w: string) => {
  const n = w.length;
  if (n < 3) return false;
  if (isVowelAt(w, n - 1) || !isVowelAt(w, n - 2) || isVowelAt(w, n - 3)) return false;
  return !"wxy".includes(w[n - 1]);
};

function replaceSuffix(w: string, rules: [string, string][], minMeasure: number): string {
  for (const [suffix, repl] of rules) {
    if (w.endsWith(suffix)) {
      const stem = w.slice(0, -suffix.length);
      return measure(stem) > minMeasure ? stem + repl : w;
    }
  }
  return w;
}

const STEP2: [string, string][] = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["izer", "ize"],
  ["bli", "ble"],
  ["alli", "al"],
  ["entli", "ent"],
  ["eli", "e"],
  ["ousli", "ous"],
  ["ization", "ize"],
  ["ation", "ate"],
  ["ator", "ate"],
  ["alism", "al"],
  ["iveness", "ive"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["aliti", "al"],
  ["iviti", "ive"],
  ["biliti", "ble"],
  ["logi", "log"],
];
const STEP3: [string, string][] = [
  ["icate", "ic"],
  ["ative", ""],
  ["alize", "al"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""],
];
const STEP4 = [
  "al",
  "ance",
  "ence",
  "er",
  "ic",
  "able",
  "ible",
  "ant",
  "ement",
  "ment",
  "ent",
  "ion",
  "ou",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
];

const cache = new Map<string, string>();

/** Returns the Porter stem of a lower-case ASCII word (memoised); words of ≤ 2 letters are returned as they are. */
export function stem(word: string): string {
  let s = cache.get(word);
  if (s === undefined) {
    s = porter(word);
    if (cache.size < 200_000) cache.set(word, s);
  }
  return s;
}

/**
 * After Porter: join adjective and adverb forms Porter leaves apart from their nouns and verbs
 * ("regulatory" → "regul" like "regulation", "statutory" → "statut" like "statute",
 * "voluntarily" → "voluntari" like "voluntary", "reliance" → "reli" like "relied").
 */
function conflate(w: string): string {
  if (w.endsWith("atori") && measure(w.slice(0, -5)) > 1) return w.slice(0, -5);
  if (w.endsWith("utori")) return w.slice(0, -3);
  if (w.endsWith("arili")) return w.slice(0, -2);
  if (w.endsWith("ianc") && w.length > 5) return w.slice(0, -3);
  return w;
}

function porter(word: string): string {
  return conflate(porterSteps(word));
}

function porterSteps(word: string): string {
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
  let w = word;
  // Step 1a
  if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ies")) w = w.slice(0, -2);
  else if (w.endsWith("ss")) {
    // keep
  } else if (w.endsWith("s")) w = w.slice(0, -1);
  // Step 1b
  let extra = false;
  if (w.endsWith("eed")) {
    if (measure(w.slice(0, -3)) > 0) w = w.slice(0, -1);
  } else if (w.endsWith("ed") && hasVowel(w.slice(0, -2))) {
    w = w.slice(0, -2);
    extra = true;
  } else if (w.endsWith("ing") && hasVowel(w.slice(0, -3))) {
    w = w.slice(0, -3);
    extra = true;
  }
  if (extra) {
    if (w.endsWith("at") || w.endsWith("bl") || w.endsWith("iz")) w += "e";
    else if (endsDoubleConsonant(w) && !"lsz".includes(w.at(-1)!)) w = w.slice(0, -1);
    else if (measure(w) === 1 && endsCvc(w)) w += "e";
  }
  // Step 1c
  if (w.endsWith("y") && hasVowel(w.slice(0, -1))) w = `${w.slice(0, -1)}i`;
  // Steps 2 and 3
  w = replaceSuffix(w, STEP2, 0);
  w = replaceSuffix(w, STEP3, 0);
  // Step 4
  for (const suffix of STEP4) {
    if (!w.endsWith(suffix)) continue;
    const s = w.slice(0, -suffix.length);
    if (measure(s) > 1 && (suffix !== "ion" || s.endsWith("s") || s.endsWith("t"))) w = s;
    break;
  }
  // Step 5a
  if (w.endsWith("e")) {
    const s = w.slice(0, -1);
    const m = measure(s);
    if (m > 1 || (m === 1 && !endsCvc(s))) w = s;
  }
  // Step 5b
  if (measure(w) > 1 && endsDoubleConsonant(w) && w.endsWith("l")) w = w.slice(0, -1);
  return w;
}
