/**
 * Case citations: finding reporter citations in text, writing them the standard way
 * ("302 F. Supp. 3d 312", "717 F. App'x 468", "556 U.S. 662") and the key an opinion is
 * stored under (`citeKey`), so "302 F.Supp.3d 312" and "302 F. Supp. 3d 312" are one case.
 * Reporter abbreviations follow The Bluebook's T1 table for the reporters law students meet.
 */

/** Canonical reporter abbreviations by their comparison key (lower case, no periods or spaces). */
const REPORTERS: Record<string, string> = {};
const add = (canonical: string, ...aliases: string[]) => {
  for (const a of [canonical, ...aliases]) REPORTERS[reporterKey(a)] = canonical;
};

export function reporterKey(abbreviation: string): string {
  return abbreviation.toLowerCase().replace(/[’']/g, "").replace(/[.\s]/g, "");
}

// Supreme Court and its nominative reporters.
add("U.S.", "US", "U. S.");
add("S. Ct.", "S.Ct.", "Sup. Ct.");
add("L. Ed.", "L.Ed.");
add("L. Ed. 2d", "L.Ed.2d", "L. Ed.2d");
add("Dall.");
add("Cranch");
add("Wheat.");
add("Pet.");
add("How.");
add("Black");
add("Wall.");
// Federal courts.
add("F.");
add("F.2d", "F. 2d");
add("F.3d", "F. 3d");
add("F.4th", "F. 4th");
add("F. Supp.", "F.Supp.");
add("F. Supp. 2d", "F.Supp.2d", "F. Supp.2d");
add("F. Supp. 3d", "F.Supp.3d", "F. Supp.3d");
add("F.R.D.");
add("F. App'x", "Fed. Appx.", "Fed.Appx.", "F. Appx.", "Fed. App'x");
add("B.R.");
add("Fed. Cl.");
// Regional and state reporters.
for (const r of ["A.", "N.E.", "N.W.", "S.E.", "S.W.", "P."]) {
  add(r);
  add(`${r}2d`, `${r} 2d`);
  add(`${r}3d`, `${r} 3d`);
}
add("So.");
add("So. 2d", "So.2d");
add("So. 3d", "So.3d");
add("Cal. Rptr.");
add("Cal.");
add("Cal. 2d", "Cal.2d");
add("Cal. 3d", "Cal.3d");
add("Cal. 4th", "Cal.4th");
add("N.Y.");
add("N.Y.2d", "N.Y. 2d");
add("N.Y.3d", "N.Y. 3d");
add("N.Y.S.");
add("N.Y.S.2d", "N.Y.S. 2d");
add("Mass.");
add("Ill.");
add("Ill. 2d", "Ill.2d");
add("Haw.");
add("Ex.");

/** The three parts of a reporter citation. */
export interface ReporterCitation {
  volume: number;
  reporter: string;
  page: number;
}

/**
 * Matches "<volume> <reporter> <page>" where the reporter is written with any spacing and
 * periods ("F.Supp.3d", "F. Supp. 3d", "U. S.", "Fed.Appx."). Checked against REPORTERS after.
 */
const CITE_RE = /\b(\d{1,4})\s+([A-Z][A-Za-z.'’ ]{0,18}?(?:\s?(?:2d|3d|4th))?)\s+(\d{1,5})\b/g;

/** Parses one citation string; null unless it is "<volume> <known reporter> <page>". */
export function parseCitation(text: string): ReporterCitation | null {
  const m = /^\s*(\d{1,4})\s+(.+?)\s+(\d{1,5})\s*$/.exec(text.replace(/\s+/g, " "));
  if (!m) return null;
  const canonical = REPORTERS[reporterKey(m[2])];
  if (!canonical) return null;
  return { volume: Number(m[1]), reporter: canonical, page: Number(m[3]) };
}

export const formatCitation = (c: ReporterCitation) => `${c.volume} ${c.reporter} ${c.page}`;

/** Every reporter citation in `text`, in order of appearance, canonicalised. */
export function findCitations(text: string): ReporterCitation[] {
  const out: ReporterCitation[] = [];
  for (const m of text.matchAll(CITE_RE)) {
    const canonical = REPORTERS[reporterKey(m[2])];
    if (canonical) out.push({ volume: Number(m[1]), reporter: canonical, page: Number(m[3]) });
  }
  return out;
}

/** Preference when a header lists parallel citations: official reports first (Bluebook R10.3.1). */
const RANK: Record<string, number> = { "U.S.": 0, "S. Ct.": 1, "L. Ed. 2d": 2, "L. Ed.": 2 };
export const citationRank = (c: ReporterCitation) =>
  RANK[c.reporter] ?? (["Dall.", "Cranch", "Wheat.", "Pet.", "How.", "Black", "Wall."].includes(c.reporter) ? 3 : 1);

export const isSupremeCourtReporter = (reporter: string) =>
  reporter in RANK || ["Dall.", "Cranch", "Wheat.", "Pet.", "How.", "Black", "Wall."].includes(reporter);

/** A docket-number "citation" ("No. 20-724", "13-cv-1953", "3:17CV228, slip op."), normalised. */
export function normalizeDocket(text: string): string {
  return text
    .replace(/,?\s*slip op\.?/i, "")
    .replace(/^\s*(?:Nos?\.|Docket No\.)\s*/i, "")
    .replace(/[–—]/g, "-")
    .trim()
    .toUpperCase();
}

/**
 * The key an opinion is stored under. A reporter citation is unique to one decision:
 * `us:326:310`. A docket number is not (one case has many orders), so its key adds the
 * decision date or year: `docket:3:17CV228:2017-07-10`. Without a citation: the normalised
 * case name and year.
 */
export function citeKey(opts: {
  citation: string | null;
  name: string;
  year: number | null;
  decided?: string | null;
}): string {
  const parsed = opts.citation ? parseCitation(opts.citation) : null;
  if (parsed) return `${reporterKey(parsed.reporter)}:${parsed.volume}:${parsed.page}`;
  const when = opts.decided ?? (opts.year ? String(opts.year) : "");
  if (opts.citation) return `docket:${normalizeDocket(opts.citation)}:${when}`;
  return `name:${normalizeCaseName(opts.name)}:${when}`;
}

/** Case name for comparison: lower case, "&" as "and", "United States" for "U.S.", no punctuation. */
export function normalizeCaseName(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/\bu\.\s?s\.(?=\s|$)/g, "united states")
    .replace(/[^a-z0-9 ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * (volume, year) anchors of the United States Reports, used only to flag an impossible year
 * (e.g. a front matter that dates 356 U.S. to 2014). Each is a decision whose volume and year
 * are well known: Marbury (5, 1803) … Obergefell (576, 2015).
 */
const US_ANCHORS: [number, number][] = [
  [5, 1803],
  [17, 1819],
  [22, 1824],
  [48, 1849],
  [95, 1878],
  [163, 1896],
  [198, 1905],
  [300, 1937],
  [326, 1945],
  [347, 1954],
  [356, 1958],
  [369, 1962],
  [410, 1973],
  [505, 1992],
  [514, 1995],
  [545, 2005],
  [576, 2015],
];

/** Estimated decision year of a U.S. Reports volume; null outside the anchors' range. */
export function usReportsYear(volume: number): number | null {
  for (let i = 1; i < US_ANCHORS.length; i++) {
    const [v0, y0] = US_ANCHORS[i - 1];
    const [v1, y1] = US_ANCHORS[i];
    if (volume >= v0 && volume <= v1) return Math.round(y0 + ((volume - v0) * (y1 - y0)) / (v1 - v0));
  }
  return null;
}
