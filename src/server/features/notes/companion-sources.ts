/**
 * The student's notes and case briefs as sources for the companion (issue 5 §7): registered
 * with the answer engine's per-user source registry (src/server/ai/user-sources.ts) when this
 * module is imported. Only rows owned by `userId` are ever read; notes only while the user's
 * plan includes notes (SPEC.md §6). Words of the question are ORed (a question is prose), the
 * rank is `ts_rank_cd(…, 32)` ∈ [0, 1), and the text is the note's best passage.
 */
import { sql } from "drizzle-orm";
import { hasFeature } from "../../../domain/plans";
import type { RetrievedSource, UserSourceProvider } from "../../ai/types";
import { registerUserSourceProvider } from "../../ai/user-sources";
import { rows } from "../../db/client";
import { getSubscriptionSummary } from "../billing/subscriptions.service";

type Row = { id: string; title: string; cite: string | null; score: number; text: string };

export const notesAndBriefsProvider: UserSourceProvider = async ({ db, userId, query, limit }) => {
  const words = sql`replace(websearch_to_tsquery('english', ${query})::text, ' & ', ' | ')::tsquery`;
  const [{ empty }] = await rows<{ empty: boolean }>(db, sql`select numnode(${words}) = 0 as empty`);
  if (empty) return [];
  const summary = await getSubscriptionSummary({ db, userId, now: new Date() });
  const passage = (text: ReturnType<typeof sql>) =>
    sql`ts_headline('english', left(${text}, 30000), ${words}, 'MaxWords=90, MinWords=45, MaxFragments=1, StartSel="", StopSel=""')`;
  const [noteRows, briefRows] = await Promise.all([
    hasFeature(summary.tierName, "notes")
      ? rows<Row>(
          db,
          sql`
          select n.id, n.title, null as cite, ts_rank_cd(n.search, ${words}, 32) as score, ${passage(sql`n.text`)} as text
          from notes n where n.user_id = ${userId} and n.deleted_at is null and n.search @@ ${words}
          order by score desc limit ${limit}`,
        )
      : Promise.resolve([] as Row[]),
    rows<Row>(
      db,
      sql`
      select b.id, b.name as title, b.citation as cite, ts_rank_cd(b.search, ${words}, 32) as score, ${passage(sql`b.text`)} as text
      from student_briefs b where b.user_id = ${userId} and b.search @@ ${words}
      order by score desc limit ${limit}`,
    ),
  ]);
  const notes: RetrievedSource[] = noteRows.map((r) => ({
    id: r.id,
    kind: "note",
    title: r.title,
    cite: "Your note",
    url: `/notes/${r.id}`,
    text: r.text,
    score: Math.min(1, Math.max(0, Number(r.score))),
  }));
  const briefs: RetrievedSource[] = briefRows.map((r) => ({
    id: r.id,
    kind: "user_brief",
    title: r.title,
    cite: r.cite ? `Your brief, ${r.cite}` : "Your brief",
    url: `/cases/${r.id}`,
    text: r.text,
    score: Math.min(1, Math.max(0, Number(r.score))),
  }));
  return [...notes, ...briefs].sort((a, b) => b.score - a.score).slice(0, limit);
};

registerUserSourceProvider(notesAndBriefsProvider);
