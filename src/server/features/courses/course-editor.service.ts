/**
 * The course editor, server side (issue 15 §4; SPEC.md §2.5; decision 069): courses, modules and
 * lessons created, changed, ordered and deleted by an administrator. Every write runs in one
 * transaction with its audit row (`recordAdminAction`, decision 063), so an edit and its record
 * commit together. Answers are the whole course as the editor shows it (`editorView`).
 *
 * Errors: NOT_FOUND for an unknown course, module or lesson; CONFLICT for a slug in use and for
 * deleting an official course or one with enrolled students; VALIDATION_FAILED (naming the field)
 * for publishing a course without lessons, unknown practice question ids, and an order that does
 * not list the course's modules and lessons exactly once.
 */
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { EditorCourseReply } from "../../../contract/course-editor";
import type { Db, DbOrTx } from "../../db/client";
import { courseEnrollments, courseLessons, courseModules, courses, questions } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Storage } from "../../storage";
import { type AdminActor, recordAdminAction } from "../admin/audit.service";
import { courseOutline, type CourseRow } from "./courses.service";

type LessonRow = typeof courseLessons.$inferSelect;
type ModuleRow = typeof courseModules.$inferSelect;

/** The reason kept with a routine edit when the editor sends none (decision 069). */
export const EDITOR_REASON = "Course editor";

export type CoursePatch = Partial<{
  title: string;
  slug: string;
  subjectIds: string[];
  overview: string;
  objectives: string[];
  instructor: string;
  price: number | null;
  daysOfAccess: number | null;
  featured: boolean;
  status: CourseRow["status"];
}>;
export type LessonPatch = Partial<{
  title: string;
  kind: LessonRow["kind"];
  isPreview: boolean;
  body: string;
  videoUrl: string | null;
  durationS: number | null;
  questionIds: string[];
}>;

interface Ctx {
  db: Db;
  actor: AdminActor;
  reason?: string;
  now: Date;
}

const invalid = (path: string, message: string) =>
  new AppError("VALIDATION_FAILED", `${path}: ${message}`, { issues: [{ path, message }] });

/** "Criminal Law: Homicide" → "criminal-law-homicide" (at most 80 characters). */
export function slugOf(title: string): string {
  const s = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return s || "course";
}

/** The course as the editor shows it: fields, then modules and lessons in order. */
export async function editorView(db: DbOrTx, id: string): Promise<EditorCourseReply> {
  const [c] = await db.select().from(courses).where(eq(courses.id, id));
  if (!c) throw new AppError("NOT_FOUND", "No such course.");
  const outline = await courseOutline(db, c.id);
  return {
    id: c.id,
    slug: c.slug,
    title: c.title,
    subjectIds: c.subjectIds,
    overview: c.overview,
    objectives: c.objectives,
    instructor: c.instructor,
    price: c.price,
    daysOfAccess: c.daysOfAccess,
    featured: c.featured,
    status: c.status,
    isOfficial: c.isOfficial,
    updatedAt: c.updatedAt,
    modules: outline.map((m) => ({
      id: m.id,
      title: m.title,
      lessons: m.lessons.map((l) => ({
        id: l.id,
        moduleId: m.id,
        title: l.title,
        kind: l.kind,
        durationS: l.durationS,
        isPreview: l.isPreview,
        body: l.body,
        videoUrl: l.videoUrl,
        hasUpload: Boolean(l.videoKey),
        videoContentType: l.videoContentType,
        hasCaptions: Boolean(l.captionsKey),
        hasPoster: Boolean(l.posterKey),
        transcriptCues: l.transcript.length,
        questionIds: l.questionIds,
      })),
    })),
  };
}

/** `GET /api/admin/courses`: every course with its counts, most recently edited first. */
export async function listAdminCourses(db: DbOrTx) {
  const [rows, mods, lessons, enrolled] = await Promise.all([
    db.select().from(courses).orderBy(desc(courses.updatedAt), courses.title),
    db.select({ id: courseModules.courseId, n: count() }).from(courseModules).groupBy(courseModules.courseId),
    db.select({ id: courseLessons.courseId, n: count() }).from(courseLessons).groupBy(courseLessons.courseId),
    db
      .select({ id: courseEnrollments.courseId, n: count() })
      .from(courseEnrollments)
      .where(eq(courseEnrollments.status, "active"))
      .groupBy(courseEnrollments.courseId),
  ]);
  const of = (list: { id: string; n: number }[]) => new Map(list.map((r) => [r.id, Number(r.n)]));
  const [m, l, e] = [of(mods), of(lessons), of(enrolled)];
  return rows.map((c) => ({
    id: c.id,
    slug: c.slug,
    title: c.title,
    status: c.status,
    featured: c.featured,
    price: c.price,
    isOfficial: c.isOfficial,
    moduleCount: m.get(c.id) ?? 0,
    lessonCount: l.get(c.id) ?? 0,
    enrollmentCount: e.get(c.id) ?? 0,
    updatedAt: c.updatedAt,
  }));
}

