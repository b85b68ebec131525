/**
 * NextGen exam mode (issue 18 §3, decision 078). A session is fixed at creation: stand-alone
 * choice items from the bank (single and multi-select), the items of whole integrated sets, and
 * (half day) one performance task, in NextGen's proportions of time (about 40 % multiple choice,
 * 25 % integrated sets, a third performance tasks; NCBE, "NextGen Bar Exam Content Scope").
 * One server-side deadline runs for the whole session; past it, the next read or write submits it.
 * Choice items are scored all-or-nothing (`scoreChoice`); written items and the task are scored by
 * the student's rubric self-grade on the report (`scoreRubric`). Every query is scoped to the owner.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { answerLetters } from "../../../contract/content";
import { EXAM_LENGTHS, type ExamLength } from "../../../contract/exam";
import { SKILL_NAMES, type SkillId } from "../../../contract/nextgen-content";
import { scoreChoice, scoreRubric } from "../../../domain/nextgen-scoring";
import type { Db } from "../../db/client";
import {
  examItems,
  examSessions,
  integratedSetItems,
  integratedSets,
  performanceTasks,
  questions,
  subjects,
} from "../../db/schema";
import { AppError } from "../../lib/errors";
import { gradeChoice, recordAttempts } from "../study/quiz.service";

const notFound = () => new AppError("NOT_FOUND", "No such exam session.");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Session = typeof examSessions.$inferSelect;
type ItemRow = typeof examItems.$inferSelect;

/**
 * Creates a session. `length` picks the minutes and the mix (EXAM_LENGTHS); `subjects` narrows
 * every kind (all subjects when absent). A kind with nothing in the subjects is left out; 400
 * BAD_REQUEST when nothing at all matches.
 */
export async function createExam(opts: { db: Db; userId: string; now: Date; length: ExamLength; subjects?: string[] }) {
  const { db, userId, now } = opts;
  const spec = EXAM_LENGTHS[opts.length];
  const subj = opts.subjects?.length ? opts.subjects : null;
  const qs = await db
    .select({ id: questions.id, choices: questions.choices, answer: questions.answer })
    .from(questions)
    .where(and(isNull(questions.retiredAt), ...(subj ? [inArray(questions.subjectId, subj)] : [])))
    .orderBy(sql`random()`)
    .limit(spec.questions);
  const sets = await db
    .select({ id: integratedSets.id })
    .from(integratedSets)
    .where(and(isNull(integratedSets.retiredAt), ...(subj ? [inArray(integratedSets.subjectId, subj)] : [])))
    .orderBy(sql`random()`)
    .limit(spec.sets);
  const setItems = sets.length
    ? await db
        .select()
        .from(integratedSetItems)
        .where(
          and(
            inArray(
              integratedSetItems.setId,
              sets.map((s) => s.id),
            ),
            isNull(integratedSetItems.retiredAt),
          ),
        )
        .orderBy(asc(integratedSetItems.setId), asc(integratedSetItems.position))
    : [];
  const tasks = spec.tasks
    ? await db
        .select({ id: performanceTasks.id })
        .from(performanceTasks)
        .where(
          and(
            isNull(performanceTasks.retiredAt),
            ...(subj
              ? [
                  sql`${performanceTasks.subjectIds} && ${sql.raw(`ARRAY[${subj.map((s) => `'${s.replace(/'/g, "")}'`).join(",")}]::text[]`)}`,
                ]
              : []),
          ),
        )
        .orderBy(sql`random()`)
        .limit(spec.tasks)
    : [];
  const rows: Omit<typeof examItems.$inferInsert, "sessionId" | "position">[] = [
    ...qs.map((q) => ({ kind: "question", refId: q.id, choices: q.choices, key: q.answer })),
    ...setItems.map((it) =>
      it.type === "choice"
        ? { kind: "set-choice", refId: it.id, setId: it.setId, choices: it.choices, key: (it.answer ?? []).join(",") }
        : { kind: "set-written", refId: it.id, setId: it.setId },
    ),
    ...tasks.map((t) => ({ kind: "task", refId: t.id })),
  ];
  if (!rows.length) throw new AppError("BAD_REQUEST", "Nothing to put in an exam for these subjects.");
  return db.transaction(async (tx) => {
    const [s] = await tx
      .insert(examSessions)
      .values({
        userId,
        config: { length: opts.length, subjects: subj ?? [] },
        total: rows.length,
        startedAt: now,
        deadline: new Date(now.getTime() + spec.minutes * 60_000),
      })
      .returning({ id: examSessions.id });
    await tx.insert(examItems).values(rows.map((r, position) => ({ ...r, sessionId: s.id, position })));
    return { id: s.id, total: rows.length };
  });
}

