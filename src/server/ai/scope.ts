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
