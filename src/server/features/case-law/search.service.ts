/**
 * Full-text search over opinions (issue 5 §1, DESIGN.md §5 `GET /api/case-law/search`).
 *
 * Query: PostgreSQL `websearch_to_tsquery('english', q)` (words are ANDed; "quoted phrases",
 * `or` and `-exclusions` work as on web search engines). Visible rows: the shared library and
 * the user's own. Ranking (decision 051): `ts_rank_cd` (cover density) with weights
 * name/citation/doctrine titles 1.0, headnote/doctrine text 1.0, opening 0.2, text/court 0.1,
 * combined with an every-word bonus and the share of the words the official doctrine holds
 * (SCORE), in [0, 1). Plain queries also match opinions whose doctrine holds half their words. A query matching more than `BROAD` opinions ranks only
 * candidates so its cost stays bounded (DESIGN.md §6: p95 ≤ 50 ms over 10,000 opinions): the
 * matches whose name, citation or headnote hold the words (the small `head` vector), plus
 * STAGE_ONE others. When no opinion has
 * all the words, opinions with any of them are returned (at half score, `anyWords: true`). Snippets come from the best passage of each hit (`ts_headline` on ~1,200 characters),
 * HTML-escaped, with matches in `<mark>`.
 */
import { type SQL, sql } from "drizzle-orm";
import type { SearchHit } from "../../../contract/case-law";
import { type DbOrTx, rows } from "../../db/client";
import { headline, markSnippet } from "../../lib/snippet";

export const BROAD = 300;
const STAGE_ONE = 150;
const WEIGHTS = "{0.1, 0.2, 1.0, 1.0}";

export interface SearchOptions {
  db: DbOrTx;
  userId: string;
  q: string;
  limit: number;
  offset?: number;
  court?: string;
  yearFrom?: number;
  yearTo?: number;
  subject?: string;
  sort?: "relevance" | "date";
}

export type { SearchHit };

export interface SearchResult {
  results: SearchHit[];
  /** Number of matching opinions, counted up to 1,000. */
  total: number;
  /** True when no opinion had every word and the results have some of them. */
  anyWords: boolean;
}

export function filtersSql(o: Pick<SearchOptions, "userId" | "court" | "yearFrom" | "yearTo" | "subject">): SQL {
  const parts: SQL[] = [sql`(o.owner_id is null or o.owner_id = ${o.userId})`];
  if (o.court) parts.push(sql`o.court = ${o.court}`);
  if (o.yearFrom !== undefined) parts.push(sql`o.year >= ${o.yearFrom}`);
  if (o.yearTo !== undefined) parts.push(sql`o.year <= ${o.yearTo}`);
  if (o.subject) parts.push(sql`o.subject_id = ${o.subject}`);
  return sql.join(parts, sql` and `);
}

type Hit = {
  id: string;
  score: number;
  name: string;
  citation: string | null;
  court: string | null;
  year: number | null;
  subject_id: string | null;
  owner_id: string | null;
};

const COUNT_CAP = 1000;
const cols = sql`o.id, o.name, o.citation, o.court, o.year, o.subject_id, o.owner_id`;

/** Most doctrine candidates of one query (opinions with an official brief: a few hundred). */
const DOCTRINE_CAP = 300;

/**
 * Score of a candidate in [0, 1) (decision 051): the text rank of any of the words (cover
 * density over the weighted `search` vector), a bonus when every word is there, and the share
 * of the query's words the official doctrine holds — the part that lets a doctrine described
 * in plain words find the case the official topics cite for it.
 */
export const SCORE = { text: 0.35, allWords: 0.15, doctrine: 0.5 } as const;

/**
 * Words of a plain query (lexemes of `websearch_to_tsquery`); null when the query uses
 * operators ("phrases", or, -exclusions), whose meaning doctrine matching would change.
 */
