/**
 * Areas of law Lexmate's library does not cover (decision 011). Business Associations (agency,
 * partnerships, LLCs, corporations, Rule 10b-5 and Section 16(b)) and professional responsibility
 * (the Model Rules) are covered since issue 18 §1, so they are no longer listed here.
 * Their vocabulary overlaps ours ("divorce" appears in the domestic-relations exception to
 * diversity jurisdiction, "tax" in the taxing power), so word
 * overlap alone would answer "How do I file for divorce?" from the diversity topic. A question
 * in one of these areas is declined unless it also names something of ours: a word of the best
 * topic's title that is not the area's own word, a case or a provision.
 */
import { isStory } from "./classify";
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
    re: /\b(how (?:is|are) (?:a |an |my |our )?\w+(?: \w+)? taxed|taxed (?:as|like|compared)|tax treatment|pay (?:income |federal |state )?tax(?:es)? on|tax (?:returns?|brackets?|credits?|deductions?|refunds?|forms?)|deduct\w*(?: \w+){0,4} (?:on|from) (?:my |your |our )?(?:\w+ ){0,2}tax(?:es)?|irs|capital gains?|estate tax|gift tax|payroll tax|self-employment tax|s[- ]corp(?:oration)? (?:election|status)|(?:elect|election of) s[- ]corp(?:oration)? status|roth|ira|401 ?\(?k\)?|w-?2|1099)\b/,
    words:
      "tax taxes taxed taxing taxation income deduct deduction irs gain gains return refund election self employment",
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
    re: /\b(copyrights?|copyrighted|trademarks?|trademarked|trade secrets?|patent (?:application|infringement|law|office|attorney)|(?:file|get|obtain|apply for) a patent|patented|fair use)\b/,
  },
  {
    area: "bankruptcy law",
    re: /\b(bankrupt(?:cy)?|chapter (?:7|11|13)\b|automatic stay|discharge (?:of )?(?:my |the )?debts?)/,
  },
  {
    area: "estate planning",
    re: /\b(probate|estate planning|living trusts?|power of attorney|executor of (?:my|an?|the) estate)\b/,
  },
  {
    area: "employment law",
    re: /\b(minimum wage|overtime(?: pay)?|fmla|wrongful termination|unemployment benefits|workers'? comp(?:ensation)?|paid (?:sick |family )?leave|on salary|salaried|non-?compete|at-will employ\w*|sexual harassment at work|title vii)\b/,
  },
  // Rule 10b-5 fraud, insider trading and Section 16(b) are Business Associations topics (issue 18 §1);
  // the SEC's filing and registration regime is not.
  {
    area: "securities regulation",
    re: /\b(sec filings?|(?:file|filing) (?:a |an |our )?(?:form )?(?:s-1|10-k|10-q|8-k)|registration statements?)\b/,
  },
  { area: "business licensing", re: /\b(business licen[sc]es?)\b/ },
  { area: "local housing regulation", re: /\b(rent (?:control|stabili[sz]ation|stabilized|controlled))\b/ },
  {
    area: "secured transactions (UCC Article 9)",
    re: /\b(article 9|ucc 9|secured transactions?|secured part(?:y|ies)|perfect(?:ion|ed|ing)?(?: of)? (?:a |the |my |his |her |its )?security interests?|security interests?|financing statements?|ucc-1|purchase[- ]money security)\b/,
    words: "article secured security interest perfect perfection financing statement collateral ucc creditor",
  },
  {
    area: "negotiable instruments (UCC Article 3)",
    re: /\b(negotiable instruments?|holders? in due course|promissory notes? (?:negotiab|endors)|ucc article 3|(?:endorse|indorse|cash|bounced?) (?:a |the |my )?checks?|personal defenses?)\b/,
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
    re: /\b(died without a will|without a will|intestate succession|intestacy|holographic wills?|handwritten wills?|(?:valid|write|make|draft|sign|witness) (?:a |my |his |her |the )?will|will (?:be )?valid|will contest|contest (?:a|the|my \w+'s) will|testamentary capacity|revoke (?:a|my|his|her) will|codicil|trust fund beneficiar\w*|spendthrift trust)\b/,
  },
  {
    area: "international law",
    re: /\b(international law|geneva conventions?|law of the sea|treaty of|international court of justice)\b/,
  },
  { area: "labor law", re: /\b(union organizing|collective bargaining|nlrb|unfair labor practice)\b/ },
];

/**
 * "My divorce lawyer", "a tax attorney", "the estate-planning lawyer": the lawyer's line of practice
 * names who the lawyer is, not what the question is about — a question about what that lawyer may
 * reveal, charge or do is Professional Responsibility (issue 18 §1), so the practice word does not
 * place it in an area outside the library. "How do I file for divorce?" still does.
 */
const LAWYER_BY_PRACTICE =
  /\b(?:divorce|family[- ]law|tax|immigration|bankruptcy|patent|trademark|ip|estate[- ]planning|probate|employment|labou?r)(?: law)? (?:lawyers?|attorneys?|counsel|firms?)\b/g;

/** The area outside the library that the question is about, or null. */
export function outsideArea(question: string): OutsideArea | null {
  const q = question.toLowerCase().replace(/[’]/g, "'").replace(LAWYER_BY_PRACTICE, "lawyer");
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

/** Danger to life now (suicide, self-harm, someone unresponsive): declined for safety even when law words appear. */
const SAFETY_FIRST =
  /\b(suicid\w*|kill(?:ing)? (?:myself|me)|end(?:ing)? (?:my|my own) life|end it all|don'?t see the point anymore|no reason to live|take my (?:own )?life|self[- ]harm|(?:hurt|hurting|harm|harming|cut|cutting) myself|want to die|(?:can'?t|cannot|won'?t|couldn'?t) wake (?:him|her|them|my \w+) up|(?:is|isn'?t|not|stopped) breathing|unconscious and|overdos\w*|took (?:a (?:whole )?bottle|too many) (?:of )?(?:pills|tablets)|gas leak|house is on fire|(?:is|am) being (?:followed|stalked|attacked)|in danger right now)\b/;
/**
 * Requests that are not a law-school question whatever words of the law they hold (decision 073):
 * an attempt to override the companion's instructions, help to harm, deceive or evade ("without
 * getting caught", a fake doctor's note, into someone's account), or someone's private data (a home
 * address, a phone number). Checked before the legal cue words ("police", "contracts professor").
 */
const NOT_LEGAL_FIRST =
  /\b(ignore (?:all |any )?(?:of )?(?:your |the |my )?(?:previous |prior |earlier )?(?:instructions|rules|guidelines)|(?:reveal|show|tell me|print|repeat) (?:me )?(?:your|the) (?:system )?(?:prompt|instructions)|system prompt|pretend (?:you are|you're|to be) an? (?:\w+ )?(?:ai|assistant|chatbot|bot|model)|(?:uncensored|unfiltered|jailbroken|jailbreak|developer mode|dan mode)|no (?:rules|restrictions|filters) (?:at all|whatsoever|anymore)|without (?:getting caught|being caught|anyone (?:knowing|noticing)|(?:him|her|them) knowing)|(?:how (?:do|can|could|would) (?:i|you|we|someone)|can (?:i|we)|could (?:i|we)) (?:\w+ )?get away with|avoid getting caught|(?:fake|forged?|counterfeit) (?:doctor'?s note|id|passport|prescription|signature|receipt|transcript|diploma)|(?:get|break|hack) into (?:my |his |her |their |someone'?s |an? )?(?:\w+'?s? )?(?:\w+ )?(?:account|email|phone|instagram|facebook)|home address|(?:cell |personal )?phone number of|social security number of|where (?:does|do) (?:my |his |her )?\w+ live|dox\w*)\b/;

/** Symptoms and medical questions: the request itself is about health. */
const HEALTH_SAFETY =
  /\b(headaches?|migraines?|blurr(?:ed|y) vision|chest pains?|pain in (?:my|his|her|the) (?:chest|head|stomach|side|back|arm|neck|leg)|crushing pain|short(?:ness)? of breath|can'?t breathe|dizz(?:y|iness)|faint(?:ed|ing)?|numbness|seizures?|fever|vomit\w*|rash|symptoms?|ibuprofen|acetaminophen|tylenol|advil|aspirin|antibiotics?|painkillers?|dosage|stroke|heart attack|allerg\w*|concussion|infection|diagnos\w* (?:me|my)|therap(?:y|ist) for|depress(?:ed|ion)|anxiety attack|panic attack|emergency room)\b/;
/** Words that show a health question only when the request is not a story of what happened. */
const HEALTH_WEAK =
  /\b(medications?|medicine|pills?|prescription|pregnan\w*|poison(?:ed|ing)?|bleeding|sprain\w*|(?:broken|broke|fractured?|dislocated|twisted) (?:my |his |her )?(?:arm|leg|bone|wrist|ankle|finger|toe|foot|hand|rib|nose|collarbone|shoulder))\b/;
/** Asking what to do now, which turns a story with a weak health word into a health request. */
const HELP_REQUEST =
  /\b(what (?:should|do|can) (?:i|we) do|should (?:i|we) (?:worry|be worried|go to|call|take)|is (?:it|this|that) serious|how (?:do|can|should) (?:i|we) (?:treat|stop|help)|what (?:should|can) (?:i|she|he) take)\b/;
/** A request for writing, code or trivia: the form itself is not a legal question, whatever it is about. */
const NOT_LEGAL_FORM =
  /^\s*(?:can you |could you |please |pls )?(?:help me )?(?:write|compose|draft|make up|give me|tell me)\s+(?:me\s+)?(?:a |an |some )?(?:short |funny |quick )?(?:poem|haiku|sonnet|limerick|song|rap|lyrics|jokes?|riddle|story|bedtime story|cover letter|thank[- ]you (?:note|email|letter|card)|birthday (?:message|card)|toast|speech for (?:my|a) (?:wedding|party))\b/;
const NOT_LEGAL =
  /\b(cover letter|resume|résumé|\bcv\b|poems?|haiku|sonnet|song lyrics|lyrics|limerick|short story|bedtime story|riddle|weather|forecast|temperature (?:today|tomorrow|outside)|will it rain|recipes?|cookies|cook(?:ing)?|bake|baking|sourdough|curry|dinner ideas|workout|exercise routine|lose weight|diet plan|calories|python|javascript|typescript|\bcss\b|\bhtml\b|sql query|linked list|regex|excel formula|spreadsheet|center a div|compile|debug (?:my|this) code|(?:bug|error) in my (?:code|script|program|loop)|stocks?|index funds?|mutual funds?|invest(?:ing|ment)?s?|crypto\w*|bitcoin|retirement savings|(?:my |our )?savings|pay off (?:my |the )?(?:car|credit|loan)|car loan|(?<!'s |the |its |their )budget(?:ing)?|credit score|world series|super bowl|nba|nfl|movies?|netflix|tv shows?|video games?|music|playlist|songs?|vacation|travel|flights?|hotel|plan (?:a |my |our )?(?:trip|vacation|party|wedding)|trip to|learn spanish|learn french|translate|capital of|tallest|planet|horoscope|dating advice|birthday (?:gift|present)|gift ideas|car (?:repair|maintenance)|oil change|fix my (?:car|laptop|phone|wifi)|e-?mail to (?:my )?(?:professor|teacher|boss|landlord|friend|mom|dad))\b/;
/** Words that make a request non-legal only when it is not a story of what happened (a "joke" or a "boyfriend" can be a fact). */
// "the school board's budget" (an institution's) is a fact of a story (decision 073); "a monthly budget" stays a finance request above.
const NOT_LEGAL_WEAK = /\b(jokes?|girlfriend|boyfriend|football|soccer|basketball|budgets?)\b/;

/** The occasion of a student's life, not a legal subject: "after the bar exam", "in law school". */
const STUDY_OCCASION = /\b(?:(?:the |my )?bar exam|the mbe|law school|1l year|finals)\b/g;

/**
 * Words that make a request a legal one even when it mentions one of the things above. The Business
 * Associations words (issue 18 §1) keep "a director sold his stock within six months" or "insider
 * trading on a tip" from being read as a request for investment advice.
 */
const LEGAL_CUES =
  /\b(illegal|lawsuit|sue|sued|suing|careless\w*|at fault|waiver|court|judge|jury|liable|liability|negligen\w*|tort|contract|breach|statute|constitution\w*|amendment|crime|criminal|guilty|convict\w*|prosecut\w*|defendant|plaintiff|malpractice|battery|assault|defamation|libel|slander|hearsay|evidence|admissible|testify|testimony|witness|privilege|warrant|arrest\w*|police|property|landlord|tenant|lease|deed|easement|damages|injunction|estoppel|consideration|offer|acceptance|mbe|bar exam|rule|doctrine|elements?|tortious|trespass|nuisance|fraud|misrepresentation|warranty|ucc|fre|frcp|jurisdiction|due process|equal protection|first amendment|fourth amendment|miranda|insurer|insurance claim|informed consent|doctor'?s? (?:liable|negligen\w*)|hospital (?:is|was) (?:liable|negligent)|lawyers?|attorneys?|counsel|law firms?|(?:board of )?directors?|shareholders?|stockholders?|corporations?|corporate|llcs?|limited liability|partnerships?|business partners?|fiduciar\w*|insider trading|inside information|10b-5|16\(b|short-swing|pierc\w* the (?:corporate )?veil|derivative (?:suits?|actions?)|securities|model rules?|conflicts? of interest|(?:actual|apparent|implied|express|inherent) authority|ratif\w*|(?:public|private|close|closely held) (?:company|corporation)|officers? (?:of|at) (?:a|the|our|my) (?:company|corporation|business))\b/;

/**
 * Whether `question` is not a law-school question, and which kind of decline it gets; null for legal questions.
 * `legalArea`: the question is in an area of law outside the library (scope.ts AREAS), so it is legal.
 */
export function notLegal(
  question: string,
  opts: { legalArea?: boolean; inLegalThread?: boolean } = {},
): NotLegalKind | null {
  const q = question.toLowerCase().replace(/[’]/g, "'");
  // Danger first: a student who mentions the bar exam and self-harm in one breath needs 988, not a rule.
  if (SAFETY_FIRST.test(q)) return "health_safety";
  if (NOT_LEGAL_FORM.test(q) || NOT_LEGAL_FIRST.test(q)) return "not_legal";
  // A question in an area of law we do not cover ("can I use a song under copyright?") is legal; the
  // bar exam or law school as the occasion ("plan a trip after the bar exam") does not make it legal.
  if (opts.legalArea || LEGAL_CUES.test(q.replace(STUDY_OCCASION, " "))) return null;
  if (HEALTH_SAFETY.test(q)) return "health_safety";
  if (NOT_LEGAL.test(q)) return "not_legal";
  // "She sold him pills", "her boyfriend inherited": in a story these are facts, not the request.
  // A follow-up in a legal thread varies that story's facts (decision 073): its weak words are facts too.
  const story = opts.inLegalThread || isStory(question);
  // …but a request for help with one ("she's bleeding, what should I do?") is a health matter even told as a story.
  if (HEALTH_WEAK.test(q) && (!story || HELP_REQUEST.test(q))) return "health_safety";
  if (!story && NOT_LEGAL_WEAK.test(q)) return "not_legal";
  return null;
}

/** Whether the question shows any sign of being about the law (a legal cue word). */
export function hasLegalCue(question: string): boolean {
  return LEGAL_CUES.test(question.toLowerCase().replace(/[’]/g, "'"));
}
