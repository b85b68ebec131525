/**
 * 'Draft brief' without an LLM (issue 5 §4): picks, from the opinion's own words, the
 * sentences that usually carry each part of a case brief. A reader's cues, not a summary:
 *   issue       "The question presented is whether…", "We granted certiorari to decide…"
 *   holding     "We hold…", "Held:", "We conclude…", and the disposition ("Reversed.")
 *   rule        sentences that state a legal standard ("…requires…", "…may not…unless…",
 *               "the test is…"), preferring those the opinion repeats
 *   posture     how the case arrived: the courts below and what they did
 *   facts       the opening narrative before the court turns to the law
 *   reasoning   "because", "therefore", "thus" sentences from the body
 *   separate    who concurred and who dissented
 * Every sentence is quoted as the court wrote it; the student rewrites before saving.
 */

export interface ExtractInput {
  name: string;
  citation: string | null;
  court: string | null;
  year: number | null;
  text: string;
}

export interface ExtractedDraft {
  parties: { first: string; second: string } | null;
  sections: Record<
    "facts" | "proceduralHistory" | "issue" | "rule" | "holding" | "reasoning" | "separateOpinions" | "takeaways",
    string[]
  >;
}

const ABBREV =
  /\b(?:U\.S|U\.S\.C|v|vs|Co|Corp|Inc|Ltd|No|Nos|Mr|Mrs|Ms|Dr|Jr|Sr|St|Ct|Cir|App|Supp|F|S|L|Ed|J|JJ|C\.J|Gen|Atty|Dept|Assn|Bd|Comm|Cal|Fla|Ill|Mass|Pa|Tex|Va|Wash|Stat|Art|Sec|cl|art|amend|Const|ed|et al|e\.g|i\.e|cf|id|Id|etc|Fed|R|Civ|Proc|Evid|Crim|Rev|Ann|Vol|pp?|Nw|Se|Ne|Sw)\.$/;

/** Splits text into sentences without breaking after "U.S.", "v.", "Co." and the like. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  for (const para of text.split(/\n{2,}/)) {
    const parts = para
      .replace(/\s+/g, " ")
      .trim()
      .split(/(?<=[.?!]["”’)\]]*)\s+(?=["“(]?[A-Z])/);
    let cur = "";
    for (const p of parts) {
      cur = cur ? `${cur} ${p}` : p;
      if (!ABBREV.test(cur.replace(/["”’)\]]+$/, "")) && !/\b[A-Z]\.$/.test(cur)) {
        out.push(cur);
        cur = "";
      }
    }
    if (cur) out.push(cur);
  }
  return out.map((s) => s.trim()).filter((s) => (s.length >= 25 && s.length <= 900) || DISPOSITION.test(s));
}

/** A disposition line: "Reversed.", "Affirmed in part, reversed in part, and remanded." */
const DISPOSITION =
  /^(?:(?:Judgment )?(?:Affirmed|Reversed|Vacated|Remanded|Dismissed)(?: in part)?(?:,? (?:and )?(?:affirmed|reversed|vacated|remanded|dismissed)(?: in part)?)*\.?|It is so ordered\.?)$/i;

interface Scored {
  i: number;
  s: string;
  score: number;
}

const pick = (list: Scored[], n: number) =>
  list
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, n)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.s);

