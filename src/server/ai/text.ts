/**
 * Text handling shared by the index, the classifier and the composers: word splitting,
 * stop words, stemming, bigrams and a sentence splitter that knows legal abbreviations
 * ("v.", "U.S.", "Co.", "e.g.", "F.3d").
 */
import { stem } from "./stemmer";

/** Common English words that carry no topic. */
const STOP = new Set(
  `a about above after again against all am an and any are aren't as at be because been before being below between both but by
  can can't cannot could couldn't did didn't do does doesn't doing don't down during each few for from further had hadn't has hasn't
  have haven't having he he'd he'll he's her here here's hers herself him himself his how how's i i'd i'll i'm i've if in into is isn't
  it it's its itself let's me more most mustn't my myself no nor not of off on once only or other ought our ours ourselves out over own
  same shan't she she'd she'll she's should shouldn't so some such than that that's the their theirs them themselves then there there's
  these they they'd they'll they're they've this those through to too under until up very was wasn't we we'd we'll we're we've were weren't
  what what's when when's where where's which while who who's whom why why's with won't would wouldn't you you'd you'll you're you've your
  yours yourself yourselves also just really actually basically ok okay yes yeah hey hi hello thanks thank please pls plz get gets got
  go goes going gone want wants wanted need needs know knows knew tell me us lot lots thing things stuff something anything way ways
  kind sort much many like may might must shall will etc via per one two three give gives giving never ever always
  anyway somehow someone somebody anybody anyone everyone around enough instead already yet even still quite pretty whether
  side sides`.split(/\s+/),
);

/**
 * Words students use to frame a question ("explain the rule", "what's the difference") that say
 * nothing about which doctrine is meant, and the hedges that qualify the question ("automatically",
 * "necessarily", "how does it work"; decision 073): rare in the library's text, they held a large
 * share of a short question's idf and pushed covered questions under the decline threshold. They are searched with a low weight and never count
 * toward a question's coverage (see corpus-index.ts).
 */
const FRAMING_WORDS = `explain explanation describe definition define defined mean means meaning meant rule rules law laws
  legal doctrine doctrines test tests standard element elements case cases court courts difference differences different differ
  differs distinguish distinguishing distinction compare comparison contrast versus vs summarize summary summarise overview
  outline rundown recap refresher cheat sheet quick briefly basics basic main key important importance significance concept
  concepts idea apply applies applied application exam exams bar mbe analysis analyze analyse help understand understanding
  confused confusing clarify clarification example examples typically usually happen happens happened detail details everything
  whole exactly still wondering count counts counted qualify qualifies qualified consider considered
  automatically automatic necessarily always ever actually really literally basically generally work works`;
const FRAMING = new Set(FRAMING_WORDS.split(/\s+/).map((w) => stem(w)));

/**
 * Where a story happens (decision 089): the states' names say which court or law is involved, not
 * which doctrine governs. Trigger facts and practice stems name states too, so "rear-ended in Georgia
 * by a guy from Florida" matched a removal trigger set in Georgia and Florida rather than personal
 * jurisdiction. Searched with a low weight like framing words, never counted toward coverage.
 * Delaware stays a content word: it is the law of corporations (Business Associations).
 */
const PLACE_WORDS = `alabama alaska arizona arkansas california colorado connecticut florida georgia hawaii idaho
  illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota mississippi missouri
  montana nebraska nevada ohio oklahoma oregon pennsylvania tennessee texas utah vermont virginia washington wisconsin
  wyoming york jersey hampshire carolina dakota mexico rhode`;
const PLACES = new Set(PLACE_WORDS.split(/\s+/).map((w) => stem(w)));
/** `term` (a stem) is a US state's name or part of one. */
export const isPlaceTerm = (term: string) => PLACES.has(term);

/** Stems of the stop words ("tells" → "tell"), two-letter stems excepted ("used" → "us" stays). */
const STOP_STEMS = new Set([...STOP].map((w) => stem(w.replace(/'/g, ""))).filter((s) => s.length > 2));

export const isStopWord = (w: string) => STOP.has(w);
/** `term` is a stem as returned by `terms()`. */
export const isFramingTerm = (term: string) => FRAMING.has(term);

/** Lower-cases, folds accents and typographic quotes, keeps letters, digits, § and a few joiners. */
export function normalize(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[’‘`]/g, "'")
    .replace(/[“”]/g, '"')
    .toLowerCase();
}

/** How many whitespace-separated words `text` has (punctuation counts with its word). */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Raw words (lower case, apostrophes kept inside words), in order. */
export function words(text: string): string[] {
  return normalize(text).match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? [];
}

/** Stemmed content terms of `text`: stop words dropped, possessives stripped, numbers kept. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (let w of words(text)) {
    if (STOP.has(w)) continue;
    if (w.endsWith("'s")) w = w.slice(0, -2);
    if (w.includes("'")) w = w.replace(/'/g, "");
    if (!w || STOP.has(w)) continue;
    if (w.length === 1 && !/\d/.test(w)) continue;
    const s = stem(w);
    if (STOP_STEMS.has(s)) continue;
    out.push(s);
  }
  return out;
}

/** Index tokens: unigram stems plus "a_b" bigrams of adjacent stems (phrases such as "proxim_caus"). */
export function indexTokens(text: string): string[] {
  const t = terms(text);
  const out = [...t];
  for (let i = 0; i + 1 < t.length; i++) out.push(`${t[i]}_${t[i + 1]}`);
  return out;
}

const ABBREVIATIONS = new Set(
  `v vs u.s s.ct l.ed co corp inc ltd ry r.r bros no nos e.g i.e cf al ct app supp cal n.y n.e n.w s.e s.w so f a.2d p.2d
  mr mrs ms dr st jr sr sec art cl amend const fed stat ann rev dept dist cir gen u.s.c fre frcp ucc mpc id ibid p pp para
  ex h.c c.b q.b k.b ch eq mass pa ill ohio mich wis minn conn n.j md va ga fla tex colo ariz wash or ore ky tenn ala miss
  la ark okla kan neb iowa mo ind del me n.h vt r.i n.c s.c w.va mont wyo idaho utah nev n.m n.d s.d haw alaska d.c`.split(
    /\s+/,
  ),
);

/**
 * Splits prose into sentences. A period ends a sentence only when followed by space and a capital
 * (or an opening parenthesis/quote) and the word before it is not an abbreviation, an initial or
 * a reporter ("F.3d").
 */
export function sentences(text: string): string[] {
  const out: string[] = [];
  const re = /[.!?](?=["')\]]*\s+["'(]?[A-Z0-9])/g;
  let start = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const end = m.index + 1;
    const before = text.slice(start, end);
    const lastWord = /([A-Za-z0-9.&]+)\.$/.exec(before)?.[1]?.toLowerCase() ?? "";
    if (
      m[0] === "." &&
      (ABBREVIATIONS.has(lastWord) ||
        /^[a-z]$/.test(lastWord) ||
        /^([a-z]\.)+[a-z]$/.test(lastWord) ||
        /\d(d|th)$/.test(lastWord))
    )
      continue;
    // Closing quotes/parens belong to the sentence they end.
    let stop = end;
    while (stop < text.length && /["')\]]/.test(text[stop])) stop++;
    out.push(text.slice(start, stop).trim());
    start = stop;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out.filter(Boolean);
}

/** First `n` sentences of `text`. */
export const firstSentences = (text: string, n: number) => sentences(text).slice(0, n).join(" ");

/** Levenshtein distance with an early exit above `max` (returns max + 1). */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, cur[j]);
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length];
}
