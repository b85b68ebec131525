/**
 * CourtListener v4 JSON (https://www.courtlistener.com/help/api/rest/): an opinion
 * (`/api/rest/v4/opinions/{id}/`, text in `html_with_citations`, `html`, … or `plain_text`),
 * a cluster (`/clusters/{id}/`) whose `sub_opinions` were expanded to objects, an opinion
 * whose `cluster` is an expanded object, or an array of any of these. Case name, citations,
 * court and date come from the cluster fields (`case_name`, `citations`, `date_filed`,
 * `docket.court_id`) or the search-result fields (`caseName`, `citation`, `dateFiled`, `court`).
 */
import { formatCitation, parseCitation } from "./citations";
import { type Meta, finishOpinion, type ParsedOpinion, type ParseResult, textToMarkdown } from "./opinion-parse";
import { parseDate } from "./opinion-meta";
import { htmlToText, markdownToPlain } from "./opinion-text";
import { SCOTUS } from "./courts";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Text fields in CourtListener's order of preference (its own front end prefers html_with_citations). */
const TEXT_FIELDS = [
  "html_with_citations",
  "html_columbia",
  "html_lawbox",
  "xml_harvard",
  "html_anon_2020",
  "html",
] as const;

/** Opinion type codes (CourtListener `type`) to headings. */
const TYPE_HEADING: Record<string, string> = {
  "010combined": "",
  "015unamimous": "",
  "020lead": "Opinion of the Court",
  "025plurality": "Plurality opinion",
  "030concurrence": "Concurring opinion",
  "035concurrenceinpart": "Opinion concurring in part",
  "040dissent": "Dissenting opinion",
  "050addendum": "Addendum",
  "060remittitur": "Remittitur",
  "070rehearing": "On rehearing",
  "080onthemerits": "On the merits",
  "090trialcourt": "Trial court opinion",
};

/** CourtListener court ids for the courts students meet most. */
const COURT_IDS: Record<string, string> = {
  scotus: SCOTUS,
  cadc: "United States Court of Appeals for the District of Columbia Circuit",
  cafc: "United States Court of Appeals for the Federal Circuit",
  ca1: "United States Court of Appeals for the First Circuit",
  ca2: "United States Court of Appeals for the Second Circuit",
  ca3: "United States Court of Appeals for the Third Circuit",
  ca4: "United States Court of Appeals for the Fourth Circuit",
  ca5: "United States Court of Appeals for the Fifth Circuit",
  ca6: "United States Court of Appeals for the Sixth Circuit",
  ca7: "United States Court of Appeals for the Seventh Circuit",
  ca8: "United States Court of Appeals for the Eighth Circuit",
  ca9: "United States Court of Appeals for the Ninth Circuit",
  ca10: "United States Court of Appeals for the Tenth Circuit",
  ca11: "United States Court of Appeals for the Eleventh Circuit",
};

export const courtFromCourtListener = (id: string | null, name: string | null): string | null =>
  (id && COURT_IDS[id]) || name || null;

function opinionText(o: Obj): string | null {
  for (const f of TEXT_FIELDS) {
    const v = o[f];
    if (typeof v === "string" && v.trim()) {
      const t = htmlToText(v);
      if (t.trim()) return t;
    }
  }
  const plain = o.plain_text;
  return typeof plain === "string" && plain.trim() ? plain.replace(/\r\n?/g, "\n") : null;
}

/** Citations as CourtListener gives them: objects {volume, reporter, page} or strings; U.S. first. */
export function bestCitationOf(list: unknown): string | null {
  if (!Array.isArray(list)) return typeof list === "string" ? list : null;
  const cites = list
    .map((c) => (isObj(c) ? `${c.volume ?? ""} ${c.reporter ?? ""} ${c.page ?? ""}` : String(c)))
    .map((c) => parseCitation(c))
    .filter((c) => c !== null);
  const us = cites.find((c) => c.reporter === "U.S.") ?? cites.find((c) => c.reporter === "S. Ct.") ?? cites[0];
  return us ? formatCitation(us) : typeof list[0] === "string" ? list[0] : null;
}

