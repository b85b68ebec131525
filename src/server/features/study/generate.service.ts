/**
 * Card generation (issue 6 §4): loads the chosen topics, briefs (official or the student's own),
 * the student's saved notes and free texts, drafts cards by extraction or — when asked and a provider is configured —
 * through the LLM, and returns drafts for the student to review, edit and remove before saving
 * (`POST /api/study/decks/:id/cards/bulk` with source "generated"). Nothing is saved here.
 */
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { briefs, notes, studentBriefs, topics } from "../../db/schema";
import { draftingLlm } from "../admin/ops/companion.service";
import type { LlmClient } from "../../ai/types";
import type { AppDeps } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { htmlToMarkdown } from "../../lib/html-text";
import { sanitizeRichText } from "../../lib/sanitize";
import {
  type Draft,
  draftsFromBrief,
  draftsFromText,
  draftsFromTopic,
  htmlToPlain,
  LLM_SYSTEM,
  parseLlmDrafts,
} from "./generate";
import { isUuid } from "../../../domain/ids";

export type Source =
  | { type: "topic"; id: string }
  | { type: "brief"; id: string }
  | { type: "note"; id: string }
  | { type: "text"; title: string; text: string };

export interface DraftOut extends Draft {
  subjectId: string | null;
  topicId: string | null;
  source: { type: Source["type"]; id: string | null; title: string };
}

/**
 * Pasted material keeps its lines, headings and list items for extraction (issue 12 item 23):
 * HTML (pasted from a word processor) is sanitized and read as Markdown; plain text is kept as typed.
 */
const studyText = (input: string) => (/<\/?[a-z][^>]*>/i.test(input) ? htmlToMarkdown(sanitizeRichText(input)) : input);

/** The model drafts use: stored on the admin companion page, else LLM_* (decisions 065, 067); null with none. */
export const draftLlm = (deps: AppDeps): Promise<LlmClient | null> => draftingLlm(deps.database.db, deps.env);

interface Material {
  source: DraftOut["source"];
  subjectId: string | null;
  topicId: string | null;
  extract: () => Draft[];
  text: string;
}

/** A case brief, official or the student's own, as drafting material; its sections may be HTML. */
function briefMaterial(b: {
  id: string;
  name: string;
  subjectId: string | null;
  topicIds: string[];
  facts?: string;
  issue?: string;
  rule?: string;
  holding?: string;
  takeaways: string[];
}): Material {
  const plain = (v?: string) => (v ? htmlToPlain(v) : v);
  return {
    source: { type: "brief", id: b.id, title: b.name },
    subjectId: b.subjectId,
    topicId: b.topicIds[0] ?? null,
    extract: () =>
      draftsFromBrief({
        name: b.name,
        issue: plain(b.issue),
        rule: plain(b.rule),
        holding: plain(b.holding),
        facts: plain(b.facts),
        takeaways: b.takeaways,
      }),
    text: [b.name, b.facts, b.issue, b.rule, b.holding, ...b.takeaways]
      .filter(Boolean)
      .map((x) => htmlToPlain(x as string))
      .join("\n"),
  };
}

