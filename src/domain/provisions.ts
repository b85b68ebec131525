/**
 * Governing provisions as citable sources (issue 4 §3, decision 012).
 *
 * Topics list the provisions that govern them as free strings ("FRE 803(2)", "UCC § 2-207",
 * "U.S. Const. amend. XIV, § 1", "28 U.S.C. § 1332(a)"). A provision page groups them by their base
 * unit — one rule, section, amendment or article section — with a stable id:
 *   "FRE 803(2)"                   → fre-803          "FRE 803"
 *   "FRCP 12(b)(6)"                → frcp-12          "FRCP 12"
 *   "UCC § 2-207"                  → ucc-2-207        "UCC § 2-207"
 *   "28 U.S.C. § 1332(a)"          → 28-usc-1332      "28 U.S.C. § 1332"
 *   "U.S. Const. amend. XIV, § 1"  → const-amend-14   "U.S. Const. amend. XIV"
 *   "U.S. Const. art. I, § 8, cl. 3" → const-art-1-8  "U.S. Const. art. I, § 8"
 *   "MPC § 2.02"                   → mpc-2-02         "MPC § 2.02"
 *   "Restatement (Second) of Contracts § 90" → restatement-second-contracts-90
 * The page lists each exact string with the topics that cite it; it never reproduces the
 * provision's text (we hold no licensed copy), it shows where our content relies on it.
 */

export interface ProvisionRef {
  id: string;
  /** Base label, e.g. "FRE 803". */
  label: string;
  /** Body of law, e.g. "Federal Rules of Evidence". */
  family: string;
  /** Extra words a student may use for it ("Fourteenth Amendment", "Rule 803"). */
  aliases: string[];
}

const ROMAN: Record<string, number> = { I: 1, V: 5, X: 10, L: 50 };
export function romanToInt(r: string): number {
  let n = 0;
  for (let i = 0; i < r.length; i++) {
    const v = ROMAN[r[i]] ?? 0;
    const next = ROMAN[r[i + 1]] ?? 0;
    n += v < next ? -v : v;
  }
  return n;
}
const INT_ROMAN = [
  "",
  "I",
  "II",
  "III",
  "IV",
  "V",
  "VI",
  "VII",
  "VIII",
  "IX",
  "X",
  "XI",
  "XII",
  "XIII",
  "XIV",
  "XV",
  "XVI",
  "XVII",
  "XVIII",
  "XIX",
  "XX",
  "XXI",
  "XXII",
  "XXIII",
  "XXIV",
  "XXV",
  "XXVI",
  "XXVII",
];
export const ORDINALS = [
  "",
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
  "eleventh",
  "twelfth",
  "thirteenth",
  "fourteenth",
  "fifteenth",
  "sixteenth",
  "seventeenth",
  "eighteenth",
  "nineteenth",
  "twentieth",
  "twenty-first",
  "twenty-second",
  "twenty-third",
  "twenty-fourth",
  "twenty-fifth",
  "twenty-sixth",
  "twenty-seventh",
];

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/§/g, " ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function amendment(n: number): ProvisionRef {
  return {
    id: `const-amend-${n}`,
    label: `U.S. Const. amend. ${INT_ROMAN[n]}`,
    family: "United States Constitution",
    aliases: [`${ORDINALS[n]} amendment`, `amendment ${n}`],
  };
}

type Rule = [RegExp, (m: RegExpExecArray, s: string) => ProvisionRef[]];

const one = (id: string, label: string, family: string, aliases: string[] = []): ProvisionRef[] => [
  { id, label, family, aliases },
];