/** Extracts a draft from the opinion's text. Pure; never invents words. */
export function extractDraft(input: ExtractInput): ExtractedDraft {
  const all = sentences(input.text);
  // Skip a reporter's caption and syllabus header: start at the first sentence of prose.
  const n = all.length || 1;
  const pos = (i: number) => i / n;
  const used = new Set<number>();
  const take = (list: string[]) => {
    for (const s of list) used.add(all.indexOf(s));
    return list;
  };
  const score = (re: [RegExp, number][], where: (i: number) => number = () => 1) =>
    all.map((s, i) => ({
      i,
      s,
      score: used.has(i) ? 0 : re.reduce((acc, [r, w]) => acc + (r.test(s) ? w : 0), 0) * where(i),
    }));

  const holding = take(
    pick(
      score([
        [/\bwe (?:therefore )?hold\b/i, 6],
        [/^Held:/, 6],
        [/\bwe (?:therefore )?conclude\b/i, 4],
        [/\b(?:judgment|decision) of the [\w\s]+ (?:is|are) (?:affirmed|reversed|vacated)/i, 4],
        [DISPOSITION, 3],
        [/\bwe (?:affirm|reverse|vacate)\b/i, 3],
        [/\bit is so ordered\b/i, 1],
      ]),
      3,
    ),
  );
  if (!holding.some((h) => !DISPOSITION.test(h))) {
    // Only a disposition (or nothing): add the court's closing conclusion.
    holding.push(
      ...take(
        pick(
          score(
            [
              [/\bwe (?:think|find|agree|are of (?:the )?opinion)\b/i, 2],
              [
                /\b(?:is|was|are|were) (?:not )?(?:valid|invalid|constitutional|unconstitutional|sufficient|insufficient|proper|improper|within|beyond)\b/i,
                2,
              ],
              [
                /\b(?:constitutional power|has (?:the )?power|(?:is|was) (?:therefore )?(?:entitled|bound|liable|subject) to)\b/i,
                2,
              ],
            ],
            (i) => (pos(i) > 0.75 ? 1 : 0),
          ),
          2,
        ),
      ),
    );
  }
  holding.sort((a, b) => all.indexOf(a) - all.indexOf(b));
  const issue = take(
    pick(
      score(
        [
          [/\bquestion(?:s)? (?:presented|for decision|before us|in this case)\b[^.]*\bwhether\b/i, 6],
          [/\bgranted certiorari\b[^.]*\b(?:to|decide|consider|resolve)\b/i, 4],
          [/\bwe (?:must|are asked to) (?:decide|determine|consider)\b[^.]*\bwhether\b/i, 5],
          [/\bthe (?:issue|question) (?:is|here is|presented is)\b/i, 4],
          [/\bwhether\b/i, 1],
        ],
        (i) => (pos(i) < 0.3 ? 1.5 : 0.5),
      ),
      2,
    ),
  );
  const posture = take(
    pick(
      score(
        [
          [
            /\b(?:District Court|Court of Appeals|Circuit|trial court|Supreme Court of [A-Z]\w+|state court|Court of Appeal)\b/,
            2,
          ],
          [
            /\b(?:granted|denied|dismissed|affirmed|reversed|entered judgment|summary judgment|motion to dismiss|directed verdict|jury|verdict|certiorari|appealed|remanded|removed)\b/i,
            2,
          ],
          [/\b(?:sued|brought (?:this|an|suit)|filed (?:suit|a complaint|this action))\b/i, 2],
        ],
        (i) => (pos(i) < 0.25 ? 1.5 : pos(i) < 0.5 ? 0.6 : 0.2),
      ),
      3,
    ),
  );
  const rule = take(
    pick(
      score(
        [
          [/\b(?:requires?|required) (?:only )?that\b/i, 4],
          [/\b(?:may not|must not|cannot|shall not)\b[^.]*\b(?:unless|only if|except)\b/i, 4],
          [/\bthe (?:test|standard|rule) (?:is|for|of)\b/i, 4],
          [/\bdue process requires\b/i, 5],
          [/\b(?:must|may|shall) (?:be|have|not)\b/i, 1],
          [/\bonly (?:if|when)\b/i, 2],
          [
            /\b(?:traditional notions|substantial(?:ly)? (?:affects?|effects?)|minimum contacts|strict scrutiny|rational basis|compelling (?:state )?interest|narrowly tailored)\b/i,
            3,
          ],
        ],
        (i) => (pos(i) < 0.85 ? 1 : 0.4),
      ),
      2,
    ),
  );
  const reasoning = take(
    pick(
      score(
        [
          [/\bbecause\b/i, 2],
          [/\b(?:therefore|thus|accordingly|consequently|it follows)\b/i, 2],
          [/\b(?:we (?:think|believe|agree|reject|find)|in our view)\b/i, 2],
        ],
        (i) => (pos(i) > 0.2 && pos(i) < 0.9 ? 1 : 0.3),
      ),
      4,
    ),
  );
  // Facts: the opening narrative sentences not already used, before the law begins.
  const facts = take(
    all
      .map((s, i) => ({ s, i }))
      .filter(
        ({ i, s }) =>
          !used.has(i) &&
          pos(i) < 0.3 &&
          !/\b(?:we hold|question presented|certiorari|Syllabus|NOTE:|Reporter of Decisions|argued|decided)\b/i.test(
            s,
          ) &&
          /\b(?:was|were|had|did|filed|sued|brought|owned|sold|entered|resided|employed|injured|arrested|convicted)\b/i.test(
            s,
          ),
      )
      .slice(0, 4)
      .map(({ s }) => s),
  );
  const separate = [
    ...new Set(
      [
        ...input.text.matchAll(
          /\b((?:Mr\. )?(?:Chief )?Justice [A-Z][A-Za-z'’]+|[A-Z]{3,}, (?:C\. )?J\.),? (?:filed an opinion )?(concurring|dissenting)(?: in part)?/g,
        ),
      ].map((m) => `${m[1].replace(/^Mr\. /, "")}, ${m[2]}`),
    ),
  ].slice(0, 8);
  const [first, second] = input.name.split(/\s+v\.\s+/);
  return {
    parties: first && second ? { first, second } : null,
    sections: {
      facts,
      proceduralHistory: posture,
      issue,
      rule,
      holding,
      reasoning,
      separateOpinions: separate,
      takeaways: [],
    },
  };
}