function metaOf(cluster: Obj): Meta {
  const docket = isObj(cluster.docket) ? cluster.docket : {};
  const courtId =
    (typeof cluster.court_id === "string" && cluster.court_id) ||
    (typeof docket.court_id === "string" && docket.court_id) ||
    (typeof cluster.court === "string" && /^[a-z0-9]+$/.test(cluster.court) ? cluster.court : null);
  const courtName =
    typeof cluster.court === "string" && !/^[a-z0-9]+$/.test(cluster.court) && !/^https?:/.test(cluster.court)
      ? cluster.court
      : null;
  const name = [cluster.case_name, cluster.caseName, cluster.case_name_full, cluster.caseNameFull].find(
    (v) => typeof v === "string" && v.trim(),
  ) as string | undefined;
  const docketNumber =
    (typeof cluster.docketNumber === "string" && cluster.docketNumber) ||
    (typeof docket.docket_number === "string" && docket.docket_number) ||
    null;
  return {
    name: name?.trim() ?? null,
    citation: bestCitationOf(cluster.citations ?? cluster.citation) ?? (docketNumber ? `No. ${docketNumber}` : null),
    court: courtFromCourtListener(courtId, courtName),
    date: parseDate(cluster.date_filed ?? cluster.dateFiled),
    subject: null,
    nameFromMetadata: true,
  };
}

/** One cluster's opinions (lead first) joined into a single Markdown body. */
function fromParts(meta: Meta, parts: Obj[]): ParseResult {
  const sections: string[] = [];
  for (const p of parts) {
    const text = opinionText(p);
    if (!text) continue;
    const heading = TYPE_HEADING[String(p.type ?? "")] ?? "";
    const author = typeof p.author_str === "string" && p.author_str.trim() ? p.author_str.trim() : "";
    const title = [heading, author].filter(Boolean).join(" — ");
    sections.push(`${title && parts.length > 1 ? `## ${title}\n\n` : ""}${textToMarkdown(text)}`);
  }
  if (!sections.length)
    return {
      ok: false,
      reason:
        "no opinion text: CourtListener JSON needs plain_text or one of the html fields (html_with_citations, html, …)",
    };
  const body = sections.join("\n\n");
  return finishOpinion(meta, body, markdownToPlain(body), "courtlistener", []);
}

function fromObject(o: Obj): ParseResult {
  if (Array.isArray(o.results))
    return {
      ok: false,
      reason:
        "this is a CourtListener search response (snippets only): import the opinion JSON from /api/rest/v4/opinions/{id}/ instead",
    };
  if (Array.isArray(o.sub_opinions)) {
    const parts = o.sub_opinions.filter(isObj);
    if (!parts.length)
      return {
        ok: false,
        reason: "the cluster's sub_opinions are links, not opinions: fetch each opinion and import that JSON",
      };
    return fromParts(metaOf(o), parts);
  }
  const cluster = isObj(o.cluster) ? o.cluster : o;
  return fromParts(metaOf(cluster), [o]);
}

/** Parses CourtListener JSON text; an array gives one opinion per element (bad elements are named). */
export function parseCourtListener(source: string): ParseResult {
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (err) {
    return { ok: false, reason: `not valid JSON (${(err as Error).message})` };
  }
  const items = Array.isArray(data) ? data : [data];
  const opinions: ParsedOpinion[] = [];
  const problems: string[] = [];
  items.forEach((item, i) => {
    const r = isObj(item) ? fromObject(item) : ({ ok: false, reason: "not a JSON object" } as const);
    if (r.ok) opinions.push(...r.opinions);
    else problems.push(items.length > 1 ? `item ${i + 1}: ${r.reason}` : r.reason);
  });
  if (!opinions.length) return { ok: false, reason: problems.join("; ") || "no opinions in the JSON" };
  if (problems.length) opinions[0].warnings.push(...problems.map((p) => `skipped ${p}`));
  return { ok: true, opinions };
}