async function courseRow(db: DbOrTx, id: string): Promise<CourseRow> {
  const [c] = await db.select().from(courses).where(eq(courses.id, id));
  if (!c) throw new AppError("NOT_FOUND", "No such course.");
  return c;
}

async function slugTaken(db: DbOrTx, slug: string, except?: string) {
  const where = except ? and(eq(courses.slug, slug), ne(courses.id, except)) : eq(courses.slug, slug);
  const [hit] = await db.select({ id: courses.id }).from(courses).where(where);
  return Boolean(hit);
}

async function lessonCount(db: DbOrTx, courseId: string) {
  const [r] = await db.select({ n: count() }).from(courseLessons).where(eq(courseLessons.courseId, courseId));
  return Number(r.n);
}

const audit = (tx: DbOrTx, o: Ctx, action: string, c: { id: string; title: string }, extra = {}) =>
  recordAdminAction(tx, o.actor, {
    action,
    targetType: "course",
    targetId: c.id,
    targetLabel: c.title,
    reason: o.reason ?? EDITOR_REASON,
    ...extra,
  });

/** `POST /api/admin/courses`: a new course (Draft unless `status` says otherwise). */
export async function createCourse(o: Ctx & { fields: CoursePatch & { title: string } }) {
  return o.db.transaction(async (tx) => {
    let slug = o.fields.slug;
    if (slug) {
      if (await slugTaken(tx, slug)) throw new AppError("CONFLICT", `The slug '${slug}' is used by another course.`);
    } else {
      const base = slugOf(o.fields.title);
      slug = base;
      for (let i = 2; await slugTaken(tx, slug); i++) slug = `${base}-${i}`;
    }
    if (o.fields.status === "published") throw invalid("status", "add a lesson before publishing the course");
    const id = randomUUID();
    await tx.insert(courses).values({ ...o.fields, id, slug, status: o.fields.status ?? "draft", updatedAt: o.now });
    const view = await editorView(tx, id);
    await audit(tx, o, "course.create", view, { after: { slug, status: view.status, price: view.price } });
    return view;
  });
}

/** `PATCH /api/admin/courses/:id`: the given fields (file comment for errors). */
export async function updateCourse(o: Ctx & { id: string; patch: CoursePatch }) {
  return o.db.transaction(async (tx) => {
    const before = await courseRow(tx, o.id);
    const { patch } = o;
    if (patch.slug && (await slugTaken(tx, patch.slug, o.id)))
      throw new AppError("CONFLICT", `The slug '${patch.slug}' is used by another course.`);
    if (patch.status === "published" && before.status !== "published" && !(await lessonCount(tx, o.id)))
      throw invalid("status", "add a lesson before publishing the course");
    await tx
      .update(courses)
      .set({ ...patch, updatedAt: o.now })
      .where(eq(courses.id, o.id));
    const keys = Object.keys(patch) as (keyof CoursePatch)[];
    const pick = (row: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, row[k]]));
    const action = patch.status && patch.status !== before.status ? `course.status.${patch.status}` : "course.update";
    const view = await editorView(tx, o.id);
    await audit(tx, o, action, view, { before: pick(before), after: pick(view) });
    return view;
  });
}

/** Storage keys of lessons' files, removed after the rows are gone. */
const filesOf = (ls: LessonRow[]) =>
  ls.flatMap((l) => [l.videoKey, l.posterKey, l.captionsKey]).filter((k): k is string => !!k);

async function removeFiles(storage: Storage, keys: string[]) {
  for (const k of keys) await storage.delete(k).catch(() => undefined);
}

