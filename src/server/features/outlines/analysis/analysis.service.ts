/**
 * OutlineIQ analyses (issue 16 §7, decision 062): start one (an uploaded file already in storage,
 * or an own outline), list, read, re-run and delete them, and the `outline.analysis` job that
 * loads what the engine needs (official topics, known cases, the student's notes) and stores the
 * report. Every function is scoped to the owner; another user's analysis is NOT_FOUND.
 */
import type { Logger } from "pino";
import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client";
import {
  briefs,
  noteTags,
  notes,
  opinions,
  outlineAnalyses,
  studentBriefs,
  subjects,
  tags,
  topics,
} from "../../../db/schema";
import { isUuid } from "../../../../domain/ids";
import type { JobQueue } from "../../../jobs/queue";
import { PermanentJobError } from "../../../jobs/types";
import { AppError } from "../../../lib/errors";
import { htmlToPlainText } from "../../../lib/html-text";
import type { Storage } from "../../../storage/types";
import { walkOutline } from "../outline-export";
import { extractOutline } from "../outline-extract";
import { outlineFromLines } from "../outline-import";
import { parseOutlineText } from "../outline-parse";
import { readStored } from "../outline-upload";
import { getOutline } from "../outlines.service";
import { type AnalysisLine, type AnalysisReport, analyseOutline, locateTopics, type OfficialTopic } from "./engine";

export const OUTLINE_ANALYSIS_JOB = "outline.analysis";

type Row = typeof outlineAnalyses.$inferSelect;
const notFound = () => new AppError("NOT_FOUND", "No such analysis.");

function counts(report: AnalysisReport | null) {
  if (!report) return null;
  return {
    missingTopics: report.coverage.topics.filter((t) => t.status === "missing").length,
    thinTopics: report.coverage.topics.filter((t) => t.status === "thin").length,
    missingElements: report.rules.reduce((n, r) => n + r.missingElements.length, 0),
    unverifiedCitations: report.citations.filter((c) => c.status === "unverified").length,
    correctedCitations: report.citations.filter((c) => c.status === "corrected").length,
    contradictions: report.contradictions.length,
  };
}

function summaryOf(r: Row) {
  const report = r.state === "done" ? (r.report as unknown as AnalysisReport | null) : null;
  return {
    id: r.id,
    state: r.state as "queued" | "running" | "done" | "failed",
    jobId: r.jobId,
    title: r.title,
    format: r.format as "docx" | "pdf" | "md" | "txt" | "outline",
    outlineId: r.outlineId,
    subjectId: r.subjectId,
    error: r.error,
    runs: r.runs,
    counts: counts(report),
    createdAt: r.createdAt,
    finishedAt: r.finishedAt,
  };
}

async function row(db: DbOrTx, userId: string, id: string): Promise<Row> {
  if (!isUuid(id)) throw notFound();
  const [r] = await db
    .select()
    .from(outlineAnalyses)
    .where(and(eq(outlineAnalyses.id, id), eq(outlineAnalyses.userId, userId)));
  if (!r) throw notFound();
  return r;
}

async function checkSubject(db: DbOrTx, subjectId: string | null | undefined): Promise<string | null> {
  if (!subjectId) return null;
  const [s] = await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, subjectId));
  if (!s) throw new AppError("VALIDATION_FAILED", "subjectId: not a known subject.");
  return s.id;
}

/**
 * Records an analysis and enqueues its job; returns `{id, state, jobId}` at once. `source` is an
 * uploaded file already in storage, or an own outline (NOT_FOUND if not the user's).
 */
