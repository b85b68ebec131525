/**
 * Performance tasks (issue 18 §2, decisions 076, 079): start (the server fixes the deadline),
 * autosave with a version (a stale save is 409 so two tabs never overwrite each other, as notes
 * do), submit (by the student, or automatically once the deadline has passed), then the rubric and
 * model answer, self-grading and the companion's unverified grade. Attempts are addressed by id
 * and always read through their owner: another user's attempt is 404.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  DEADLINE_GRACE_MS,
  TASK_DRAFT_MAX,
  type TaskAttempt,
  type TaskSummary,
  type TaskView,
} from "../../../contract/nextgen";
import { isUuid } from "../../../domain/ids";
import { scoreRubric } from "../../../domain/nextgen-scoring";
import type { LlmClient } from "../../ai/types";
import type { DbOrTx } from "../../db/client";
import { performanceTaskAttempts, performanceTasks } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { withStudentLock } from "../../lib/student-lock";
import { companionGrade } from "./companion-grade";

type TaskRow = typeof performanceTasks.$inferSelect;
type AttemptRow = typeof performanceTaskAttempts.$inferSelect;

const noTask = () => new AppError("NOT_FOUND", "No such performance task.");
const noAttempt = () => new AppError("NOT_FOUND", "No such performance-task attempt.");

async function taskRow(db: DbOrTx, id: string): Promise<TaskRow> {
  const [row] = await db
    .select()
    .from(performanceTasks)
    .where(and(eq(performanceTasks.id, id), isNull(performanceTasks.retiredAt)));
  if (!row) throw noTask();
  return row;
}

/**
 * Submits an in-progress attempt whose deadline (plus the grace) has passed, with the draft as last
 * saved (`submitted_at` = the deadline, `auto_submitted`). Returns the row as it now stands.
 */
async function expire(db: DbOrTx, at: AttemptRow, now: Date): Promise<AttemptRow> {
  if (at.submittedAt || now.getTime() <= at.deadline.getTime() + DEADLINE_GRACE_MS) return at;
  const [row] = await db
    .update(performanceTaskAttempts)
    .set({ submittedAt: at.deadline, autoSubmitted: true })
    .where(and(eq(performanceTaskAttempts.id, at.id), isNull(performanceTaskAttempts.submittedAt)))
    .returning();
  return row ?? (await ownAttempt(db, at.userId, at.id));
}

async function ownAttempt(db: DbOrTx, userId: string, id: string): Promise<AttemptRow> {
  if (!isUuid(id)) throw noAttempt();
  const [row] = await db
    .select()
    .from(performanceTaskAttempts)
    .where(and(eq(performanceTaskAttempts.id, id), eq(performanceTaskAttempts.userId, userId)));
  if (!row) throw noAttempt();
  return row;
}

/** The attempt as the workspace shows it (rubric and model answer once submitted). */
export function attemptView(at: AttemptRow, task: TaskRow, now: Date): TaskAttempt {
  const submitted = !!at.submittedAt;
  const possible = scoreRubric(task.rubric, []).possible;
  return {
    id: at.id,
    taskId: at.taskId,
    status: submitted ? "submitted" : "in-progress",
    draft: at.draft,
    version: at.version,
    startedAt: at.startedAt.toISOString(),
    deadline: at.deadline.toISOString(),
    remainingMs: submitted ? 0 : Math.max(0, at.deadline.getTime() - now.getTime()),
    submittedAt: at.submittedAt?.toISOString() ?? null,
    autoSubmitted: at.autoSubmitted,
    updatedAt: at.updatedAt.toISOString(),
    rubric: submitted ? task.rubric : null,
    modelAnswer: submitted ? task.modelAnswer : null,
    checked: at.rubricChecked,
    earned: at.earned,
    possible,
    aiGrade:
      submitted && at.aiGrade
        ? {
            ...at.aiGrade,
            ...scoreRubric(
              task.rubric,
              at.aiGrade.points.filter((p) => p.met).map((p) => p.index),
            ),
            unverified: true as const,
          }
        : null,
  };
}

async function latest(db: DbOrTx, userId: string, taskIds: string[]): Promise<Map<string, AttemptRow>> {
  const out = new Map<string, AttemptRow>();
  if (!taskIds.length) return out;
  const rows = await db
    .select()
    .from(performanceTaskAttempts)
    .where(and(eq(performanceTaskAttempts.userId, userId), inArray(performanceTaskAttempts.taskId, taskIds)))
    // Started at the same instant (one clock tick): the open attempt wins (DESC puts nulls first).
    .orderBy(desc(performanceTaskAttempts.startedAt), desc(performanceTaskAttempts.submittedAt));
  for (const r of rows) if (!out.has(r.taskId)) out.set(r.taskId, r);
  return out;
}

