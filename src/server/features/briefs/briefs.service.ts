/**
 * Student case briefs (issue 5 §4): a structured brief of any opinion, or from scratch, with
 * rich-text sections sanitized on the server; the same stale-save rule as notes; and
 * 'Draft brief', which prefills the sections from an opinion for the student to edit.
 * All reads and writes are scoped to the owner (another user's brief is NOT_FOUND).
 */
import { and, asc, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { SECTION_KEYS, type SectionKey } from "../../../contract/briefs";
import type { DbOrTx } from "../../db/client";
import { briefs, studentBriefs } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Env } from "../../env";
import { htmlToPlainText } from "../../lib/html-text";
import { sanitizeRichText } from "../../lib/sanitize";
import { opinionText } from "../case-law/opinions.service";
import { briefSearchCondition, briefSearchRank } from "./brief-search";
import { extractDraft } from "./draft-extract";
import { configuredLlm, draftWithLlm } from "./draft-llm";
import { isUuid } from "../../../domain/ids";

export { SECTION_KEYS, type SectionKey };
export const SECTION_LABELS: Record<SectionKey, string> = {
  facts: "Facts",
  proceduralHistory: "Procedural history",
  issue: "Issue",
  rule: "Rule",
  holding: "Holding",
  reasoning: "Reasoning",
  separateOpinions: "Concurrences and dissents",
  takeaways: "Takeaways",
};
/** All sections together, in bytes of UTF-8 (the note limit, issue 5 §6). */
export const MAX_BRIEF_BYTES = 1024 * 1024;
/** The 413 message of a brief over 1 MB (also the brief routes' body limit). */
export const BRIEF_TOO_LARGE = "This brief is larger than 1 MB. Shorten its sections.";

const notFound = () => new AppError("NOT_FOUND", "No such case brief.");

export interface BriefFields {
  opinionId?: string | null;
  name: string;
  citation?: string | null;
  court?: string | null;
  year?: number | null;
  subjectId?: string | null;
  topicIds?: string[];
  sections: Partial<Record<SectionKey, string>>;
}

