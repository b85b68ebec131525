/**
 * The case picker of the note editor ("mention a case"): opinions the user can see, official
 * briefs and the user's own briefs whose name or citation matches what was typed.
 */
import { and, asc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { briefs, opinions, studentBriefs } from "../../db/schema";
import { type CaseLinkKind, caseUrl } from "./notes.service";

/** Up to `limit` of each kind (default 8) whose name or citation contains `q`; briefs first. */
export async function findCases({
  db,
  userId,
  q,
  limit = 8,
}: {
  db: DbOrTx;
  userId: string;
  q: string;
  limit?: number;
}) {
  const like = `%${q.trim().replace(/[%_\\]/g, "\\$&")}%`;
  const [o, b, s] = await Promise.all([
    db
      .select({ id: opinions.id, title: opinions.name, citation: opinions.citation, year: opinions.year })
      .from(opinions)
      .where(
        and(
          sql`(${opinions.ownerId} is null or ${opinions.ownerId} = ${userId})`,
          or(ilike(opinions.name, like), ilike(opinions.citation, like)),
        ),
      )
      .orderBy(asc(opinions.name))
      .limit(limit),
    db
      .select({ id: briefs.id, title: briefs.name, citation: briefs.citation, year: briefs.year })
      .from(briefs)
      .where(
        and(
          eq(briefs.isOfficial, true),
          isNull(briefs.retiredAt),
          or(ilike(briefs.name, like), ilike(briefs.citation, like)),
        ),
      )
      .orderBy(asc(briefs.name))
      .limit(limit),
    db
      .select({
        id: studentBriefs.id,
        title: studentBriefs.name,
        citation: studentBriefs.citation,
        year: studentBriefs.year,
      })
      .from(studentBriefs)
      .where(
        and(eq(studentBriefs.userId, userId), or(ilike(studentBriefs.name, like), ilike(studentBriefs.citation, like))),
      )
      .orderBy(asc(studentBriefs.name))
      .limit(limit),
  ]);
  const tag =
    (kind: CaseLinkKind) => (r: { id: string; title: string; citation: string | null; year: number | null }) => ({
      kind,
      ...r,
      url: caseUrl(kind, r.id),
    });
  return [...b.map(tag("brief")), ...s.map(tag("student_brief")), ...o.map(tag("opinion"))].slice(0, limit * 2);
}
