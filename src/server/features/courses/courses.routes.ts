/**
 * Course routes (issue 15; SPEC.md §2.3, §3, §6; DESIGN.md §5 second half). Signed-in only.
 *   GET  /api/courses?q=&subject=                      → {courses}                          (stable)
 *   GET  /api/courses/:id                              → {course: {…, modules[].lessons[]}} (stable)
 *   GET  /api/courses/:id/access                       → {hasAccess, reason, …}            (stable)
 *   POST /api/courses/:id/enroll                       → {enrollment, access}
 *   GET  /api/courses/:courseId/lessons/:lessonId      → {lesson}
 *   GET  /api/lessons/:id/media/video|poster|captions  → the file, HTTP Range; 404 without access (stable)
 *   PUT  /api/lessons/:id/progress {positionS, completed?} → {progress}                    (stable)
 *   POST /api/lessons/:id/answers {questionId, choice} → {correct, answer, explanation, progress}
 * Course editor (administrators; 404 for anyone else; course-editor.routes.ts for the rest):
 *   PUT   /api/admin/lessons/:id/video?durationS=  (raw video ≤ 2 GB, streamed) → {lesson}
 *   PUT   /api/admin/lessons/:id/captions?transcript=build|keep (raw WebVTT ≤ 2 MB) → {lesson}
 *   PUT   /api/admin/lessons/:id/poster (raw JPEG/PNG/WebP ≤ 2 MB, checked by magic bytes) → {lesson}
 *   PUT   /api/admin/lessons/:id/transcript {text}  → {lesson}
 */
import type { Context } from "hono";
import { Hono } from "hono";
import {
  coursesAdminApi,
  coursesApi,
  MAX_CAPTIONS_BYTES,
  MAX_POSTER_BYTES,
  MAX_VIDEO_BYTES,
} from "../../../contract/courses";
import { bodyLimit } from "../../lib/body-limit";
import type { AppEnv } from "../../lib/context";
import { nowOf } from "../../lib/http";
import { handle } from "../../lib/route";
import { serveObject } from "../../storage";
import { track } from "../analytics/analytics.service";
import { entitlementsOf } from "../billing/entitlements";
import { resolveAccess } from "./access";
import { actorOf } from "../admin/audit.service";
import { setLessonTranscript, uploadLessonCaptions, uploadLessonPoster, uploadLessonVideo } from "./course-admin";
import { registerCourseEditor } from "./course-editor.routes";
import { enroll, findVisibleCourse, getCourseDetail, listCourses } from "./courses.service";
import { answerQuestion, getLesson, mediaKey, saveProgress } from "./lessons.service";

export function coursesRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: Context<AppEnv>) => c.get("deps").database.db;
  const gate = (c: Context<AppEnv>) => {
    const user = c.get("user")!;
    const ent = entitlementsOf(c);
    return { db: db(c), userId: user.id, isAdmin: user.isAdmin, summary: () => ent.summary(), now: nowOf(c) };
  };

  handle(r, coursesApi.list, async (c, { user, query }) => ({
    courses: await listCourses({ db: db(c), userId: user.id, q: query.q, subject: query.subject }),
  }));
  handle(r, coursesApi.get, async (c, { user, params }) => {
    const course = await getCourseDetail({ ...gate(c), idOrSlug: params.id });
    await track({ db: db(c), name: "view_course", userId: user.id, properties: { courseId: course.id } });
    return { course };
  });
  handle(r, coursesApi.access, async (c, { params }) => {
    const g = gate(c);
    const course = await findVisibleCourse({ ...g, idOrSlug: params.id });
    return resolveAccess({ ...g, course });
  });
  handle(r, coursesApi.enroll, async (c, { user, params }) => {
    const g = gate(c);
    const course = await findVisibleCourse({ ...g, idOrSlug: params.id });
    const { enrollment, access, created } = await enroll({ ...g, course });
    if (created)
      await track({
        db: db(c),
        name: "course_enrolled",
        userId: user.id,
        properties: { courseId: course.id, source: enrollment.source },
      });
    return {
      enrollment: {
        status: enrollment.status,
        enrolledAt: enrollment.enrolledAt,
        expiresAt: enrollment.expiresAt,
        source: enrollment.source,
      },
      access,
    };
  });
  handle(r, coursesApi.lesson, async (c, { params }) => ({
    lesson: await getLesson({ ...gate(c), courseId: params.courseId, lessonId: params.lessonId }),
  }));
  handle(r, coursesApi.media, async (c, { params }) => {
    const key = await mediaKey({ ...gate(c), lessonId: params.id, kind: params.kind });
    c.header("Cache-Control", "private, max-age=0, must-revalidate");
    return serveObject(c, c.get("deps").storage, key);
  });
  handle(r, coursesApi.progress, async (c, { params, body }) => ({
    progress: await saveProgress({ ...gate(c), lessonId: params.id, ...body }),
  }));
  handle(r, coursesApi.answer, async (c, { params, body }) =>
    answerQuestion({ ...gate(c), lessonId: params.id, ...body }),
  );

  const storage = (c: Context<AppEnv>) => c.get("deps").storage;
  handle(
    r,
    coursesAdminApi.uploadVideo,
    async (c, { params, query }) => ({
      lesson: await uploadLessonVideo({
        db: db(c),
        actor: actorOf(c),
        storage: storage(c),
        lessonId: params.id,
        contentType: c.req.header("content-type"),
        body: c.req.raw.body,
        durationS: query.durationS,
        now: nowOf(c),
      }),
    }),
    { middleware: [bodyLimit({ maxBytes: MAX_VIDEO_BYTES, hint: "A lesson video is at most 2 GB.", streamed: true })] },
  );
  handle(
    r,
    coursesAdminApi.uploadCaptions,
    async (c, { params, query }) => ({
      lesson: await uploadLessonCaptions({
        db: db(c),
        actor: actorOf(c),
        storage: storage(c),
        lessonId: params.id,
        body: c.req.raw.body,
        transcript: query.transcript,
        now: nowOf(c),
      }),
    }),
    { middleware: [bodyLimit({ maxBytes: MAX_CAPTIONS_BYTES, hint: "Captions are text.", streamed: true })] },
  );
  handle(
    r,
    coursesAdminApi.uploadPoster,
    async (c, { params }) => ({
      lesson: await uploadLessonPoster({
        db: db(c),
        actor: actorOf(c),
        storage: storage(c),
        lessonId: params.id,
        contentType: c.req.header("content-type"),
        body: c.req.raw.body,
        now: nowOf(c),
      }),
    }),
    {
      middleware: [
        bodyLimit({ maxBytes: MAX_POSTER_BYTES, hint: "A poster is one frame of the video.", streamed: true }),
      ],
    },
  );
  handle(r, coursesAdminApi.setTranscript, async (c, { params, body }) => ({
    lesson: await setLessonTranscript({
      db: db(c),
      actor: actorOf(c),
      storage: storage(c),
      lessonId: params.id,
      text: body.text,
      now: nowOf(c),
    }),
  }));
  registerCourseEditor(r);
  return r;
}
