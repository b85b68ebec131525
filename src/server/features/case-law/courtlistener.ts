/**
 * Live case-law search through CourtListener's REST API v4 (issue 5 §3), on when
 * COURTLISTENER_API_TOKEN is set. Requests carry `Authorization: Token <token>`.
 *   search:  GET /api/rest/v4/search/?q=&type=o&highlight=on   (opinion clusters + snippets)
 *   import:  GET /api/rest/v4/clusters/{id}/ → /dockets/{id}/ (court) → each /opinions/{id}/
 * Responses are cached in courtlistener_cache (search 1 hour, records 1 day). A 429 is
 * honoured: its Retry-After (seconds or an HTTP date) starts a cool-down during which no
 * request is sent and the student is told how long to wait.
 */
import { and, eq, gt, isNull, like, sql } from "drizzle-orm";
import type { LiveHit } from "../../../contract/case-law";
import type { DbOrTx } from "../../db/client";
import { courtlistenerCache, opinions } from "../../db/schema";
import type { Env } from "../../env";
import { AppError } from "../../lib/errors";
import { bestCitationOf, courtFromCourtListener } from "./courtlistener-json";
import { importOpinions } from "./import.service";

const SEARCH_TTL_MS = 60 * 60 * 1000;
const RECORD_TTL_MS = 24 * 60 * 60 * 1000;
const TIMEOUT_MS = 10_000;
const COOLDOWN_KEY = "cooldown";

export type { LiveHit };

type Json = Record<string, unknown>;