async function plainLexemes(db: DbOrTx, text: string): Promise<string[] | null> {
  if (/["]|\s-\S|^-|\bor\b/i.test(text)) return null;
  const [{ lx }] = await rows<{ lx: string[] }>(
    db,
    sql`select coalesce(array(select distinct lexeme from unnest(to_tsvector('english', ${text}))), '{}') as lx`,
  );
  return lx.length >= 2 ? lx : null;
}

/**
 * A page of matches, ranked, with the columns the results show, and the number of matches
 * (counted up to COUNT_CAP). The matches are the opinions holding every word (`q`, or any word
 * when the caller falls back), plus, for a plain query of two or more words, the doctrine
 * matches: opinions whose `doctrine` vector holds at least half of the words (at most
 * DOCTRINE_CAP; only opinions with an official brief have one). Matches come from the GIN
 * indexes alone (with sequential scans off the planner has no other way to evaluate `@@`).
 * Relevance ranks candidates only: every match when there are at most BROAD; otherwise the
 * matches whose name, citation, headnote, doctrine or opening (the small `head` vector) hold
 * the words, plus STAGE_ONE more, plus the doctrine matches — so no query ranks more than a few
 * hundred vectors, however common its words.
 */
async function ranked(
  db: DbOrTx,
  q: SQL,
  anyQ: SQL,
  lexemes: string[] | null,
  where: SQL,
  limit: number,
  offset: number,
  sort: "relevance" | "date",
): Promise<{ hits: Hit[]; total: number; all: number }> {
  const lx = lexemes?.length
    ? sql`array[${sql.join(
        lexemes.map((l) => sql`${l}`),
        sql`, `,
      )}]::text[]`
    : null;
  const coverage = lx
    ? sql`((select count(*) from unnest(${lx}) l where o.doctrine @@ quote_literal(l)::tsquery)::float4 / ${lexemes!.length})`
    : sql`0::float4`;
  const doctrineSet = lx
    ? sql`(select o.id from opinions o where o.doctrine @@ ${anyQ} and ${where} and ${coverage} >= 0.5 limit ${sql.raw(String(DOCTRINE_CAP))})`
    : null;
  const withDoctrine = (set: SQL) => (doctrineSet ? sql`${set} union ${doctrineSet}` : set);
  const score = sql`(${SCORE.text}::float4 * ts_rank_cd(${WEIGHTS}::float4[], o.search, ${q}, 1|32) + ${SCORE.allWords}::float4 * (o.search @@ ${q})::int + ${SCORE.doctrine}::float4 * ${coverage})`;
  const matches = sql`(select o.id from opinions o where o.search @@ ${q} and ${where} limit ${sql.raw(String(COUNT_CAP))})`;
  const [{ total, all }] = await rows<{ total: number; all: number }>(
    db,
    doctrineSet
      ? sql`select (select count(*)::int from (${withDoctrine(matches)}) x) as total, (select count(*)::int from ${matches} y) as "all"`
      : sql`select count(*)::int as total, count(*)::int as "all" from ${matches} x`,
  );
  if (!total) return { hits: [], total: 0, all: 0 };
  if (sort === "date") {
    const found = await rows<Hit>(
      db,
      sql`with c as materialized (${withDoctrine(sql`(select o.id from opinions o where o.search @@ ${q} and ${where})`)})
      select ${cols}, ${score} as score from opinions o join c on c.id = o.id order by o.year desc nulls last, o.decided_on desc nulls last, o.name, o.id limit ${limit} offset ${offset}`,
    );
    return { hits: found.map((r) => ({ ...r, score: Number(r.score) })), total, all };
  }
  const candidates =
    total <= BROAD
      ? sql`(select o.id from opinions o where o.search @@ ${q} and ${where})`
      : sql`(select o.id from opinions o where o.head @@ ${q} and o.search @@ ${q} and ${where} limit ${sql.raw(String(BROAD))})
            union (select o.id from opinions o where o.search @@ ${q} and ${where} limit ${sql.raw(String(STAGE_ONE))})`;
  const found = await rows<Hit>(
    db,
    sql`
      with c as materialized (${withDoctrine(candidates)})
      select ${cols}, ${score} as score from opinions o join c on c.id = o.id
      order by score desc, o.name, o.id limit ${limit} offset ${offset}`,
  );
  return { hits: found.map((r) => ({ ...r, score: Number(r.score) })), total, all };
}

/**
 * Searches opinions visible to `userId`. Returns [] for a query with no searchable words.
 * Runs in one transaction with sequential scans off: the planner prices `@@` as cheap and would
 * otherwise scan (and decompress) every vector instead of asking the GIN index.
 */
export function searchOpinions(o: SearchOptions): Promise<SearchResult> {
  return o.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return searchIn({ ...o, db: tx });
  });
}

async function searchIn(o: SearchOptions): Promise<SearchResult> {
  const { db } = o;
  const offset = o.offset ?? 0;
  const sort = o.sort ?? "relevance";
  const q = sql`websearch_to_tsquery('english', ${o.q})`;
  const anyQ = sql`replace(${q}::text, ' & ', ' | ')::tsquery`;
  const where = filtersSql(o);
  const lexemes = await plainLexemes(db, o.q);
  const first = await ranked(db, q, anyQ, lexemes, where, o.limit, offset, sort);
  let { hits, total } = first;

  // No opinion has every word: show those with any of them (simple queries only), flagged.
  let anyWords = false;
  if (first.all === 0 && !/["]|\s-\S|\bor\b/i.test(o.q)) {
    const [{ differs }] = await rows<{ differs: boolean }>(db, sql`select ${anyQ}::text <> ${q}::text as differs`);
    if (differs) {
      const more = await ranked(db, anyQ, anyQ, lexemes, where, o.limit, offset, sort);
      hits = more.hits.map((h) => ({ ...h, score: h.score / 2 }));
      total = more.total;
      anyWords = hits.length > 0;
    }
  }
  if (!hits.length) return { results: [], total, anyWords };

  const ids = hits.map((h) => h.id);
  const idArray = sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  // Per opinion, among its first 40 passages with any of the words, the one with all of them
  // (else the best ranked); ts_headline on that passage only. An opinion matched by name or
  // citation alone shows its opening.
  const snippets = await rows<{ opinion_id: string; snippet: string }>(
    db,
    sql`
    select x.id as opinion_id, ${headline(sql`p.text`, anyQ)} as snippet
    from unnest(${idArray}) x(id)
    cross join lateral (
      select coalesce((
        select f.ordinal from (
          select p2.ordinal, p2.search from opinion_passages p2
          where p2.opinion_id = x.id and p2.search @@ ${anyQ}
          order by p2.ordinal limit 40
        ) f order by (f.search @@ ${q}) desc, ts_rank(f.search, ${anyQ}) desc, f.ordinal limit 1
      ), 0) as ordinal
    ) b
    join opinion_passages p on p.opinion_id = x.id and p.ordinal = b.ordinal`,
  );
  const snippetOf = new Map(snippets.map((r) => [r.opinion_id, r.snippet]));
  const results = hits.map((h) => ({
    id: h.id,
    name: h.name,
    citation: h.citation ?? null,
    court: h.court ?? null,
    year: h.year ?? null,
    subjectId: h.subject_id ?? null,
    snippet: markSnippet(snippetOf.get(h.id) ?? ""),
    score: Math.round(h.score * 10000) / 10000,
    mine: h.owner_id === o.userId,
  }));
  return { results, total, anyWords };
}