/** The live tasks in file order, each with the student's latest attempt (expired ones submitted). */
export async function listTasks(opts: { db: DbOrTx; userId: string; now: Date }): Promise<TaskSummary[]> {
  const tasks = await opts.db
    .select()
    .from(performanceTasks)
    .where(isNull(performanceTasks.retiredAt))
    .orderBy(asc(performanceTasks.position), asc(performanceTasks.id));
  const attempts = await latest(
    opts.db,
    opts.userId,
    tasks.map((t) => t.id),
  );
  const out: TaskSummary[] = [];
  for (const t of tasks) {
    const raw = attempts.get(t.id);
    const at = raw ? await expire(opts.db, raw, opts.now) : undefined;
    out.push({
      id: t.id,
      title: t.title,
      kind: t.kind,
      subjectIds: t.subjectIds,
      skills: t.skills,
      minutes: t.minutes,
      attempt: at
        ? {
            id: at.id,
            status: at.submittedAt ? "submitted" : "in-progress",
            deadline: at.deadline.toISOString(),
            submittedAt: at.submittedAt?.toISOString() ?? null,
            earned: at.earned,
            possible: scoreRubric(t.rubric, []).possible,
          }
        : null,
    });
  }
  return out;
}

/** A task's materials and the student's latest attempt (submitted automatically when past its deadline). */
export async function getTask(opts: {
  db: DbOrTx;
  userId: string;
  id: string;
  now: Date;
  companionGrading: boolean;
}): Promise<TaskView> {
  const t = await taskRow(opts.db, opts.id);
  const raw = (await latest(opts.db, opts.userId, [t.id])).get(t.id);
  const at = raw ? await expire(opts.db, raw, opts.now) : undefined;
  return {
    task: {
      id: t.id,
      title: t.title,
      kind: t.kind,
      subjectIds: t.subjectIds,
      skills: t.skills,
      minutes: t.minutes,
      memo: t.memo,
      file: t.file,
      library: t.library,
    },
    attempt: at ? attemptView(at, t, opts.now) : null,
    companionGrading: opts.companionGrading,
  };
}

/**
 * Starts the task: deadline = now + the task's minutes, on the server's clock. An attempt still in
 * progress is returned instead (`created: false`), so a second tab or a reload resumes it.
 */
export async function startTask(opts: {
  db: DbOrTx;
  userId: string;
  id: string;
  now: Date;
}): Promise<{ attempt: TaskAttempt; created: boolean }> {
  // Two starts at once (two tabs) must resume one attempt, not start two.
  return withStudentLock(opts.db, opts.userId, (db) => startLocked({ ...opts, db }));
}

async function startLocked(opts: Parameters<typeof startTask>[0]): Promise<{ attempt: TaskAttempt; created: boolean }> {
  const t = await taskRow(opts.db, opts.id);
  const raw = (await latest(opts.db, opts.userId, [t.id])).get(t.id);
  const current = raw ? await expire(opts.db, raw, opts.now) : undefined;
  if (current && !current.submittedAt) return { attempt: attemptView(current, t, opts.now), created: false };
  const [at] = await opts.db
    .insert(performanceTaskAttempts)
    .values({
      userId: opts.userId,
      taskId: t.id,
      startedAt: opts.now,
      deadline: new Date(opts.now.getTime() + t.minutes * 60_000),
      updatedAt: opts.now,
    })
    .returning();
  return { attempt: attemptView(at, t, opts.now), created: true };
}

function checkDraftSize(draft: string) {
  if (draft.length > TASK_DRAFT_MAX)
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `A performance-task answer can be up to ${TASK_DRAFT_MAX.toLocaleString("en-US")} characters; this one has ${draft.length.toLocaleString("en-US")}. Your text was not saved.`,
    );
}

/**
 * Saves the draft when the attempt is in progress, within its deadline (plus DEADLINE_GRACE_MS),
 * and still at `version`; bumps the version.
 * @throws NOT_FOUND for another user's attempt; PAYLOAD_TOO_LARGE over TASK_DRAFT_MAX characters;
 *   CONFLICT `{reason: "submitted"}` once submitted, `{reason: "deadline", attempt}` past the
 *   deadline (the attempt is then submitted with the draft as last saved), `{reason: "stale",
 *   attempt}` when another tab saved first.
 */
export async function saveDraft(opts: {
  db: DbOrTx;
  userId: string;
  attemptId: string;
  draft: string;
  version: number;
  now: Date;
}): Promise<TaskAttempt> {
  const { db, now } = opts;
  const at0 = await ownAttempt(db, opts.userId, opts.attemptId);
  const task = await db.select().from(performanceTasks).where(eq(performanceTasks.id, at0.taskId));
  if (!task[0]) throw noAttempt();
  checkDraftSize(opts.draft);
  const at = await expire(db, at0, now);
  if (at.submittedAt) {
    const late = at.autoSubmitted;
    throw new AppError(
      "CONFLICT",
      late
        ? "Time is up: this task was submitted automatically at its deadline with the answer as last saved. This change was not saved."
        : "This task has already been submitted; the answer can no longer change.",
      { reason: late ? "deadline" : "submitted", attempt: attemptView(at, task[0], now) },
    );
  }
  const [row] = await db
    .update(performanceTaskAttempts)
    .set({ draft: opts.draft, version: sql`${performanceTaskAttempts.version} + 1`, updatedAt: now })
    .where(
      and(
        eq(performanceTaskAttempts.id, at.id),
        eq(performanceTaskAttempts.version, opts.version),
        isNull(performanceTaskAttempts.submittedAt),
      ),
    )
    .returning();
  if (!row) {
    const fresh = await ownAttempt(db, opts.userId, at.id);
    throw new AppError(
      "CONFLICT",
      "This answer was changed in another tab or window. Your edit was not saved; the newer version is shown.",
      { reason: "stale", attempt: attemptView(fresh, task[0], now) },
    );
  }
  return attemptView(row, task[0], now);
}

