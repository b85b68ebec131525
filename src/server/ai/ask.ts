/**
 * What a question asks for, read from its last words (issue 13 §1: a story is read with the
 * question it ends in), and the ranking penalties that follow from it in `search`.
 */
import type { CorpusDoc } from "./corpus";

/**
 * What the question asks for (issue 13 §1: a story is read with the question it ends in): a civil
 * remedy ("can I sue him?", "is the neighbor on the hook?") or a prosecution ("can we be charged?").
 * A swing at someone in a bar is an assault in Torts when the student asks whether to sue, and a
 * crime when she asks whether he can be charged.
 */
const CIVIL_ASK =
  /\b(?:sue|sues|suing|sued|lawsuit|damages|compensat\w*|on the hook|liable|liability|recover|owe (?:me|us|him|her|them)|pay (?:me|us|for)|claim against)\b/;
const CRIMINAL_ASK =
  /\b(?:charged?|charges|crimes?|criminal(?:ly)?|guilty|convict\w*|prosecut\w*|arrest\w*|jail|prison|police|cops?|sentenc\w*|indict\w*|the state|murder\w*|manslaughter|homicide|accomplice|accessory|conspira\w*|felony|misdemeanou?r)\b/;
/** Ranking-score penalty for documents of the other side of that line (criminal topics for a civil ask, tort topics for a criminal one). */
const ASK_PENALTY = 0.25;
/** Ranking-score penalty for a topic of the setting's subject in a story about a lawyer's own conduct (decision 092). */
const CONDUCT_PENALTY = 0.35;

/**
 * A lawyer in the story acting for someone ("Attorney Wexley represents a tenant", "I'm the in-house
 * lawyer"), or a lawyer telling of her own practice ("came in for a free consult", "wants to hire me").
 */
const LAWYER_ACTS =
  /\b(?:(?:i|we) (?:represent|am representing|'m representing|are representing)(?! (?:myself|ourselves)\b)|(?:lawyer|attorney|counsel)(?: [a-z.]+){0,3} (?:represents|represented|is representing|was hired|agreed to represent|(?:was|is|has been) (?:asked|hired|retained) to (?:represent|defend|handle))|(?:came|comes|come) (?:in|to (?:me|my office)) for a (?:free |quick |first |initial )?consult\w*|(?:wants?|wanted|asked) to (?:hire|retain) me|(?:hired|retained) me|(?:i'm|i am|she is|he is|she's|he's) (?:the |a |an |their |her |his )?(?:only |new |young )?(?:in-house |outside |defense |plaintiff's )?(?:lawyer|attorney|counsel)|as (?:her|his|their|its) (?:lawyer|attorney|counsel)|(?:i|i've|i have) (?:just )?passed the bar|(?:i'm|i am) (?:a |an )?(?:new |first-year |junior |senior )?associate|(?:i'm|i am) (?:a |the )?(?:solo|sole) practitioner|(?:asked|wants?|wanted) me to (?:handle|take|represent|defend) (?:her|his|their|its|the))\b/;
/** …and a call about that lawyer's conduct ("Is that proper?", "What am I allowed, or required, to do?", "Can I take the case?", "May she do so?", "Can he phone the supervisor?", "Can I just write back to her?"). */
const CONDUCT_ASK =
  /\b(?:proper|improper|ethical|unethical|allowed|permitted|required|discipline\w*|violat\w*|model rules?|okay for|ok for|(?:can|may|should) i (?:take|accept|handle) (?:it|this|that|the (?:case|matter|job|new client))|(?:can|may) i represent|(?:any|a) problems?|is (?:that|this|it) (?:ok|okay|fine|a problem)|conflicts?|ethic\w*|disqualif\w*|in trouble|disbar\w*|what (?:must|should|may|can) (?:\w+ ){1,3}do|(?:can|may|should) (?:\w+ ){1,3}(?:represent|take (?:on )?(?:the|this|that|her|his|their) (?:case|matter|client))|(?:must|should|may) (?:\w+ ){1,2}(?:disclose|withdraw|tell|report|reveal|correct)|(?:may|can|could|should) (?:she|he|they|i|we) (?:just |still |even |simply |properly |ethically )?(?:do (?:so|that|this|it)|(?:phone|call|contact|email|text|interview|talk to|speak (?:to|with)|meet with|write (?:back|to)|reply|respond|answer (?:her|him|them)|reach out)\b))\b/;
/**
 * Subjects a lawyer-conduct story is not about, whatever its setting (an eviction, a loan, a will).
 * Constitutional Law and Civil Procedure joined at stop 34: "may the lawyer tell anyone about the wiring
 * that will start a fire within the year?" ranked ripeness, then default and dismissal, over confidentiality.
 */
const NOT_CONDUCT = [
  "real-property",
  "contracts",
  "torts",
  "business-associations",
  "evidence",
  "constitutional-law",
  "civil-procedure",
];

/** The side of the civil/criminal line the question asks about, or null when it asks about both or neither. */
export function askedSide(text: string): "civil" | "criminal" | null {
  const civil = CIVIL_ASK.test(text);
  const criminal = CRIMINAL_ASK.test(text);
  return civil === criminal ? null : civil ? "civil" : "criminal";
}

/**
 * Remedy topics (what a winning plaintiff recovers) answer "how much?", not "can I sue?": in a story
 * that does not ask about the recovery they rank after the claims that decide liability.
 */
const REMEDY_TOPIC =
  /^(?:torts-damages|contracts-(?:expectation|consequential|liquidated)-damages|contracts-reliance-restitution|contracts-ucc-remedies)$/;
const REMEDY_ASK =
  /\b(?:how much|recover\w*|compensat\w*|damages|worth|award\w*|money back|refund|paid back|pay (?:me|us|for)|lost (?:profits|wages|income)|remed\w*|restitution|costs?)\b/;
/** Ranking-score penalty for a remedy topic in a story that does not ask about the recovery. */
const REMEDY_PENALTY = 0.1;

/**
 * The ranking-score penalty (subtracted from a hit's score) for a document given what the
 * question asks: ASK_PENALTY for the other side of the civil/criminal line, ASK_PENALTY for a
 * topic of the setting's subject (NOT_CONDUCT: property, contracts, torts, business associations, evidence,
 * constitutional law, civil procedure) when a lawyer
 * of the story acts for someone and the question asks whether that conduct is proper (a question of
 * Professional Responsibility, decision 088), REMEDY_PENALTY for a remedy topic in a story (`story`)
 * that does not ask about the recovery; 0 otherwise.
 */
export function askPenalties(text: string, story: boolean): (doc: CorpusDoc) => number {
  const side = askedSide(text);
  const offSide = side === "civil" ? "criminal-law" : side === "criminal" ? "torts" : null;
  const remedyOff = story && !REMEDY_ASK.test(text);
  // "Attorney Wexley represents a tenant … Is that proper?" asks about the lawyer, not the eviction.
  const conduct = LAWYER_ACTS.test(text) && CONDUCT_ASK.test(text);
  return (doc) =>
    (doc.kind !== "provision" && doc.subjectId === offSide ? ASK_PENALTY : 0) +
    (conduct && doc.kind !== "provision" && NOT_CONDUCT.includes(doc.subjectId) ? CONDUCT_PENALTY : 0) +
    (remedyOff && doc.kind === "topic" && REMEDY_TOPIC.test(doc.id) ? REMEDY_PENALTY : 0);
}