export async function startAnalysis(o: {
  db: DbOrTx;
  jobs: JobQueue;
  userId: string;
  source: { kind: "file"; key: string; name: string; format: string } | { kind: "outline"; outlineId: string };
  subjectId?: string | null;
  syllabus?: string;
  now: Date;
}) {
  const subjectId = await checkSubject(o.db, o.subjectId);
  let values: Partial<typeof outlineAnalyses.$inferInsert>;
  if (o.source.kind === "outline") {
    const outline = await getOutline({ db: o.db, userId: o.userId, id: o.source.outlineId });
    values = {
      outlineId: outline.id,
      format: "outline",
      title: outline.title,
      subjectId: subjectId ?? outline.subjectId,
    };
  } else {
    values = {
      fileKey: o.source.key,
      fileName: o.source.name,
      format: o.source.format,
      title: o.source.name.replace(/\.[a-z0-9]+$/i, "") || o.source.name,
      subjectId,
    };
  }
  const [r] = await o.db
    .insert(outlineAnalyses)
    .values({
      userId: o.userId,
      format: "outline",
      title: "Outline",
      ...values,
      syllabus: (o.syllabus ?? "").slice(0, 20_000),
      state: "queued",
      createdAt: o.now,
      updatedAt: o.now,
    })
    .returning();
  const jobId = await o.jobs.enqueue(OUTLINE_ANALYSIS_JOB, { analysisId: r.id }, { ownerId: o.userId });
  await o.db.update(outlineAnalyses).set({ jobId }).where(eq(outlineAnalyses.id, r.id));
  return { id: r.id, state: "queued" as const, jobId };
}

/** Re-runs an analysis (an own outline is read afresh). CONFLICT while it is still queued or running. */
export async function rerunAnalysis(o: {
  db: DbOrTx;
  jobs: JobQueue;
  userId: string;
  id: string;
  syllabus?: string;
  now: Date;
}) {
  const r = await row(o.db, o.userId, o.id);
  if (r.state === "queued" || r.state === "running")
    throw new AppError("CONFLICT", "This analysis is still running; wait for it to finish.");
  const jobId = await o.jobs.enqueue(OUTLINE_ANALYSIS_JOB, { analysisId: r.id }, { ownerId: o.userId });
  await o.db
    .update(outlineAnalyses)
    .set({
      state: "queued",
      jobId,
      error: null,
      runs: r.runs + 1,
      updatedAt: o.now,
      ...(o.syllabus !== undefined ? { syllabus: o.syllabus } : {}),
    })
    .where(eq(outlineAnalyses.id, r.id));
  return { id: r.id, state: "queued" as const, jobId };
}

export async function listAnalyses({ db, userId }: { db: DbOrTx; userId: string }) {
  const rows = await db
    .select()
    .from(outlineAnalyses)
    .where(eq(outlineAnalyses.userId, userId))
    .orderBy(desc(outlineAnalyses.createdAt))
    .limit(200);
  return rows.map(summaryOf);
}

/** One analysis with its report (report fields are null until it is done). */
export async function getAnalysis({ db, userId, id }: { db: DbOrTx; userId: string; id: string }) {
  const r = await row(db, userId, id);
  const report =
    r.state === "done" ? (r.report as unknown as (AnalysisReport & { lines: AnalysisLine[] }) | null) : null;
  return {
    ...summaryOf(r),
    syllabus: r.syllabus,
    subject: report?.subject ?? null,
    lineCount: report?.lineCount ?? null,
    wordCount: report?.wordCount ?? null,
    lines: report?.lines ?? null,
    coverage: report?.coverage ?? null,
    rules: report?.rules ?? null,
    citations: report?.citations ?? null,
    contradictions: report?.contradictions ?? null,
    gaps: report?.gaps ?? null,
  };
}

export async function deleteAnalysis(o: { db: DbOrTx; storage: Storage; userId: string; id: string }) {
  const r = await row(o.db, o.userId, o.id);
  await o.db.delete(outlineAnalyses).where(eq(outlineAnalyses.id, r.id));
  if (r.fileKey) await o.storage.delete(r.fileKey).catch(() => {});
}

/* ---------- the job ---------- */

