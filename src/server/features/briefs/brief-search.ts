/**
 * The case-brief search of `/api/case-briefs?q=` and `/api/briefs?q=` (issue 12 item 26): every word
 * of the query must appear (case-insensitive, anywhere in a word) in the brief's name, citation or
 * text (every string of the official `body` or of a student brief's `sections`). A word that is a
 * common case-name abbreviation also matches its long form, and the other way round ("intl shoe"
 * finds International Shoe Co. v. Washington; "corporation" finds "… Corp.").
 */
import { and, type Column, or, type SQL, sql } from "drizzle-orm";

/** Abbreviation → long forms, as in case names and Bluebook T6 (the common ones). */
const ABBREVIATIONS: Record<string, string[]> = {
  intl: ["international"],
  natl: ["national"],
  corp: ["corporation"],
  co: ["company"],
  cos: ["companies"],
  inc: ["incorporated"],
  ltd: ["limited"],
  assn: ["association"],
  assoc: ["association", "associates"],
  bros: ["brothers"],
  dept: ["department"],
  dist: ["district"],
  univ: ["university"],
  bd: ["board"],
  commn: ["commission"],
  commr: ["commissioner"],
  govt: ["government"],
  ins: ["insurance"],
  mfg: ["manufacturing"],
  mut: ["mutual"],
  elec: ["electric"],
  educ: ["education"],
  hosp: ["hospital"],
  amer: ["american"],
  am: ["american"],
  ry: ["railway"],
  rr: ["railroad"],
  tel: ["telephone"],
  transp: ["transportation"],
  sch: ["school"],
  cnty: ["county"],
  twp: ["township"],
  fed: ["federal"],
  st: ["state", "street", "saint"],
};

/** Abbreviations also written with an apostrophe. */
const APOSTROPHE_FORMS: Record<string, string> = {
  intl: "int'l",
  natl: "nat'l",
  assn: "ass'n",
  commn: "comm'n",
  commr: "comm'r",
  govt: "gov't",
};

/** Long form → abbreviations (the reverse of ABBREVIATIONS). */
const SHORT_FORMS: Record<string, string[]> = {};
for (const [short, longs] of Object.entries(ABBREVIATIONS))
  for (const long of longs) SHORT_FORMS[long] = [...(SHORT_FORMS[long] ?? []), short];

/**
 * The spellings one query word may appear as, lower case: itself, its long forms (an abbreviation)
 * or its abbreviations (a long form), each abbreviation with and without its apostrophe ("int'l").
 */
export function wordVariants(word: string): string[] {
  const raw = word.toLowerCase().replace(/’/g, "'");
  const w = raw.replace(/[.']/g, "");
  if (!w) return [];
  const out = new Set([raw, w]);
  for (const long of ABBREVIATIONS[w] ?? []) out.add(long);
  // Abbreviations of 2 letters ("co", "st", "am") are inside too many words to be useful alone.
  for (const short of SHORT_FORMS[w] ?? []) if (short.length > 2) out.add(short);
  for (const v of [...out]) if (APOSTROPHE_FORMS[v]) out.add(APOSTROPHE_FORMS[v]);
  return [...out];
}

/** The query split into words (letters, digits, apostrophes and dots inside a word). */
export function queryWords(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}.'’]*/gu) ?? []).slice(0, 12);
}

const likeOf = (s: string) => `%${s.replace(/[%_\\]/g, "\\$&")}%`;

/** One word (any of its variants) in the given columns. */
function wordIn(word: string, columns: (Column | SQL)[]): SQL | undefined {
  return or(...wordVariants(word).flatMap((v) => columns.map((col) => sql`${col} ILIKE ${likeOf(v)}`)));
}

/**
 * ORDER BY keys for `q`, to put before a list's own order: 0 when every word is in the name or
 * citation, 1 when only the text has some (so "palsgraf" lists Palsgraf before briefs that cite
 * it). None without a query (a bare constant would be read as a column position).
 */
export function briefSearchRank(q: string | undefined, cols: { name: Column; citation: Column }): SQL[] {
  const words = queryWords(q ?? "");
  if (!words.length) return [];
  return [sql`CASE WHEN ${and(...words.map((w) => wordIn(w, [cols.name, cols.citation])))} THEN 0 ELSE 1 END`];
}

/**
 * The WHERE condition for `q` over a brief table: `name` and `citation` columns and a jsonb column
 * whose string values are the brief's text. The whole query as typed inside the name or citation
 * ("326 U.S. 310") matches too. Undefined for an empty query (no filter).
 */
export function briefSearchCondition(
  q: string | undefined,
  cols: { name: Column; citation: Column; text: Column },
): SQL | undefined {
  const words = queryWords(q ?? "");
  if (!words.length) return undefined;
  const text = sql`jsonb_path_query_array(${cols.text}, 'strict $.** ? (@.type() == "string")')::text`;
  const whole = likeOf((q ?? "").trim());
  return or(
    sql`${cols.name} ILIKE ${whole}`,
    sql`${cols.citation} ILIKE ${whole}`,
    and(...words.map((word) => wordIn(word, [cols.name, cols.citation, text]))),
  );
}
