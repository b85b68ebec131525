/**
 * The official topic behind each top-level entry of an outline (issue 16 §4: the attack outline
 * reduces each topic to its rule, elements and exceptions; where the student has written none,
 * the view shows the official ones, marked as such).
 *
 * An entry's topic is the one it embeds (`embed_kind = topic`), else the topic its words name
 * (topic-match.ts: title words and abbreviations such as "IIED"). The topics searched are the
 * outline's subject's (`subject_id`, set when built from a skeleton); without one, the subject
 * whose topics the headings match most often (ties: the first by id), so "Battery" in a torts
 * outline is the tort, not the crime. Only live (not retired) topics. NOT_FOUND for another
 * user's outline.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { outlineEntries, topics } from "../../db/schema";
import { topicEmbedPart } from "./outline-embeds.service";
import { getOutlineSummary } from "./outlines.service";
import { topicMatcher } from "./topic-match";

export interface OutlineOfficialTopic {
  entryId: string;
  topicId: string;
  title: string;
  rule: string;
  elements: string[];
  exceptions: string[];
  href: string;
}

export async function outlineOfficialTopics({
  db,
  userId,
  id,
}: {
  db: DbOrTx;
  userId: string;
  id: string;
}): Promise<OutlineOfficialTopic[]> {
  const outline = await getOutlineSummary({ db, userId, id });
  const heads = await db
    .select({
      id: outlineEntries.id,
      text: outlineEntries.text,
      embedKind: outlineEntries.embedKind,
      embedId: outlineEntries.embedId,
    })
    .from(outlineEntries)
    .where(and(eq(outlineEntries.outlineId, id), isNull(outlineEntries.parentId)));
  if (!heads.length) return [];
  const live = await db
    .select({ id: topics.id, subjectId: topics.subjectId, title: topics.title, rule: topics.rule, body: topics.body })
    .from(topics)
    .where(isNull(topics.retiredAt));
  const bySubject = new Map<string, typeof live>();
  for (const t of live) bySubject.set(t.subjectId, [...(bySubject.get(t.subjectId) ?? []), t]);
  const matchAll = (pool: typeof live) => {
    const m = topicMatcher(pool);
    return new Map(heads.flatMap((h) => (h.embedKind ? [] : [[h.id, m.match(h.text)?.topicId] as const])));
  };
  let found = new Map<string, string | undefined>();
  const own = outline.subjectId ? bySubject.get(outline.subjectId) : undefined;
  if (own) found = matchAll(own);
  else {
    let most = 0;
    for (const [, pool] of [...bySubject].sort(([a], [b]) => a.localeCompare(b))) {
      const m = matchAll(pool);
      const n = [...m.values()].filter(Boolean).length;
      if (n > most) [most, found] = [n, m];
    }
  }
  const byId = new Map(live.map((t) => [t.id, t]));
  const out: OutlineOfficialTopic[] = [];
  for (const h of heads) {
    const topicId =
      h.embedKind === "topic" && h.embedId
        ? topicEmbedPart(h.embedId).topicId
        : h.embedKind
          ? undefined
          : found.get(h.id);
    const t = topicId ? byId.get(topicId) : undefined;
    if (!t) continue;
    const body = t.body as { elements?: unknown; exceptions?: unknown };
    const strings = (x: unknown) => (Array.isArray(x) ? x.filter((s): s is string => typeof s === "string") : []);
    out.push({
      entryId: h.id,
      topicId: t.id,
      title: t.title,
      rule: t.rule,
      elements: strings(body.elements),
      exceptions: strings(body.exceptions),
      href: `/library/topics/${t.id}`,
    });
  }
  return out;
}
