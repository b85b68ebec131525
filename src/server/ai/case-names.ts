/**
 * Case names in a question (issue 4 §2, decisions 088 and 089): the aliases built from each official
 * brief's name ("Palsgraf v. Long Island", "Palsgraf", "International Shoe") and the rules that tell
 * a case named by one word from a story's party or an everyday word ("the owner, Pike", "a loft").
 */
import type { Corpus } from "./corpus";
import { normalize, wordCount, words } from "./text";

export interface CaseAlias {
  briefId: string;
  /** Matched against the lower-cased question. */
  re: RegExp;
  /** "full" for "A v. B"; "short" for one party's name. */
  strength: "full" | "short";
  /**
   * For a one-word short name ("Pike", "Baker"), which a student may also give a party of a story:
   * the name as a whole word, any case, to find where it stands in the question (namesAParty).
   */
  word?: RegExp;
  /**
   * The one-word name is also an everyday word students write in lower case ("friend", "wood",
   * "bird" in our trigger facts): it names the case only when capitalised (namesTheCase).
   */
  everyday?: boolean;
}

/** What follows a person's name in a story: a verb ("Pike told", "Baker never recorded") or a possessive noun ("Pike's store"). */
const ACTS_AFTER =
  /^(?:'s\s+(?!case|rule|test|doctrine|balancing|holding|analysis|framework|standard)[a-z]+|[a-z]+ed\b|(?:told|tells|said|says|found|finds|knew|knows|had|has|did|does|went|goes|got|gets|took|takes|gave|gives|made|makes|sold|sells|bought|buys|paid|pays|owns|wants|will|would|could|can|cannot|can't|didn't|doesn't|never|then|later|just)\b)/;
/** What follows a firm's or a company's name: "Baker LLP", "Pike & Ortiz", "Marsh Holdings Inc." (decision 096). */
const FIRM_AFTER =
  /^(?:[a-z]+\s+)?(?:llp|llc|l\.l\.[cp]\.?|pllc|inc\b|corp\b|co\.|company|corporation|holdings|partners|group|&|and (?:associates|partners|co\b)|law (?:firm|group|offices?))/;
/** What comes before a party's name in a story: "sold the lot to Baker", "the owner, Pike". */
const PARTY_BEFORE = /\b(?:to|from|against|owner|buyer|seller|tenant|landlord|named|hired|told|sued|paid|asked),?\s*$/i;
/** Shorter questions name a case by one word ("What did Daubert change?"); a story names its parties. */
const STORY_WORDS = 12;

/**
 * Whether a one-word case name (`word`, CaseAlias.word) stands for a party of the student's story,
 * not the case: it follows a role or a verb ("sold the lot to Baker", "the owner, Pike"), a verb
 * follows it ("Pike told her", "if Pike found out"), or it names a firm ("three years at Baker LLP"). "Under Pike" and "the Pike test" still name
 * the case. `q` is the normalised question (lower case, plain apostrophes) the aliases are matched
 * on; asked only of questions of STORY_WORDS words or more (findCaseMentions).
 */
function namesAParty(q: string, word: RegExp): boolean {
  for (const m of q.matchAll(word)) {
    const at = m.index ?? 0;
    const after = q.slice(at + m[0].length).trimStart();
    if (ACTS_AFTER.test(after) || FIRM_AFTER.test(after)) return true;
    if (PARTY_BEFORE.test(q.slice(0, at))) return true;
  }
  return false;
}

const GENERIC_PARTY =
  /^(the )?(united states|state|people|commonwealth|city|county|town|village|board|territory|government|district of columbia|alabama|alaska|arizona|arkansas|california|colorado|connecticut|delaware|florida|georgia|hawaii|idaho|illinois|indiana|iowa|kansas|kentucky|louisiana|maine|maryland|massachusetts|michigan|minnesota|mississippi|missouri|montana|nebraska|nevada|new hampshire|new jersey|new mexico|new york|north carolina|north dakota|ohio|oklahoma|oregon|pennsylvania|rhode island|south carolina|south dakota|tennessee|texas|utah|vermont|virginia|washington|west virginia|wisconsin|wyoming)\b/i;
const CORPORATE =
  /,?\s*(?:&\s*co\.|co\.|inc\.|corp\.|ltd\.|l\.l\.c\.|llc|r\.r\.|ry\.|bros\.|company|corporation|railroad|railway|et al\.)(?=\s|$)/gi;