const escapeKeepMark = (html: string) =>
  html
    .replace(/<(?!\/?mark>)[^>]*>/g, "")
    .replace(/&(?!(?:amp|lt|gt|quot|#39);)/g, "&amp;")
    .replace(/<(?!\/?mark>)/g, "&lt;")
    .replace(/\s+/g, " ")
    .trim();

function retryAfterSeconds(header: string | null, now: Date): number {
  if (!header) return 60;
  const n = Number(header);
  if (Number.isFinite(n)) return Math.max(1, Math.ceil(n));
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(1, Math.ceil((at - now.getTime()) / 1000)) : 60;
}

const rateLimited = (seconds: number) =>
  new AppError(
    "RATE_LIMITED",
    `CourtListener is limiting requests. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
    { retryAfter: seconds },
    { "retry-after": String(seconds) },
  );

async function cached(db: DbOrTx, key: string, now: Date): Promise<Json | null> {
  const [row] = await db
    .select({ body: courtlistenerCache.body })
    .from(courtlistenerCache)
    .where(and(eq(courtlistenerCache.key, key), gt(courtlistenerCache.expiresAt, now)));
  return (row?.body as Json) ?? null;
}

async function store(db: DbOrTx, key: string, body: Json, now: Date, ttlMs: number) {
  await db
    .insert(courtlistenerCache)
    .values({ key, body, fetchedAt: now, expiresAt: new Date(now.getTime() + ttlMs) })
    .onConflictDoUpdate({
      target: courtlistenerCache.key,
      set: { body, fetchedAt: now, expiresAt: new Date(now.getTime() + ttlMs) },
    });
}

/** One GET against CourtListener, cached; throws AppError for 429 (with cool-down) and failures. */
async function get(opts: { db: DbOrTx; env: Env; path: string; ttlMs: number; now: Date }): Promise<Json> {
  const { db, env, path, now } = opts;
  const hit = await cached(db, `get:${path}`, now);
  if (hit) return hit;
  const cool = await cached(db, COOLDOWN_KEY, now);
  if (cool) throw rateLimited(Math.max(1, Math.ceil((Number(cool.until) - now.getTime()) / 1000)));
  let res: Response;
  try {
    res = await fetch(new URL(path, env.COURTLISTENER_BASE_URL), {
      headers: { authorization: `Token ${env.COURTLISTENER_API_TOKEN}`, accept: "application/json" },
      // A redirect could lead the token elsewhere: CourtListener's API answers without them.
      redirect: "error",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    const timedOut = (err as Error).name === "TimeoutError";
    throw new AppError(
      "UNAVAILABLE",
      timedOut
        ? "CourtListener did not answer within 10 seconds. Try again later."
        : "CourtListener cannot be reached right now. Try again later.",
    );
  }
  if (res.status === 429) {
    const seconds = retryAfterSeconds(res.headers.get("retry-after"), now);
    await store(db, COOLDOWN_KEY, { until: now.getTime() + seconds * 1000 }, now, seconds * 1000);
    throw rateLimited(seconds);
  }
  if (res.status === 401 || res.status === 403)
    throw new AppError(
      "UNAVAILABLE",
      "CourtListener refused this server's API token. An administrator should check COURTLISTENER_API_TOKEN.",
    );
  if (res.status === 404) throw new AppError("NOT_FOUND", "CourtListener has no such record.");
  if (!res.ok) throw new AppError("UNAVAILABLE", `CourtListener answered ${res.status}. Try again later.`);
  let body: Json;
  try {
    body = (await res.json()) as Json;
  } catch {
    throw new AppError("UNAVAILABLE", "CourtListener sent an answer that is not JSON.");
  }
  await store(db, `get:${path}`, body, now, opts.ttlMs);
  return body;
}

/**
 * The CourtListener page of a search hit: `absolute_url` only when it stays on the configured
 * http(s) origin, else the cluster's own page there; never a `data:`, `javascript:` or foreign URL
 * (issue 12 item 12).
 */
export function opinionPageUrl(absoluteUrl: unknown, clusterId: number, base: string): string {
  const origin = new URL(base).origin;
  try {
    const u = new URL(String(absoluteUrl ?? ""), origin);
    if (u.origin === origin && (u.protocol === "https:" || u.protocol === "http:") && absoluteUrl) return u.toString();
  } catch {
    // not a URL: fall through to the cluster's page
  }
  return new URL(`/opinion/${clusterId}/`, origin).toString();
}

/**
 * The API path of a record a CourtListener answer refers to (`docket`, `sub_opinions`): a number,
 * or a URL ending in `/<kind>/<number>/`. Only the number is kept and the path is rebuilt on the
 * configured origin, so an answer can never send the API token to another host (issue 12 item 5).
 * Null for anything else.
 */
export function recordPath(kind: "dockets" | "opinions", ref: unknown): string | null {
  if (typeof ref === "number") return Number.isSafeInteger(ref) && ref > 0 ? `/api/rest/v4/${kind}/${ref}/` : null;
  if (typeof ref !== "string") return null;
  const m = new RegExp(`/${kind}/(\\d{1,12})/?$`).exec(ref.trim()) ?? /^(\d{1,12})$/.exec(ref.trim());
  return m ? `/api/rest/v4/${kind}/${m[1]}/` : null;
}

/**
 * Live search; hits already imported carry `importedId`: in the student's own library or the
 * shared one, or (with `userId` null, the admin cases page) in the shared library only.
 */
export async function searchCourtListener(opts: {
  db: DbOrTx;
  env: Env;
  userId: string | null;
  q: string;
  now: Date;
}): Promise<{ results: LiveHit[] }> {
  const path = `/api/rest/v4/search/?${new URLSearchParams({ q: opts.q, type: "o", highlight: "on", order_by: "score desc" })}`;
  const body = await get({ db: opts.db, env: opts.env, path, ttlMs: SEARCH_TTL_MS, now: opts.now });
  const results = (Array.isArray(body.results) ? body.results : []) as Json[];
  const hits: LiveHit[] = results.slice(0, 10).flatMap((r) => {
    const clusterId = Number(r.cluster_id);
    if (!Number.isInteger(clusterId)) return [];
    const op = (Array.isArray(r.opinions) ? r.opinions[0] : null) as Json | null;
    return [
      {
        clusterId,
        name: String(r.caseName ?? r.caseNameFull ?? "Untitled case"),
        citation: bestCitationOf(r.citation),
        court: courtFromCourtListener(
          typeof r.court_id === "string" ? r.court_id : null,
          typeof r.court === "string" ? r.court : null,
        ),
        date: typeof r.dateFiled === "string" ? r.dateFiled.slice(0, 10) : null,
        snippet: escapeKeepMark(String(op?.snippet ?? "")),
        url: opinionPageUrl(r.absolute_url, clusterId, opts.env.COURTLISTENER_BASE_URL),
        importedId: null,
      },
    ];
  });
  if (hits.length) {
    const mine = await opts.db
      .select({ id: opinions.id, source: opinions.source })
      .from(opinions)
      .where(
        and(
          opts.userId === null
            ? isNull(opinions.ownerId)
            : sql`(${opinions.ownerId} is null or ${opinions.ownerId} = ${opts.userId})`,
          like(opinions.source, "courtlistener-%"),
        ),
      );
    for (const h of hits)
      h.importedId = mine.find((m) => m.source.split(", ").includes(`courtlistener-${h.clusterId}.json`))?.id ?? null;
  }
  return { results: hits };
}

/**
 * Imports one cluster (all its opinions) into the student's library, or with `userId` null into
 * the shared library (an administrator on the cases page); returns the opinion.
 */
export async function importFromCourtListener(opts: {
  db: DbOrTx;
  env: Env;
  userId: string | null;
  clusterId: number;
  now: Date;
}) {
  const { db, env, now } = opts;
  const cluster = await get({ db, env, path: `/api/rest/v4/clusters/${opts.clusterId}/`, ttlMs: RECORD_TTL_MS, now });
  let courtId: string | null = null;
  const docketRef = cluster.docket_id ?? cluster.docket;
  if (docketRef) {
    const docketPath = recordPath("dockets", docketRef);
    const docket = docketPath
      ? await get({ db, env, path: docketPath, ttlMs: RECORD_TTL_MS, now }).catch(() => null)
      : null;
    courtId =
      typeof docket?.court_id === "string"
        ? docket.court_id
        : typeof docket?.court === "string"
          ? (/courts\/([^/]+)\/?$/.exec(docket.court)?.[1] ?? null)
          : null;
  }
  const subs = (Array.isArray(cluster.sub_opinions) ? cluster.sub_opinions : []).slice(0, 8);
  const parts: Json[] = [];
  for (const s of subs) {
    const path = recordPath("opinions", typeof s === "object" && s ? (s as Json).id : s);
    if (path) parts.push(await get({ db, env, path, ttlMs: RECORD_TTL_MS, now }));
  }
  if (!parts.length) throw new AppError("UNAVAILABLE", "CourtListener has no opinion text for this case.");
  const file = { ...cluster, docket: { court_id: courtId }, sub_opinions: parts };
  const report = await importOpinions({
    db,
    ownerId: opts.userId,
    files: [{ name: `courtlistener-${opts.clusterId}.json`, content: new TextEncoder().encode(JSON.stringify(file)) }],
  });
  const imported = report.imported[0];
  if (!imported)
    throw new AppError(
      "UNAVAILABLE",
      `This case could not be imported: ${report.failed[0]?.reason ?? "no opinion text"}.`,
    );
  return imported;
}
