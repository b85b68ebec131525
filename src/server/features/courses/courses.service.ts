/**
 * Catalog, course detail and enrollment (issue 15 §1–§2; SPEC.md §3, §6). Every read of a
 * student's enrollment or progress filters on the student's id.
 *
 * Visibility: Published and Coming Soon courses are listed; a Draft course is visible only to
 * administrators (preview as student); an Archived one only to administrators and students who
 * were enrolled. A Coming Soon course is listed but not enterable (lessons answer 403).
 */
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type {
  CourseAccessReply as CourseAccessResult,
  CourseDetailReply as CourseDetail,
  CourseSummaryReply as CourseSummary,
} from "../../../contract/courses";
import type { DbOrTx } from "../../db/client";
import { courseEnrollments, courseLessons, courseModules, courses, lessonProgress } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { SubscriptionSummary } from "../billing/subscriptions.service";
import { resolveAccess } from "./access";

export type CourseRow = typeof courses.$inferSelect;
type LessonRow = typeof courseLessons.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const pct = (done: number, total: number) => (total ? Math.floor((done * 100) / total) : 0);

/** 'Video and practice', 'Reading and practice', … from the kinds of lessons a course holds. */
export function formatLabel(kinds: { video: number; reading: number; practice: number }): string {
  const parts = [kinds.video ? "Video" : null, kinds.reading ? "Reading" : null].filter(Boolean) as string[];
  const head = parts.join(", ") || (kinds.practice ? "Practice" : "No lessons yet");
  return kinds.practice && parts.length ? `${head} and practice` : head;
}

/**
 * The catalog for `userId` (SPEC.md §2.3 `/courses`): Published and Coming Soon courses, Featured
 * first, then by position and title; `q` matches title and overview (case-insensitive), `subject`
 * a subject id. Each carries the student's enrollment, progress over all lessons and the last
 * lesson touched. Four queries whatever the number of courses.
 */
export async function listCourses(opts: {
  db: DbOrTx;
  userId: string;
  q?: string;
  subject?: string;
}): Promise<CourseSummary[]> {
  const { db, userId } = opts;
  const where = [inArray(courses.status, ["published", "coming_soon"])];
  const q = opts.q?.trim();
  if (q) {
    const like = `%${escapeLike(q)}%`;
    where.push(or(sql`${courses.title} ilike ${like}`, sql`${courses.overview} ilike ${like}`)!);
  }
  if (opts.subject) where.push(sql`${opts.subject} = any(${courses.subjectIds})`);
  const rows = await db
    .select()
    .from(courses)
    .where(and(...where))
    .orderBy(desc(courses.featured), asc(courses.position), asc(courses.title));
  return summarize(db, userId, rows);
}