async function load(db: Db, userId: string, sources: Source[]): Promise<Material[]> {
  const topicIds = sources.filter((s) => s.type === "topic").map((s) => (s as { id: string }).id);
  const briefIds = sources.filter((s) => s.type === "brief").map((s) => (s as { id: string }).id);
  // Note and student-brief ids are uuids, compared in lower case (the database prints them so).
  const noteIds = sources.filter((s) => s.type === "note").map((s) => (s as { id: string }).id.toLowerCase());
  const ownBriefIds = briefIds.filter(isUuid).map((id) => id.toLowerCase());
  const [topicRows, briefRows, noteRows, studentRows] = await Promise.all([
    topicIds.length
      ? db
          .select()
          .from(topics)
          .where(and(inArray(topics.id, topicIds), sql`${topics.retiredAt} is null`))
      : [],
    briefIds.length
      ? db
          .select()
          .from(briefs)
          .where(and(inArray(briefs.id, briefIds), or(eq(briefs.isOfficial, true), eq(briefs.createdBy, userId))))
      : [],
    // Only the student's own notes, and not ones in the bin.
    noteIds.length
      ? db
          .select({ id: notes.id, title: notes.title, text: notes.text, html: notes.html })
          .from(notes)
          .where(and(inArray(notes.id, noteIds), eq(notes.userId, userId), sql`${notes.deletedAt} is null`))
      : [],
    // The student's own case briefs (their ids are uuids; official brief ids are slugs).
    ownBriefIds.length
      ? db
          .select({
            id: studentBriefs.id,
            name: studentBriefs.name,
            subjectId: studentBriefs.subjectId,
            topicIds: studentBriefs.topicIds,
            sections: studentBriefs.sections,
          })
          .from(studentBriefs)
          .where(and(inArray(studentBriefs.id, ownBriefIds), eq(studentBriefs.userId, userId)))
      : [],
  ]);
  return sources.map((s): Material => {
    if (s.type === "text")
      return {
        source: { type: "text", id: null, title: s.title },
        subjectId: null,
        topicId: null,
        extract: () => draftsFromText({ title: s.title, text: studyText(s.text) }),
        text: htmlToPlain(s.text),
      };
    if (s.type === "note") {
      const n = noteRows.find((x) => x.id === s.id.toLowerCase());
      if (!n) throw new AppError("NOT_FOUND", "No such note.");
      const title = n.title || "Untitled note";
      return {
        source: { type: "note", id: n.id, title },
        subjectId: null,
        topicId: null,
        extract: () => draftsFromText({ title, text: htmlToMarkdown(n.html) }),
        text: `${title}\n${n.text}`,
      };
    }
    if (s.type === "topic") {
      const t = topicRows.find((x) => x.id === s.id);
      if (!t) throw new AppError("NOT_FOUND", "No such topic.");
      const body = t.body as { elements?: string[]; exceptions?: string[]; traps?: string[] };
      return {
        source: { type: "topic", id: t.id, title: t.title },
        subjectId: t.subjectId,
        topicId: t.id,
        extract: () => draftsFromTopic({ title: t.title, rule: t.rule, ...body }),
        text: `${t.title}\n${t.rule}\n${(body.elements ?? []).join("\n")}\n${(body.exceptions ?? []).join("\n")}`,
      };
    }
    const own = studentRows.find((x) => x.id === s.id.toLowerCase());
    if (own) {
      const sec = own.sections;
      // One takeaway per list item or paragraph of the section.
      const takeaways = (sec.takeaways ?? "")
        .split(/<\/li>|<\/p>|<br\s*\/?>/i)
        .map((l) => htmlToPlain(l).replace(/^[.\s]+|[.\s]+$/g, ""))
        .filter(Boolean);
      return briefMaterial({
        ...own,
        facts: sec.facts,
        issue: sec.issue,
        rule: sec.rule,
        holding: sec.holding,
        takeaways,
      });
    }
    const b = briefRows.find((x) => x.id === s.id);
    if (!b) throw new AppError("NOT_FOUND", "No such case brief.");
    const body = b.body as { issue?: string; rule?: string; holding?: string; facts?: string; takeaways?: string[] };
    return briefMaterial({ ...b, ...body, takeaways: body.takeaways ?? [] });
  });
}

/**
 * Drafts cards for each source. `useLlm` with a configured provider asks the model (one call per
 * source, LLM_* AppErrors propagate); otherwise extraction. Returns `llm`: "used", "off" or "unavailable".
 */
export async function generateDrafts(opts: {
  db: Db;
  userId: string;
  sources: Source[];
  useLlm: boolean;
  llm: LlmClient | null;
}) {
  const materials = await load(opts.db, opts.userId, opts.sources);
  const useLlm = opts.useLlm && !!opts.llm;
  const drafts: DraftOut[] = [];
  for (const m of materials) {
    let list: Draft[] = [];
    if (useLlm && opts.llm) {
      const reply = await opts.llm.complete({
        system: LLM_SYSTEM,
        prompt: `Write up to 8 flashcards from this material.\n\nTitle: ${m.source.title}\n\n${m.text.slice(0, 12_000)}`,
        maxOutputTokens: 2000,
      });
      list = parseLlmDrafts(reply, [m.source.title]);
    }
    if (!list.length) list = m.extract();
    for (const d of list)
      drafts.push({
        ...d,
        tags: d.tags.map((t) => t.slice(0, 60)),
        subjectId: m.subjectId,
        topicId: m.topicId,
        source: m.source,
      });
  }
  const llm: "off" | "used" | "unavailable" = !opts.useLlm ? "off" : useLlm ? "used" : "unavailable";
  return { drafts, llm };
}
