/**
 * Lessons, their media and the student's progress (issue 15 §2–§3; SPEC.md §6). Every lesson
 * read, progress write, answer and media byte passes `lessonGate`: the course must be visible to
 * the student and enterable (not Coming Soon), and the student must have course access — or the
 * lesson is a preview lesson. Media answer 404 on any refusal (a guessed URL learns nothing).
 */
import { and, eq, inArray } from "drizzle-orm";
import type { LessonDetailReply as LessonDetail } from "../../../contract/courses";
import type { DbOrTx } from "../../db/client";
import { courseLessons, lessonProgress, questions } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { track } from "../analytics/analytics.service";
import type { SubscriptionSummary } from "../billing/subscriptions.service";
import { resolveAccess } from "./access";
import { type CourseRow, courseOutline, findVisibleCourse, progressAround } from "./courses.service";

type LessonRow = typeof courseLessons.$inferSelect;

export interface GateInput {
  db: DbOrTx;
  userId: string;
  isAdmin: boolean;
  summary: () => Promise<SubscriptionSummary>;
  now: Date;
}

/**
 * The lesson `lessonId` (of `courseId` when given) with its course, if `userId` may open it.
 * Throws NOT_FOUND (no such lesson, or the course is not visible), FORBIDDEN (Coming Soon) or
 * UPGRADE_REQUIRED with the access message (no access and not a preview lesson).
 * Administrators pass (preview as student).
 */
export async function lessonGate(
  o: GateInput & { lessonId: string; courseId?: string },
): Promise<{ lesson: LessonRow; course: CourseRow }> {
  const [lesson] = await o.db.select().from(courseLessons).where(eq(courseLessons.id, o.lessonId));
  if (!lesson || (o.courseId && lesson.courseId !== o.courseId)) throw new AppError("NOT_FOUND", "No such lesson.");
  const course = await findVisibleCourse({ ...o, idOrSlug: lesson.courseId });
  if (o.isAdmin) return { lesson, course };
  if (course.status === "coming_soon") throw new AppError("FORBIDDEN", `${course.title} is coming soon.`);
  if (!lesson.isPreview) {
    const access = await resolveAccess({ ...o, course });
    if (!access.hasAccess)
      throw new AppError("UPGRADE_REQUIRED", access.message, { feature: "video_courses", reason: access.reason });
  }
  return { lesson, course };
}

/** The storage key of a lesson's `kind` file when the student may have it; otherwise 404. */
export async function mediaKey(o: GateInput & { lessonId: string; kind: "video" | "poster" | "captions" }) {
  let lesson: LessonRow;
  try {
    ({ lesson } = await lessonGate(o));
  } catch {
    throw new AppError("NOT_FOUND", "File not found");
  }
  const key = o.kind === "video" ? lesson.videoKey : o.kind === "poster" ? lesson.posterKey : lesson.captionsKey;
  if (!key) throw new AppError("NOT_FOUND", "File not found");
  return key;
}

const mediaUrl = (id: string, kind: string) => `/api/lessons/${encodeURIComponent(id)}/media/${kind}`;

/** `GET /api/courses/:courseId/lessons/:lessonId`: the lesson for the player. */
export async function getLesson(o: GateInput & { courseId: string; lessonId: string }): Promise<LessonDetail> {
  const { lesson, course } = await lessonGate(o);
  const [outline, [p]] = await Promise.all([
    courseOutline(o.db, course.id),
    o.db
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, o.userId), eq(lessonProgress.lessonId, lesson.id))),
  ]);
  const flat = outline.flatMap((m) =>
    m.lessons.map((l) => ({ courseId: course.id, moduleId: m.id, lessonId: l.id, title: l.title })),
  );
  const i = flat.findIndex((f) => f.lessonId === lesson.id);
  const answers = p?.answers ?? {};
  let qs: LessonDetail["questions"] = [];
  if (lesson.kind === "practice" && lesson.questionIds.length) {
    const rows = await o.db.select().from(questions).where(inArray(questions.id, lesson.questionIds));
    const byId = new Map(rows.map((r) => [r.id, r]));
    qs = lesson.questionIds
      .map((id) => byId.get(id))
      .filter((q) => q !== undefined)
      .map((q) => {
        const picked = answers[q.id] ?? null;
        return {
          id: q.id,
          stem: q.stem,
          call: q.call,
          choices: q.choices,
          picked,
          answer: picked ? q.answer : null,
          explanation: picked ? (q.explanations[q.answer] ?? null) : null,
        };
      });
  }
  const video = lesson.videoKey
    ? {
        src: mediaUrl(lesson.id, "video"),
        type: lesson.videoContentType,
        poster: lesson.posterKey ? mediaUrl(lesson.id, "poster") : null,
        captions: lesson.captionsKey ? mediaUrl(lesson.id, "captions") : null,
      }
    : lesson.videoUrl
      ? {
          src: lesson.videoUrl,
          type: null,
          poster: lesson.posterKey ? mediaUrl(lesson.id, "poster") : null,
          captions: lesson.captionsKey ? mediaUrl(lesson.id, "captions") : null,
        }
      : null;
  return {
    id: lesson.id,
    courseId: course.id,
    moduleId: lesson.moduleId,
    title: lesson.title,
    kind: lesson.kind,
    durationS: lesson.durationS,
    body: lesson.body,
    video,
    transcript: lesson.transcript,
    chapters: lesson.chapters,
    questions: qs,
    progress: { positionS: p?.positionS ?? 0, completed: p?.completed ?? false },
    previous: i > 0 ? flat[i - 1] : null,
    next: i >= 0 && i < flat.length - 1 ? flat[i + 1] : null,
  };
}