function cleanParty(p: string): string {
  return p
    .replace(CORPORATE, "")
    .replace(/^the\s+/i, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Short names a student may use for a case: "Palsgraf", "International Shoe", "Carroll Towing". */
export function caseShortNames(name: string): string[] {
  const parts = name.split(/\s+v\.?\s+/i);
  if (parts.length < 2) {
    const bare = name.replace(/^(in re|ex parte|the)\s+/i, "").trim();
    return bare && bare !== name ? [bare] : [];
  }
  const out: string[] = [];
  for (const p of parts.slice(0, 2)) {
    const c = cleanParty(p);
    if (c && !GENERIC_PARTY.test(c) && c.length >= 4) out.push(c);
  }
  return out;
}

/** Words that are usually part of a place name ("New York"), never a case's name on their own. */
const PLACE_PART =
  /^(york|jersey|hampshire|mexico|carolina|dakota|virginia|island|orleans|haven|england|zealand|columbia)$/;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether `text` names the case `name` as a rule statement cites it: the last word of the first
 * party, "v.", the first word of the second ("Philadelphia v. New Jersey" names "City of Philadelphia
 * v. New Jersey"; "Taylor" alone names nothing). Used for an MBE answer's leading case (decision 096).
 */
export function namesCase(text: string, name: string): boolean {
  const parties = name.split(/\s+v\.?\s+/i);
  if (parties.length < 2) return false;
  const first = cleanParty(parties[0]).split(",")[0].trim().split(/\s+/).at(-1) ?? "";
  const second = cleanParty(parties[1]).split(/\s+/)[0] ?? "";
  if (!first || !second) return false;
  return new RegExp(`\\b${escapeRe(first)}\\s+vs?\\.?\\s+(?:the\\s+)?${escapeRe(second)}`, "i").test(text);
}
const wordsPattern = (s: string) => words(s).map(escapeRe).join("[\\s\\-.,']+");

export function buildCaseAliases(c: Corpus, lowercaseWords: Set<string>, everydayWords: Set<string>): CaseAlias[] {
  const out: CaseAlias[] = [];
  for (const b of c.briefs.values()) {
    const parts = b.name.split(/\s+v\.?\s+/i);
    if (parts.length >= 2) {
      const a = wordsPattern(cleanParty(parts[0]));
      const d = wordsPattern(cleanParty(parts[1]).split(/,/)[0]);
      if (a && d)
        out.push({ briefId: b.id, re: new RegExp(`\\b${a}\\b[^\\n]{0,40}?\\bvs?\\.?\\s+${d}\\b`), strength: "full" });
    }
    for (const short of caseShortNames(b.name)) {
      const ws = words(short);
      // A one-word name that is also an ordinary word in our prose ("Marsh", "Board") is too ambiguous alone.
      if (ws.length === 1 && (lowercaseWords.has(ws[0]) || PLACE_PART.test(ws[0]))) continue;
      // "the Rule in Shelley's Case" is not Shelley v. Kraemer.
      out.push({
        briefId: b.id,
        re: new RegExp(`\\b${wordsPattern(short)}\\b(?!'s\\s+(?:case|rule|doctrine))`),
        strength: "short",
        ...(ws.length === 1
          ? { word: new RegExp(`\\b${escapeRe(ws[0])}\\b`, "gi"), everyday: everydayWords.has(ws[0]) }
          : {}),
      });
    }
  }
  return out;
}

/**
 * Whether the student who wrote `question` capitalises names: an upper-case letter past the first
 * character that is not the pronoun "I" ("my friend Jake", "Then the court…"). A question typed all
 * in lower case ("my friend sued me") says nothing by its case.
 */
function writesCapitals(question: string): boolean {
  return /[A-Z]/.test(question.slice(1).replace(/\bI\b/g, ""));
}

/**
 * Whether the raw question writes the one-word case name `word` the way a case is written. A
 * student who capitalises names writes "Summers" for the case and "summers" for the season; an
 * everyday word (CaseAlias.everyday: "my friend", "the wood") names the case only capitalised, even
 * in a question typed all in lower case. A rarer name ("palsgraf") still counts in lower case there.
 */
function namesTheCase(question: string, word: RegExp, everyday: boolean): boolean {
  if (!everyday && !writesCapitals(question)) return true;
  for (const m of question.matchAll(word)) if (/^[A-Z]/.test(m[0])) return true;
  return false;
}

/** Briefs whose name (or a short name) the question mentions. Full "A v. B" matches come first. */
export function findCaseMentions(
  index: { caseAliases: CaseAlias[] },
  question: string,
): { briefId: string; strength: "full" | "short" }[] {
  const q = normalize(question);
  const found = new Map<string, "full" | "short">();
  const story = wordCount(q) >= STORY_WORDS;
  // A party's name inside a full "A v. B" names that case, not another with the same party
  // ("Wood v. Lucy" is not also Dairy Queen v. Wood and Lucy v. Zehmer): short names are matched
  // on the question with the full names blanked out.
  let rest = q;
  for (const a of index.caseAliases) {
    if (a.strength !== "full") continue;
    const m = a.re.exec(q);
    if (!m) continue;
    found.set(a.briefId, "full");
    rest = rest.slice(0, m.index) + " ".repeat(m[0].length) + rest.slice(m.index + m[0].length);
  }
  for (const a of index.caseAliases) {
    if (a.strength === "full" || found.has(a.briefId) || !a.re.test(rest)) continue;
    if (a.word && !namesTheCase(question, a.word, !!a.everyday)) continue;
    if (story && a.word && namesAParty(q, a.word)) continue;
    found.set(a.briefId, "short");
  }
  return [...found]
    .map(([briefId, strength]) => ({ briefId, strength }))
    .sort((x, y) => (x.strength === y.strength ? 0 : x.strength === "full" ? -1 : 1));
}