async function summarize(db: DbOrTx, userId: string, rows: CourseRow[]): Promise<CourseSummary[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [stats, enrolls, done, last] = await Promise.all([
    db
      .select({
        courseId: courseLessons.courseId,
        n: sql<number>`count(*)::int`,
        dur: sql<number>`coalesce(sum(${courseLessons.durationS}), 0)::int`,
        video: sql<number>`count(*) filter (where ${courseLessons.kind} = 'video')::int`,
        reading: sql<number>`count(*) filter (where ${courseLessons.kind} = 'reading')::int`,
        practice: sql<number>`count(*) filter (where ${courseLessons.kind} = 'practice')::int`,
      })
      .from(courseLessons)
      .where(inArray(courseLessons.courseId, ids))
      .groupBy(courseLessons.courseId),
    db
      .select()
      .from(courseEnrollments)
      .where(and(eq(courseEnrollments.userId, userId), inArray(courseEnrollments.courseId, ids))),
    db
      .select({
        courseId: lessonProgress.courseId,
        n: sql<number>`count(*) filter (where ${lessonProgress.completed})::int`,
        at: sql<Date>`max(${lessonProgress.updatedAt})`,
      })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, userId), inArray(lessonProgress.courseId, ids)))
      .groupBy(lessonProgress.courseId),
    db
      .selectDistinctOn([lessonProgress.courseId], {
        courseId: lessonProgress.courseId,
        lessonId: courseLessons.id,
        moduleId: courseLessons.moduleId,
        title: courseLessons.title,
      })
      .from(lessonProgress)
      .innerJoin(courseLessons, eq(courseLessons.id, lessonProgress.lessonId))
      .where(and(eq(lessonProgress.userId, userId), inArray(lessonProgress.courseId, ids)))
      .orderBy(lessonProgress.courseId, desc(lessonProgress.updatedAt)),
  ]);
  const statOf = new Map(stats.map((s) => [s.courseId, s]));
  const enrollOf = new Map(enrolls.map((e) => [e.courseId, e]));
  const doneOf = new Map(done.map((d) => [d.courseId, d]));
  const lastOf = new Map(last.map((l) => [l.courseId, l]));
  return rows.map((c) => {
    const s = statOf.get(c.id);
    const e = enrollOf.get(c.id);
    const d = doneOf.get(c.id);
    const l = lastOf.get(c.id);
    const total = s?.n ?? 0;
    const completed = Math.min(d?.n ?? 0, total);
    return {
      id: c.id,
      slug: c.slug,
      title: c.title,
      subjectIds: c.subjectIds,
      overview: c.overview,
      instructor: c.instructor,
      price: c.price,
      daysOfAccess: c.daysOfAccess,
      featured: c.featured,
      status: c.status,
      isOfficial: c.isOfficial,
      format: formatLabel({ video: s?.video ?? 0, reading: s?.reading ?? 0, practice: s?.practice ?? 0 }),
      lessonCount: total,
      durationS: s?.dur ?? 0,
      enrollment: e ? { status: e.status, enrolledAt: e.enrolledAt, expiresAt: e.expiresAt, source: e.source } : null,
      progress: { completed, total, percent: pct(completed, total) },
      resume: l ? { courseId: c.id, moduleId: l.moduleId, lessonId: l.lessonId, title: l.title } : null,
      lastActivityAt: d?.at ? new Date(d.at) : null,
    };
  });
}

/**
 * The course `idOrSlug` as `userId` may see it (file comment), or 404 NOT_FOUND.
 * Administrators see every status.
 */
export async function findVisibleCourse(opts: {
  db: DbOrTx;
  userId: string;
  isAdmin: boolean;
  idOrSlug: string;
}): Promise<CourseRow> {
  const { db } = opts;
  const [c] = await db
    .select()
    .from(courses)
    .where(or(eq(courses.id, opts.idOrSlug), eq(courses.slug, opts.idOrSlug)))
    .limit(1);
  if (!c) throw new AppError("NOT_FOUND", "No such course.");
  if (opts.isAdmin || c.status === "published" || c.status === "coming_soon") return c;
  if (c.status === "archived") {
    const [e] = await db
      .select({ id: courseEnrollments.id })
      .from(courseEnrollments)
      .where(and(eq(courseEnrollments.userId, opts.userId), eq(courseEnrollments.courseId, c.id)));
    if (e) return c;
  }
  throw new AppError("NOT_FOUND", "No such course.");
}

/** Modules and lessons of a course, in order. */
export async function courseOutline(db: DbOrTx, courseId: string) {
  const [mods, lessons] = await Promise.all([
    db
      .select()
      .from(courseModules)
      .where(eq(courseModules.courseId, courseId))
      .orderBy(asc(courseModules.position), asc(courseModules.id)),
    db
      .select()
      .from(courseLessons)
      .where(eq(courseLessons.courseId, courseId))
      .orderBy(asc(courseLessons.position), asc(courseLessons.id)),
  ]);
  return mods.map((m) => ({ ...m, lessons: lessons.filter((l) => l.moduleId === m.id) }));
}

/** Progress of `userId` on every lesson of a course. */
async function progressMap(db: DbOrTx, userId: string, courseId: string) {
  const rows = await db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId)));
  return new Map(rows.map((r) => [r.lessonId, r]));
}

const hasVideo = (l: LessonRow) => Boolean(l.videoKey || l.videoUrl);