async function writeProgress(
  o: GateInput & { lesson: LessonRow },
  set: { positionS?: number; completed?: boolean; answers?: Record<string, string> },
) {
  const { db, lesson, now } = o;
  const [before] = await db
    .select({ completed: lessonProgress.completed })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, o.userId), eq(lessonProgress.lessonId, lesson.id)));
  const completedAt = set.completed === true ? now : set.completed === false ? null : undefined;
  const [row] = await db
    .insert(lessonProgress)
    .values({
      userId: o.userId,
      lessonId: lesson.id,
      courseId: lesson.courseId,
      positionS: set.positionS ?? 0,
      completed: set.completed ?? false,
      completedAt: completedAt ?? null,
      answers: set.answers ?? {},
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: {
        ...(set.positionS !== undefined ? { positionS: set.positionS } : {}),
        ...(set.completed !== undefined ? { completed: set.completed } : {}),
        ...(completedAt !== undefined && !(set.completed && before?.completed) ? { completedAt } : {}),
        ...(set.answers ? { answers: set.answers } : {}),
        updatedAt: now,
      },
    })
    .returning();
  if (row.completed && !before?.completed)
    await track({
      db,
      name: "lesson_completed",
      userId: o.userId,
      properties: { courseId: lesson.courseId, lessonId: lesson.id, kind: lesson.kind },
    });
  const around = await progressAround(db, o.userId, lesson.courseId, lesson.moduleId);
  return { lessonId: lesson.id, positionS: row.positionS, completed: row.completed, ...around };
}

/**
 * `PUT /api/lessons/:id/progress`: stores the resume position (seconds) and, when `completed` is
 * given, the completion (the first completion records `lesson_completed`). Gate: `lessonGate`.
 */
export async function saveProgress(o: GateInput & { lessonId: string; positionS: number; completed?: boolean }) {
  const { lesson } = await lessonGate(o);
  const positionS = lesson.durationS ? Math.min(o.positionS, lesson.durationS) : o.positionS;
  return writeProgress({ ...o, lesson }, { positionS, completed: o.completed });
}

/**
 * `POST /api/lessons/:id/answers`: records the student's choice for one question of a practice
 * lesson (a later answer replaces it) and completes the lesson once all are answered. 404 for a
 * question that is not in the lesson; 400 VALIDATION_FAILED for a choice the question lacks.
 */
export async function answerQuestion(o: GateInput & { lessonId: string; questionId: string; choice: string }) {
  const { lesson } = await lessonGate(o);
  if (lesson.kind !== "practice" || !lesson.questionIds.includes(o.questionId))
    throw new AppError("NOT_FOUND", "No such question in this lesson.");
  const [q] = await o.db.select().from(questions).where(eq(questions.id, o.questionId));
  if (!q) throw new AppError("NOT_FOUND", "No such question in this lesson.");
  const choice = o.choice.toUpperCase();
  if (!(choice in q.choices))
    throw new AppError("VALIDATION_FAILED", `choice: pick one of ${Object.keys(q.choices).join(", ")}`);
  const [p] = await o.db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, o.userId), eq(lessonProgress.lessonId, lesson.id)));
  const answers = { ...(p?.answers ?? {}), [q.id]: choice };
  const all = lesson.questionIds.every((id) => id in answers);
  const progress = await writeProgress({ ...o, lesson }, { answers, ...(all ? { completed: true } : {}) });
  return {
    correct: choice === q.answer,
    answer: q.answer,
    explanation: q.explanations[q.answer] ?? "",
    progress,
  };
}