async function officialTopics(db: DbOrTx) {
  const rows = await db
    .select({ id: topics.id, subjectId: topics.subjectId, title: topics.title, rule: topics.rule, body: topics.body })
    .from(topics)
    .where(and(isNull(topics.retiredAt), eq(topics.isOfficial, true)));
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
  return rows.map((r) => ({
    subjectId: r.subjectId,
    topic: {
      id: r.id,
      title: r.title,
      rule: r.rule,
      elements: list(r.body.elements),
      exceptions: list(r.body.exceptions),
    },
  }));
}

/** The outline's lines: an uploaded file parsed, or an own outline walked. */
async function linesOf(db: DbOrTx, storage: Storage, r: Row): Promise<{ lines: AnalysisLine[]; title: string | null }> {
  if (r.outlineId) {
    const outline = await getOutline({ db, userId: r.userId, id: r.outlineId }).catch(() => {
      throw new PermanentJobError("The outline was deleted.");
    });
    const lines = walkOutline(outline.entries).map(({ entry, depth }, i) => ({
      line: i + 1,
      depth,
      text: htmlToPlainText(entry.html).replace(/\s+/g, " ").trim(),
      page: null,
      entryId: entry.id,
    }));
    return { lines, title: outline.title };
  }
  if (!r.fileKey || !r.fileName) throw new PermanentJobError("The uploaded file is gone.");
  const bytes = await readStored(storage, r.fileKey);
  let extracted: Awaited<ReturnType<typeof extractOutline>>;
  try {
    extracted = await extractOutline(bytes, r.fileName);
  } catch (err) {
    throw new PermanentJobError((err as Error).message);
  }
  const starts = extracted.pageStarts;
  const parsed = parseOutlineText(extracted.text, 50);
  // The document's own title (a Word Title, a lone top heading), else the file name stays.
  const title = outlineFromLines(parsed, "", extracted.title).title || null;
  const lines = parsed.map((l) => {
    let page: number | null = null;
    if (starts) {
      page = 1;
      for (let p = 0; p < starts.length; p++) if (starts[p] <= l.line) page = p + 1;
    }
    return { ...l, page, entryId: null };
  });
  return { lines, title };
}

async function knownCases(db: DbOrTx, userId: string) {
  const [official, own, opinionRows] = await Promise.all([
    db
      .select({ id: briefs.id, name: briefs.name, citation: briefs.citation, year: briefs.year })
      .from(briefs)
      .where(and(isNull(briefs.retiredAt), or(eq(briefs.isOfficial, true), eq(briefs.createdBy, userId)))),
    db
      .select({
        id: studentBriefs.id,
        name: studentBriefs.name,
        citation: studentBriefs.citation,
        year: studentBriefs.year,
      })
      .from(studentBriefs)
      .where(eq(studentBriefs.userId, userId)),
    db
      .select({ id: opinions.id, name: opinions.name, citation: opinions.citation, year: opinions.year })
      .from(opinions)
      .where(or(eq(opinions.scope, "library"), eq(opinions.ownerId, userId))),
  ]);
  return [
    ...official.map((c) => ({ ...c, kind: "brief" as const })),
    ...own.map((c) => ({ ...c, kind: "student_brief" as const })),
    ...opinionRows.map((c) => ({ ...c, kind: "opinion" as const })),
  ];
}

async function studentNotes(db: DbOrTx, userId: string) {
  const rows = await db
    .select({ id: notes.id, title: notes.title, text: sql<string>`left(${notes.text}, 20000)` })
    .from(notes)
    .where(and(eq(notes.userId, userId), isNull(notes.deletedAt)))
    .orderBy(desc(notes.updatedAt))
    .limit(2000);
  if (!rows.length) return [];
  const tagRows = await db
    .select({ noteId: noteTags.noteId, name: tags.name })
    .from(noteTags)
    .innerJoin(tags, eq(tags.id, noteTags.tagId))
    .where(
      inArray(
        noteTags.noteId,
        rows.map((r) => r.id),
      ),
    );
  const byNote = new Map<string, string[]>();
  for (const t of tagRows) byNote.set(t.noteId, [...(byNote.get(t.noteId) ?? []), t.name]);
  return rows.map((r) => ({ ...r, tags: byNote.get(r.id) ?? [] }));
}

