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
    ["noise", "noisy", "loud", "barking", "smell", "odor", "odour", "smoke", "fumes", "stench"],
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
