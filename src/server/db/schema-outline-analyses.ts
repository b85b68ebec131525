/**
 * OutlineIQ analyses (issue 16 §7, decision 062): one row per analysis of an uploaded outline
 * file or of one of the student's own outlines. The report (src/server/features/outlines/analysis/
 * engine.ts `AnalysisReport` plus the outline's lines it is anchored to) is stored as JSON when
 * the `outline.analysis` job finishes. Every query filters on `user_id` (another user's analysis
 * is a 404). An uploaded file stays in storage under `file_key` so the analysis can be re-run.
 */
import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./schema-auth";
import { createdAt, ts, updatedAt } from "./schema-columns";

export const outlineAnalyses = pgTable(
  "outline_analyses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The analysed own outline (no foreign key: the report outlives a deleted outline). */
    outlineId: uuid("outline_id"),
    /** Storage key of an uploaded file. */
    fileKey: text("file_key"),
    fileName: text("file_name"),
    /** docx | pdf | md | txt | outline */
    format: text("format").notNull(),
    title: text("title").notNull(),
    /** Official subject asked for, or null to let the analysis pick the best-matching one. */
    subjectId: text("subject_id"),
    syllabus: text("syllabus").notNull().default(""),
    /** queued | running | done | failed */
    state: text("state").notNull().default("queued"),
    jobId: text("job_id"),
    error: text("error"),
    /** Analyses run so far (re-runs count). */
    runs: integer("runs").notNull().default(1),
    report: jsonb("report").$type<Record<string, unknown>>(),
    finishedAt: ts("finished_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("outline_analyses_user_idx").on(t.userId, t.createdAt)],
);
