/**
 * Court names: abbreviations from casebook front matter ("2d Cir.", "N.D. Ohio", "D.D.C.")
 * expanded to the full names the official briefs use ("United States Court of Appeals for the
 * Second Circuit"), and the court named in an opinion's caption.
 */
export const SCOTUS = "Supreme Court of the United States";

const CIRCUITS: Record<string, string> = {
  "1st": "First",
  "2d": "Second",
  "3d": "Third",
  "4th": "Fourth",
  "5th": "Fifth",
  "6th": "Sixth",
  "7th": "Seventh",
  "8th": "Eighth",
  "9th": "Ninth",
  "10th": "Tenth",
  "11th": "Eleventh",
};

/** Bluebook T10 state abbreviations. */
const STATES: Record<string, string> = {
  "Ala.": "Alabama",
  Alaska: "Alaska",
  "Ariz.": "Arizona",
  "Ark.": "Arkansas",
  "Cal.": "California",
  "Colo.": "Colorado",
  "Conn.": "Connecticut",
  "Del.": "Delaware",
  "Fla.": "Florida",
  "Ga.": "Georgia",
  "Haw.": "Hawaii",
  Idaho: "Idaho",
  "Ill.": "Illinois",
  "Ind.": "Indiana",
  Iowa: "Iowa",
  "Kan.": "Kansas",
  "Ky.": "Kentucky",
  "La.": "Louisiana",
  "Me.": "Maine",
  "Md.": "Maryland",
  "Mass.": "Massachusetts",
  "Mich.": "Michigan",
  "Minn.": "Minnesota",
  "Miss.": "Mississippi",
  "Mo.": "Missouri",
  "Mont.": "Montana",
  "Neb.": "Nebraska",
  "Nev.": "Nevada",
  "N.H.": "New Hampshire",
  "N.J.": "New Jersey",
  "N.M.": "New Mexico",
  "N.Y.": "New York",
  "N.C.": "North Carolina",
  "N.D.": "North Dakota",
  Ohio: "Ohio",
  "Okla.": "Oklahoma",
  "Or.": "Oregon",
  "Pa.": "Pennsylvania",
  "R.I.": "Rhode Island",
  "S.C.": "South Carolina",
  "S.D.": "South Dakota",
  "Tenn.": "Tennessee",
  "Tex.": "Texas",
  Utah: "Utah",
  "Vt.": "Vermont",
  "Va.": "Virginia",
  "Wash.": "Washington",
  "W. Va.": "West Virginia",
  "Wis.": "Wisconsin",
  "Wyo.": "Wyoming",
};
const DISTRICT_PART: Record<string, string> = {
  N: "Northern",
  S: "Southern",
  E: "Eastern",
  W: "Western",
  M: "Middle",
  C: "Central",
};

/** Expands a court abbreviation; anything it does not recognise comes back trimmed as given. */
export function expandCourt(raw: string): string {
  const s = raw.replace(/\s+/g, " ").trim();
  const compact = s.replace(/\s/g, "");
  if (/^(?:U\.?S\.?|SCOTUS|Supreme Court of (?:the )?United States|U\.S\. Supreme Court)$/i.test(s)) return SCOTUS;
  const cir = /^(\d{1,2}(?:st|d|nd|rd|th))Cir\.?$/i.exec(compact);
  if (cir) {
    const n = cir[1].toLowerCase().replace(/^2nd$/, "2d").replace(/^3rd$/, "3d");
    if (CIRCUITS[n]) return `United States Court of Appeals for the ${CIRCUITS[n]} Circuit`;
  }
  if (/^D\.C\.Cir\.?$/i.test(compact)) return "United States Court of Appeals for the District of Columbia Circuit";
  if (/^Fed\.Cir\.?$/i.test(compact)) return "United States Court of Appeals for the Federal Circuit";
  if (/^D\.D\.C\.?$/i.test(compact)) return "United States District Court for the District of Columbia";
  const dist = /^(?:([NSEWMC])\.\s?)?D\.\s?(.+)$/.exec(s);
  if (dist) {
    const key = dist[2].trim().replace(/\s/g, "");
    const state = Object.entries(STATES).find(
      ([k, v]) =>
        k.replace(/\s/g, "") === key || k.replace(/[\s.]/g, "") === key.replace(/\./g, "") || v === dist[2].trim(),
    )?.[1];
    if (state)
      return `United States District Court for the ${dist[1] ? `${DISTRICT_PART[dist[1]]} District of` : "District of"} ${state}`;
  }
  return s;
}

/** The court named in an opinion's opening lines, if any. */
export function courtFromHeader(header: string): string | null {
  const h = header.replace(/\s+/g, " ");
  if (/Supreme Court of (?:the )?United States/i.test(h)) return SCOTUS;
  const coa = /United States Court of Appeals,? (?:for the )?(\w+(?: of Columbia)?) Circuit/i.exec(h);
  if (coa)
    return `United States Court of Appeals for the ${coa[1][0].toUpperCase()}${coa[1].slice(1).toLowerCase().replace(" of columbia", " of Columbia")} Circuit`;
  const dc =
    /United States District Court,? (?:for the )?((?:Northern|Southern|Eastern|Western|Middle|Central) )?District of ([A-Z][a-z]+(?: [A-Z][a-z]+)?)/.exec(
      h,
    );
  if (dc) return `United States District Court for the ${dc[1] ?? ""}District of ${dc[2]}`;
  return null;
}
