/**
 * Live embeds (issue 16 §2, decision 061): an outline entry refers to a note, an official case
 * brief, the student's own brief, an official topic's rule and/or elements, a provision or a
 * card, and the referenced text is read now, every time the outline is read — edit the note and
 * the outline shows the change. Nothing is copied into the outline.
 *
 * Scoped to the outline's owner: a note or own brief of another user (or a deleted one), a card
 * in someone else's deck, a retired topic — all come back `missing: true` with empty html, never
 * their text. One query per kind, whatever the number of embeds.
 *
 * Topic ids may carry a part: `torts-battery#rule`, `torts-battery#elements`; bare = both.
 */
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { EmbedKind } from "../../../contract/outlines";
import type { DbOrTx } from "../../db/client";
import { briefs, decks, flashcards, notes, studentBriefs, topics } from "../../db/schema";
import { getProvision } from "../content/content.service";

export interface ResolvedEmbed {
  kind: EmbedKind;
  id: string;
  title: string;
  html: string;
  href: string | null;
  missing: boolean;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const para = (label: string, text: string | null | undefined) =>
  text ? `<p><strong>${esc(label)}:</strong> ${esc(text)}</p>` : "";
const list = (label: string, items: string[]) =>
  items.length
    ? `<p><strong>${esc(label)}:</strong></p><ol>${items.map((i) => `<li>${esc(i)}</li>`).join("")}</ol>`
    : "";

const MISSING_TITLE: Record<EmbedKind, string> = {
  note: "This note was deleted or is not yours",
  brief: "This case brief is no longer available",
  student_brief: "This brief was deleted or is not yours",
  topic: "This topic is no longer available",
  provision: "This provision is no longer cited",
  card: "This card was deleted or is not yours",
};

/** Splits a topic embed id into the topic and the part shown. */
export function topicEmbedPart(id: string): { topicId: string; part: "rule" | "elements" | "both" } {
  const [topicId, part] = id.split("#");
  return { topicId, part: part === "rule" || part === "elements" ? part : "both" };
}

/**
 * Resolves every `{kind, id}` for `userId`; the answer maps `${kind}:${id}` to its embed.
 * Never throws for a missing target (it is `missing: true`).
 */
export async function resolveEmbeds({
  db,
  userId,
  refs,
}: {
  db: DbOrTx;
  userId: string;
  refs: { kind: EmbedKind; id: string }[];
}): Promise<Map<string, ResolvedEmbed>> {
  const out = new Map<string, ResolvedEmbed>();
  const ids = (k: EmbedKind) => [...new Set(refs.filter((r) => r.kind === k).map((r) => r.id))];
  const put = (kind: EmbedKind, id: string, v: Omit<ResolvedEmbed, "kind" | "id" | "missing">) =>
    out.set(`${kind}:${id}`, { kind, id, ...v, missing: false });
  const uuidish = (s: string) => /^[0-9a-f-]{36}$/i.test(s);

  const noteIds = ids("note").filter(uuidish);
  const studentIds = ids("student_brief").filter(uuidish);
  const briefIds = ids("brief");
  const topicRefs = ids("topic");
  const topicIds = [...new Set(topicRefs.map((t) => topicEmbedPart(t).topicId))];
  const cardIds = ids("card");
  const [noteRows, studentRows, briefRows, topicRows, cardRows] = await Promise.all([
    noteIds.length
      ? db
          .select({ id: notes.id, title: notes.title, html: notes.html })
          .from(notes)
          .where(and(inArray(notes.id, noteIds), eq(notes.userId, userId), isNull(notes.deletedAt)))
      : [],
    studentIds.length
      ? db
          .select({
            id: studentBriefs.id,
            name: studentBriefs.name,
            citation: studentBriefs.citation,
            sections: studentBriefs.sections,
          })
          .from(studentBriefs)
          .where(and(inArray(studentBriefs.id, studentIds), eq(studentBriefs.userId, userId)))
      : [],
    briefIds.length
      ? db
          .select({ id: briefs.id, name: briefs.name, citation: briefs.citation, body: briefs.body })
          .from(briefs)
          .where(and(inArray(briefs.id, briefIds), eq(briefs.isOfficial, true)))
      : [],
    topicIds.length
      ? db
          .select({ id: topics.id, title: topics.title, rule: topics.rule, body: topics.body })
          .from(topics)
          .where(and(inArray(topics.id, topicIds), isNull(topics.retiredAt)))
      : [],
    cardIds.length
      ? db
          .select({
            id: flashcards.id,
            question: flashcards.question,
            answer: flashcards.answer,
            deckId: flashcards.deckId,
          })
          .from(flashcards)
          .innerJoin(decks, eq(decks.id, flashcards.deckId))
          .where(
            and(
              inArray(flashcards.id, cardIds),
              isNull(flashcards.retiredAt),
              isNull(decks.retiredAt),
              or(eq(flashcards.isOfficial, true), eq(flashcards.createdBy, userId)),
              or(eq(decks.isOfficial, true), eq(decks.createdBy, userId)),
            ),
          )
      : [],
  ]);
  for (const n of noteRows)
    put("note", n.id, { title: n.title || "Untitled note", html: n.html, href: `/notes/${n.id}` });
  for (const b of studentRows) {
    const s = b.sections ?? {};
    const html = (["issue", "rule", "holding"] as const)
      .filter((k) => s[k])
      .map((k) => `<p><strong>${k[0].toUpperCase()}${k.slice(1)}:</strong></p>${s[k]}`)
      .join("");
    put("student_brief", b.id, {
      title: b.citation ? `${b.name}, ${b.citation}` : b.name,
      html,
      href: `/cases/${b.id}`,
    });
  }
  for (const b of briefRows) {
    const body = b.body as { issue?: string; rule?: string; holding?: string };
    put("brief", b.id, {
      title: b.citation ? `${b.name}, ${b.citation}` : b.name,
      html: para("Issue", body.issue) + para("Rule", body.rule) + para("Holding", body.holding),
      href: `/cases/${b.id}`,
    });
  }
  const topicById = new Map(topicRows.map((t) => [t.id, t]));
  for (const ref of topicRefs) {
    const { topicId, part } = topicEmbedPart(ref);
    const t = topicById.get(topicId);
    if (!t) continue;
    const elements = ((t.body as { elements?: string[] }).elements ?? []).filter(Boolean);
    const html =
      (part !== "elements" ? para("Rule", t.rule) : "") + (part !== "rule" ? list("Elements", elements) : "");
    const suffix = part === "rule" ? " — rule" : part === "elements" ? " — elements" : "";
    put("topic", ref, { title: `${t.title}${suffix}`, html, href: `/library/topics/${topicId}` });
  }
  for (const c of cardRows)
    put("card", c.id, {
      title: c.question.slice(0, 120),
      html: para("Q", c.question) + para("A", c.answer),
      href: `/flashcards/decks/${c.deckId}`,
    });
  for (const id of ids("provision")) {
    try {
      const p = await getProvision({ db, id });
      const items = p.cites.map((c) => `${c.cite}: ${c.topics.map((t) => t.title).join(", ")}`);
      put("provision", id, {
        title: p.provision.label,
        html: list("Cited in", items),
        href: `/library/provisions/${encodeURIComponent(id)}`,
      });
    } catch {
      // not cited by any live topic: missing
    }
  }
  for (const r of refs)
    if (!out.has(`${r.kind}:${r.id}`))
      out.set(`${r.kind}:${r.id}`, { ...r, title: MISSING_TITLE[r.kind], html: "", href: null, missing: true });
  return out;
}