/** `DELETE /api/admin/courses/:id`: 409 for an official course or one with enrollments. */
export async function deleteCourse(o: Ctx & { id: string; storage: Storage }) {
  const keys = await o.db.transaction(async (tx) => {
    const c = await courseRow(tx, o.id);
    if (c.isOfficial)
      throw new AppError("CONFLICT", "Official courses are rebuilt from the content at start; archive it instead.");
    const [e] = await tx.select({ n: count() }).from(courseEnrollments).where(eq(courseEnrollments.courseId, o.id));
    if (Number(e.n))
      throw new AppError(
        "CONFLICT",
        `${Number(e.n)} student(s) are or were enrolled in ${c.title}; archive it instead so they keep their record.`,
      );
    const ls = await tx.select().from(courseLessons).where(eq(courseLessons.courseId, o.id));
    await tx.delete(courses).where(eq(courses.id, o.id));
    await audit(tx, o, "course.delete", c, { before: { slug: c.slug, status: c.status, lessons: ls.length } });
    return filesOf(ls);
  });
  await removeFiles(o.storage, keys);
  return { deleted: true as const };
}

async function moduleRow(db: DbOrTx, id: string): Promise<ModuleRow> {
  const [m] = await db.select().from(courseModules).where(eq(courseModules.id, id));
  if (!m) throw new AppError("NOT_FOUND", "No such module.");
  return m;
}

async function touch(tx: DbOrTx, courseId: string, now: Date) {
  const [c] = await tx.update(courses).set({ updatedAt: now }).where(eq(courses.id, courseId)).returning();
  return c;
}

/** `POST /api/admin/courses/:id/modules`: a module at the end. */
export async function addModule(o: Ctx & { courseId: string; title: string }) {
  return o.db.transaction(async (tx) => {
    await courseRow(tx, o.courseId);
    const [last] = await tx
      .select({ p: sql<number>`coalesce(max(${courseModules.position}), 0)` })
      .from(courseModules)
      .where(eq(courseModules.courseId, o.courseId));
    const id = randomUUID();
    await tx.insert(courseModules).values({ id, courseId: o.courseId, title: o.title, position: Number(last.p) + 1 });
    const c = await touch(tx, o.courseId, o.now);
    await audit(tx, o, "course.module.create", c, { after: { moduleId: id, title: o.title } });
    return editorView(tx, o.courseId);
  });
}

/** `PATCH /api/admin/course-modules/:id`: rename. */
export async function renameModule(o: Ctx & { moduleId: string; title: string }) {
  return o.db.transaction(async (tx) => {
    const m = await moduleRow(tx, o.moduleId);
    await tx.update(courseModules).set({ title: o.title }).where(eq(courseModules.id, m.id));
    const c = await touch(tx, m.courseId, o.now);
    await audit(tx, o, "course.module.update", c, {
      before: { moduleId: m.id, title: m.title },
      after: { moduleId: m.id, title: o.title },
    });
    return editorView(tx, m.courseId);
  });
}

/** `DELETE /api/admin/course-modules/:id`: the module, its lessons and their files. */
export async function deleteModule(o: Ctx & { moduleId: string; storage: Storage }) {
  const { view, keys } = await o.db.transaction(async (tx) => {
    const m = await moduleRow(tx, o.moduleId);
    const ls = await tx.select().from(courseLessons).where(eq(courseLessons.moduleId, m.id));
    await tx.delete(courseModules).where(eq(courseModules.id, m.id));
    const c = await touch(tx, m.courseId, o.now);
    await audit(tx, o, "course.module.delete", c, { before: { moduleId: m.id, title: m.title, lessons: ls.length } });
    return { view: await editorView(tx, m.courseId), keys: filesOf(ls) };
  });
  await removeFiles(o.storage, keys);
  return view;
}

async function checkQuestions(db: DbOrTx, ids: string[] | undefined) {
  if (!ids?.length) return;
  const found = await db.select({ id: questions.id }).from(questions).where(inArray(questions.id, ids));
  const known = new Set(found.map((q) => q.id));
  const unknown = [...new Set(ids)].filter((id) => !known.has(id));
  if (unknown.length) throw invalid("questionIds", `not in the question bank: ${unknown.slice(0, 10).join(", ")}`);
}