/** Runs one analysis and stores its report. */
export async function runAnalysis(o: {
  db: Db;
  storage: Storage;
  analysisId: string;
  progress: (percent: number, message: string) => Promise<void>;
}): Promise<{ analysisId: string }> {
  const [r] = await o.db.select().from(outlineAnalyses).where(eq(outlineAnalyses.id, o.analysisId));
  if (!r) throw new PermanentJobError("The analysis was deleted.");
  await o.db
    .update(outlineAnalyses)
    .set({ state: "running", updatedAt: new Date() })
    .where(eq(outlineAnalyses.id, r.id));
  await o.progress(5, "Reading the outline…");
  const { lines, title } = await linesOf(o.db, o.storage, r);
  if (!lines.length) throw new PermanentJobError("The outline has no text to analyse.");
  await o.progress(30, `Read ${lines.length} lines. Matching official topics…`);
  const all = await officialTopics(o.db);
  let subjectId = r.subjectId;
  if (!subjectId) {
    // The subject whose topics the outline matches most.
    const bySubject = new Map<string, OfficialTopic[]>();
    for (const t of all) bySubject.set(t.subjectId, [...(bySubject.get(t.subjectId) ?? []), t.topic]);
    let best = 0;
    for (const [id, list] of bySubject) {
      const n = locateTopics(lines, list).size;
      if (n > best) {
        best = n;
        subjectId = id;
      }
    }
    if (best < 2) subjectId = null;
  }
  const [subject] = subjectId
    ? await o.db.select({ id: subjects.id, name: subjects.name }).from(subjects).where(eq(subjects.id, subjectId))
    : [];
  await o.progress(50, "Checking case citations and your notes…");
  const [cases, studentNoteRows] = await Promise.all([knownCases(o.db, r.userId), studentNotes(o.db, r.userId)]);
  await o.progress(70, "Comparing rules with the official elements and exceptions…");
  const report = analyseOutline({
    lines,
    subject: subject ?? null,
    topics: subject ? all.filter((t) => t.subjectId === subject.id).map((t) => t.topic) : [],
    cases,
    notes: studentNoteRows,
    syllabus: r.syllabus,
  });
  const now = new Date();
  await o.db
    .update(outlineAnalyses)
    .set({
      state: "done",
      error: null,
      subjectId: subject?.id ?? r.subjectId,
      title: (title || r.title).slice(0, 200),
      report: { ...report, lines } as unknown as Record<string, unknown>,
      finishedAt: now,
      updatedAt: now,
    })
    .where(eq(outlineAnalyses.id, r.id));
  await o.progress(100, "Report ready.");
  return { analysisId: r.id };
}

/** Registers the `outline.analysis` handler (boot.ts). A failure on the last attempt marks the analysis failed. */
export function registerOutlineAnalysisJob(opts: { jobs: JobQueue; db: Db; storage: Storage; logger: Logger }) {
  opts.jobs.register<{ analysisId: string }, { analysisId: string }>(
    OUTLINE_ANALYSIS_JOB,
    async (ctx) => {
      try {
        return await runAnalysis({
          db: opts.db,
          storage: opts.storage,
          analysisId: ctx.payload.analysisId,
          progress: (p, m) => ctx.progress(p, m),
        });
      } catch (err) {
        if (err instanceof PermanentJobError || ctx.attempt >= ctx.maxAttempts) {
          await opts.db
            .update(outlineAnalyses)
            .set({
              state: "failed",
              error: err instanceof PermanentJobError ? err.message : "The analysis failed. Run it again.",
              finishedAt: new Date(),
              updatedAt: new Date(),
            })
            .where(eq(outlineAnalyses.id, ctx.payload.analysisId));
        }
        opts.logger.warn({ err, jobId: ctx.id }, "outline analysis failed");
        throw err;
      }
    },
    { maxAttempts: 2 },
  );
}
