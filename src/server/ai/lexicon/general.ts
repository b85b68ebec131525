/**
 * Shorthand and the first situations of the lay lexicon (issue 13 §1; decisions 052, 053).
 * Part of the lay lexicon (lexicon.ts): each entry is a lower-case whole-word pattern and the text
 * that replaces it ("$&" keeps the student's words and adds the doctrine's). Entries are general:
 * none is tied to one question. The parts are applied in the order lexicon.ts lists them.
 */
import { inContext, NO_VERDICT, outOfContext } from "./context";

export const GENERAL_SITUATIONS: [RegExp, string][] = [
  // Issue 13 §1, a lay lexicon: situations students describe → the doctrine's own words.
  [
    /\b(?:unfenced|unlocked|open) (?:swimming )?pool\b|\b(?:child|children|kids?|boy|girl|toddler|son|daughter|\w+-year-old)\b[^.?!]{0,60}\b(?:drown\w*|pool|trampoline)\b/g,
    "$& attractive nuisance child trespasser",
  ],
  [
    /\b(?:store|security) (?:detective|guard)\b|\bsuspected of shoplifting\b|\bshoplift\w*/g,
    "$& false imprisonment shopkeeper's privilege confinement",
  ],
  // Holding someone in a place in everyday words ("kept her in a back office", "wouldn't let him
  // leave", "locked us in the van"): confinement, the word false imprisonment's elements use (decision 089).
  [
    /\b(?:kept|keeps|keeping|held|holds|holding|locked|locks|locking|padlock\w*|bolted|barricaded|shut|detained|trapped)\b(?: \w+){0,3} (?:in|inside|into) (?:a|an|the|his|her|their|my|our|its) (?:\w+ ){0,2}(?:room|office|closet|car|basement|cell|bathroom|van|truck|trunk|house|apartment|garage|shed|cabin|store|warehouse|elevator|cage|freezer|locker|stall|crate|pantry|storeroom|stockroom|attic|barn)\b|\b(?:stuck|trapped) (?:in there|inside|in it)\b|\b(?:wouldn't|would not|won't|didn't|did not|refused to|never) let (?:her|him|me|them|us|you) (?:leave|go|out|walk out)\b|\bblocked the (?:door|doorway|exit)\b/g,
    "$& confinement within a bounded area",
  ],
  // Withdrawing a permission or a promise: "can he just take it back?" (a license, an offer, a gift).
  [/\b(?:take|takes|taking|took) (?:it|that|the (?:permission|offer|promise|gift)) back\b/g, "$& revoke revocation"],
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
    /\b(?:over the phone|on a handshake|handshake deal|verbal(?:ly)? (?:agreed|agreement|deal|promise)|oral(?:ly)? (?:agreed|agreement|deal|promise|contract)|verbal contract|unwritten (?:contract|agreement|deal))\b/g,
    "$& oral agreement writing statute of frauds",
  ],
  // "Nothing in writing", "we never signed anything" is the statute of frauds only beside a bargain: a
  // photo used without a release or a neighbour's permission to park is not a contract (stop 34).
  [
    inContext(
      /\b(?:nothing|never|wasn'?t|not|no)\b[^.?!]{0,20}\b(?:in writing|written down|signed|put on paper)\b/g,
      String.raw`agree\w*|deal|contract\w*|promis\w*|bargain\w*|sold|sell|sells|selling|bought|buy|buys|buying|purchas\w*|price|lease\w*|loan\w*|lend\w*|hire\w*|order\w*|guarantee\w*|\$\s?\d`,
    ),
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
    // Not a first trial that ended with no verdict ("the jury just couldn't agree"): that retrial is
    // double jeopardy's question (decision 097).
    outOfContext(
      /\b(?:earlier|previous|prior|first|another|other) (?:case|lawsuit|trial|suit)\b[^.?!]{0,80}\b(?:found|decided|held|ruled|determined|jury)\b|\b(?:use|rely on|lean on|point to|piggyback on|borrow|invoke|stuck with|bound by|held to|locked into|tied to) (?:that|the|this) (?:first |earlier |prior |previous |old |other )?(?:jury'?s? |court'?s? |judge'?s? )?(?:verdict|finding|findings|judgment|ruling|decision)\b/g,
      NO_VERDICT,
    ),
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
  // Stop 32 (decision 093): "it was his own words": the party's own statement offered against him.
  [
    inContext(
      /\b(?:his|her|their|its) own (?:words|statement|admission)\b/g,
      String.raw`said|told|court|trial|lawyer|repeat`,
    ),
    "$& statement of an opposing party admission",
  ],
  // Whether a judge or a jury decides: the right to a jury trial.
  [
    /\b(?:do|does|can|will|would|should) (?:i|we|he|she|they|the \w+) (?:get|have|demand|ask for|be entitled to|request) (?:a |the )?jury\b|\bjury or (?:just )?(?:a |the )?judge\b|\b(?:just )?(?:a |the )?judge or (?:a |the )?jury\b|\binstead of a jury\b/g,
    "$& jury trial right",
  ],
  // "Am I legally required to help?": a duty to act.
  [
    /\b(?:legally )?(?:required|obligated|obliged|bound|have to|duty) to (?:jump in|help|rescue|save|call (?:911|for help|an ambulance)|do something|step in|intervene)\b/g,
    "$& duty to rescue affirmative duty omission",
  ],
  [
    /\b(?:told me|said that|said to me)\b[^?]{0,120}\b(?:at trial|testify|on the stand|in court)\b|\b(?:testify|say|repeat) (?:at trial )?(?:that|what) (?:her|his|my|their|a|the) \w+ (?:told|said)\b/g,
    "$& out-of-court statement hearsay",
  ],
];