/** `POST /api/admin/course-modules/:id/lessons`: a lesson at the end of the module. */
export async function addLesson(o: Ctx & { moduleId: string; title: string; kind: LessonRow["kind"] }) {
  return o.db.transaction(async (tx) => {
    const m = await moduleRow(tx, o.moduleId);
    const [last] = await tx
      .select({ p: sql<number>`coalesce(max(${courseLessons.position}), 0)` })
      .from(courseLessons)
      .where(eq(courseLessons.moduleId, m.id));
    const id = randomUUID();
    await tx.insert(courseLessons).values({
      id,
      courseId: m.courseId,
      moduleId: m.id,
      title: o.title,
      kind: o.kind,
      position: Number(last.p) + 1,
      updatedAt: o.now,
    });
    const c = await touch(tx, m.courseId, o.now);
    await audit(tx, o, "course.lesson.create", c, {
      after: { lessonId: id, moduleId: m.id, title: o.title, kind: o.kind },
    });
    return editorView(tx, m.courseId);
  });
}

async function lessonRow(db: DbOrTx, id: string): Promise<LessonRow> {
  const [l] = await db.select().from(courseLessons).where(eq(courseLessons.id, id));
  if (!l) throw new AppError("NOT_FOUND", "No such lesson.");
  return l;
}

/** `PATCH /api/admin/lessons/:id`: the given fields (unknown question ids: 400). */
export async function updateLesson(o: Ctx & { lessonId: string; patch: LessonPatch }) {
  return o.db.transaction(async (tx) => {
    const l = await lessonRow(tx, o.lessonId);
    await checkQuestions(tx, o.patch.questionIds);
    await tx
      .update(courseLessons)
      .set({ ...o.patch, updatedAt: o.now })
      .where(eq(courseLessons.id, l.id));
    const keys = Object.keys(o.patch) as (keyof LessonPatch)[];
    const pick = (row: Record<string, unknown>) =>
      Object.fromEntries(keys.map((k) => [k, k === "body" ? `${String(row[k]).length} characters` : row[k]]));
    const c = await touch(tx, l.courseId, o.now);
    await audit(tx, o, "course.lesson.update", c, {
      before: { lessonId: l.id, ...pick(l) },
      after: { lessonId: l.id, ...pick({ ...l, ...o.patch }) },
    });
    return editorView(tx, l.courseId);
  });
}

/** `DELETE /api/admin/lessons/:id`: the lesson and its files. */
export async function deleteLesson(o: Ctx & { lessonId: string; storage: Storage }) {
  const { view, keys } = await o.db.transaction(async (tx) => {
    const l = await lessonRow(tx, o.lessonId);
    await tx.delete(courseLessons).where(eq(courseLessons.id, l.id));
    const c = await touch(tx, l.courseId, o.now);
    await audit(tx, o, "course.lesson.delete", c, { before: { lessonId: l.id, title: l.title, kind: l.kind } });
    return { view: await editorView(tx, l.courseId), keys: filesOf([l]) };
  });
  await removeFiles(o.storage, keys);
  return view;
}

/**
 * `PUT /api/admin/courses/:id/order`: modules in the given order, each with the given lessons in
 * order (positions 1…n; a lesson listed under another module moves there). 400 unless every module
 * and lesson of the course is listed exactly once.
 */
export async function setOrder(o: Ctx & { courseId: string; modules: { id: string; lessonIds: string[] }[] }) {
  return o.db.transaction(async (tx) => {
    await courseRow(tx, o.courseId);
    const outline = await courseOutline(tx, o.courseId);
    const same = (a: string[], b: string[]) =>
      a.length === b.length && [...a].sort().join("\n") === [...b].sort().join("\n");
    const modIds = o.modules.map((m) => m.id);
    const lessonIds = o.modules.flatMap((m) => m.lessonIds);
    if (
      !same(
        modIds,
        outline.map((m) => m.id),
      ) ||
      !same(
        lessonIds,
        outline.flatMap((m) => m.lessons.map((l) => l.id)),
      ) ||
      new Set(modIds).size !== modIds.length ||
      new Set(lessonIds).size !== lessonIds.length
    )
      throw invalid("modules", "list every module and lesson of the course exactly once");
    for (const [i, m] of o.modules.entries()) {
      await tx
        .update(courseModules)
        .set({ position: i + 1 })
        .where(eq(courseModules.id, m.id));
      for (const [j, id] of m.lessonIds.entries())
        await tx
          .update(courseLessons)
          .set({ moduleId: m.id, position: j + 1, updatedAt: o.now })
          .where(eq(courseLessons.id, id));
    }
    const c = await touch(tx, o.courseId, o.now);
    await audit(tx, o, "course.order", c, {
      before: { modules: outline.map((m) => ({ id: m.id, lessonIds: m.lessons.map((l) => l.id) })) },
      after: { modules: o.modules },
    });
    return editorView(tx, o.courseId);
  });
}
