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
  /** The words that placed it there, as written (lower case). */
  match: string;
  /** Stems of the words that placed the question in the area. */
  stems: Set<string>;
}

/** `re` places a question in the area; `words` are the area's own words, which never anchor it to our topics. */
const AREAS: { area: string; re: RegExp; words?: string }[] = [
  {
    area: "tax law",
    re: /\b((?:gets? to|can|may|would|will) tax (?:their|my|his|her|the|your|our) (?:salary|income|wages|pay|paycheck|earnings)|how (?:is|are) (?:a |an |my |our )?\w+(?: \w+)? taxed|taxed (?:as|like|compared)|tax treatment|pay (?:income |federal |state )?tax(?:es)? on|tax (?:returns?|brackets?|credits?|deductions?|refunds?|forms?)|deduct\w*(?: \w+){0,4} (?:on|from) (?:my |your |our )?(?:\w+ ){0,2}tax(?:es)?|irs|capital gains?|estate tax|gift tax|payroll tax|self-employment tax|s[- ]corp(?:oration)? (?:election|status)|(?:elect|election of) s[- ]corp(?:oration)? status|roth|ira|401 ?\(?k\)?|w-?2|1099)\b/,
    words:
      "tax taxes taxed taxing taxation income deduct deduction irs gain gains return refund election self employment",
  },
  {
    area: "family law",
    re: /\b(divorce|child custody|(?:which|what) parent (?:(?:do|does|will|should|would) )?(?:the |their |our |my )?(?:kids?|child|children) (?:\w+ ){0,2}(?:live|lives|stay|stays|go|goes) with|(?:kids?|child|children) (?:\w+ ){0,2}(?:live|lives|stay|stays) with (?:after|when) (?:a couple|the parents|parents|we|they|my parents) (?:split|splits|separate|separates|break|breaks)|custody of (?:my|our|the) (?:kids?|child|children|son|daughter)|(?:parents|a couple|mom and dad|(?:my|her|his|their) (?:parents|mom and dad)) (?:\w+ ){0,2}(?:split|splits|separate|separates|separated|divorce|divorces|divorced|break up|breaks up|broke up)\b[^?]{0,150}\b(?:kids?|child|children|son|daughter|\d+[- ]?(?:year|yr)[- ]old)\b[^?]{0,60}\b(?:live with|lives with|living with|choose|chooses|gets to (?:pick|choose|decide)|wants to live|which (?:house|home|parent))|(?:kids?|child|children) (?:\w+ ){0,3}(?:gets? to|get to) (?:choose|pick|decide) (?:which|what|where)|(?:joint|sole|shared|primary|physical|legal) custody|custody (?:order|arrangement|dispute|battle|hearing|agreement)|(?:relocat\w*|move|moving) (?:away )?with (?:the|a|my|our|her|his) (?:child|kids?|son|daughter)|child support|alimony|spousal support|adopt(?:ing)? a (?:child|baby)|prenup(?:tial)?|visitation rights|paternity)\b/,
    words: "divorce marriage married spouse wife husband child children custody support alimony",
  },
  {
    area: "immigration law",
    re: /\b(green card|visas?|immigration|deportation|deported|asylum|naturali[sz]ation|h-?1b|uscis|work permits?|sponsor (?:her|him|me|them|us|my \w+|an? (?:employee|worker|foreign \w+))(?: for| so|$)|(?:stay|keep working|work|live) in the (?:us|u\.s\.|united states|country)\b[^.?!]{0,40}\b(?:after (?:graduat\w*|(?:her|his|my) (?:degree|program|visa))|long[- ]term|permanently))/,
  },
  {
    area: "intellectual property law",
    re: /\b(copyrights?|copyrighted|trademarks?|trademarked|trade secrets?|patent (?:application|infringement|law|office|attorney)|(?:file|get|obtain|apply for) a patent|patented|fair use|public domain|royalt(?:y|ies)|(?:protection|protected)\b[^.?!]{0,40}\b(?:songs?|recordings?|books?|novels?|photos?|photographs?|paintings?|movies?|films?|artwork|lyrics|brand names?|inventions?)|(?:songs?|recordings?|books?|novels?|photos?|photographs?|paintings?|movies?|films?|artwork|lyrics)\b[^.?!]{0,40}\b(?:protected|protection)|(?:use|using|sample|sampling|copy|copying|borrow|borrowing) (?:a |an )?(?:chunk|clip|part|portion|sample|snippet|bit|piece|section|few seconds|lines?) of (?:it|a song|the song|someone'?s \w+|his \w+|her \w+|their \w+|a (?:movie|film|book|photo))\b[^.?!]{0,60}\b(?:without (?:asking|permission|paying)|remix|mashup|mix ?tape|video|podcast|reel)|(?:stole|copied|ripped off|is (?:selling|using)) (?:my|our) (?:song|design|logo|photos?|artwork|invention|brand name|app idea)|covers? of (?:a |the |his |her |their |someone'?s )?songs?|(?:compulsory|mechanical|automatic) licen[cs]es?|(?:keep|stop (?:\w+ ){0,2}from|from) using (?:the|our|my|their|its|a) (?:same )?(?:business |brand |shop |store |company |restaurant )?name|(?:same|identical) (?:business |brand |shop |store |company )?name\b[^?]{0,120}\b(?:register\w*|who gets|keep using))\b/,
  },
  {
    area: "bankruptcy law",
    // Filing or declaring is the law; a party who "went bankrupt" is a fact of a torts or contracts story
    // (one of two polluters insolvent: joint and several liability), unless the user goes bankrupt.
    re: /\b(bankruptcy|(?:file|files|filed|filing|declare|declares|declared|declaring|(?:i|we|i'd|we'd|i'll|we'll|i'm|we're) (?:\w+ )?(?:go|went|going)) (?:for )?bankrupt\w*|chapter (?:7|11|13)\b|automatic stay|discharge (?:of )?(?:my |the )?debts?|(?:wipe|wiping|wiped|erase|erasing|erased|clear|clearing) (?:\w+ ){0,2}(?:out )?(?:all )?(?:of )?(?:my |their |his |her |your |the )?(?:debts?|credit card (?:debt|bills)|medical (?:debt|bills))|(?:debts?|bills)\b[^.?!]{0,80}\b(?:wip(?:e|ing|ed)(?: \w+){0,2} out|(?:erase|erased|erasing)\b|(?:court[- ]approved |court )?(?:repayment|payment) plan)|collection calls (?:have to |must |would |to )?stop|(?:goes?|went|going) (?:to court )?to reorgani[sz]e|reorgani[sz]\w* (?:in|through|under) (?:court|bankruptcy)|owes? (?:way |much |far )?more than (?:it|he|she|they) (?:has|owns|is worth)|(?:pay|repay) (?:\w+ ){0,2}creditors (?:only )?(?:part|a (?:portion|fraction)|some|less)|(?:pay|repay)(?: \w+){0,4} (?:over|across) (?:three|3) (?:to|or) (?:five|5) years)/,
    words:
      "bankruptcy chapter petition stay trustee debtor creditor discharge lease tenant landlord possession judgment sheriff evict eviction",
  },
  {
    area: "estate planning",
    re: /\b(probate|estate planning|living trusts?|power of attorney|executor of (?:my|an?|the) estate)\b/,
  },
  {
    area: "employment law",
    re: /\b(minimum wage|overtime(?: pay)?|fmla|wrongful termination|unemployment benefits|workers'? comp(?:ensation)?|paid (?:sick |family )?leave|on salary|salaried|non-?compete|at-will employ\w*|sexual harassment at work|title vii)\b/,
  },
  {
    area: "labor law",
    re: /\b((?:fire|fired|firing|discipline|punish|retaliat\w*)\b[^.?!]{0,100}\b(?:compar\w+ (?:their |our |his |her )?(?:hourly )?(?:pay|wages|salar\w*|raises)|(?:discuss|talk)\w* (?:about )?(?:their |our )?(?:pay|wages|salar\w*)|walk\w* (?:off the job|out together)|walkout)|(?:not|none of (?:them|us|the \w+)) (?:are |is |were )?in a union|non-?union (?:workers|employees|shop)|national labor relations|nlra|nlrb|labor board|labou?r unions?|(?:form|forming|join|joining|organiz\w+|start|starting) (?:a |the )?unions?|union (?:organiz\w+|drive|dues|rep(?:resentative)?|election|contract)|collective bargaining|unfair labou?r practices?|(?:go|going|went) on strike|picket(?:ing)? line)\b/,
    words:
      "labor union unions organize organizing bargaining strike employer employee employees employ worker workers coworkers fire fired job work workplace talk talking speech private company companies pay wages",
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
    area: "insurance law",
    re: /\b(policy limits?|excess (?:verdict|judgment)|bad[- ]faith (?:failure|refusal) to settle|duty to defend|(?:carrier|insurer|insurance company)\b[^.?!]{0,120}\b(?:turn\w* down|refus\w*|reject\w*) (?:a |the )?settlement|(?:homeowner'?s?|renter'?s?|auto|car|health|life|home|flood|fire) (?:insurance )?(?:policy|insurer|insurance)(?: company)?\b[^?]{0,100}\b(?:refus\w*|den(?:y|ies|ied)|won'?t pay|(?:not|isn'?t) cover\w*)|(?:insurer|insurance company)\b[^?]{0,60}\b(?:den(?:y|ies|ied)|refus\w* to pay)\b[^?]{0,60}\b(?:claim|coverage|late|notice))\b/,
    words:
      "insurance insurer insurers carrier liability policy limit limits coverage verdict settlement offer excess judgment jury defend",
  },
  {
    area: "wills and trusts",
    re: /\b(died without a will|without a will|(?:with|leaving|left) no will|no will at all|(?:didn'?t|never|did not) (?:have|leave|make|write) a will|(?:dies|died|passes away|passed away) without (?:leaving )?(?:a will|any (?:will|instructions|plan))|(?:which|what) (?:relatives|family members|heirs) (?:inherit|get)|(?:relatives|heirs|next of kin|stepkids?|stepchild(?:ren)?)\b[^.?!]{0,40}\binherit\w*|inherit\w*\b[^.?!]{0,40}\b(?:stepkids?|stepchild(?:ren)?|next of kin)|intestate succession|intestacy|holographic wills?|handwritten wills?|(?:valid|write|wrote|make|made|draft|drafted|sign|signs|signed|witness|witnessed) (?:a |my |his |her |the )?will|will (?:be )?valid|will contest|contest (?:a|the|my \w+'s) will|testamentary capacity|revoke (?:a|my|his|her) will|codicil|trust fund beneficiar\w*|spendthrift (?:trusts?|clauses?|provisions?)|(?:revocable|irrevocable|living) trusts?|(?:sign\w*|notari\w*|witness\w*)[^.?!]{0,60}(?:when|after) (?:she|he) (?:dies|died)|(?:when|after) (?:she|he) (?:dies|died)[^.?!]{0,80}(?:witness\w*|notari\w*)|as if (?:she|he) (?:had )?left nothing|(?:in (?:his|her|their) own handwriting|handwritten)\b[^?]{0,120}\b(?:signed|witness\w*|goes to|go to|gets?|leav\w+|left)|(?:late|deceased) (?:uncle|aunt|father|mother|dad|mom|grandfather|grandmother|grandma|grandpa|brother|sister|husband|wife|cousin|partner)\b[^?]{0,200}\b(?:who gets|goes to|go to|inherit\w*|(?:his|her) (?:stuff|things|belongings)))\b/,
    words:
      "will wills witness witnesses notarized notary signed paper house nephew niece kids children heirs inherit dies died estate",
  },
  {
    area: "public benefits law",
    re: /\b(the va\b|veterans'? (?:affairs|benefits)|va (?:disability|benefits|rating|claim)|disability (?:rating|percentage|benefits|claim)|social security (?:disability|benefits|retirement)|ssdi|medicaid|medicare|food stamps|snap benefits|unemployment insurance)\b/,
  },
  {
    area: "international law",
    re: /\b(international law|geneva conventions?|law of the sea|treaty of|international court of justice)\b/,
  },
];

/**
 * "My divorce lawyer", "a tax attorney", "the estate-planning lawyer": the lawyer's line of practice
 * names who the lawyer is, not what the question is about — a question about what that lawyer may
 * reveal, charge or do is Professional Responsibility (issue 18 §1), so the practice word does not
 * place it in an area outside the library. "How do I file for divorce?" still does.
 */
const LAWYER_BY_PRACTICE =
  /\b(?:divorce|family[- ]law|tax|immigration|bankruptcy|patent|trademark|ip|estate[- ]planning|probate|employment|labou?r)(?: law)? (?:lawyers?|attorneys?|counsel|firms?)\b/g;

/** The student names the covered subject the question is in ("Contracts question: …", "for Torts,"). */
const SUBJECT_LABEL =
  /^\W*(?:(?:a|an|my|quick|one|another) )?(?:contracts?|torts?|evidence|civ(?:il)? ?pro(?:cedure)?|con ?law|constitutional law|crim(?:inal)? (?:law|pro(?:cedure)?)|real property|property|business associations|professional responsibility|mbe) (?:question|hypo(?:thetical)?|problem|issue|essay)\b/;
/**
 * A question about the forum (federal jurisdiction, removal, venue), the Constitution, or a covered
 * doctrine asked outright (hearsay, admissibility, whether a promise binds), which the library
 * covers even when the dispute is from an uncovered area (a will contest, a Title VII suit, a bonus).
 */
const FORUM_OR_CONSTITUTION =
  /\b((?:without|no) (?:a |any )?(?:hearing|notice and (?:a )?hearing)|without (?:letting|giving) (?:me|him|her|them|us) (?:a chance to )?(?:tell|explain|respond|be heard|tell (?:my|his|her|their) side)|preempt\w*|supremacy clause|(?:a|the) federal thing|(?:can|may|could) (?:a|the|my) state (?:\w+ ){0,3}(?:make it a (?:\w+ )?crime|pass a law|ban|outlaw|criminali[sz]e)|federal courts? (?:hear|take|have jurisdiction)|(?:can|could|may|would) (?:a |the )?federal court|diversity (?:jurisdiction|of citizenship)|subject[- ]matter jurisdiction|amount in controversy|remov(?:e|ed|es|al|ing)\b[^.?!]{0,30}\bto federal court|hearsay|admissib\w*|promissory estoppel|(?:is|was|are) (?:the|this|that|such a|his|her|their) promises? (?:enforceable|binding)|personal jurisdiction|domestic[- ]relations exception|probate exception|unconstitutional|(?:violate|violates|violating) the (?:constitution|first amendment|fourteenth amendment|commerce clause|due process clause|equal protection clause)|commerce clause|taxing (?:and spending )?power|spending clause|congress(?:ional)?|(?:house|senate) (?:alone|of representatives)|(?:house|senate) or the (?:house|senate)|in federal court|in (?:a |the )?(?:federal|u\.s\.|united states) district court|(?:has not|hasn'?t|never|did not|didn'?t|not) consented to (?:be(?:ing)? )?su(?:it|ed)|eleventh amendment|sovereign immunity|sue (?:my |the |a )?state(?:'s)? (?:\w+ ){0,2}(?:in federal court|for))\b/;

/**
 * A lawyer's own conduct — the fee, whom the lawyer may represent, what it may reveal, withdrawing,
 * soliciting — is Professional Responsibility (issue 18 §1) in every practice area: "a lawyer takes
 * a divorce for 30 % of the alimony" asks about the fee, not family law. Both a lawyer word and a
 * conduct word are needed; "my lawyer says I should file for divorce" stays in its area.
 */
const LAWYER =
  /\b(?:lawyers?|attorneys?|counsel|law firms?|(?:new|first-year|junior|senior) associate|(?:supervising|managing|senior) partner|(?:just )?passed the bar|(?:bar|law) license|licensed to practice|practic(?:e|es|ed|ing) law|(?:solo|sole) practitioner|(?:asked|hired|retained|wants?|wanted) me to (?:handle|take|represent|defend) (?:her|his|their|its|the)|(?:can|may|could|should) (?:i|we) (?:take|handle|accept|take on) (?:a|an|the|this|that|her|his|their) (?:[\w-]+ ){0,2}(?:case|matter|client)|(?:on|for) (?:a )?contingen\w*(?: fee)?(?: basis)?|contingen\w* fees?)\b/;
const LAWYER_CONDUCT =
  /\b(?:model rules?|candou?r|tell the (?:court|tribunal|judge)|disclos\w*|(?:client|she|he) (?:lied|lies)|perjur\w*|false (?:evidence|statements?|testimony)|fees?|contingen\w*|retainer|\d+ percent|percent(?:age)? of|(?:a |his |her |their )?(?:cut|share) of (?:what|whatever|the (?:award|settlement|recovery|property|alimony|support))|represent\w*|conflicts? of interest|confiden\w*|withdraw\w*|advertis\w*|solicit\w*|trust account|malpractice|ethic\w*|(?:lawyers?|attorneys?) (?:\w+ ){0,2}(?:allowed|permitted)|(?:both|two|opposite) sides|both of us|reprs?i?ent\w*|disciplin\w*|disbar\w*|(?:get|be|am i) in trouble|bar complaint|(?:contact|text\w*|call\w*|email\w*|talk\w*)(?: \w+){0,4} directly|split\w* (?:all )?(?:the )?(?:profits|fees)|supervis\w*)\b|\d+ ?%/;

/** The area outside the library that the question is about, or null. */
export function outsideArea(question: string): OutsideArea | null {
  const q = question.toLowerCase().replace(/[’]/g, "'").replace(LAWYER_BY_PRACTICE, "lawyer");
  // Which court may hear a divorce or a tax case, or whether a tax is constitutional, is Civil
  // Procedure or Constitutional Law, whatever the area of the underlying dispute; what a lawyer may
  // charge or do is Professional Responsibility.
  if (FORUM_OR_CONSTITUTION.test(q) || SUBJECT_LABEL.test(q)) return null;
  if (LAWYER.test(q) && LAWYER_CONDUCT.test(q)) return null;
  for (const { area, re, words } of AREAS) {
    const m = re.exec(q);
    if (m) return { area, match: m[0], stems: new Set(terms(`${m[0]} ${words ?? ""}`)) };
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
export type NotLegalKind = "health_safety" | "not_legal" | "personal_legal_advice" | "harmful" | "privacy";

/** Danger to life now (suicide, self-harm, someone unresponsive): declined for safety even when law words appear. */
const SAFETY_FIRST =
  /\b(my chest (?:\w+ ){0,3}(?:tight|pressure|crushing|squeez\w*)|(?:tight(?:ness)?|pressure|crushing pain) in my chest|my (?:left )?arm (?:\w+ ){0,3}(?:numb|tingl\w*)|my face (?:\w+ ){0,2}droop\w*|slurr\w* my (?:words|speech)|suicid\w*|kill(?:ing)? (?:myself|me)|end(?:ing)? (?:my|my own) life|end it all|don'?t see the point anymore|no reason to live|take my (?:own )?life|self[- ]harm|(?:hurt|hurting|harm|harming|cut|cutting) myself|want to die|(?:can'?t|cannot|won'?t|couldn'?t) wake (?:him|her|them|my \w+) up|(?:is|isn'?t|not|stopped) breathing|unconscious and|overdos\w*|took (?:a (?:whole )?bottle|too many) (?:of )?(?:pills|tablets)|gas leak|house is on fire|(?:is|am) being (?:followed|stalked|attacked)|in danger right now|(?:be |are |is )?better off (?:without me|if i (?:was|were|wasn'?t|weren'?t) (?:gone|dead|around|here|alive)|if i (?:died|disappeared))|(?:don'?t|do not|no longer) want to (?:be alive|live anymore|exist|be here anymore|keep living|wake up (?:anymore|again|tomorrow))|wish (?:i|that i) (?:was|were) (?:dead|never born|gone)|wish i (?:could )?(?:disappear|never wake up|wouldn'?t wake up|didn'?t wake up)|(?:no|not any|don'?t see any) (?:point|reason) (?:in |to )?(?:living|being alive|going on|keep going)|can'?t go on (?:anymore|any more|like this)|not (?:be|being) around (?:anymore|any more)|(?:ending|end) it (?:all|tonight)|unalive|give up on (?:life|living)|(?:my|our) (?:\w+ ){0,2}(?:roommate|friend|partner|mom|dad|mother|father|brother|sister|son|daughter|wife|husband|boyfriend|girlfriend|kid|baby|classmate|coworker)\b[^.?!]{0,60}\b(?:collapsed|passed out|won'?t wake up|unresponsive|not responding|not breathing|breathing (?:really |very )?(?:weird\w*|strange\w*|funny|shallow\w*))|cut(?:ting)? (?:myself|(?:my|on my) (?:arms?|wrists?|legs?|thighs?|skin))|(?:burn|burning|burned|scratch|scratching|hit|hitting|punch|punching) (?:myself|my (?:arms?|wrists?|legs?|thighs?|skin))|(?:holding|held|hold|put|putting|press\w*) (?:a |the )?(?:\w+ )?(?:lighter|match|flame|cigarette|knife|blade|razor)\b[^.?!]{0,40}\b(?:to|on|against|into) (?:my|the inside of my) (?:\w+ )?(?:wrists?|arms?|skin|legs?|thighs?)|once i'?m (?:not around|gone|dead)|(?:after|when) i'?m gone|it won'?t be long now|(?:written|wrote|writing) (?:letters|notes|a letter|a note) to (?:my )?(?:parents|family|mom|dad|best friend|sister|brother)|(?:giving|gave|give) (?:away )?(?:all )?(?:my|most of my) (?:\w+ (?:and|&) )?(?:most of my )?(?:stuff|things|belongings|possessions)(?:[^.?!]{0,60})(?:won'?t need|not going to need|don'?t need)|(?:note|letter|tell|know)[^.?!]{0,60}(?:isn'?t|is not|wasn'?t|not) (?:their|your) fault|suicide note|goodbye (?:note|letter)|i'?m not (?:sticking|going to be|gonna be) around|i won'?t be around (?:much longer|anymore))\b/;
/** The events among SAFETY_FIRST (as opposed to a wish to die or self-harm): in a story they may be facts. */
const SAFETY_EVENT =
  /overdos|breathing|unconscious|collapsed|passed out|wake|unresponsive|not responding|too many|bottle|gas leak|on fire/;

/**
 * Requests that are not a law-school question whatever words of the law they hold (decision 073):
 * an attempt to override the companion's instructions, help to harm, deceive or evade ("without
 * getting caught", a fake doctor's note, into someone's account), or someone's private data (a home
 * address, a phone number). Checked before the legal cue words ("police", "contracts professor").
 */
const NOT_LEGAL_FIRST =
  /\b(ignore (?:all |any |every |each )?(?:of )?(?:your |the |my )?(?:previous |prior |earlier |other |former )?(?:instructions?|rules?|guidelines?|directions?|prompts?)|(?:never|don'?t|do not|won'?t) break(?:s|ing)? character|stay(?:s|ing)? in character|you are now (?:an? )?[a-z]+|no (?:subject )?(?:limits|limitations|refusals)|(?:without|with no) (?:any )?(?:limits|refusals|restrictions|disclaimers)|(?:paste|print|show|reveal|output|dump|share) (?:me )?(?:your |the )?(?:hidden|secret|internal|original|full) (?:instructions|prompt|rules)|(?:reveal|show|tell me|print|repeat) (?:me )?(?:your|the) (?:system )?(?:prompt|instructions)|system prompt|(?:disclose|reveal|paste|print|show|output|dump|share|repeat|give me)\b[^.?!]{0,30}\b(?:configuration|config\b|config(?:uration)? text|hidden instructions|scope rules|hidden prompt|prompt text|system message|(?:the |your )?rules you (?:run|operate|work) under)|(?:answer|respond to) (?:every|any|all) (?:question|request)s?\b[^.?!]{0,30}\b(?:whether or not|even if|regardless)\b[^.?!]{0,30}\b(?:library|scope|covered|allowed)|(?:scope|library) (?:restrictions?|limits?) (?:are |is )?(?:disabled|off|lifted|removed)|pretend (?:you are|you're|to be) an? (?:\w+ )?(?:ai|assistant|chatbot|bot|model)|(?:uncensored|unfiltered|jailbroken|jailbreak|developer mode|dan mode)|no (?:rules|restrictions|filters) (?:at all|whatsoever|anymore)|without (?:getting caught|being caught)|(?:how (?:do|can|could|would) (?:i|you|we|someone)|can (?:i|we)|could (?:i|we)) (?:\w+ )?get away with|avoid getting caught|(?:fake|forged?|counterfeit) (?:doctor'?s note|id|passport|prescription|signature|receipt|transcript|diploma)|(?:get|break|hack) into (?:my |his |her |their |someone'?s |an? )?(?:\w+'?s? )?(?:\w+ )?(?:account|email|phone|instagram|facebook)|(?:find|get|look up|tell me|give me|what(?:'s| is)|where(?:'s| is)) (?:[\w-]+'?s? ){0,3}home address|home address of|(?:cell |personal )?phone number of|social security number of|where (?:does|do) (?:my |his |her )?\w+ live|dox\w*)\b/;

/**
 * Advice on the student's own, real legal matter (a pending case, a hearing, a plea offer, a filing
 * they will sign): Lexmate is a study tool, not a lawyer, so it declines and points to one. Both a
 * sign that the matter is real and theirs (`REAL_MATTER`) and a request for what to do in it
 * (`ADVICE_REQUEST`) are needed: "I offered to sell my car to Bob — is there a contract?" is a
 * study hypothetical told in the first person, and stays a legal question.
 */
const REAL_MATTER =
  /\b(my (?:real|actual|own|pending|current) (?:legal )?(?:case|lawsuit|suit|hearing|trial|court (?:date|case)|eviction|divorce|custody case|charges?|arrest|ticket|citation|deposition|claim|matter|settlement|dispute)|(?:this|it)(?: is|'s) (?:my )?(?:a )?real (?:case|situation|lawsuit|thing)|(?:this|it) (?:is|'s) (?:not|n'?t) (?:a )?hypothetical|not a hypothetical|for real|in real life|case (?:no\.?|number|#) ?:? ?\d|no\. \d{2,4}-|(?:my|our) (?:\w+ ){0,2}(?:hearing|trial|court date|arraignment|deposition|sentencing|mediation) is (?:tomorrow|today|tonight|on|next|this|in \d|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|arraignment is|(?:i'?ll|i will|i'?m going to|i am going to|i plan to|that i'?ll|i have to) (?:sign and )?file (?:it |this )?(?:with|in|at) (?:the )?court|(?:offered|offering) me (?:a |the )?(?:plea|deal|settlement)|(?:i|we) (?:got|was|were|just got|have been|'ve been|am being)\b[^.?!]{0,30}\b(?:arrested|charged|sued|served|indicted|evicted|ticketed) (?:last|this|yesterday|today|on)|(?:emailed|sent|offered|gave|mailed) me (?:a |the |an )?(?:release|settlement|plea|deal|severance)|(?:offering|offered) (?:me )?\$\s?\d|offer expires|(?:sent|gave|emailed|handed) me (?:a |an |the )?(?:\w+ ){0,2}(?:agreement|contract|release|settlement|offer|lease|waiver)\b[^.?!]{0,40}\bto sign by|(?:sign|respond|answer)(?: it)? by (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|next week|the end of (?:the )?(?:day|week))|(?:i'?m|i am) not hiring a lawyer|without (?:hiring |paying )?a lawyer|(?:just )?locked me out of (?:my |our )|(?:i|we) (?:got|was|were) (?:\w+ )?(?:arrested|charged|sued|served|indicted|evicted) for real|i can'?t afford a lawyer|(?:texted|emailed|called|messaged|wrote to|told) (?:me|us) (?:this morning|today|yesterday|last night|tonight|earlier today)|(?:i|we) (?:want|need|plan|intend|'m going|am going|'re going|are going) to\b[^.?!]{0,80}\b(?:tomorrow|tonight|this week|today|by (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)))/;
/** A date of the student's own life ("tonight", "next tuesday", "the 14th")… */
const REAL_DATE =
  /\b(?:tonight|tomorrow|yesterday|this (?:morning|afternoon|evening)|last (?:night|saturday|sunday|monday|tuesday|wednesday|thursday|friday)|next (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:is|on) the \d{1,2}(?:st|nd|rd|th))\b/;
/** …makes a matter real when the matter is a legal one: a court, a landlord, the police, a partner. */
const MATTER =
  /\b(?:hearing|court|judge|ticket|citation|lawsuit|su(?:e|ed|ing)|landlord|lease|police|cops?|charged|arrest\w*|mediat\w*|deposition|contract|agreement|settlement|small claims|evict\w*|business (?:account|partner)|partner|co-?founder|co-?owner|boss|employer|fired|trial|plea)\b/;
const ADVICE_REQUEST =
  /\b(should (?:i|we) (?:just |really |even )?(?:take|accept|sign|plead|settle|go to|fight|file|appeal|agree|say|tell|hold out)|what (?:exactly |precisely )?(?:do|should|can) (?:i|we) (?:say|do|tell|argue|file)|tell (?:me|us) (?:step[- ]by[- ]step |exactly )?what (?:to|i should|we should)|what to do (?:this week|now|next|today|tomorrow)|what (?:exactly )?(?:should|do|can) (?:i|we) (?:text|write|reply|respond|email|send|answer)(?: back| to (?:him|her|them))?|do (?:i|we) (?:actually |really |legally )?have to (?:leave|move out|go|pay|sign|agree)|draft (?:the|my|our|a) |write (?:the|my|our) (?:\w+ )?(?:motion|brief|opposition|complaint|answer|response|petition|letter)|(?:take|accept) (?:it|the (?:plea|deal|offer|settlement))|go to trial|represent (?:me|us)|help me (?:win|beat|fight|get out of|get off)|how (?:do|can) i (?:win|beat|fight|get out of|get off|get the case dismissed))/;

/**
 * Help to obstruct justice or evade the law, phrased with its legal words ("without it counting as
 * witness tampering", "so the court can't find my assets"): declined, however legal its vocabulary.
 * A question about such a crime's elements ("is it witness tampering if D asks her to recant?")
 * asks how to act on nothing and stays a legal question.
 */
const HARMFUL =
  /\b((?:wipe|delete|destroy|shred|erase|get rid of)\b[^.?!]{0,60}\bso (?:that )?(?:nobody|no one|they|it|the other side|the police|the court|no lawyer) (?:can|could|will|would)(?:n'?t| not| never)? (?:ever )?(?:recover|find|see|read|restore|get)|(?:testify|testifies|witness|deposition|the stand|subpoena\w*)\b[^?]{0,100}\b(?:get|make|convince|persuade|pay|bribe)\w* (?:her|him|them) (?:to )?(?:say|testify|tell|claim|forget|change)|(?:get|make|convince|persuade|pay)\w* (?:her|him|them) (?:to )?(?:say|testify|claim) (?:that )?(?:she|he|they) (?:didn'?t|did not|never|wasn'?t|couldn'?t)\b|(?:without|but (?:not|wouldn'?t|won'?t|doesn'?t)|that (?:wouldn'?t|won'?t|doesn'?t|does not|would not)|so (?:it|that it) (?:doesn'?t|won'?t|wouldn'?t)) (?:it )?(?:technically |legally |actually )?(?:counting as|count(?:s)? as|be(?:ing)? (?:considered|treated as|charged (?:with|as))|looking like|look like|getting (?:charged|in trouble) (?:with|for)) (?:\w+ ){0,3}(?:tampering|obstruction|perjury|fraud|a crime|a felony|illegal|bribery|contempt|intimidation|violat\w*|breaking (?:it|the order))|(?:get around|evade|dodge|sidestep|work around) (?:a |the |her |his |my |their )?(?:protective|restraining|no[- ]contact|stay[- ]away|court) order|scare (?:her|him|them|the (?:\w+ )?witness)(?: \w+){0,2} (?:out of|into not|away from|off) (?:showing up|testifying|coming|talking)|(?:so|so that) (?:my |the |her |his |our |an? )?(?:creditors?|ex\w*|spouse|wife|husband|court|irs|police|cops|prosecutors?|trustee|judge|investigators?|(?:forensic )?examiners?)(?:'s)?(?: \w+){0,2} (?:can'?t|cannot|won'?t|will not|never) (?:reach|get|touch|find|see|recover|trace|seize)|(?:wipe|delete|destroy|shred|erase|get rid of)\b[^.?!]{0,60}\b(?:subpoena\w*|before (?:my |the |his |her )?(?:deposition|trial|hearing|discovery|court date)|can'?t (?:be )?recover\w*)|subpoena\w*[^.?!]{0,80}\b(?:wipe|delete|destroy|shred|erase|get rid of)|(?:hide|move|stash|transfer|put|shift)\b[^.?!]{0,60}\b(?:assets|money|income|savings|funds|cash|property)\b[^.?!]{0,80}\bso (?:that )?(?:it|they|the court|my (?:wife|husband|ex|spouse)|the (?:irs|trustee|creditors?|judge))\b[^.?!]{0,30}\b(?:doesn'?t|don'?t|can'?t|won'?t|cannot) (?:show up|find|see|count|reach|get|touch|trace)|(?:delete|wipe|destroy|shred|erase|get rid of)\b[^.?!]{0,80}\bbefore (?:a |the |any )?(?:litigation hold|lawsuit|suit|subpoena|discovery|preservation (?:letter|notice))|(?:pass|beat|cheat|fool) (?:a |the |my )?(?:\w+ )?(?:drug test|breathalyzer|polygraph|urine test|piss test)|(?:best|easiest|safest|quickest) way to (?:get|make|convince|persuade|pressure|pay|scare) (?:the |a |my |our |his |her )?(?:\w+ )?witness|(?:get|make|convince|persuade|pressure|pay|scare) (?:the |a |my |our |his |her )?(?:\w+ )?witness (?:to )?(?:change (?:her|his|their) (?:story|testimony)|not (?:to )?(?:testify|show up)|recant|stay (?:quiet|silent)|lie|disappear)|(?:hide|move|stash|transfer) (?:my |our )?(?:money|assets|income|savings|property)(?: \w+){0,3} (?:so (?:that )?(?:my|the|her|his) (?:ex|spouse|wife|husband|creditors?|court|lawyers?|irs|trustee)\w*(?: \w+){0,4} (?:can'?t|cannot|won'?t|doesn'?t|don'?t) (?:find|see|get|touch|reach)|from (?:my (?:ex|spouse|wife|husband)|the (?:court|irs|trustee|creditors?)))|(?:destroy|get rid of|delete|shred|wipe|hide) (?:the |my |all the )?(?:evidence|texts|messages|records|documents|emails)(?: \w+){0,3} (?:before (?:the )?(?:police|cops|discovery|trial|subpoena|they)|so (?:the )?(?:police|cops|prosecutor|court|they) (?:can'?t|won'?t))|(?:lie|lying) (?:to the (?:police|judge|court|jury|investigators?)|under oath) (?:and|without|so)|(?:avoid|evade|outrun|get away from) (?:the )?(?:police|cops) (?:checkpoint|after|when|if))/;

/** The user speaks of themselves. */
const FIRST_PERSON = /\b(i|i'm|i've|i'll|i'd|me|my|mine|we|we're|our|us)\b/;

/**
 * Doing something to someone behind their back: a request when it is the user's own plan ("how do I
 * read her texts without her knowing?"), a fact when a story tells it ("someone slipped drugs into
 * his drink without him knowing": involuntary intoxication).
 */
const COVERT = /\bwithout (?:anyone (?:knowing|noticing)|(?:him|her|them) (?:knowing|noticing|finding out))\b/;

/**
 * Someone else's private data: another student's questions, scores or account, or a person's
 * address or phone number. Lexmate never shows one student's work to another.
 */
const PRIVACY =
  /\b((?:list|names?|all|every(?:one)?|each)\b[^.?!]{0,60}\b(?:students?|users?|people|members|classmates)\b[^.?!]{0,40}\b(?:who use|using|on|signed up (?:for|to)) (?:this|the|your) (?:app|site|platform|lexmate)|(?:which|what) (?:subjects?|topics?|questions?|scores?) (?:each|every one|all) of them|(?:(?:show|give|tell|send) me|pull up|look up)\b[^.?!]{0,80}\b(?:her|his|their) (?:\w+ ){0,2}(?:scores|grades|results|progress|notes|chats|questions|history)|(?:pull up|look up|show me|tell me|give me|check|see) (?:what|everything)\b[^.?!]{0,60}\b(?:has|have|'s|'ve) been (?:asking|studying|searching|typing|saying to|telling)(?: you)?|what (?:my )?(?:classmate|roommate|friend|study partner)\b[^.?!]{0,40}\b(?:has been|is|was|'s been) (?:studying|asking|doing|working on)|(?:what|which|show me|tell me|see|list|pull up)\b[^.?!]{0,40}\b(?:the )?(?:other people|others|everyone else|other members|the rest of (?:my|the) (?:\w+ )?(?:group|class|cohort|section))(?: \w+){0,8} (?:been )?(?:asking|asked|ask|typing|searching)(?: you)?|(?:pull up|look up|show me|give me|tell me|check) (?:his|her|their|[a-z]+'s) (?:\w+ ){0,2}(?:scores|grades|results|history|questions|chats|progress|weakest subjects|answers|account)|(?:professor|teacher|dean|classmate|roommate|ex|neighbor)'?s? (?:home |personal |cell )?(?:address|phone number|email address)|where (?:my |the |our )?(?:professor|classmate|ex|teacher|dean) lives|(?:my |a |another |other )?(?:classmates?|roommates?|coworkers?|friends?|study (?:partners?|group)|other (?:users?|students?)|another (?:user|student))'?s? (?:\w+ ){0,3}(?:questions|scores|grades|chats?|messages|conversations|history|answers|notes|accounts?|progress|results|flashcards|searches)|(?:questions|chats|messages|scores|grades|conversations|answers) (?:that )?(?:my |other |another )?(?:classmates?|roommates?|friends?|users?|students?)(?: [a-z]+){0,3} (?:asked|sent|got|had|made|wrote)|what (?:did|has|have) (?:other (?:users|students)|my (?:classmate|roommate|friend)|another (?:user|student)|\w+ \w+) (?:asked|ask) you|(?:show|give|tell) me (?:\w+ ){0,2}(?:other (?:users|students)|another (?:user|student))'?s?)/;

/** Symptoms and medical questions: the request itself is about health. */
const HEALTH_SAFETY =
  /\b((?:swollen|swelling)\b[^.?!]{0,60}\b(?:hurts|pain\w*|warm|hot|red|for (?:\d+|a few|two|three) (?:days|weeks))|tight(?:ness)? in (?:my |the )?chest|chest (?:tightness|pressure|feels tight)|(?:arm|hand|face|leg|fingers?)s? (?:\w+ ){0,2}(?:numb|tingl\w*)|hear(?:ing)? (?:voices|someone (?:say|call)\w* my name|things (?:that )?(?:aren'?t|are not) there)|(?:slept|sleeping|sleep) (?:maybe |only |about |like |barely )?(?:\d+|one|two|three) hours? (?:a|per|each) night|energy drinks? (?:a|per) day|(?:can|could|should) i safely|headaches?|migraines?|blurr(?:ed|y) vision|chest pains?|pain in (?:my|his|her|the) (?:chest|head|stomach|side|back|arm|neck|leg)|crushing pain|short(?:ness)? of breath|can'?t breathe|dizz(?:y|iness)|faint(?:ed|ing)?|numbness|seizures?|fever|vomit\w*|rash|symptoms?|ibuprofen|acetaminophen|tylenol|advil|aspirin|antibiotics?|painkillers?|dosage|stroke|heart attack|allerg\w*|concussion|infection|diagnos\w* (?:me|my)|therap(?:y|ist) for|depress(?:ed|ion)|anxiety attack|panic attack|emergency room|(?:bad|safe|ok|okay|dangerous) (?:to )?mix|how many mg|\d+ ?mg\b|mix(?:ing)? (?:\w+ )?(?:with|and) (?:alcohol|drinking|caffeine|energy drinks))\b/;
/** Words that show a health question only when the request is not a story of what happened. */
const HEALTH_WEAK =
  /\b(adderall|ritalin|vyvanse|benadryl|melatonin|xanax|valium|ambien|zoloft|prozac|lexapro|wellbutrin|sertraline|nyquil|sleeping pills?|sleep aids?|collapsed|passed out|won'?t wake up|unresponsive|medications?|medicine|pills?|prescription|pregnan\w*|poison(?:ed|ing)?|bleeding|sprain\w*|(?:broken|broke|fractured?|dislocated|twisted) (?:my |his |her )?(?:arm|leg|bone|wrist|ankle|finger|toe|foot|hand|rib|nose|collarbone|shoulder))\b/;
/** Asking what to do now, which turns a story with a weak health word into a health request. */
const HELP_REQUEST =
  /\b(is it (?:ok|okay|safe|fine|dangerous|bad) to (?:take|mix|use|drink|combine)|how (?:many|much) (?:mg|milligrams|pills|tablets|doses?)|should i start with|what (?:should|do|can) (?:i|we) do|should (?:i|we) (?:worry|be worried|go to|call|take)|is (?:it|this|that) serious|how (?:do|can|should) (?:i|we) (?:treat|stop|help)|what (?:should|can) (?:i|she|he) take)\b/;
/** A request for writing, code or trivia: the form itself is not a legal question, whatever it is about. */
const NOT_LEGAL_FORM =
  /^\s*(?:hey,? |hi,? )?(?:can you |could you |please |pls |i need you to |i want you to )?(?:help me )?(?:write|compose|draft|make up|give me|tell me|come up with|plan)\s+(?:me\s+)?(?:a |an |some )?(?:[\w'-]+ ){0,3}(?:poem|haiku|sonnet|limerick|song|rap|lyrics|jokes?|riddle|story|bedtime story|cover letter|thank[- ]you (?:note|email|letter|card)|birthday (?:message|card)|toast|wedding speech|best man speech|maid of honou?r speech|eulogy|speech for (?:my|a) (?:wedding|party)|itinerary|meal plan|workout plan|grocery list)\b/;
/** Money, travel and trip requests whose ask is plain, whatever legal words ride along ("a firm offer"). */
const NOT_LEGAL_ASK =
  /\b(python|javascript|typescript|keyerror|typeerror|syntaxerror|traceback|stack trace|json file|pip install|npm install|(?:my|the) (?:code|script|app|program) (?:throws|crashes|keeps crashing|won'?t (?:run|compile|load))|(?:come up with|design|create|make|suggest|brainstorm|think of|give me|(?<!\b(?:else|nobody|no one|anyone|anybody|who) )(?:needs?|wants?)) (?:me |us )?(?:\w+ ){0,3}(?:logos?|slogans?|taglines?|mottos?|mascots?|(?:team|group|club|band|podcast) names?|name ideas|hoodie designs?|t-?shirt designs?|merch(?:andise)? designs?)|(?:cheapest|fastest|best|easiest|safest) way to get (?:from|to) (?:the )?(?:\w+ ){0,2}(?:airport|station|city|downtown|hotel|center|centre)|index funds?|(?:put|invest|park) (?:it|my (?:money|savings)|the money) in (?:an? )?(?:\w+ )?(?:fund|etf|stocks?|bonds?|crypto|savings account|hysa)|(?:throw|put) (?:it|the money|my savings) (?:at|toward|towards) (?:my )?(?:\w+ )?(?:loans?|debt)|pay (?:off|down) (?:my |the )?(?:[\w.%]+ ){0,3}(?:loans?|debts?|credit cards?)(?: \w+)? (?:first|faster|early|sooner)|(?:roth|ira|401 ?\(?k\)?)\b[^.?!]{0,40}\bor (?:pay|put|save|invest)|itinerar(?:y|ies)|(?:good|best) (?:places|things) to (?:eat|see|do|visit)|(?:where|what) (?:should i|to) (?:eat|visit|see|stay) in|tourist traps?|sightseeing)\b/;
const NOT_LEGAL =
  /\b(cover letter|resume|résumé|\bcv\b|poems?|haiku|sonnet|song lyrics|lyrics|limerick|short story|bedtime story|riddle|weather|forecast|temperature (?:today|tomorrow|outside)|will it rain|recipes?|marinade|tri[- ]tip|logo (?:idea|design)|slogan|cookies|cooking|cook (?:a|an|the|some|dinner|lunch|breakfast|rice|pasta|chicken|steak|eggs|for (?:me|us|my|a))|how (?:do i|to|long to|should i) cook|bake|baking|sourdough|curry|dinner ideas|workout|exercise routine|lose weight|diet plan|calories|python|javascript|typescript|\bcss\b|\bhtml\b|sql query|linked list|regex|excel formula|spreadsheet|center a div|windows (?:10|11|update)|cpu|ram usage|task manager|(?:laptop|computer|pc|macbook|mac|phone|iphone|printer|router|wi-?fi|bluetooth)\b[^.?!]{0,40}\b(?:runs? (?:slow|loud|hot)|won'?t (?:turn on|connect|charge|boot|print|pair)|keeps? (?:crashing|freezing|restarting|disconnecting|dropping)|fan|overheat\w*|battery (?:drains?|life)|frozen)|compile|debug (?:my|this) code|(?:bug|error) in my (?:code|script|program|loop)|stocks\b|(?:buy|sell|pick)\w* (?:a |some )?stock\b|stock (?:market|tips?|picks?|portfolio)|index funds?|mutual funds?|invest(?:ing|ment)?s?|crypto\w*|bitcoin|retirement savings|(?:my |our )?savings|pay off (?:my |the )?(?:car|credit|loan)|car loan (?:rates?|payments?|refinanc\w*|interest)|(?:get|take out|apply for) a car loan|(?<!'s |the |its |their )budget(?:ing)?|credit score|world series|super bowl|nba|nfl|movies?|netflix|tv shows?|video games?|music|playlist|songs?|vacation(?! (?:home|house|cabin|property|rental|condo|cottage|place|lot))|travel|flights?|(?:book|booking|find|recommend|cheap|cheapest|good|best|nice|nearby)(?: \w+)? hotels?|hotels? (?:near|for (?:my|our|the) (?:trip|stay|vacation))|where (?:should i|to) stay|airport|layover|city cent(?:er|re)|plan (?:a |my |our )?(?:trip|vacation|party|wedding)|trip to|learn spanish|learn french|translate|capital of|tallest|planet|horoscope|dating advice|ask (?:her|him|them|a girl|a guy|someone) out|ask (?:\w+ )?out (?:a|the|my|this|that|someone|somebody|him|her) ?\w*|(?:book|reserve) (?:me |us )?(?:a |the )?(?:\w+ ){0,3}(?:room|table)|birthday (?:gift|present)|gift ideas|car (?:repair|maintenance)|oil change|fix my (?:car|laptop|phone|wifi)|e-?mail to (?:my )?(?:professor|teacher|boss|landlord|friend|mom|dad))\b/;
/**
 * Things of NOT_LEGAL that a story of what happened often holds as facts: a birthday present carried
 * on a delivery run, a car driven to a music festival, a budget, a trip, a slogan on a student's shirt or post
 * (decision 096). Outside the ask of a story
 * the library answers they are not the request (decision 091); a laptop that drops the wifi still is.
 */
const STORY_FACT =
  /\b(?:slogans?|logos?|poems?|jokes?|lyrics|birthday (?:gift|present)|music(?: festival)?|songs?|movies?|netflix|tv shows?|video games?|vacation|travel|flights?|hotel|airport|layover|trip to|budget(?:ing)?|(?:my |our )?savings|invest(?:ing|ment)?s?|world series|super bowl|nba|nfl|playlist|cook(?:ing)?|bake|baking|workout)\b/g;

/** Words that make a request non-legal only when it is not a story of what happened (a "joke" or a "boyfriend" can be a fact). */
// "the school board's budget" (an institution's) is a fact of a story (decision 073); "a monthly budget" stays a finance request above.
const NOT_LEGAL_WEAK =
  /\b(jokes?|girlfriend|boyfriend|football|soccer|basketball|budgets?|bbq|barbecue|grill(?:ing)? for|steak|hoodies|t-shirts)\b/;

/** The occasion of a student's life, not a legal subject: "after the bar exam", "in law school". */
const STUDY_OCCASION =
  /\b(?:(?:the |my )?bar exam|(?:the |a |my )?(?:practice )?mbe(?: (?:exam|test|set|questions?))?|law school|1l year|finals)\b/g;

/**
 * Words that make a request a legal one even when it mentions one of the things above. The Business
 * Associations words (issue 18 §1) keep "a director sold his stock within six months" or "insider
 * trading on a tip" from being read as a request for investment advice.
 */
const LEGAL_CUES =
  /\b(illegal|legally|(?:can|could|would|will) (?:i|we|she|he|they) (?:still )?win\b|against the law|required by law|free speech|freedom of (?:speech|religion|the press|assembly)|unconstitutional|lawsuit|at (?:the |a |his |her |their |my )?trial|(?:criminal|civil|murder|jury) trial|(?:before|during) (?:the )?trial|charged with|be charged|rob (?:a|an|the|my|his|her|their)|robb\w*|steal\w*|stole|stolen|theft|murder\w*|manslaughter|homicide|burglar\w*|larceny|embezzl\w*|felony|misdemeanou?r|accomplice|conspir\w*|sue|sued|suing|careless\w*|at fault|waiver|court|judge|jury|liable|liability|negligen\w*|tort|contract|breach|statute|constitution\w*|amendment|crime|criminal|guilty|convict\w*|prosecut\w*|defendant|plaintiff|malpractice|battery|assault|defamation|libel|slander|hearsay|evidence|admissible|testify|testimony|witness|privilege|warrant|arrest\w*|police|property|landlord|tenant|lease|deed|easement|zon(?:ing|ed)|rezon\w*|nonconforming use|zoning variance|damages|injunction|estoppel|consideration|offer|acceptance|mbe|bar exam|rule|doctrine|elements?|tortious|trespass|nuisance|fraud|misrepresentation|warranty|ucc|fre|frcp|jurisdiction|due process|equal protection|first amendment|fourth amendment|miranda|insurer|insurance claim|informed consent|doctor'?s? (?:liable|negligen\w*)|hospital (?:is|was) (?:liable|negligent)|lawyers?|attorneys?|counsel|law firms?|(?:board of )?directors?|shareholders?|stockholders?|corporations?|corporate|llcs?|limited liability|partnerships?|business partners?|(?:limited|general|silent|managing) partners?|creditors?|fiduciar\w*|insider trading|inside information|10b-5|16\(b|short-swing|pierc\w* the (?:corporate )?veil|derivative (?:suits?|actions?)|securities|model rules?|conflicts? of interest|(?:actual|apparent|implied|express|inherent) authority|ratif\w*|(?:public|private|close|closely held) (?:company|corporation)|officers? (?:of|at) (?:a|the|our|my) (?:company|corporation|business))\b/;

/**
 * Whether `question` is not a law-school question, and which kind of decline it gets; null for legal questions.
 * `legalArea`: the question is in an area of law outside the library (scope.ts AREAS), so it is legal.
 */
export function notLegal(
  question: string,
  opts: { legalArea?: boolean; inLegalThread?: boolean; relevant?: boolean; changedFact?: boolean } = {},
): NotLegalKind | null {
  const q = question.toLowerCase().replace(/[’]/g, "'");
  // In a legal thread, words quoted from a character of the story ("and what about the cyclist
  // telling his sister 'my back is killing me'?") are a statement offered as evidence, not the user's
  // own plight, when nothing outside the quotes is in the first person (decision 096).
  const unquoted = q.replace(QUOTED, " ");
  const said = opts.inLegalThread && !FIRST_PERSON.test(unquoted) ? unquoted : q;
  // Danger first: a student who mentions the bar exam and self-harm in one breath needs 988, not a rule.
  const danger = SAFETY_FIRST.exec(said);
  // "V overdoses and dies. Is D liable?" is a crime story: an event of the danger list in a
  // question with the law's words and no plea for help is a fact, not an emergency.
  // In a legal thread, an event that befell someone else ("does it still work if the patient was
  // unconscious and any of five doctors could have done it?" after res ipsa loquitur) is a fact of the
  // story too, when nothing in it is the user's own and nothing asks for help (decision 097).
  const storyFact =
    !!danger &&
    SAFETY_EVENT.test(danger[0]) &&
    !HELP_REQUEST.test(q) &&
    (LEGAL_CUES.test(q) || (!!opts.inLegalThread && !FIRST_PERSON.test(unquoted)));
  if (danger && !storyFact && !thirdPersonCase(q)) return "health_safety";
  if (NOT_LEGAL_FORM.test(q) || NOT_LEGAL_FIRST.test(q) || NOT_LEGAL_ASK.test(q)) return "not_legal";
  // These carry the law's own words (a witness, a court, a plea), so they come before the legal cues.
  // Only the user's own plan ("how do I…", "my…"); "D hid the gun so the police can't find it" is a
  // hypothetical, and "my client wants to hide assets" is a professional-responsibility question.
  const ownPlan = FIRST_PERSON.test(q) && !/\bmy client/.test(q);
  if (ownPlan && HARMFUL.test(q)) return "harmful";
  if (ownPlan && COVERT.test(q)) return "not_legal";
  if (PRIVACY.test(q)) return "privacy";
  if ((REAL_MATTER.test(q) || (REAL_DATE.test(q) && MATTER.test(q))) && ADVICE_REQUEST.test(q))
    return "personal_legal_advice";
  // A question in an area of law we do not cover ("can I use a song under copyright?") is legal; the
  // bar exam or law school as the occasion ("plan a trip after the bar exam") does not make it legal.
  if (opts.legalArea || LEGAL_CUES.test(q.replace(STUDY_OCCASION, " "))) return null;
  if (HEALTH_SAFETY.test(said)) return "health_safety";
  // "She sold him pills", "her boyfriend inherited": in a story these are facts, not the request.
  // A follow-up in a legal thread varies that story's facts (decision 073): its weak words are facts too.
  const story = opts.inLegalThread || isStory(question);
  // In a story the library answers, a word of the list in the facts is a fact ("on the way to drop off
  // a birthday present he rear-ended her"; "drove it to a music festival"): only the ask decides. A
  // changed fact in a legal thread ("what if it was a birthday gift?") is all facts (decision 091).
  if (
    NOT_LEGAL.test(q) &&
    !(
      story &&
      opts.relevant &&
      !NOT_LEGAL.test(q.replace(STORY_FACT, " ")) &&
      !NOT_LEGAL.test(opts.changedFact ? "" : askOf(q))
    )
  )
    return "not_legal";
  // …but a request for help with one ("she's bleeding, what should I do?") is a health matter even told as a story.
  if (HEALTH_WEAK.test(said) && (!story || HELP_REQUEST.test(q))) return "health_safety";
  if (!story && NOT_LEGAL_WEAK.test(q)) return "not_legal";
  return null;
}

/** Quoted words ("…", '…', an apostrophe inside a word allowed: 'I can't feel my leg'): what a character said, not the user's own words. */
const QUOTED = /"[^"]{0,300}"|“[^”]{0,300}”|(?<=^|[\s(])'(?:[^']|(?<=[a-z])'(?=[a-z])){1,200}'(?=[\s.,;:!?)]|$)/g;

/**
 * A hypothetical told in the third person with the law's words: "an undercover officer cried and said
 * she might 'end it all' … charged with distribution. What is Walt's best defense?" The danger words
 * belong to a character of the case; nobody in it is the user (no "I", "my", "we" outside quotes).
 */
function thirdPersonCase(q: string): boolean {
  const unquoted = q.replace(QUOTED, " ");
  return isStory(q) && !FIRST_PERSON.test(unquoted) && LEGAL_CUES.test(unquoted) && !HELP_REQUEST.test(q);
}

/** The request of a story: its sentences that ask (with a question mark), else its last sentence. */
function askOf(q: string): string {
  const sentences = q.split(/(?<=[.?!])\s+/);
  const asks = sentences.filter((x) => x.includes("?"));
  return (asks.length ? asks : sentences.slice(-1)).join(" ");
}

/** Words of the library's own subjects that a story of an uncovered area seldom holds. */
const COVERED_CUES =
  /\b(?:contracts?|corporations?|shareholders?|the board|board of directors|dividends?|partnerships?|llcs?|witness(?:es)?|testif\w*|hearsay|negligen\w*|lease|landlord|tenant|deed|easement|police|cops|arrest\w*|crimes?|criminal|prosecut\w*|judge|complaint|pleading|motion to dismiss|dismiss(?:ed|al)|discovery|jury|(?:at|for|during) (?:the )?trial|for (?:(?:his|her|their|my) )?life|life estates?|remainders?|reversions?|fee simple|perpetuities)\b/;

/**
 * An uncovered area named only among the facts of a story told in the library's own subjects: "they
 * fired me from my salaried job" in a shareholder freeze-out, "a bystander died… the witness" in a car
 * crash (decision 091). The area's words are not in the ask, and the story holds a word of a covered
 * subject (a contract, the board, a witness). The caller also needs the library to answer it.
 */
export function areaOnlyInFacts(question: string, area: OutsideArea): boolean {
  const q = question.toLowerCase().replace(/[’]/g, "'");
  const ask = askOf(q);
  return isStory(question) && !ask.includes(area.match) && outsideArea(ask)?.area !== area.area && COVERED_CUES.test(q);
}

/** Whether the question shows any sign of being about the law (a legal cue word). */
export function hasLegalCue(question: string): boolean {
  return LEGAL_CUES.test(question.toLowerCase().replace(/[’]/g, "'"));
}
