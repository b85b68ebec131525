/**
 * How law students write versus how doctrine is titled. Two tables, both general (none is tied to a
 * particular question):
 * - SHORTHAND: bar-prep abbreviations rewritten in place before tokenizing ("PJ" → "personal
 *   jurisdiction", "K" → "contract", "IIED", "RAP", "BFP", "12b6").
 * - SYNONYMS: plain-English words searched together with their doctrinal terms ("steal" also
 *   searches "larceny"); a synonym match counts as a match of the student's own word.
 */
import { stem } from "./stemmer";

/** Lower-case whole-word patterns → replacement text. Applied in order. */
const SHORTHAND: [RegExp, string][] = [
  // Issue 13 §1, a lay lexicon: situations students describe → the doctrine's own words.
  [
    /\b(?:unfenced|unlocked|open) (?:swimming )?pool\b|\b(?:child|children|kids?|boy|girl|toddler|son|daughter|\w+-year-old)\b[^.?!]{0,60}\b(?:drown\w*|pool|trampoline)\b/g,
    "$& attractive nuisance child trespasser",
  ],
  [
    /\b(?:store|security) (?:detective|guard)\b|\bsuspected of shoplifting\b|\bshoplift\w*/g,
    "$& false imprisonment shopkeeper's privilege confinement",
  ],
  [/\bplea (?:talks|negotiations?|discussions?|deal|bargain\w*)\b/g, "$& plea discussions statements FRE 410"],
  [/\b(?:both|neither)\b[^.?!]{0,80}\b(?:thought|believed|assumed)\b/g, "$& mutual mistake"],
  [
    /\b(?:only|original)(?: signed)? copy\b[^.?!]{0,60}\b(?:burn\w*|lost|destroy\w*|shredded)\b|\b(?:burn\w*|lost|destroy\w*)\b[^.?!]{0,40}\boriginal\b/g,
    "$& original writing lost or destroyed other evidence of content",
  ],
  [
    /\b(?:kissed|touched|hugged|grabbed) (?:her|him|them) while (?:she|he|they) (?:slept|was sleeping|were sleeping|was asleep)\b/g,
    "$& battery offensive contact consent",
  ],
  [
    /\b(?:dying|about to die|on (?:his|her) deathbed|knew (?:she|he) was dying)\b/g,
    "$& dying declaration imminent death",
  ],
  [
    /\b(?:fixed|repaired|replaced|installed)\b[^.?!]{0,60}\b(?:after|later|since)\b/g,
    "$& subsequent remedial measures",
  ],
  [/\b(?:offered to pay|paid) (?:his|her|the) (?:medical|hospital) bills\b/g, "$& offer to pay medical expenses"],
  [/\bhe (?:has|had) done it before\b|\bdid (?:the same thing|it) before\b/g, "$& prior acts character propensity"],
  [/\bp\s*&\s*i\b/g, "privileges and immunities"],
  [/\bff\s*&\s*c\b/g, "full faith and credit"],
  [/\bn\s*&\s*p\b/g, "necessary and proper"],
  [/\b12\s*\(?b\)?\s*\(?6\)?(?=\s|$|[.,?;])/g, "12(b)(6) failure to state a claim"],
  [/\bres judicata\b/g, "claim preclusion res judicata"],
  [/\bcollateral estoppel\b/g, "issue preclusion collateral estoppel"],
  [/\bmin(?:imum)? contacts\b/g, "minimum contacts"],
  [/\b(?:kind|type|sort) of (?:person|guy|man|woman|people)\b/g, "character propensity"],
  [/\bmiranda rights\b/g, "miranda warnings"],
  [/\bsame[- ]sex (?:marriages?|couples?)\b/g, "same-sex marriage right to marry"],
  [/\b(?:ran|walked|drove|rode|took off|left) (?:out|off|away)\b/g, "$& carried away"],
  [/\bafter the (?:accident|injury|incident|fall|crash|explosion)\b/g, "$& subsequent"],
  [
    /\bbefore (?:the )?(?:delivery|closing|due|performance|completion|payment|shipping|shipment|start) date\b/g,
    "before performance is due",
  ],
  [/\b(?:1[0-7]|[2-9])[- ]?(?:years?|yrs?)[- ]?old\b/g, "minor"],
  [
    /\b(?:forgot|forgotten|forgets|can'?t remember|cannot remember|doesn'?t remember|don'?t remember|no longer remembers?)\b/g,
    "memory recollection",
  ],
  [
    /\b(?:won'?t|will not|isn'?t going to|is not going to|not going to|refuses? to|refused to|says? (?:she|he|they) won'?t)\s+(?:perform|deliver|pay|go through with|complete|honou?r|ship|build|close)\b/g,
    "$& repudiation",
  ],
  [/\b(?:past|prior|previous|old) (crimes?|convictions?|acts?|bad acts?)\b/g, "prior $1"],
  // Issue 13 §1 (decision 053): more situations in students' words → the doctrine's words.
  [
    /\b(?:airport|layover|connecting flight|changing planes|passing through|just visiting|on a (?:business )?trip)\b/g,
    "$& physically present in the state transient tag jurisdiction",
  ],
  [
    /\b(?:summons|process server|served (?:me|him|her|with)|handed (?:me|him|her) (?:the )?(?:lawsuit )?papers)\b/g,
    "$& papers served service of process",
  ],
  [
    /\b(?:over the phone|on a handshake|handshake deal|verbal(?:ly)? (?:agreed|agreement|deal|promise)|oral(?:ly)? (?:agreed|agreement|deal|promise))\b|\b(?:nothing|never|wasn'?t|not|no)\b[^.?!]{0,20}\b(?:in writing|written down|signed|put on paper)\b/g,
    "$& oral agreement writing statute of frauds",
  ],
  [
    /\b(?:quit|left|gave up|turned down) (?:my|his|her|their|a) (?:job|position|apartment|offer)\b|\b(?:sold|moved|enrolled|relied)\b[^.?!]{0,40}\bbecause (?:of )?(?:the|her|his|their) promise\b/g,
    "$& reliance promissory estoppel",
  ],
  [
    /\b(?:using|used|farming|farmed|growing|grew|occupying|occupied|fenced|mowing|mowed|living on|lived on|parking on|parked on)\b[^.?!]{0,60}\b(?:neighbou?r'?s?|someone else'?s|another'?s|his|her|their) (?:land|lot|property|yard|strip|field|acre\w*)\b[^.?!]{0,40}\b(?:for|over) (?:\d+|five|seven|ten|twelve|fifteen|twenty|thirty|many|decades)\b/g,
    "$& adverse possession continuous open hostile",
  ],
  [
    /\b(?:only (?:way|access|road|route) to (?:reach|get to|access)|landlocked|no (?:other )?(?:way|access) to the (?:road|street|highway))\b/g,
    "$& easement by necessity landlocked",
  ],
  [
    /\b(?:drag|bring|pull|add|join)\b[^.?!]{0,30}\binto (?:the|this|our) (?:same )?(?:lawsuit|case|suit|action)\b/g,
    "$& impleader third-party joinder",
  ],
  [
    /\b(?:earlier|previous|prior|first|another|other) (?:case|lawsuit|trial|suit)\b[^.?!]{0,80}\b(?:found|decided|held|ruled|determined|jury)\b|\b(?:use|rely on) (?:that|the|this) (?:verdict|finding|judgment)\b/g,
    "$& issue preclusion collateral estoppel already litigated",
  ],
  [
    /\b(?:defend|defense|defence|respond|argue)\w*\b[^.?!]{0,40}\bfederal (?:law|statute|act|housing law|defense|defence)\b/g,
    "$& federal defense well-pleaded complaint",
  ],
  [
    /\b(?:he|she|they|the (?:other )?(?:driver|defendant|plaintiff|company|seller|buyer))\s+(?:said|admitted|told me|apologi[sz]ed)\b[^?]{0,120}\b(?:against (?:him|her|them|it)|at trial)\b/g,
    "$& statement of an opposing party admission",
  ],
  [
    /\b(?:told me|said that|said to me)\b[^?]{0,120}\b(?:at trial|testify|on the stand|in court)\b|\b(?:testify|say|repeat) (?:at trial )?(?:that|what) (?:her|his|my|their|a|the) \w+ (?:told|said)\b/g,
    "$& out-of-court statement hearsay",
  ],
  // Decision 057: a broader lay lexicon, subject by subject — the situations bar students describe
  // in their own words, mapped to the words the doctrine is written in (all general, none tied to one question).
  // Torts.
  [
    /\b(?:watched|saw|witnessed|was there when)\b[^.?!]{0,60}\b(?:get(?:ting)? (?:hit|run over|hurt|killed)|was (?:hit|run over|killed|struck)|die\b|died)\b/g,
    "$& bystander zone of danger emotional distress",
  ],
  [
    /\b(?:nightmares|traumati[sz]ed|ptsd|emotional(?:ly)? (?:distress|trauma|scarred)|anxiety attacks)\b/g,
    "$& emotional distress",
  ],
  [
    /\b(?:made wrong|defective|manufactur\w* (?:error|flaw|defect|mistake)|at the factory|(?:badly|poorly) designed|design (?:flaw|defect)|no warning (?:label|sticker)|didn'?t (?:come with|have) (?:a |any )?warning)\b|\b(?:snapped|exploded|shattered|caught fire|collapsed|gave way|malfunctioned|blew up)\b[^.?!]{0,60}\b(?:first time|brand[- ]new|just bought|out of the box|i bought)\b|\b(?:the )?\w+ i bought\b[^.?!]{0,60}\b(?:snapped|exploded|shattered|caught fire|collapsed|gave way|broke)\b/g,
    "$& product defect manufacturing defect products liability",
  ],
  [
    /\b(?:signed|sign|signing) (?:a |the |their |his |her )?(?:waiver|release|liability (?:form|waiver)|form saying)\b/g,
    "$& exculpatory release express assumption of risk",
  ],
  [
    /\b(?:newspaper|the (?:local )?paper|magazine|news (?:story|report|article)|article|blog(?: post)?|posted (?:online|on \w+)|tweeted|online review)\b[^.?!]{0,60}\b(?:said|says|wrote|reported|claimed|called|accused|that (?:i|he|she|they) (?:was|were|am|is))\b|\b(?:told everyone|spread(?:ing)? (?:a )?rumou?rs?)\b/g,
    "$& defamation publication false statement",
  ],
  [
    /\b(?:not (?:famous|a celebrity|a public figure|well known)|private (?:person|citizen|individual))\b/g,
    "$& private figure",
  ],
  [
    /\b(?:watched|stood by|did nothing|didn'?t (?:help|do anything)|refused to help|walked (?:away|past)|without (?:doing anything|helping))\b[^.?!]{0,60}\b(?:drown\w*|dying|bleeding|choking)\b|\b(?:drown\w*|dying|bleeding|choking)\b[^.?!]{0,60}\b(?:did nothing|watched|without (?:doing anything|helping)|didn'?t (?:help|do anything)|refused to help)\b/g,
    "$& no duty to rescue affirmative duty",
  ],
  [
    /\b(?:on (?:a |the )?(?:delivery|job|clock|shift)|while (?:working|on duty|making a delivery)|delivery driver|company (?:truck|car|van)|working for (?:a |the )?\w+)\b/g,
    "$& employee scope of employment respondeat superior",
  ],
  [
    /\b(?:swung first|hit (?:me|him|her) first|started (?:it|the fight)|attacked (?:me|him|her|them) first|threw the first punch|came at (?:me|him|her) (?:first|with))\b/g,
    "$& self-defense initial aggressor",
  ],
  [
    /\b(?:unconscious|under (?:anesthesia|anaesthesia)|asleep|knocked out) (?:during|for|through) (?:the|my|his|her) (?:whole )?(?:operation|surgery|procedure)\b|\b(?:left|found) (?:a |the )?(?:sponge|clamp|instrument|scalpel)\b|\bnobody (?:knows|saw) (?:exactly )?(?:what|how)\b/g,
    "$& res ipsa loquitur exclusive control inference of negligence",
  ],
  // Contracts.
  [
    /\b(?:wrote|replied|texted|emailed|said|answered) back\b|\b(?:ok|okay|yes|sure|deal),? but\b|\b(?:countered|counter-?offer(?:ed)?)\b/g,
    "$& counteroffer rejection mirror image",
  ],
  [
    /\bpromised (?:me|him|her|to give|to pay)\b[^.?!]{0,60}\b(?:birthday|as a gift|as a present|for free|nothing in return|christmas|graduation)\b|\b(?:for|on) (?:my|his|her) (?:birthday|graduation)\b/g,
    "$& gratuitous promise gift consideration",
  ],
  [
    /\bwalk (?:off|away from) the job\b|\b(?:pay|paid|give|demanded|asked for) (?:him |her |them )?\$?[\d,]+ more\b|\b(?:more money|raise (?:the|his|her) price)\b[^.?!]{0,40}\b(?:or|unless|otherwise)\b/g,
    "$& modification preexisting duty rule",
  ],
  [
    /\b(?:different brand|wrong brand|not (?:exactly )?what the contract (?:said|called for)|slightly different|minor (?:defect|deviation|flaw)|just as good|almost (?:finished|done|complete)|(?:mostly|nearly) (?:finished|done|complete))\b/g,
    "$& substantial performance material breach",
  ],
  [
    /\bordered \d+\b[^.?!]{0,60}\b(?:delivered|shipped|sent|got) (?:only )?\d+\b|\b(?:one short|wrong (?:color|colour|model|size|item)|damaged (?:goods|shipment)|nonconforming)\b/g,
    "$& nonconforming goods perfect tender reject",
  ],
  [
    /\b(?:burned down|burnt down|was destroyed|got destroyed|flooded|was cancell?ed|got cancell?ed|was shut down)\b[^.?!]{0,60}\b(?:before (?:the|my|our)|a (?:week|day|month) before)\b|\b(?:a (?:week|day|month) before)\b[^.?!]{0,60}\b(?:burned down|burnt down|destroyed|cancell?ed)\b/g,
    "$& impossibility frustration of purpose",
  ],
  [
    /\bbefore (?:we |i |they )?sign(?:ed|ing)?\b|\b(?:during|in) (?:the )?negotiations\b|\b(?:signed|written) (?:contract|agreement)\b[^?]{0,80}\b(?:told me|said|promised|agreed)\b/g,
    "$& parol evidence prior agreement integrated writing",
  ],
  [
    /\b(?:backed out|pulled out|changed (?:his|her|their) mind|refused to (?:buy|take (?:it|delivery)))\b/g,
    "$& breach repudiation",
  ],
  [/\b(?:resold|re-sold|sold it to someone else for less)\b/g, "$& resale damages difference contract price"],
  [
    /\b(?:not a party|wasn'?t (?:a )?party|contract between (?:the |a |my )?\w+ and (?:the |a |my )?\w+)\b/g,
    "$& third-party beneficiary intended beneficiary",
  ],
  [
    /\b(?:ha(?:ve|s) to be|need(?:s)? to be|must be|should be|got to be|be put) (?:in writing|written down|on paper)\b|\bin writing to be (?:enforceable|valid|binding)\b/g,
    "$& writing requirement statute of frauds",
  ],
  // Criminal law.
  [
    /\b(?:thinking|thought|believing|believed|sure) (?:it|they) (?:was|were) (?:his|her|their|my) own\b/g,
    "$& mistake of fact intent to steal",
  ],
  [
    /\b(?:undercover|informant|sting)\b[^.?!]{0,80}\b(?:begg\w*|kept asking|pressur\w*|pushed|talked (?:me|him|her) into|for weeks|for months)\b|\bnever (?:sold|done|used|bought) \w+ before\b/g,
    "$& entrapment induced predisposed",
  ],
  [
    /\b(?:pac(?:ing|ed)|walk(?:ed|ing) back and forth|peer(?:ing|ed) in(?:to)?|casing|looking in the windows?|acting suspicious\w*|acting nervous)\b/g,
    "$& reasonable suspicion stop frisk",
  ],
  [
    /\b(?:never told|didn'?t tell|hid|withheld|kept from|never disclosed|didn'?t disclose)\b[^.?!]{0,40}\b(?:the defen[cs]e|defense (?:lawyer|attorney|counsel))\b/g,
    "$& brady exculpatory evidence prosecution disclose",
  ],
  [
    /\bin bed with\b|\bcaught (?:her|his|my) (?:husband|wife|spouse|partner)\b|\b(?:on the spot|in a (?:rage|fit of)|in the heat of the moment|snapped and)\b/g,
    "$& heat of passion provocation",
  ],
  [/\b(?:getaway (?:car|driver)|lookout|kept watch|waited (?:outside|in the car))\b/g, "$& accomplice aid abet"],
  [
    /\b(?:agreed|planned|plotted|teamed up|conspired)\b[^.?!]{0,30}\bto (?:rob|kill|steal|burn|break into|murder|sell)\b/g,
    "$& conspiracy agreement overt act",
  ],
  [
    /\b(?:never|didn'?t|without) (?:ever )?(?:read(?:ing)?|giv(?:e|ing)|tell(?:ing)?) (?:me|him|her|them) (?:my|his|her|their) rights\b/g,
    "$& miranda warnings custodial interrogation",
  ],
  [
    /\b(?:during|in the middle of|while committing|while doing) (?:a |the )?(?:burglary|robbery|rape|arson|kidnapping|break-in|holdup|hold-up|carjacking)\b/g,
    "$& felony murder",
  ],
  // Evidence.
  [
    /\bshow (?:the jury )?(?:a |the )?(?:photo|photograph|picture|video|recording|letter|email|text message|document)\b|\blay (?:the|a) foundation\b/g,
    "$& authentication identify genuine",
  ],
  [
    /\b(?:stole|robbed|hit|sold|did|done|beat|attacked) \w+ (?:before|twice before|in the past|a few times before)\b|\bhas done (?:this|it|that) before\b|\bprior (?:thefts|robberies|assaults|burglaries)\b/g,
    "$& prior acts character propensity other crimes",
  ],
  [
    /\b(?:wrote (?:it )?(?:all )?down|her diary|his diary|a diary|journal entry|notes? (?:she|he) (?:made|wrote|took))\b/g,
    "$& record made when fresh in memory",
  ],
  [
    /\b(?:told|said to) (?:the|her|his|my) (?:er |emergency room |family )?(?:doctor|nurse|paramedic|emt)\b|\b(?:er|emergency room) doctor\b/g,
    "$& statement for medical diagnosis or treatment",
  ],
  [
    /\b(?:my|his|her) (?:wife|husband|spouse)\b[^.?!]{0,40}\btestify\b|\btestify against (?:my|his|her) (?:wife|husband|spouse)\b/g,
    "$& spousal privilege",
  ],
  [
    /\b(?:charts?|logs?|records?|ledgers?|files?)\b[^.?!]{0,60}\b(?:kept|filled (?:in|out)|every (?:day|shift|week)|regularly|routinely|in the ordinary course)\b/g,
    "$& business records regularly conducted activity",
  ],
  [
    /\b(?:told the (?:police|cops|officer|detective)|said (?:earlier|before|last week|at the scene))\b[^.?!]{0,80}\b(?:but|now|on the stand|at trial)\b|\b(?:on the stand|at trial)\b[^.?!]{0,80}\bbut\b[^.?!]{0,40}\b(?:told|said)\b/g,
    "$& prior inconsistent statement impeachment",
  ],
  [
    /\b(?:called 911|911 (?:call|operator|dispatcher)|nine-one-one|right as it (?:happened|was happening)|as it (?:happened|was happening)|while it was happening)\b|\b(?:screaming|screamed|shouted|yelled|exclaimed|blurted(?: out)?),? ['"]/g,
    "$& excited utterance present sense impression startling event",
  ],
  [
    /\b(?:told|confessed to|admitted to|asked) (?:my|his|her|their) (?:lawyer|attorney)\b/g,
    "$& attorney-client privilege confidential communication",
  ],
  [
    /\bif (?:i|he|she|they|the defendant) testif(?:y|ies)\b[^?]{0,100}\b(?:conviction|convicted|record)\b|\b(?:conviction|convicted|record)\b[^?]{0,100}\bif (?:i|he|she|they|the defendant) testif(?:y|ies)\b/g,
    "$& impeachment prior conviction",
  ],
  [
    /\b(?:wants? to|will|going to|can (?:she|he|i|the witness)|may (?:she|he|the witness)|let (?:her|him|me)) (?:say|testify|repeat|tell the jury)\b[^?]{0,40}\b(?:told (?:me|him|her|them|us)|said (?:that|to))\b/g,
    "$& out-of-court statement hearsay",
  ],
  // Real property.
  [
    /\b(?:cut(?:ting)? down|clear-?cut(?:ting)?|sell(?:ing)? the timber|timber|tear(?:ing)? down|let (?:it|the (?:house|place|building)) (?:fall apart|rot|decay)|stop(?:ped)? paying (?:the )?(?:property )?taxes)\b/g,
    "$& waste life tenant",
  ],
  [
    /\b(?:never|didn'?t|did not|forgot to|failed to) record(?:ed)? (?:the|my|his|her|their) deed\b|\bsold (?:it|the (?:house|land|lot|property|farm)) (?:again|twice)\b/g,
    "$& recording act bona fide purchaser notice",
  ],
  [
    /\b(?:no (?:heat|hot water|running water|electricity)|(?:the )?heat(?:er|ing)? (?:broke|is broken|doesn'?t work|stopped working)|broken (?:heater|furnace)|toxic mold|black mold|rats|roaches|cockroaches|leaking roof|roof leaks)\b/g,
    "$& habitability repair landlord constructive eviction",
  ],
  [
    /\b(?:moved out|left the (?:apartment|place|unit|house)|broke (?:the|my|his|her) lease)\b[^.?!]{0,60}\b(?:early|after (?:\w+ )?(?:months?|weeks?)|before the (?:lease|term) (?:ended|was up))\b|\b(?:left (?:the place|it|the apartment) empty|didn'?t (?:try to )?(?:re-?rent|relet|find (?:a )?new tenant))\b/g,
    "$& abandonment mitigate relet",
  ],
  [
    /\b(?:residential (?:use )?only|houses? only|single[- ]family (?:homes )?only|no (?:businesses|commercial use|stores))\b/g,
    "$& restrictive covenant equitable servitude common scheme",
  ],
  [/\bbefore (?:the )?closing\b/g, "$& equitable conversion risk of loss"],
  [/\b(?:second|junior|first|senior) mortgages?\b/g, "$& mortgage priority foreclosure junior interests"],
  [
    /\b(?:rezon\w*|zoning (?:change|changed)|no longer (?:fits|complies|allowed)|grandfathered)\b/g,
    "$& nonconforming use zoning",
  ],
  // Constitutional law.
  [
    /\b(?:signs?|billboards?|posters?|banners?|leaflets?|flyers?)\b[^.?!]{0,60}\b(?:ban\w*|prohibit\w*|not allowed|except)\b|\b(?:ban\w*|prohibit\w*)\b[^.?!]{0,30}\b(?:signs?|billboards?|posters?|banners?|leaflets?)\b/g,
    "$& speech content-based regulation",
  ],
  [
    /\bout[- ]of[- ]state\b[^.?!]{0,60}\b(?:higher|fees?|tax(?:es)?|surcharges?|banned|barred|excluded|can'?t sell|prohibit\w*)\b|\b(?:higher|fees?|tax(?:es)?|surcharges?|bans?|banned|bars?|barred|prohibit\w*)\b[^.?!]{0,60}\bout[- ]of[- ]state\b/g,
    "$& interstate commerce discriminate",
  ],
  [
    /\b(?:prayer|pray|bible reading|ten commandments|nativity|creche|menorah)\b[^.?!]{0,60}\b(?:public school|school|government|city hall|courthouse|classroom)\b|\b(?:public school|city hall|courthouse|classroom)\b[^.?!]{0,60}\b(?:prayer|pray|bible|ten commandments|nativity)\b/g,
    "$& establishment clause",
  ],
  [
    /\b(?:take|took|taking|seize|seized)\b[^.?!]{0,40}\b(?:my|his|her|their) (?:house|home|land|property|farm|lot)\b|\b(?:highway|road|pipeline|stadium|airport)\b[^.?!]{0,40}\bthrough (?:my|his|her|their) (?:house|home|land|property|farm|lot)\b/g,
    "$& eminent domain taking just compensation",
  ],
  [
    /\b(?:only (?:lets |admits |hires )?(?:men|women|boys|girls|males|females)|men only|women only|(?:all|single)[- ](?:male|female|boys|girls))\b/g,
    "$& sex classification intermediate scrutiny gender",
  ],
  [
    /\bwithout (?:a |any )?(?:hearing|notice|chance to respond|chance to explain)\b/g,
    "$& procedural due process notice hearing",
  ],
  [
    /\b(?:order\w*|requir\w*|forc\w*|mak\w*|command\w*) (?:the )?(?:states?|state|county|local|city) (?:officials?|officers?|sheriffs?|police|legislatures?|employees|governments?)\b|\b(?:sheriffs?|state officials?|state legislatures?)\b[^.?!]{0,40}\bto (?:run|enforce|administer|carry out|pass)\b/g,
    "$& commandeering tenth amendment",
  ],
  [
    /\b(?:private (?:mall|shopping (?:mall|center|centre)|company|business|store|club|school|university|employer|hospital)|shopping (?:mall|center|centre))\b/g,
    "$& private actor state action",
  ],
  [
    /\b(?:as a taxpayer|(?:my|our) tax dollars|because i'?m a taxpayer|i pay taxes)\b/g,
    "$& taxpayer standing injury in fact",
  ],
  // Civil procedure.
  [
    /\$\s?[\d,.]+\s?k?\b[^?]{0,100}\bfederal court\b|\bfederal court\b[^?]{0,100}\$\s?[\d,.]+/g,
    "$& amount in controversy",
  ],
  [
    /\b(?:moved|took|transferred|brought|kicked) (?:it|the case|the suit|the lawsuit|my case) (?:over )?to federal court\b/g,
    "$& removal notice of removal",
  ],
  [
    /\b(?:no (?:details|specifics|facts)|just (?:said|says|alleged)|only (?:said|says|alleged)|conclusory|too vague)\b/g,
    "$& plausibility pleading failure to state a claim",
  ],
  [
    /\b(?:sue|sued|suing)\b[^.?!]{0,40}\bagain\b|\bsame (?:crash|accident|collision|incident|transaction|deal|occurrence)\b/g,
    "$& same transaction claim preclusion",
  ],
  [
    /\b(?:ignored|refused|didn'?t (?:answer|respond|turn over|produce)|never (?:answered|responded|produced))\b[^.?!]{0,60}\b(?:request|requests|interrogator\w*|subpoena|discovery|documents?|e-?mails?|texts|records)\b|\basked for (?:all )?(?:my|his|her|their) (?:e-?mails|documents|records|texts|files)\b/g,
    "$& discovery request sanctions",
  ],
  [
    /\b(?:state|federal) (?:law|rule|statute of limitations|limitations period)\b[^?]{0,60}\bor (?:some |a |the )?(?:federal|state)\b/g,
    "$& erie substantive procedural",
  ],
  [
    /\bwithout (?:going (?:through|to) )?(?:a |the )?(?:whole |full )?trial\b|\bskip (?:the )?trial\b|\bno (?:real |genuine )?dispute (?:about|over) (?:the )?facts\b/g,
    "$& summary judgment genuine dispute material fact",
  ],
  [
    /\b(?:made[- ]up|frivolous|no (?:factual )?basis|baseless)\b[^.?!]{0,40}\b(?:claims?|complaint|lawsuit|motion|filing)\b|\b(?:claims?|complaint|lawsuit|motion|filing)\b[^.?!]{0,40}\b(?:made[- ]up|frivolous|no (?:factual )?basis|baseless)\b/g,
    "$& frivolous sanctions rule 11",
  ],
  [
    /\b(?:add|include|tack on|bring|throw in)\b[^.?!]{0,30}\bstate[- ]law claims?\b|\bstate[- ]law claims?\b[^.?!]{0,60}\bfederal court\b/g,
    "$& supplemental jurisdiction common nucleus",
  ],
  [
    /\b(?:wrong name|misnamed|got (?:the|his|her|their) (?:\w+'s )?name wrong|named the wrong)\b|\b(?:limitations? (?:period )?ran out|time (?:limit )?ran out|deadline passed)\b/g,
    "$& amendment relation back",
  ],
  [/\b(?:π|pi)\b(?=\s+(?:sues|sued|v\.?|files|filed|wants|seeks|claims))/g, "plaintiff"],
  [/\bΔ/g, "defendant "],
  [/\bπ/g, "plaintiff "],
];

const ACRONYMS: Record<string, string> = {
  pj: "personal jurisdiction",
  smj: "subject matter jurisdiction",
  sol: "statute of limitations",
  sof: "statute of frauds",
  iied: "intentional infliction of emotional distress",
  nied: "negligent infliction of emotional distress",
  rap: "rule against perpetuities",
  bfp: "bona fide purchaser",
  jt: "joint tenancy",
  tic: "tenancy in common",
  tbe: "tenancy by the entirety",
  fsa: "fee simple absolute",
  fsd: "fee simple determinable",
  fscs: "fee simple subject to condition subsequent",
  fssco: "fee simple subject to condition subsequent",
  fsel: "fee simple subject to executory limitation",
  iwh: "implied warranty of habitability",
  dcc: "dormant commerce clause",
  ep: "equal protection",
  dp: "due process",
  sdp: "substantive due process",
  pdp: "procedural due process",
  ffc: "full faith and credit",
  "1a": "first amendment",
  "2a": "second amendment",
  "4a": "fourth amendment",
  "5a": "fifth amendment",
  "6a": "sixth amendment",
  "8a": "eighth amendment",
  "14a": "fourteenth amendment",
  sj: "summary judgment",
  msj: "motion for summary judgment",
  jmol: "judgment as a matter of law",
  jnov: "judgment notwithstanding the verdict",
  fnc: "forum non conveniens",
  tro: "temporary restraining order",
  mtd: "motion to dismiss",
  "12b6": "12(b)(6) failure to state a claim",
  mpc: "model penal code",
  pe: "promissory estoppel",
  iac: "ineffective assistance of counsel",
  rep: "reasonable expectation of privacy",
  reop: "reasonable expectation of privacy",
  sita: "search incident to arrest",
  lcc: "last clear chance",
  ril: "res ipsa loquitur",
  vm: "voluntary manslaughter",
  im: "involuntary manslaughter",
  fm: "felony murder",
  scotus: "supreme court",
  k: "contract",
  ks: "contracts",
  dui: "drunk driving intoxication",
  dwi: "drunk driving intoxication",
  cl: "common law",
  ucc: "ucc uniform commercial code",
  fre: "fre federal rules of evidence",
  frcp: "frcp federal rules of civil procedure",
  pc: "probable cause",
  rs: "reasonable suspicion",
  ap: "adverse possession",
};

/** Rewrites shorthand in a lower-cased question. */
export function expandShorthand(lower: string): string {
  let s = lower;
  for (const [re, repl] of SHORTHAND) s = s.replace(re, repl);
  return s.replace(/(^|[\s(/,])([a-z0-9]{1,5})(?=$|[\s)/,.?!;:'])/g, (all, pre: string, w: string) =>
    ACRONYMS[w] ? `${pre}${ACRONYMS[w]}` : all,
  );
}

/** Student word → doctrinal words (each a phrase; a phrase matches when all its words do). */
const SYNONYM_LIST: [string[], string[]][] = [
  [
    ["steal", "stole", "stolen", "stealing", "theft", "shoplift", "shoplifting", "swipe", "swiped"],
    ["larceny", "embezzlement", "theft"],
  ],
  [
    ["kill", "killed", "killing", "kills"],
    ["homicide", "murder", "manslaughter"],
  ],
  [
    ["lie", "lied", "lying", "liar", "lies"],
    ["false", "misrepresentation", "fraud"],
  ],
  [
    ["cop", "cops", "police"],
    ["police", "officer"],
  ],
  [
    ["car", "truck", "van", "vehicle"],
    ["automobile", "vehicle"],
  ],
  [["drunk", "drinking", "alcohol", "intoxicated"], ["intoxication"]],
  [
    ["insane", "crazy"],
    ["insanity", "mental disease"],
  ],
  [
    ["gun", "pistol", "rifle", "knife"],
    ["deadly weapon", "firearm"],
  ],
  [
    ["burn", "burned", "burnt", "torch", "torched"],
    ["arson", "fire"],
  ],
  [["rob", "robbed", "mugged", "mugging"], ["robbery"]],
  [
    [
      "punch",
      "punched",
      "slap",
      "slapped",
      "kick",
      "kicked",
      "shove",
      "shoved",
      "push",
      "pushed",
      "tackle",
      "tackled",
      "knocked",
    ],
    ["battery", "contact", "force"],
  ],
  [
    ["fix", "fixed", "fixing", "repair", "repaired", "replaced", "remedied"],
    ["remedial", "repair"],
  ],
  [
    ["make", "force", "forced", "compel", "compelled", "order", "ordered", "require", "required"],
    ["compel", "require", "commandeer"],
  ],
  [
    ["threaten", "threatened", "threat", "threats"],
    ["assault", "apprehension", "duress"],
  ],
  [
    ["wife", "husband", "spouse", "married", "marriage"],
    ["spousal", "marital", "spouse"],
  ],
  [
    ["doctor", "physician", "nurse", "hospital"],
    ["medical", "physician"],
  ],
  [["therapist", "shrink", "psychiatrist", "counselor"], ["psychotherapist"]],
  [
    ["lawyer", "lawyers"],
    ["attorney", "counsel"],
  ],
  [
    ["renter", "renters", "renting"],
    ["tenant", "lease"],
  ],
  [
    ["landlord", "landlords"],
    ["landlord", "lessor"],
  ],
  [
    ["neighbor", "neighbors", "neighbour"],
    ["adjoining", "neighbor", "landowner"],
  ],
  [
    ["dog", "dogs", "cat", "pet", "tiger", "bull"],
    ["animal", "animals"],
  ],
  [["deal", "agreement", "bargain"], ["contract"]],
  [
    ["cancel", "cancelled", "canceled", "backed", "backing"],
    ["repudiation", "revocation", "rescission"],
  ],
  [
    ["speech", "protest", "protesters", "expression"],
    ["speech", "expression"],
  ],
  [
    ["religion", "religious", "church", "prayer"],
    ["free exercise", "establishment", "religion"],
  ],
  [
    ["discriminate", "discrimination", "discriminatory"],
    ["equal protection", "classification"],
  ],
  [
    ["race", "racial", "black", "white"],
    ["race", "suspect classification"],
  ],
  [
    ["women", "woman", "gender", "men", "female", "male"],
    ["sex", "gender"],
  ],
  [
    ["fired", "firing"],
    ["discharge", "dismissal", "employee"],
  ],
  [
    ["silent", "silence"],
    ["miranda", "silent"],
  ],
  [
    ["confess", "confessed", "confession"],
    ["confession", "statement", "miranda"],
  ],
  [["lineup", "showup"], ["identification"]],
  [
    ["sue", "sued", "suing", "lawsuit"],
    ["action", "suit", "claim"],
  ],
  [
    ["trick", "tricked", "scam", "scammed", "deceived"],
    ["fraud", "misrepresentation", "false pretenses"],
  ],
  [
    ["kid", "kids", "child", "teenager", "teen", "minor"],
    ["minor", "child", "infancy"],
  ],
  [["verbal", "handshake"], ["oral"]],
  [
    ["gift", "gave", "donate", "donated"],
    ["gift", "gratuitous", "donative"],
  ],
  [["eggshell"], ["thin skull", "eggshell"]],
  [
    ["slipped", "slip", "tripped", "fell"],
    ["invitee", "licensee", "land possessor", "premises"],
  ],
  [["squatter", "squatters", "squatting"], ["adverse possession"]],
  [
    ["eminent", "condemn", "condemned", "condemnation"],
    ["takings", "just compensation"],
  ],
  [
    ["frisk", "frisked", "patdown", "pat"],
    ["stop and frisk", "terry"],
  ],
  [
    ["wiretap", "eavesdrop", "eavesdropped", "bugged"],
    ["search", "privacy"],
  ],
  [["ad", "ads", "advert", "flyer", "catalog", "catalogue", "billboard"], ["advertisement"]],
  [
    ["livable", "unlivable", "uninhabitable", "habitable", "unsafe"],
    ["habitability", "habitable"],
  ],
  [
    ["grab", "grabbed", "snatch", "snatched", "pocketed"],
    ["taking", "took"],
  ],
  [
    ["careless", "carelessly", "carelessness", "sloppy"],
    ["negligence", "negligent"],
  ],
  [
    ["bad", "terrible", "incompetent", "awful", "lousy"],
    ["deficient", "ineffective"],
  ],
  [
    ["mental", "mindset"],
    ["mens rea", "intent", "malice", "culpability"],
  ],
  [
    ["sport", "sports", "game", "skiing", "football", "hockey", "baseball", "soccer", "boxing", "rodeo"],
    ["activity", "recreational", "baseball"],
  ],
  [
    ["park", "parks", "sidewalk", "sidewalks", "street", "streets", "plaza"],
    ["public forum", "traditional public forum"],
  ],
  [
    ["enforceable", "unenforceable", "enforce", "enforced"],
    ["void", "voidable", "enforce"],
  ],
  [
    ["injury", "injuries", "injured", "hurt"],
    ["harm", "injury"],
  ],
  [
    ["company", "companies", "business", "businesses", "firm"],
    ["corporation", "corporate", "entity"],
  ],
  [
    ["file", "filed", "filing"],
    ["brought", "bring", "commence", "file"],
  ],
  [
    ["pressure", "pressured", "coerce", "coerced", "coercion", "bullied", "strongarmed"],
    ["duress", "undue influence", "coercion"],
  ],
  [
    ["turn", "hand", "share", "reveal", "disclose"],
    ["disclose", "disclosure"],
  ],
  [
    ["photo", "photos", "picture", "pictures", "image", "face"],
    ["likeness", "appropriation"],
  ],
  [
    [
      "noise",
      "noisy",
      "loud",
      "barking",
      "crowing",
      "crows",
      "rooster",
      "blaring",
      "vibrations",
      "smell",
      "odor",
      "odour",
      "smoke",
      "fumes",
      "stench",
      "dust",
    ],
    ["nuisance", "interference"],
  ],
  [
    ["permission", "approval", "authorization"],
    ["consent", "permission"],
  ],
  [
    ["unfair", "unfairly"],
    ["unconscionability", "unfair"],
  ],
  [
    ["inheritance", "inherit", "inherited", "heir", "heirs"],
    ["heirs", "descendants", "estate"],
  ],
  [
    ["flood", "flooded", "water", "stream", "river"],
    ["water rights", "water"],
  ],
  [
    ["house", "home", "condo", "lot", "acre", "acres", "farm", "land", "parcel", "cabin", "apartment"],
    ["land", "real property", "interest in land", "dwelling"],
  ],
  [
    ["fence", "boundary"],
    ["boundary", "encroachment"],
  ],
  [
    ["hacked", "computer", "laptop"],
    ["chattel", "electronic"],
  ],
  [["poison", "poisoned"], ["poison"]],
  [
    ["spanking", "discipline"],
    ["parental privilege", "discipline"],
  ],
  [
    ["boss", "employer", "employee", "worker", "job"],
    ["employer", "employee", "scope of employment"],
  ],
  [
    ["store", "shop", "shopkeeper", "merchant"],
    ["merchant", "shopkeeper"],
  ],
  [
    ["sell", "sold", "selling", "buy", "bought", "purchase"],
    ["sale", "buyer", "seller"],
  ],
  [["president"], ["president", "executive"]],
  [
    ["congress", "legislature"],
    ["congress", "legislative"],
  ],
];

export const SYNONYMS = new Map<string, string[]>();
for (const [from, to] of SYNONYM_LIST)
  for (const f of from) {
    const k = stem(f);
    SYNONYMS.set(k, [...new Set([...(SYNONYMS.get(k) ?? []), ...to])]);
  }
