/**
 * Areas of law the MBE does not test and Lexmate's library does not cover (decision 011).
 * Their vocabulary overlaps ours ("divorce" appears in the domestic-relations exception to
 * diversity jurisdiction, "LLC" in corporate citizenship, "tax" in the taxing power), so word
 * overlap alone would answer "How do I file for divorce?" from the diversity topic. A question
 * in one of these areas is declined unless it also names something of ours: a word of the best
 * topic's title that is not the area's own word, a case or a provision.
 */
import { terms } from "./text";

export interface OutsideArea {
  area: string;
  /** Stems of the words that placed the question in the area. */
  stems: Set<string>;
}

/** `re` places a question in the area; `words` are the area's own words, which never anchor it to our topics. */
const AREAS: { area: string; re: RegExp; words?: string }[] = [
  {
    area: "tax law",
    re: /\b(pay (?:income |federal |state )?tax(?:es)? on|tax (?:returns?|brackets?|credits?|deductions?|refunds?|forms?)|deduct\w*(?: \w+){0,4} (?:on|from) (?:my |your |our )?(?:\w+ ){0,2}tax(?:es)?|irs|capital gains?|estate tax|gift tax|payroll tax|roth|ira|401 ?\(?k\)?|w-?2|1099)\b/,
    words: "tax taxes taxed taxing taxation income deduct deduction irs gain gains return refund",
  },
  {
    area: "family law",
    re: /\b(divorce|child custody|custody of (?:my|our|the) (?:kids?|child|children|son|daughter)|child support|alimony|spousal support|adopt(?:ing)? a (?:child|baby)|prenup(?:tial)?|visitation rights|paternity)\b/,
    words: "divorce marriage married spouse wife husband child children custody support alimony",
  },
  {
    area: "immigration law",
    re: /\b(green card|visas?|immigration|deportation|deported|asylum|naturali[sz]ation|h-?1b|uscis)\b/,
  },
  {
    area: "intellectual property law",
    re: /\b(copyrights?|trademarks?|trade secrets?|patent (?:application|infringement|law|office|attorney)|(?:file|get|obtain|apply for) a patent|patented|fair use)\b/,
  },
  { area: "bankruptcy law", re: /\b(bankrupt(?:cy)?|chapter (?:7|11|13)\b|automatic stay)/ },
  {
    area: "business associations law",
    re: /\b(llcs?|limited liability compan(?:y|ies)|incorporat(?:e|ing) (?:a|my|our) (?:company|business|startup)|articles of incorporation|s[- ]corp|c[- ]corp|shareholders?|board of directors|partnership agreement|business licen[sc]e)\b/,
  },
  {
    area: "estate planning",
    re: /\b(probate|estate planning|living trusts?|power of attorney|executor of (?:my|an?|the) estate)\b/,
  },
  {
    area: "employment law",
    re: /\b(minimum wage|overtime pay|fmla|wrongful termination|unemployment benefits|workers'? comp(?:ensation)?)\b/,
  },
  { area: "securities law", re: /\b(insider trading|securities fraud|sec filings?)\b/ },
  { area: "local housing regulation", re: /\b(rent (?:control|stabili[sz]ation|stabilized|controlled))\b/ },
  {
    area: "secured transactions (UCC Article 9)",
    re: /\b(article 9|ucc 9|secured transactions?|secured part(?:y|ies)|perfect(?:ion|ed|ing)?(?: of)? (?:a |the |my |his |her |its )?security interests?|security interests?|financing statements?|ucc-1|purchase[- ]money security)\b/,
    words: "article secured security interest perfect perfection financing statement collateral ucc creditor",
  },
  {
    area: "negotiable instruments (UCC Article 3)",
    re: /\b(negotiable instruments?|holder in due course|promissory notes? (?:negotiab|endors)|ucc article 3)\b/,
  },
  {
    area: "professional responsibility (the MPRE)",
    re: /\b(mpre|model rules of professional conduct|legal ethics|attorney discipline|conflicts? of interest (?:rule|for (?:a |an )?(?:lawyer|attorney))|disbar\w*)\b/,
  },
  {
    area: "administrative law",
    re: /\b(administrative law|administrative procedure act|notice[- ]and[- ]comment|chevron deference|agency rulemaking)\b/,
  },
  { area: "antitrust law", re: /\b(antitrust|sherman act|clayton act|price[- ]fixing|monopoli[sz]ation)\b/ },
  {
    area: "environmental law",
    re: /\b(clean air act|clean water act|cercla|superfund|environmental impact statement|nepa)\b/,
  },
  {
    area: "wills and trusts",
    re: /\b(died without a will|without a will|intestate succession|intestacy|holographic wills?|will contest|testamentary capacity|revoke (?:a|my|his|her) will|trust fund beneficiar\w*)\b/,
  },
  {
    area: "international law",
    re: /\b(international law|geneva conventions?|law of the sea|treaty of|international court of justice)\b/,
  },
  { area: "labor law", re: /\b(union organizing|collective bargaining|nlrb|unfair labor practice)\b/ },
];

/** The area outside the library that the question is about, or null. */
export function outsideArea(question: string): OutsideArea | null {
  const q = question.toLowerCase().replace(/[’]/g, "'");
  for (const { area, re, words } of AREAS) {
    const m = re.exec(q);
    if (m) return { area, stems: new Set(terms(`${m[0]} ${words ?? ""}`)) };
  }
  return null;
}

/**
 * A request that is not a law-school question at all (issue 13 §5c): health or safety ("a headache
 * with blurred vision", "chest pain", "overdose") or anything else outside the law (a cover letter,
 * a poem, the weather, code, recipes, money advice). Such a request is declined kindly, with no law
 * topic, and for health or safety with "see a doctor / call emergency services". A question that
 * also names the law ("sue", "liable", "negligence", "statute", a case) is a legal question.
 */
export type NotLegalKind = "health_safety" | "not_legal";

const HEALTH_SAFETY =
  /\b(headaches?|migraines?|blurr(?:ed|y) vision|chest pains?|short(?:ness)? of breath|can'?t breathe|dizz(?:y|iness)|faint(?:ed|ing)?|numbness|seizures?|fever|vomit\w*|bleeding|rash|symptoms?|ibuprofen|acetaminophen|tylenol|advil|aspirin|antibiotics?|painkillers?|medications?|medicine|dosage|dose|overdos\w*|pills?|prescription|pregnan\w*|suicid\w*|kill (?:myself|me)|end(?:ing)? (?:my|my own) life|end it all|don'?t see the point anymore|no reason to live|take my (?:own )?life|self[- ]harm|hurt myself|want to die|poison(?:ed|ing)?|stroke|heart attack|allerg\w*|sprain\w*|broken (?:arm|leg|bone)|concussion|infection|diagnos\w* (?:me|my)|therap(?:y|ist) for|depress(?:ed|ion)|anxiety attack|panic attack|gas leak|house is on fire|(?:is|am) being (?:followed|stalked|attacked)|in danger right now|emergency room)\b/;
const NOT_LEGAL =
  /\b(cover letter|resume|résumé|\bcv\b|poems?|haiku|sonnet|song lyrics|lyrics|limerick|short story|bedtime story|jokes?|riddle|weather|forecast|temperature (?:today|tomorrow|outside)|will it rain|recipes?|cook(?:ing)?|bake|baking|sourdough|curry|dinner ideas|workout|exercise routine|lose weight|diet plan|calories|python|javascript|typescript|\bcss\b|\bhtml\b|sql query|linked list|regex|excel formula|spreadsheet|center a div|compile|debug (?:my|this) code|stocks?|invest(?:ing|ment)?s?|crypto\w*|bitcoin|retirement savings|budget(?:ing)?|credit score|world series|super bowl|nba|nfl|football|soccer|basketball|movies?|netflix|tv shows?|video games?|vacation|travel|flights?|hotel|learn spanish|learn french|translate|capital of|tallest|planet|horoscope|dating advice|girlfriend|boyfriend|birthday (?:gift|present)|gift ideas|car (?:repair|maintenance)|oil change|fix my (?:car|laptop|phone|wifi))\b/;
/** Words that make a request a legal one even when it mentions one of the things above. */
const LEGAL_CUES =
  /\b(illegal|lawsuit|sue|sued|suing|court|judge|jury|liable|liability|negligen\w*|tort|contract|breach|statute|constitution\w*|amendment|crime|criminal|guilty|convict\w*|prosecut\w*|defendant|plaintiff|malpractice|battery|assault|defamation|libel|slander|hearsay|evidence|admissible|testify|testimony|witness|privilege|warrant|arrest\w*|police|property|landlord|tenant|lease|deed|easement|damages|injunction|estoppel|consideration|offer|acceptance|mbe|bar exam|rule|doctrine|elements?|tortious|trespass|nuisance|fraud|misrepresentation|warranty|ucc|fre|frcp|jurisdiction|due process|equal protection|first amendment|fourth amendment|miranda|insurer|insurance claim|informed consent|doctor'?s? (?:liable|negligen\w*)|hospital (?:is|was) (?:liable|negligent))\b/;

/** Whether `question` is not a law-school question, and which kind of decline it gets; null for legal questions. */
export function notLegal(question: string): NotLegalKind | null {
  const q = question.toLowerCase().replace(/[’]/g, "'");
  if (LEGAL_CUES.test(q)) return null;
  if (HEALTH_SAFETY.test(q)) return "health_safety";
  if (NOT_LEGAL.test(q)) return "not_legal";
  return null;
}