function cleanSections(sections: Partial<Record<SectionKey, string>>) {
  const total = Object.values(sections).reduce((n, v) => n + Buffer.byteLength(v ?? "", "utf8"), 0);
  if (total > MAX_BRIEF_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", BRIEF_TOO_LARGE);
  const out: Record<string, string> = {};
  for (const k of SECTION_KEYS) out[k] = sanitizeRichText(sections[k] ?? "");
  const text = SECTION_KEYS.map((k) => htmlToPlainText(out[k]))
    .filter(Boolean)
    .join("\n\n");
  return { sections: out, text };
}

const view = (b: typeof studentBriefs.$inferSelect) => ({
  id: b.id,
  opinionId: b.opinionId,
  name: b.name,
  citation: b.citation,
  court: b.court,
  year: b.year,
  subjectId: b.subjectId,
  topicIds: b.topicIds,
  sections: b.sections,
  version: b.version,
  isOfficial: false as const,
  createdAt: b.createdAt,
  updatedAt: b.updatedAt,
});

/** One of the user's briefs; NOT_FOUND when it is not theirs. */
export async function getStudentBrief({ db, userId, id }: { db: DbOrTx; userId: string; id: string }) {
  if (!isUuid(id)) throw notFound();
  const [b] = await db
    .select()
    .from(studentBriefs)
    .where(and(eq(studentBriefs.id, id), eq(studentBriefs.userId, userId)));
  if (!b) throw notFound();
  return view(b);
}

async function checkOpinion(db: DbOrTx, userId: string, opinionId: string | null | undefined) {
  if (!opinionId) return null;
  if (!isUuid(opinionId)) throw new AppError("VALIDATION_FAILED", "opinionId: no such opinion");
  await opinionText({ db, userId, id: opinionId }).catch(() => {
    throw new AppError("VALIDATION_FAILED", "opinionId: no such opinion");
  });
  return opinionId;
}

/** Creates a brief (sections sanitized; PAYLOAD_TOO_LARGE over 1 MB; an unknown opinionId is VALIDATION_FAILED). */
export async function createStudentBrief({
  db,
  userId,
  fields: f,
  now,
}: {
  db: DbOrTx;
  userId: string;
  fields: BriefFields;
  now: Date;
}) {
  const { sections, text } = cleanSections(f.sections);
  const opinionId = await checkOpinion(db, userId, f.opinionId);
  const [row] = await db
    .insert(studentBriefs)
    .values({
      userId,
      opinionId,
      name: f.name,
      citation: f.citation ?? null,
      court: f.court ?? null,
      year: f.year ?? null,
      subjectId: f.subjectId ?? null,
      topicIds: f.topicIds ?? [],
      sections,
      text,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return view(row);
}

/**
 * Saves; `sections` given are merged into the stored ones (a section left out keeps its
 * text). A stale `version` is refused with CONFLICT (409) carrying the newer brief.
 */
export async function updateStudentBrief({
  db,
  userId,
  id,
  changes: f,
  now,
}: {
  db: DbOrTx;
  userId: string;
  id: string;
  changes: Partial<BriefFields> & { version?: number };
  now: Date;
}) {
  const current = await getStudentBrief({ db, userId, id });
  const clean = f.sections ? cleanSections({ ...current.sections, ...f.sections }) : null;
  const opinionId = f.opinionId === undefined ? undefined : await checkOpinion(db, userId, f.opinionId);
  const where: SQL[] = [eq(studentBriefs.id, id), eq(studentBriefs.userId, userId)];
  if (f.version !== undefined) where.push(eq(studentBriefs.version, f.version));
  const [row] = await db
    .update(studentBriefs)
    .set({
      ...(f.name !== undefined ? { name: f.name } : {}),
      ...(f.citation !== undefined ? { citation: f.citation } : {}),
      ...(f.court !== undefined ? { court: f.court } : {}),
      ...(f.year !== undefined ? { year: f.year } : {}),
      ...(f.subjectId !== undefined ? { subjectId: f.subjectId } : {}),
      ...(f.topicIds !== undefined ? { topicIds: f.topicIds } : {}),
      ...(opinionId !== undefined ? { opinionId } : {}),
      ...(clean ? { sections: clean.sections, text: clean.text } : {}),
      version: sql`${studentBriefs.version} + 1`,
      updatedAt: now,
    })
    .where(and(...where))
    .returning();
  if (!row) {
    const newer = await getStudentBrief({ db, userId, id });
    throw new AppError(
      "CONFLICT",
      "This brief was changed in another tab or window. Your edit was not saved; the newer version is shown.",
      { brief: newer },
    );
  }
  return view(row);
}

/** Deletes one of the user's briefs; NOT_FOUND when it is not theirs. */
export async function deleteStudentBrief({ db, userId, id }: { db: DbOrTx; userId: string; id: string }) {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .delete(studentBriefs)
    .where(and(eq(studentBriefs.id, id), eq(studentBriefs.userId, userId)))
    .returning({ id: studentBriefs.id });
  if (!row) throw notFound();
}

/**
 * The case library of /cases: official briefs and the user's own, filtered by subject, topic
 * and text (name or citation), sorted by name. `mine`: "only" | "exclude" | undefined (both).
 */
export async function listCaseBriefs({
  db,
  userId,
  filters: f,
}: {
  db: DbOrTx;
  userId: string;
  filters: { subject?: string; topic?: string; q?: string; mine?: "only" | "exclude" };
}) {
  const official =
    f.mine === "only"
      ? []
      : await db
          .select({
            id: briefs.id,
            name: briefs.name,
            citation: briefs.citation,
            court: briefs.court,
            year: briefs.year,
            subjectId: briefs.subjectId,
            topicIds: briefs.topicIds,
          })
          .from(briefs)
          .where(
            and(
              eq(briefs.isOfficial, true),
              isNull(briefs.retiredAt),
              f.subject ? eq(briefs.subjectId, f.subject) : undefined,
              f.topic ? sql`${f.topic} = ANY(${briefs.topicIds})` : undefined,
              briefSearchCondition(f.q, { name: briefs.name, citation: briefs.citation, text: briefs.body }),
            ),
          )
          .orderBy(...briefSearchRank(f.q, briefs), asc(briefs.name));
  const own =
    f.mine === "exclude"
      ? []
      : await db
          .select({
            id: studentBriefs.id,
            name: studentBriefs.name,
            citation: studentBriefs.citation,
            court: studentBriefs.court,
            year: studentBriefs.year,
            subjectId: studentBriefs.subjectId,
            topicIds: studentBriefs.topicIds,
            updatedAt: studentBriefs.updatedAt,
          })
          .from(studentBriefs)
          .where(
            and(
              eq(studentBriefs.userId, userId),
              f.subject ? eq(studentBriefs.subjectId, f.subject) : undefined,
              f.topic ? sql`${f.topic} = ANY(${studentBriefs.topicIds})` : undefined,
              briefSearchCondition(f.q, {
                name: studentBriefs.name,
                citation: studentBriefs.citation,
                text: studentBriefs.sections,
              }),
            ),
          )
          .orderBy(...briefSearchRank(f.q, studentBriefs), desc(studentBriefs.updatedAt));
  return [
    ...own.map((b) => ({ ...b, isOfficial: false })),
    ...official.map((b) => ({ ...b, isOfficial: true, updatedAt: null })),
  ];
}

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] as string);
const paragraphs = (list: string[]) => list.map((s) => `<p>${esc(s)}</p>`).join("");

/**
 * 'Draft brief' by extraction: the opinion's sentences for each section, as HTML the student
 * edits. Nothing is saved. NOT_FOUND when the opinion is not visible to the user.
 */
export async function draftBriefByExtraction({
  db,
  userId,
  opinionId,
}: {
  db: DbOrTx;
  userId: string;
  opinionId: string;
}) {
  if (!isUuid(opinionId)) throw new AppError("NOT_FOUND", "No such opinion.");
  const o = await opinionText({ db, userId, id: opinionId });
  const d = extractDraft({ name: o.name, citation: o.citation, court: o.court, year: o.year, text: o.text });
  const s = d.sections;
  const parties = d.parties
    ? `<p><strong>Parties:</strong> ${esc(d.parties.first)} v. ${esc(d.parties.second)}</p>`
    : "";
  const court =
    o.court || o.year ? `<p><strong>Court:</strong> ${esc([o.court, o.year].filter(Boolean).join(", "))}</p>` : "";
  const sections: Record<SectionKey, string> = {
    facts: parties + paragraphs(s.facts),
    proceduralHistory: court + paragraphs(s.proceduralHistory),
    issue: paragraphs(s.issue),
    rule: paragraphs(s.rule),
    holding: paragraphs(s.holding),
    reasoning: paragraphs(s.reasoning),
    separateOpinions: s.separateOpinions.length
      ? `<ul>${s.separateOpinions.map((x) => `<li><p>${esc(x)}</p></li>`).join("")}</ul>`
      : "",
    takeaways: "",
  };
  const empty = SECTION_KEYS.filter(
    (k) => k !== "takeaways" && k !== "separateOpinions" && !htmlToPlainText(sections[k]).trim(),
  );
  return {
    method: "extract" as const,
    draft: {
      opinionId: o.id,
      name: o.name,
      citation: o.citation,
      court: o.court,
      year: o.year,
      subjectId: o.subjectId,
      sections: Object.fromEntries(SECTION_KEYS.map((k) => [k, sanitizeRichText(sections[k])])) as Record<
        SectionKey,
        string
      >,
    },
    notes: empty.length
      ? [
          `No sentence looked like the ${empty.map((k) => SECTION_LABELS[k].toLowerCase()).join(", ")}: write ${empty.length === 1 ? "it" : "them"} yourself.`,
        ]
      : [],
  };
}

/**
 * 'Draft brief' through the configured language model (draft-llm.ts): CONFLICT when none is
 * configured (LLM_PROVIDER=none), NOT_FOUND when the opinion is not visible to the user,
 * LLM_UNAVAILABLE when the answer cannot be read. Nothing is saved.
 */
export async function draftBriefWithLlm({
  db,
  env,
  userId,
  opinionId,
  signal,
}: {
  db: DbOrTx;
  env: Env;
  userId: string;
  opinionId: string;
  signal?: AbortSignal;
}) {
  const llm = await configuredLlm(db, env);
  if (!llm)
    throw new AppError(
      "CONFLICT",
      "No language model is configured on this server (set one on the admin companion page or with LLM_PROVIDER). Use Draft by extraction.",
    );
  const o = await opinionText({ db, userId, id: opinionId });
  const sections = await draftWithLlm(llm, o, signal);
  return {
    method: "llm" as const,
    draft: {
      opinionId: o.id,
      name: o.name,
      citation: o.citation,
      court: o.court,
      year: o.year,
      subjectId: o.subjectId,
      sections,
    },
    notes: [] as string[],
  };
}
