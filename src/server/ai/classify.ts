/**
 * Question kinds (issue 4 §3; SPEC.md §2.2's demo prompts): a concept ("what is the mailbox
 * rule?"), a distinction ("larceny vs. embezzlement"), a case ("what did Palsgraf hold?"), a topic
 * summary ("give me a rundown of adverse possession") and a fact pattern (a story ending in a
 * question about its outcome). Pure string rules: fast, predictable and testable.
 */
import { wordCount } from "./text";

export type QuestionKind = "concept" | "distinction" | "case" | "summary" | "fact_pattern";

export interface Classification {
  kind: QuestionKind;
  /** For a distinction: the two things compared, as the student wrote them. */
  sides?: [string, string];
}

const SUMMARY =
  /\b(summar(?:y(?! judgment| jury)|ize|ise|izing)|overview|outline|run-?down|recap|refresher|cheat ?sheet|crash course|quick review|review (?:of|the)|everything (?:i|you) (?:need|should) (?:to )?know|high[- ]level|big picture|the basics of|basics on|walk me through|break down|key points|main points|tl;?dr)\b/;
const DISTINCTION =
  /\b(difference|differences|differ|differs|different from|distinguish|distinction|versus|vs\.?|compare|comparison|contrast|as opposed to|the same(?: thing)? as|how (?:is|are|does|do) .{2,60} (?:differ|different))\b/;
const CASE_CUES =
  /\b(hold|held|holding|holdings|facts?|decided|decide|decision|ruled|ruling|brief|case|opinion|majority|dissent|concurr\w*|happened|stand for|stands for|rule of)\b/;
const WEAK_CASE_CUES =
  /\b(significance|significant|important|importance|teach|teaches|about|explain|summari[sz]e|why)\b/;
/** "Miranda warnings", "Terry stop", "Erie doctrine": a case name used as the name of a doctrine. */
const DOCTRINE_NOUN =
  /\b(warnings?|rights|stops?|doctrine|rule|test|hearings?|claims?|material|challenges?|deference|formula|standard|analysis|factors|exception|motion|violations?|problem|frisk|search|balancing)\b/;
const OUTCOME =
  /\b(can|could|will|would|is|are|was|were|may|might|should|does|did)\b[^?]{0,200}\b(liable|liability|guilty|convicted|recover|prevail|succeed|win|enforce|enforceable|admissible|admit|excluded|suppress\w*|valid|void|voidable|breach|owe|entitled|sue|claim|defen[cs]e|dismiss\w*|grant\w*|constitutional|unconstitutional|own|title|ownership|responsible)\b|\b(what (?:claims?|crimes?|torts?|issues?|result|outcome|arguments?|defen[cs]es?|interests?|estates?)|who (?:owns|takes|holds|has title|gets)|most likely|likely outcome|best argument|strongest (?:argument|defen[cs]e|claim))\b/;
const NARRATIVE_VERBS =
  /\b(conveys|devises|grants|leases|transfers|mortgages|dies|sued|sues|told|agreed|signed|shot|hit|struck|entered|arrested|searched|offered|promised|bought|sold|died|conveyed|devised|refused|fired|slipped|fell|drove|crashed|took|stole|broke|left|returned|delivered|paid|wrote|mailed|called|owned|leased|rented|built|hired|attacked|punched|grabbed|found|discovered|seized|asked|said|testified|planned|threatened|killed|injured|damaged|bit|sent|received|borrowed|lent|recorded|granted|moved|filed)\b/g;
