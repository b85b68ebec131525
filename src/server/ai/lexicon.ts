/**
 * How law students write versus how doctrine is titled. Two tables, both general (none is tied to a
 * particular question):
 * - SHORTHAND: bar-prep abbreviations rewritten in place before tokenizing ("PJ" → "personal
 *   jurisdiction", "K" → "contract", "IIED", "RAP", "BFP", "12b6").
 * - SYNONYMS: plain-English words searched together with their doctrinal terms ("steal" also
 *   searches "larceny"); a synonym match counts as a match of the student's own word.
 */
import { BA_PR_SITUATIONS } from "./lexicon/ba-pr";
import { CRIM_EVIDENCE_SITUATIONS } from "./lexicon/crim-evidence";
import { FOLLOW_UP_SITUATIONS } from "./lexicon/follow-ups";
import { GENERAL_SITUATIONS } from "./lexicon/general";
import { PROPERTY_CONLAW_CIVPRO_SITUATIONS } from "./lexicon/property-conlaw-civpro";
import { SYNONYM_LIST } from "./lexicon/synonyms";
import { TORTS_CONTRACTS_SITUATIONS } from "./lexicon/torts-contracts";
import { TORTS_CONTRACTS_MISSES } from "./lexicon/torts-contracts-misses";
import { stem } from "./stemmer";

/** Lower-case whole-word patterns → replacement text. Applied in order. */
const SHORTHAND: [RegExp, string][] = [
  ...GENERAL_SITUATIONS,
  ...TORTS_CONTRACTS_SITUATIONS,
  ...TORTS_CONTRACTS_MISSES,
  ...CRIM_EVIDENCE_SITUATIONS,
  ...PROPERTY_CONLAW_CIVPRO_SITUATIONS,
  ...BA_PR_SITUATIONS,
  ...FOLLOW_UP_SITUATIONS,
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

/**
 * Acronyms that are also everyday words or texting ("im 16" is "I'm 16", "k thanks", "my sales rep",
 * "gym class pe", "my pc crashed", "ap bio", "the fm station"): expanded only when the question
 * writes them in capitals ("IM", "K", "PE"), as a student naming the doctrine does.
 */
const AMBIGUOUS_ACRONYMS = new Set(["im", "k", "ks", "rep", "pe", "pc", "ap", "fm", "ep", "cl", "rs", "dp", "sj"]);

/**
 * Rewrites shorthand in a lower-cased question. `original` is the question as typed: without it,
 * the ambiguous acronyms (AMBIGUOUS_ACRONYMS) are never expanded.
 */
export function expandShorthand(lower: string, original = ""): string {
  let s = lower;
  for (const [re, repl] of SHORTHAND) s = s.replace(re, repl);
  const capitals = new Set(original.match(/\b[A-Z0-9]{1,5}\b/g)?.map((w) => w.toLowerCase()) ?? []);
  return s.replace(/(^|[\s(/,])([a-z0-9]{1,5})(?=$|[\s)/,.?!;:'])/g, (all, pre: string, w: string) =>
    ACRONYMS[w] && (!AMBIGUOUS_ACRONYMS.has(w) || capitals.has(w)) ? `${pre}${ACRONYMS[w]}` : all,
  );
}

/** Stemmed student word → doctrinal phrases (lexicon/synonyms.ts), looked up by retrieve.ts parseQuery. */
export const SYNONYMS = new Map<string, string[]>();
for (const [from, to] of SYNONYM_LIST)
  for (const f of from) {
    const k = stem(f);
    SYNONYMS.set(k, [...new Set([...(SYNONYMS.get(k) ?? []), ...to])]);
  }