async function own(db: Db, userId: string, id: string): Promise<Session> {
  if (!UUID.test(id)) throw notFound();
  const [s] = await db
    .select()
    .from(examSessions)
    .where(and(eq(examSessions.id, id), eq(examSessions.userId, userId)));
  if (!s) throw notFound();
  return s;
}

/** Scores the choice items and stamps the session; idempotent under a row lock. */
async function finish(db: Db, s: Session, at: Date) {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(examSessions).where(eq(examSessions.id, s.id)).for("update");
    if (locked.submittedAt) return;
    const items = await tx.select().from(examItems).where(eq(examItems.sessionId, s.id));
    const answered: Parameters<typeof recordAttempts>[0]["attempts"] = [];
    for (const it of items) {
      if (it.key === null) continue;
      const correct = it.response ? scoreChoice(answerLetters(it.key), answerLetters(it.response)).correct : false;
      await tx
        .update(examItems)
        .set({ correct })
        .where(and(eq(examItems.sessionId, s.id), eq(examItems.position, it.position)));
      // A bank question answered in the exam counts like one answered in the bank or a quiz: an
      // attempt (bank history, accuracy, the plan's weak topics) and, when missed, a review.
      // Unanswered items are not attempts.
      if (it.kind === "question" && it.response)
        answered.push({
          questionId: it.refId,
          choice: it.response,
          correct,
          quizSessionId: null,
          now: it.answeredAt ?? at,
        });
    }
    await recordAttempts({ db: tx, userId: s.userId, attempts: answered });
    await tx.update(examSessions).set({ submittedAt: at }).where(eq(examSessions.id, s.id));
  });
}

/** Submits the session when its deadline has passed (with the answers saved by then). */
async function expireIfDue(db: Db, s: Session, now: Date) {
  if (!s.submittedAt && now.getTime() >= s.deadline.getTime()) {
    await finish(db, s, s.deadline);
    return true;
  }
  return false;
}

/**
 * The session as the player shows it. Keys, explanations, model answers and rubrics only after
 * submission. 404 for another student's session.
 */
export async function getExam(opts: { db: Db; userId: string; id: string; now: Date }) {
  const { db } = opts;
  let s = await own(db, opts.userId, opts.id);
  if (await expireIfDue(db, s, opts.now)) s = await own(db, opts.userId, opts.id);
  const items = await db.select().from(examItems).where(eq(examItems.sessionId, s.id)).orderBy(asc(examItems.position));
  const ids = (k: string[]) => items.filter((i) => k.includes(i.kind)).map((i) => i.refId);
  const qIds = ids(["question"]);
  const siIds = ids(["set-choice", "set-written"]);
  const tIds = ids(["task"]);
  const setIds = [...new Set(items.map((i) => i.setId).filter((x): x is string => !!x))];
  const [qRows, siRows, setRows, taskRows] = await Promise.all([
    qIds.length ? db.select().from(questions).where(inArray(questions.id, qIds)) : [],
    siIds.length ? db.select().from(integratedSetItems).where(inArray(integratedSetItems.id, siIds)) : [],
    setIds.length ? db.select().from(integratedSets).where(inArray(integratedSets.id, setIds)) : [],
    tIds.length ? db.select().from(performanceTasks).where(inArray(performanceTasks.id, tIds)) : [],
  ]);
  const q = new Map(qRows.map((r) => [r.id, r]));
  const si = new Map(siRows.map((r) => [r.id, r]));
  const sets = new Map(setRows.map((r) => [r.id, r]));
  const tasks = new Map(taskRows.map((r) => [r.id, r]));
  const done = !!s.submittedAt;
  const config = s.config as { length: string; subjects: string[] };
  return {
    exam: {
      id: s.id,
      length: config.length,
      subjects: config.subjects,
      total: s.total,
      currentIndex: s.currentIndex,
      startedAt: s.startedAt.toISOString(),
      deadline: s.deadline.toISOString(),
      submittedAt: s.submittedAt?.toISOString() ?? null,
      remainingMs: done ? null : Math.max(0, s.deadline.getTime() - opts.now.getTime()),
      answered: items.filter((i) => i.response).length,
      flagged: items.filter((i) => i.flagged).length,
    },
    sets: setRows.map((r) => ({ id: r.id, title: r.title, scenario: r.scenario, documents: r.documents })),
    tasks: taskRows.map((t) => ({ id: t.id, title: t.title, memo: t.memo, file: t.file, library: t.library })),
    items: items.map((it) => itemView(it, done, q.get(it.refId), si.get(it.refId), sets, tasks.get(it.refId))),
  };
}