const RULES: Rule[] = [
  [
    /^FRE (\d+)/,
    (m) =>
      one(`fre-${m[1]}`, `FRE ${m[1]}`, "Federal Rules of Evidence", [
        `rule ${m[1]}`,
        `federal rule of evidence ${m[1]}`,
      ]),
  ],
  [
    /^FRCP (\d+)/,
    (m) =>
      one(`frcp-${m[1]}`, `FRCP ${m[1]}`, "Federal Rules of Civil Procedure", [
        `rule ${m[1]}`,
        `federal rule of civil procedure ${m[1]}`,
      ]),
  ],
  [
    /^FRAP (\d+)/,
    (m) => one(`frap-${m[1]}`, `FRAP ${m[1]}`, "Federal Rules of Appellate Procedure", [`appellate rule ${m[1]}`]),
  ],
  [
    /^Fed\. R\. Crim\. P\. (\d+)/,
    (m) =>
      one(`frcrimp-${m[1]}`, `Fed. R. Crim. P. ${m[1]}`, "Federal Rules of Criminal Procedure", [
        `criminal rule ${m[1]}`,
      ]),
  ],
  [
    /^UCC § (\d+[A-Za-z]?-\d+[A-Za-z]*(?:-\d+[A-Za-z]*)*)/,
    (m) =>
      one(`ucc-${m[1].toLowerCase()}`, `UCC § ${m[1]}`, "Uniform Commercial Code", [`ucc ${m[1]}`, `section ${m[1]}`]),
  ],
  [/^UPC § (\d+-\d+)/, (m) => one(`upc-${m[1]}`, `UPC § ${m[1]}`, "Uniform Probate Code")],
  [
    // A section number keeps all its letters and hyphenated parts: "2000bb-1", "2000cc", "1701j-3".
    /^(\d+) U\.S\.C\. § ([0-9]+[a-z]*(?:-[0-9]+[a-z]*)*)/,
    (m) =>
      one(`${m[1]}-usc-${m[2]}`, `${m[1]} U.S.C. § ${m[2]}`, "United States Code", [`section ${m[2]}`, `§ ${m[2]}`]),
  ],
  [
    /^MPC § (\d+\.\d+)/,
    (m) => one(`mpc-${m[1].replace(".", "-")}`, `MPC § ${m[1]}`, "Model Penal Code", [`model penal code ${m[1]}`]),
  ],
  [
    /^Restatement \((Second|Third)\) of ([A-Za-z: ]+?) § ([0-9A-Z]+(?:\.[0-9]+)?)/,
    (m) =>
      one(
        `restatement-${slug(m[1])}-${slug(m[2])}-${slug(m[3])}`,
        `Restatement (${m[1]}) of ${m[2]} § ${m[3]}`,
        `Restatement (${m[1]}) of ${m[2].split(":")[0]}`,
        [`restatement ${m[3]}`],
      ),
  ],
  [
    /^U\.S\. Const\. amends?\. ([IVXL]+)-([IVXL]+)/,
    (m) => {
      const out: ProvisionRef[] = [];
      for (let n = romanToInt(m[1]); n <= romanToInt(m[2]); n++) out.push(amendment(n));
      return out;
    },
  ],
  [
    /^U\.S\. Const\. amend\./,
    (_m, s) => [...new Set([...s.matchAll(/amend\. ([IVXL]+)/g)].map((x) => romanToInt(x[1])))].map(amendment),
  ],
  [
    /^U\.S\. Const\. art\. ([IVX]+)(?:, § (\d+))?/,
    (m) => {
      const art = romanToInt(m[1]);
      if (!m[2])
        return one(`const-art-${art}`, `U.S. Const. art. ${m[1]}`, "United States Constitution", [
          `article ${m[1].toLowerCase()}`,
        ]);
      return one(`const-art-${art}-${m[2]}`, `U.S. Const. art. ${m[1]}, § ${m[2]}`, "United States Constitution", [
        `article ${m[1].toLowerCase()} section ${m[2]}`,
      ]);
    },
  ],
];

/** The base provisions a topic's provision string refers to (usually one; "amends. I-VIII" gives eight). */
export function parseProvision(raw: string): ProvisionRef[] {
  const s = raw.trim();
  for (const [re, build] of RULES) {
    const m = re.exec(s);
    if (m) return build(m, s);
  }
  return one(slug(s), s, "Other authority");
}

export interface ProvisionEntry extends ProvisionRef {
  /** Each exact provision string under this base, with the topics that cite it (content order). */
  cites: { cite: string; topicIds: string[] }[];
  topicIds: string[];
}

/** Groups the provisions of `topics` by base id. Input order is kept inside each group. */
export function buildProvisionRegistry(topics: { id: string; provisions: string[] }[]): Map<string, ProvisionEntry> {
  const reg = new Map<string, ProvisionEntry>();
  for (const t of topics) {
    for (const cite of t.provisions) {
      for (const ref of parseProvision(cite)) {
        let e = reg.get(ref.id);
        if (!e) {
          e = { ...ref, cites: [], topicIds: [] };
          reg.set(ref.id, e);
        }
        let c = e.cites.find((x) => x.cite === cite);
        if (!c) {
          c = { cite, topicIds: [] };
          e.cites.push(c);
        }
        if (!c.topicIds.includes(t.id)) c.topicIds.push(t.id);
        if (!e.topicIds.includes(t.id)) e.topicIds.push(t.id);
      }
    }
  }
  return reg;
}

/** In-app page of a provision. */
export const provisionUrl = (id: string) => `/library/provisions/${id}`;