/**
 * Submits the attempt (idempotent). With `draft` and `version`, first saves the final draft under
 * the rules of `saveDraft` (a draft past the deadline is refused, the attempt stays submitted with
 * the last saved text).
 */
export async function submitTask(opts: {
  db: DbOrTx;
  userId: string;
  attemptId: string;
  draft?: string;
  version?: number;
  now: Date;
}): Promise<TaskAttempt> {
  const { db, now } = opts;
  const at0 = await ownAttempt(db, opts.userId, opts.attemptId);
  const [task] = await db.select().from(performanceTasks).where(eq(performanceTasks.id, at0.taskId));
  if (!task) throw noAttempt();
  if (at0.submittedAt) return attemptView(at0, task, now);
  if (opts.draft !== undefined) {
    if (opts.version === undefined) throw new AppError("BAD_REQUEST", "Send `version` with the final draft.");
    await saveDraft({ db, userId: opts.userId, attemptId: at0.id, draft: opts.draft, version: opts.version, now });
  }
  const at = await expire(db, await ownAttempt(db, opts.userId, at0.id), now);
  if (at.submittedAt) return attemptView(at, task, now);
  const [row] = await db
    .update(performanceTaskAttempts)
    .set({ submittedAt: now })
    .where(and(eq(performanceTaskAttempts.id, at.id), isNull(performanceTaskAttempts.submittedAt)))
    .returning();
  return attemptView(row ?? (await ownAttempt(db, opts.userId, at.id)), task, now);
}

async function submittedAttempt(db: DbOrTx, userId: string, attemptId: string, now: Date) {
  const at = await expire(db, await ownAttempt(db, userId, attemptId), now);
  const [task] = await db.select().from(performanceTasks).where(eq(performanceTasks.id, at.taskId));
  if (!task) throw noAttempt();
  if (!at.submittedAt) throw new AppError("CONFLICT", "Submit the task before grading it.");
  return { at, task };
}

/**
 * Self-grades a submitted attempt: `checked` rubric point indexes; earned = the sum of their
 * weights (`scoreRubric`). Re-grading replaces the grade.
 * @throws BAD_REQUEST for an index the rubric lacks; CONFLICT before submission; NOT_FOUND.
 */
export async function gradeTask(opts: {
  db: DbOrTx;
  userId: string;
  attemptId: string;
  checked: number[];
  now: Date;
}): Promise<TaskAttempt> {
  const { at, task } = await submittedAttempt(opts.db, opts.userId, opts.attemptId, opts.now);
  const checked = [...new Set(opts.checked)].sort((x, y) => x - y);
  if (checked.some((i) => i >= task.rubric.length))
    throw new AppError(
      "BAD_REQUEST",
      `The rubric has ${task.rubric.length} points, numbered 0 to ${task.rubric.length - 1}.`,
    );
  const { earned, possible } = scoreRubric(task.rubric, checked);
  const [row] = await opts.db
    .update(performanceTaskAttempts)
    .set({ rubricChecked: checked, earned, possible, gradedAt: opts.now })
    .where(eq(performanceTaskAttempts.id, at.id))
    .returning();
  return attemptView(row, task, opts.now);
}

/**
 * Has the configured model grade a submitted attempt against the rubric (unverified).
 * @throws CONFLICT without a model or before submission; LLM_* on provider failure; NOT_FOUND.
 */
export async function companionGradeTask(opts: {
  db: DbOrTx;
  userId: string;
  attemptId: string;
  now: Date;
  llm: { client: LlmClient; model: string } | null;
}): Promise<TaskAttempt> {
  const { at, task } = await submittedAttempt(opts.db, opts.userId, opts.attemptId, opts.now);
  if (!opts.llm)
    throw new AppError("CONFLICT", "No language model is configured, so the companion cannot grade. Use the rubric.");
  const aiGrade = await companionGrade(
    opts.llm.client,
    { question: task.memo, rubric: task.rubric, modelAnswer: task.modelAnswer, answer: at.draft },
    opts.llm.model,
    opts.now,
  );
  const [row] = await opts.db
    .update(performanceTaskAttempts)
    .set({ aiGrade })
    .where(eq(performanceTaskAttempts.id, at.id))
    .returning();
  return attemptView(row, task, opts.now);
}