function itemView(
  it: ItemRow,
  done: boolean,
  q: typeof questions.$inferSelect | undefined,
  si: typeof integratedSetItems.$inferSelect | undefined,
  sets: Map<string, typeof integratedSets.$inferSelect>,
  task: typeof performanceTasks.$inferSelect | undefined,
) {
  const kind = it.kind as "question" | "set-choice" | "set-written" | "task";
  const subjectId =
    q?.subjectId ?? (it.setId ? (sets.get(it.setId)?.subjectId ?? null) : (task?.subjectIds[0] ?? null));
  const skills = (q?.skills ?? si?.skills ?? task?.skills ?? []).length
    ? (q?.skills ?? si?.skills ?? task?.skills ?? [])
    : ["issue-spotting"];
  const rubric = si?.rubric ?? task?.rubric ?? null;
  const base = {
    position: it.position,
    kind,
    refId: it.refId,
    subjectId,
    skills,
    setId: it.setId,
    prompt: q?.stem ?? si?.prompt ?? (task ? task.title : "(This item was removed.)"),
    call: q?.call ?? null,
    choices: it.choices,
    select: it.key !== null ? answerLetters(it.key).length : null,
    response: it.response,
    flagged: it.flagged,
  };
  if (!done) return { ...base, review: undefined };
  const graded = rubric && it.rubricChecked ? scoreRubric(rubric, it.rubricChecked) : null;
  return {
    ...base,
    review: {
      answers: it.key !== null ? answerLetters(it.key) : null,
      correct: it.key !== null ? !!it.correct : null,
      matched:
        it.key !== null && it.response ? scoreChoice(answerLetters(it.key), answerLetters(it.response)).matched : null,
      explanations: q?.explanations ?? si?.explanations ?? null,
      modelAnswer: si?.modelAnswer ?? task?.modelAnswer ?? null,
      rubric,
      rubricChecked: it.rubricChecked,
      earned: it.key !== null ? (it.correct ? 1 : 0) : (graded?.earned ?? null),
      possible: it.key !== null ? 1 : (graded?.possible ?? null),
    },
  };
}

/**
 * Saves a selection (choice items), a text (written items, the task), a flag or the place.
 * Errors: 404 (not theirs, no such position), 409 CONFLICT when submitted or past the deadline,
 * 400 VALIDATION_FAILED for a selection on a written item, text on a choice item, letters not
 * offered or the wrong count (`gradeChoice`).
 */
export async function answerExam(opts: {
  db: Db;
  userId: string;
  id: string;
  now: Date;
  position: number;
  selection?: string[];
  text?: string;
  flagged?: boolean;
  currentIndex?: number;
}) {
  const { db, now } = opts;
  const s = await own(db, opts.userId, opts.id);
  if (await expireIfDue(db, s, now))
    throw new AppError("CONFLICT", "Time is up: your exam was submitted with the answers you saved.");
  if (s.submittedAt) throw new AppError("CONFLICT", "This exam was already submitted.");
  const [it] = await db
    .select()
    .from(examItems)
    .where(and(eq(examItems.sessionId, s.id), eq(examItems.position, opts.position)));
  if (!it) throw new AppError("NOT_FOUND", "No such item in this exam.");
  const patch: Partial<typeof examItems.$inferInsert> = {};
  if (opts.selection !== undefined) {
    if (it.key === null || !it.choices) throw new AppError("VALIDATION_FAILED", "selection: this item is written");
    patch.response = gradeChoice(it.choices, it.key, opts.selection).stored;
    patch.answeredAt = now;
  }
  if (opts.text !== undefined) {
    if (it.key !== null) throw new AppError("VALIDATION_FAILED", "text: this item is answered with a selection");
    patch.response = opts.text.trim() ? opts.text : null;
    patch.answeredAt = now;
  }
  if (opts.flagged !== undefined) patch.flagged = opts.flagged;
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ submittedAt: examSessions.submittedAt })
      .from(examSessions)
      .where(eq(examSessions.id, s.id))
      .for("update");
    if (locked.submittedAt) throw new AppError("CONFLICT", "This exam was already submitted.");
    if (Object.keys(patch).length)
      await tx
        .update(examItems)
        .set(patch)
        .where(and(eq(examItems.sessionId, s.id), eq(examItems.position, opts.position)));
    const current = Math.min(opts.currentIndex ?? opts.position, s.total - 1);
    await tx.update(examSessions).set({ currentIndex: current }).where(eq(examSessions.id, s.id));
  });
  return getExam(opts);
}