const STORY_START =
  /^\s*([a-z] (?:conveys|devises|grants|leases|sells|transfers|mortgages|dies)\b|suppose|assume|imagine|hypo(?:thetical)?|fact pattern|here'?s a (?:hypo|scenario|fact pattern)|scenario|a (?:man|woman|landowner|buyer|seller|tenant|landlord|driver|police officer|officer|defendant|plaintiff|homeowner|company|corporation|student|customer|patient|doctor|employer|employee|contractor|owner|testator|grantor)\b)/;
const FIRST_PERSON_STORY =
  /\b(my (?:landlord|tenant|neighbor|neighbour|boss|employer|client|friend|roommate|wife|husband|brother|sister|mother|father|son|daughter|contractor|doctor)|i (?:was|got|signed|bought|sold|rented|agreed|promised|told|hit|slipped|fell))\b/;

/** Past-tense verbs of a story ("posted", "kicked", "rear-ended"); adjectives ending in -ed that rarely narrate are left out. */
const PAST_TENSE =
  /\b(?!(?:based|related|required|called|needed|allowed|supposed|used|interested|concerned|married|limited|united|alleged|so-called|detailed|advanced|mixed|fixed-?term|red|bed|shed|need|feed|speed|seed|deed|breed|greed|proceed|exceed|succeed|indeed|hundred|sacred|naked|wicked|kindred)\b)[a-z]+(?:-[a-z]+)?ed\b/g;
/** Irregular past tenses a story is told in. */
const IRREGULAR_PAST =
  /\b(held|kept|caught|ran|saw|gave|threw|got|made|came|went|knew|thought|ate|bit|spent|lost|won|wrote|spoke|swore|stood|sat|hid|led|meant|heard|felt|told|said|sold|stole|took|fell|broke|drove|hit|shot|left|paid|found|sent|built|bought)\b/g;
/** Asking for an explanation rather than telling a story. */
const EXPLAIN_START =
  /^\s*(?:what|whats|what's|how|why|when|which|who|is|are|does|do|can|could|explain|define|tell me|give me|describe|list|name|summari[sz]e)\b/;

/**
 * A story in the student's own words (issue 13 §1): a statement of what happened (a sentence ending
 * in "." or "!", not a request to explain), followed by or holding the question, or two past-tense
 * events. "A coworker posted on Facebook that I steal from the register. It's totally false." and
 * "Police arrested me in my living room and then searched my closet" are stories; "Can an offer to
 * settle be used to prove liability?" is not.
 */
export function isStory(question: string): boolean {
  const q = question.toLowerCase().replace(/[’]/g, "'");
  const words = wordCount(q);
  if (words < 10) return false;
  const statements = (q.match(/[^.?!]+[.!]['"”’]?(?=\s|$)/g) ?? []).filter(
    (x) => wordCount(x) >= 5 && !EXPLAIN_START.test(x),
  );
  const past = (q.match(PAST_TENSE) ?? []).length + (q.match(IRREGULAR_PAST) ?? []).length;
  if (statements.length >= 2) return true;
  if (statements.length && (past >= 1 || STORY_START.test(q) || FIRST_PERSON_STORY.test(q) || /[?]/.test(q)))
    return true;
  return words >= 14 && past >= 3 && !DISTINCTION.test(q);
}

/** Cleans one side of a comparison: leading articles, trailing "in criminal law?" kept, punctuation dropped. */
function cleanSide(s: string): string {
  return s
    .replace(/^[\s,:;-]*(?:the|a|an|between)\s+/i, "")
    .replace(/[?.!]+$/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Finds the two things a distinction question compares, or null. */
export function distinctionSides(question: string): [string, string] | null {
  const q = question
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[?!.]+$/, "");
  const patterns: RegExp[] = [
    // "the difference between X and Y", "distinguish X from Y"; a story's "defends the difference as
    // necessary to X and to Y" compares nothing (decision 096).
    /\b(?:(?:differences?|distinctions?)\s+between|distinguish(?:ing)?(?:\s+between)?)\s+(.+?)\s+(?:and|from|vs\.?|versus)\s+(.+?)(?:\s*[,;]|$|\s+(?:on the|for the|in a|under)\b)/i,
    /\bhow (?:is|are|does|do)\s+(.+?)\s+(?:differ|different)\s+(?:from|than)\s+(.+)$/i,
    /\bcompare\s+(.+?)\s+(?:and|with|to|vs\.?|versus)\s+(.+)$/i,
    /\bcontrast\s+(.+?)\s+(?:and|with|to)\s+(.+)$/i,
    /^(?:what(?:'s| is)\s+)?(.+?)\s+(?:vs\.?|versus|as opposed to)\s+(.+?)$/i,
    /^(.+?)\s+(?:and|or)\s+(.+?)[\s,:;-]+(?:what'?s|what is|whats)\s+the\s+difference/i,
    /\bis\s+(.+?)\s+the same(?: thing)? as\s+(.+?)(?:[?.!]|$)/i,
  ];
  for (const re of patterns) {
    const m = re.exec(q);
    if (m) {
      let a = cleanSide(m[1].replace(/^.*\b(?:difference|differences|distinction) between\s+/i, ""));
      const b = cleanSide(m[2]);
      // "voluntary and involuntary manslaughter": the first side borrows the second's noun.
      const bWords = b.split(" ");
      if (wordCount(a) === 1 && bWords.length >= 2 && !b.toLowerCase().includes(a.toLowerCase()))
        a = `${a} ${bWords.slice(1).join(" ")}`;
      else if (wordCount(a) === 1 && bWords.length >= 2 && bWords[0].toLowerCase().endsWith(a.toLowerCase()))
        a = `${a} ${bWords.slice(1).join(" ")}`;
      // "specific intent and general intent crimes": both sides end on "intent", the second goes on
      // with the noun they share, which the first borrows ("specific intent crimes").
      else {
        const aWords = a.split(" ");
        const n = aWords.length;
        if (n >= 2 && bWords.length > n && aWords[n - 1].toLowerCase() === bWords[n - 1].toLowerCase())
          a = `${a} ${bWords.slice(n).join(" ")}`;
      }
      if (a && b && wordCount(a) <= 10 && wordCount(b) <= 10) return [a, b];
    }
  }
  return null;
}

/** Classifies a question; `caseMention` says whether it names a case we hold ("full" = "A v. B"). */
export function classify(question: string, caseMention: "full" | "short" | null): Classification {
  const q = question.toLowerCase().replace(/[’]/g, "'");
  const words = wordCount(q);
  if (DISTINCTION.test(q)) {
    const sides = distinctionSides(question);
    if (sides) return { kind: "distinction", sides };
  }
  const narrative = (q.match(NARRATIVE_VERBS) ?? []).length;
  const outcome = OUTCOME.test(q);
  const story = STORY_START.test(q) || FIRST_PERSON_STORY.test(q);
  if (
    words >= 45 ||
    (words >= 14 && outcome && (narrative >= 2 || story)) ||
    (story && outcome && words >= 8) ||
    isStory(question)
  )
    return { kind: "fact_pattern" };
  if (SUMMARY.test(q)) return { kind: "summary" };
  if (caseMention === "full") return { kind: "case" };
  if (
    caseMention === "short" &&
    (CASE_CUES.test(q) || (!DOCTRINE_NOUN.test(q) && (WEAK_CASE_CUES.test(q) || words <= 5)))
  )
    return { kind: "case" };
  return { kind: "concept" };
}
