/**
 * The doctrine text of an opinion (decision 051): what Lexmate's official content says about the
 * case, indexed with the opinion so a doctrine described in plain words finds its leading case.
 * Pure functions over content rows; `loadReferenceRows` (import.service.ts) attaches the result to
 * each official brief, and the parse worker carries it to the opinion it matches.
 */
/**
 * What the official content says about a case, indexed as the opinion's `doctrine` vector
 * (decision 051): `titles` (weight A) are the titles of the topics its official brief is filed
 * under; `text` (weight B) is the brief's issue, rule, holding, facts and takeaways plus every
 * sentence of an official topic (rule, summary, elements, exceptions, positions, traps) that names
 * the case. So a doctrine described in plain words finds the case the topics cite for it.
 */
export interface Doctrine {
  titles: string;
  text: string;
}

export const NO_DOCTRINE: Doctrine = { titles: "", text: "" };

/** Characters of an opinion's opening indexed like a syllabus (weight C; decision 051). */
export const OPENING_CHARS = 1500;

const STATES =
  "Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming";
const GENERIC_PARTY = new RegExp(
  `^(?:United States|U\\.S\\.|State|People|Commonwealth|City|County|Town|Board|Department|In re|Ex parte|${STATES})\\b`,
  "i",
);

/**
 * How topics refer to a case: its distinctive party ("Wickard" for Wickard v. Filburn, "Lopez" for
 * United States v. Lopez), or the whole name when both parties are generic (New York v. United
 * States). Corporate suffixes are dropped.
 */
export function caseShortName(name: string): string {
  const parties = name.split(/\s+v\.\s+/).map((p) =>
    p
      .replace(/,?\s+(?:Inc|Co|Corp|Ltd|L\.L\.C|LLC)\.?(?=\s|,|$).*$/i, "")
      .replace(/^(?:In re|Ex parte)\s+/i, "")
      .trim(),
  );
  const first = parties[0] ?? name;
  if (parties.length < 2) return first;
  if (!GENERIC_PARTY.test(first)) return first.split(/,\s/)[0];
  if (!GENERIC_PARTY.test(parties[1])) return parties[1].split(/,\s/)[0];
  return name;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every string in a topic's body (elements, exceptions, positions, traps…), split into sentences. */
function sentencesOf(...values: unknown[]): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") out.push(...v.split(/(?<=[.;])\s+(?=[A-Z(])/));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  values.forEach(walk);
  return out;
}

/** The doctrine text of every official brief, keyed by brief id (see `Doctrine`). */
export function doctrinesOf(
  official: { id: string; name: string; topicIds: string[]; body: Record<string, unknown> }[],
  topicRows: { id: string; title: string; summary: string; rule: string; body: Record<string, unknown> }[],
): Map<string, Doctrine> {
  const title = new Map(topicRows.map((t) => [t.id, t.title]));
  const sentences = topicRows.flatMap((t) => {
    const { cases: _cases, related: _related, provisions: _provisions, ...rest } = t.body as Record<string, unknown>;
    return sentencesOf(t.summary, t.rule, rest);
  });
  const out = new Map<string, Doctrine>();
  for (const b of official) {
    const short = caseShortName(b.name);
    const re = short.length >= 3 ? new RegExp(`\\b${escapeRe(short)}\\b`, "i") : null;
    const naming = re ? sentences.filter((s) => re.test(s)) : [];
    const own = ["facts", "takeaways"].flatMap((k) => sentencesOf(b.body[k]));
    out.set(b.id, {
      titles: b.topicIds.map((id) => title.get(id) ?? "").join("\n"),
      text: [...own, ...naming].join("\n").slice(0, 20_000),
    });
  }
  return out;
}
