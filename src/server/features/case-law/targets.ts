/**
 * Cases a student can point at — an opinion (library or own upload), an official brief, or
 * their own brief — resolved to title, citation and in-app URL. Anything the user cannot see
 * is dropped (so a link or collection item never reveals another user's row).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { CASE_KINDS, type CaseKind, type CaseTarget } from "../../../contract/case-law";
import type { DbOrTx } from "../../db/client";
import { briefs, opinions, studentBriefs } from "../../db/schema";
import { isUuid } from "../../../domain/ids";

export { CASE_KINDS, type CaseKind, type CaseTarget };

export const caseUrl = (kind: CaseKind, id: string) => (kind === "opinion" ? `/case-law/${id}` : `/cases/${id}`);

/** The cases of `refs` the user can see, in the order of `refs` (others dropped). */
export async function resolveCaseTargets({
  db,
  userId,
  refs,
}: {
  db: DbOrTx;
  userId: string;
  refs: { kind: CaseKind; id: string }[];
}): Promise<CaseTarget[]> {
  const ids = (k: CaseKind) => [...new Set(refs.filter((r) => r.kind === k).map((r) => r.id))];
  const op = ids("opinion").filter(isUuid);
  const sb = ids("student_brief").filter(isUuid);
  const ob = ids("brief").filter((id) => id.length <= 120);
  const cols = (t: typeof opinions | typeof studentBriefs | typeof briefs) => ({
    id: t.id,
    title: t.name,
    citation: t.citation,
    court: t.court,
    year: t.year,
  });
  const [o, s, b] = await Promise.all([
    op.length
      ? db
          .select(cols(opinions))
          .from(opinions)
          .where(and(inArray(opinions.id, op), sql`(${opinions.ownerId} is null or ${opinions.ownerId} = ${userId})`))
      : [],
    sb.length
      ? db
          .select(cols(studentBriefs))
          .from(studentBriefs)
          .where(and(inArray(studentBriefs.id, sb), eq(studentBriefs.userId, userId)))
      : [],
    ob.length
      ? db
          .select(cols(briefs))
          .from(briefs)
          .where(and(inArray(briefs.id, ob), eq(briefs.isOfficial, true)))
      : [],
  ]);
  const found = new Map<string, CaseTarget>();
  for (const [kind, rows] of [
    ["opinion", o],
    ["student_brief", s],
    ["brief", b],
  ] as const)
    for (const r of rows) found.set(`${kind}:${r.id}`, { kind, ...r, url: caseUrl(kind, r.id) });
  return refs.map((r) => found.get(`${r.kind}:${r.id}`)).filter((t): t is CaseTarget => !!t);
}
