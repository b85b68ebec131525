/**
 * Student word → doctrinal words (issue 4 §3, issue 13 §1): each student word on the left is also
 * searched as the phrases on the right (a phrase matches when all its words do). lexicon.ts builds
 * the stemmed map SYNONYMS from this list.
 */
export const SYNONYM_LIST: [string[], string[]][] = [
  [
    ["steal", "stole", "stolen", "stealing", "theft", "shoplift", "shoplifting", "swipe", "swiped"],
    ["larceny", "embezzlement", "theft"],
  ],
  // Porter stems "acquitted" to "acquit" and "acquittal" to "acquitt": one word for the student.
  [["acquit", "acquits", "acquitted", "acquitting"], ["acquittal"]],
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
  // The verb of a defence ("can they defend with that?") is the noun the titles use (decision 073).
  [["defend", "defended", "defending"], ["defense"]],
  [
    ["insane", "crazy"],
    ["insanity", "mental disease"],
  ],
  [
    ["gun", "pistol", "rifle", "knife"],
    ["deadly weapon", "firearm"],
  ],
  [["bat", "crowbar", "machete"], ["deadly weapon"]],

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
  // The titles say who possesses the land ("Duties of Possessors of Land"); students say who owns it.
  [
    ["landowner", "landowners", "homeowner", "homeowners"],
    ["possessor of land", "land"],
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
  // Porter keeps "signature" apart from "sign": a student who "never signed anything" speaks of the signature (decision 093).
  [["sign", "signed", "signing", "signs", "unsigned"], ["signature"]],
  // Stop 35: land that moves when the ground beside or beneath it is dug out (the support topic's words).
  [
    ["slide", "slid", "sliding", "slides", "sink", "sinking", "sank", "sunk", "slump", "slumped", "slumping"],
    ["collapse", "cave", "subside", "subsidence"],
  ],
];