/** The course detail of `GET /api/courses/:id`: summary, objectives, modules with lessons and progress, access. */
export async function getCourseDetail(opts: {
  db: DbOrTx;
  userId: string;
  isAdmin: boolean;
  idOrSlug: string;
  summary: () => Promise<SubscriptionSummary>;
  now: Date;
}): Promise<CourseDetail> {
  const c = await findVisibleCourse(opts);
  const [[summary], outline, progress, access] = await Promise.all([
    summarize(opts.db, opts.userId, [c]),
    courseOutline(opts.db, c.id),
    progressMap(opts.db, opts.userId, c.id),
    resolveAccess({ db: opts.db, userId: opts.userId, course: c, summary: opts.summary, now: opts.now }),
  ]);
  return {
    ...summary,
    objectives: c.objectives,
    access,
    modules: outline.map((m) => {
      const lessons = m.lessons.map((l) => {
        const p = progress.get(l.id);
        return {
          id: l.id,
          moduleId: m.id,
          title: l.title,
          kind: l.kind,
          durationS: l.durationS,
          isPreview: l.isPreview,
          hasVideo: hasVideo(l),
          progress: { positionS: p?.positionS ?? 0, completed: p?.completed ?? false },
        };
      });
      const completed = lessons.filter((l) => l.progress.completed).length;
      return {
        id: m.id,
        title: m.title,
        lessons,
        progress: { completed, total: lessons.length, percent: pct(completed, lessons.length) },
      };
    }),
  };
}

/** Module and course progress of `userId` after a change to `lessonId` (PUT progress, answers). */
export async function progressAround(db: DbOrTx, userId: string, courseId: string, moduleId: string) {
  const [rows] = await db
    .select({
      total: sql<number>`count(*)::int`,
      done: sql<number>`count(*) filter (where ${lessonProgress.completed})::int`,
      moduleTotal: sql<number>`count(*) filter (where ${courseLessons.moduleId} = ${moduleId})::int`,
      moduleDone: sql<number>`count(*) filter (where ${courseLessons.moduleId} = ${moduleId} and ${lessonProgress.completed})::int`,
    })
    .from(courseLessons)
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, courseLessons.id), eq(lessonProgress.userId, userId)))
    .where(eq(courseLessons.courseId, courseId));
  const mk = (done: number, total: number) => ({ completed: done, total, percent: pct(done, total) });
  return { module: mk(rows.moduleDone, rows.moduleTotal), course: mk(rows.done, rows.total) };
}

const DAY_MS = 86_400_000;

/**
 * `POST /api/courses/:id/enroll`: records the student's enrollment in a course they may enter.
 * Free course: no end. Through Unlimited / Trial: until the subscription's current period end
 * (so an enrollment never outlives what was paid for). A paid course without access is 403
 * UPGRADE_REQUIRED with the reason; Coming Soon is 403 FORBIDDEN. An existing active enrollment
 * is kept as it is (never shortened).
 */
export async function enroll(opts: {
  db: DbOrTx;
  userId: string;
  course: CourseRow;
  summary: () => Promise<SubscriptionSummary>;
  now: Date;
}): Promise<{ enrollment: typeof courseEnrollments.$inferSelect; access: CourseAccessResult; created: boolean }> {
  const { db, course, now } = opts;
  if (course.status === "coming_soon") throw new AppError("FORBIDDEN", `${course.title} is coming soon.`);
  const access = await resolveAccess({ ...opts, course });
  if (!access.hasAccess)
    throw new AppError("UPGRADE_REQUIRED", access.message, { feature: "video_courses", reason: access.reason });
  const [existing] = await db
    .select()
    .from(courseEnrollments)
    .where(and(eq(courseEnrollments.userId, opts.userId), eq(courseEnrollments.courseId, course.id)));
  if (access.reason === "enrollment" && existing) return { enrollment: existing, access, created: false };
  let expiresAt: Date | null = null;
  let source = "free";
  if (access.reason === "subscription") {
    source = "subscription";
    const end = access.subscription?.current_period_end;
    expiresAt = end ? new Date(end) : new Date(now.getTime() + (course.daysOfAccess ?? 30) * DAY_MS);
  }
  if (existing?.status === "active" && (existing.expiresAt === null || (expiresAt && existing.expiresAt > expiresAt)))
    expiresAt = existing.expiresAt;
  const [row] = await db
    .insert(courseEnrollments)
    .values({ userId: opts.userId, courseId: course.id, status: "active", enrolledAt: now, expiresAt, source })
    .onConflictDoUpdate({
      target: [courseEnrollments.userId, courseEnrollments.courseId],
      set: { status: "active", enrolledAt: now, expiresAt, source, updatedAt: now },
    })
    .returning();
  return { enrollment: row, access, created: existing?.status !== "active" };
}