/** Submits (idempotent) and returns the report. */
export async function submitExam(opts: { db: Db; userId: string; id: string; now: Date }) {
  const s = await own(opts.db, opts.userId, opts.id);
  if (!(await expireIfDue(opts.db, s, opts.now)) && !s.submittedAt) await finish(opts.db, s, opts.now);
  return examReport(opts);
}

/**
 * The report: points earned of possible overall, by area (subject) and by skill (an item counts
 * for each of its skills), choice items 1 point each (all-or-nothing), written items and the task
 * their rubric weights once self-graded (ungraded ones are counted apart). 409 before submission.
 */
export async function examReport(opts: { db: Db; userId: string; id: string; now: Date }) {
  const view = await getExam(opts);
  if (!view.exam.submittedAt) throw new AppError("CONFLICT", "Submit the exam to see its report.");
  const subjectIds = [...new Set(view.items.map((i) => i.subjectId).filter((x): x is string => !!x))];
  const names = new Map(
    (subjectIds.length
      ? await opts.db
          .select({ id: subjects.id, name: subjects.name })
          .from(subjects)
          .where(inArray(subjects.id, subjectIds))
      : []
    ).map((r) => [r.id, r.name]),
  );
  type Score = { id: string; name: string; earned: number; possible: number; ungraded: number };
  const byArea = new Map<string, Score>();
  const bySkill = new Map<string, Score>();
  const add = (m: Map<string, Score>, id: string, name: string, earned: number | null, possible: number | null) => {
    const g = m.get(id) ?? { id, name, earned: 0, possible: 0, ungraded: 0 };
    if (earned === null || possible === null) g.ungraded++;
    else {
      g.earned += earned;
      g.possible += possible;
    }
    m.set(id, g);
  };
  let earned = 0;
  let possible = 0;
  let choiceCorrect = 0;
  let choiceTotal = 0;
  for (const it of view.items) {
    const r = it.review;
    const e = r?.earned ?? null;
    const p = r?.possible ?? null;
    if (e !== null && p !== null) {
      earned += e;
      possible += p;
    }
    if (r?.correct !== null && r?.correct !== undefined) {
      choiceTotal++;
      if (r.correct) choiceCorrect++;
    }
    const area = it.subjectId ?? "none";
    add(byArea, area, names.get(area) ?? "Unsorted", e, p);
    for (const sk of it.skills) add(bySkill, sk, SKILL_NAMES[sk as SkillId] ?? sk, e, p);
  }
  const sorted = (m: Map<string, Score>) => [...m.values()].sort((a, b) => a.name.localeCompare(b.name));
  return {
    ...view,
    report: {
      earned,
      possible,
      percent: possible ? Math.round((earned / possible) * 100) : 0,
      choice: { correct: choiceCorrect, total: choiceTotal },
      byArea: sorted(byArea),
      bySkill: sorted(bySkill),
    },
  };
}

/**
 * Self-grades a written item or the task after submission: `checked` are the indexes of the
 * rubric points met (unknown indexes are dropped). 409 before submission; 400 for a choice item.
 */
export async function gradeExamItem(opts: {
  db: Db;
  userId: string;
  id: string;
  now: Date;
  position: number;
  checked: number[];
}) {
  const view = await getExam(opts);
  if (!view.exam.submittedAt) throw new AppError("CONFLICT", "Submit the exam before grading your answers.");
  const it = view.items.find((i) => i.position === opts.position);
  if (!it) throw new AppError("NOT_FOUND", "No such item in this exam.");
  const rubric = it.review?.rubric;
  if (it.select !== null || !rubric)
    throw new AppError("VALIDATION_FAILED", "position: only written items are self-graded");
  const checked = [...new Set(opts.checked)].filter((i) => i < rubric.length).sort((a, b) => a - b);
  await opts.db
    .update(examItems)
    .set({ rubricChecked: checked })
    .where(and(eq(examItems.sessionId, view.exam.id), eq(examItems.position, opts.position)));
  return examReport(opts);
}

/** The student's last 10 sessions (a past-deadline one shows as submitted on its next read). */
export async function listExams({ db, userId }: { db: Db; userId: string }) {
  const rows = await db
    .select()
    .from(examSessions)
    .where(eq(examSessions.userId, userId))
    .orderBy(desc(examSessions.startedAt))
    .limit(10);
  return rows.map((s) => ({
    id: s.id,
    length: String((s.config as { length?: string }).length ?? "short"),
    total: s.total,
    startedAt: s.startedAt.toISOString(),
    deadline: s.deadline.toISOString(),
    submittedAt: s.submittedAt?.toISOString() ?? null,
  }));
}
