/**
 * Course editor routes (issue 15 §4; SPEC.md §2.5; contract src/contract/course-editor.ts;
 * decision 069). All `auth: "admin"` (404 for anyone else); each write runs with its audit row.
 *   GET    /api/admin/courses                          → {courses}
 *   POST   /api/admin/courses {title, …}              → 201 {course}
 *   GET    /api/admin/courses/:id                      → {course}
 *   PATCH  /api/admin/courses/:id {fields…}            → {course}
 *   DELETE /api/admin/courses/:id                      → {deleted}
 *   POST   /api/admin/courses/:id/modules {title}      → 201 {course}
 *   PATCH  /api/admin/course-modules/:id {title}       → {course}
 *   DELETE /api/admin/course-modules/:id               → {course}
 *   POST   /api/admin/course-modules/:id/lessons {title, kind} → 201 {course}
 *   PATCH  /api/admin/lessons/:id {fields…}            → {course}
 *   DELETE /api/admin/lessons/:id                      → {course}
 *   PUT    /api/admin/courses/:id/order {modules: [{id, lessonIds}]} → {course}
 *   tus    /api/admin/course-uploads[/:uploadId]       (video-upload.ts)
 */
import type { Context, Hono } from "hono";
import { courseEditorApi } from "../../../contract/course-editor";
import type { AppEnv } from "../../lib/context";
import { nowOf } from "../../lib/http";
import { handle } from "../../lib/route";
import { actorOf } from "../admin/audit.service";
import {
  addLesson,
  addModule,
  createCourse,
  deleteCourse,
  deleteLesson,
  deleteModule,
  editorView,
  listAdminCourses,
  renameModule,
  setOrder,
  updateCourse,
  updateLesson,
} from "./course-editor.service";
import { mountVideoUpload } from "./video-upload";

/** Mounts the editor's routes on the courses router `r` (mounted at `/api`). */
export function registerCourseEditor(r: Hono<AppEnv>) {
  const ctx = (c: Context<AppEnv>, reason?: string) => ({
    db: c.get("deps").database.db,
    actor: actorOf(c),
    reason,
    now: nowOf(c),
  });
  const storage = (c: Context<AppEnv>) => c.get("deps").storage;

  handle(r, courseEditorApi.list, async (c) => ({ courses: await listAdminCourses(c.get("deps").database.db) }));
  handle(r, courseEditorApi.create, async (c, { body: { reason, ...fields } }) => ({
    course: await createCourse({ ...ctx(c, reason), fields }),
  }));
  handle(r, courseEditorApi.get, async (c, { params }) => ({
    course: await editorView(c.get("deps").database.db, params.id),
  }));
  handle(r, courseEditorApi.update, async (c, { params, body: { reason, ...patch } }) => ({
    course: await updateCourse({ ...ctx(c, reason), id: params.id, patch }),
  }));
  handle(r, courseEditorApi.remove, async (c, { params }) =>
    deleteCourse({ ...ctx(c), id: params.id, storage: storage(c) }),
  );
  handle(r, courseEditorApi.addModule, async (c, { params, body }) => ({
    course: await addModule({ ...ctx(c, body.reason), courseId: params.id, title: body.title }),
  }));
  handle(r, courseEditorApi.updateModule, async (c, { params, body }) => ({
    course: await renameModule({ ...ctx(c, body.reason), moduleId: params.id, title: body.title }),
  }));
  handle(r, courseEditorApi.removeModule, async (c, { params }) => ({
    course: await deleteModule({ ...ctx(c), moduleId: params.id, storage: storage(c) }),
  }));
  handle(r, courseEditorApi.addLesson, async (c, { params, body }) => ({
    course: await addLesson({ ...ctx(c, body.reason), moduleId: params.id, title: body.title, kind: body.kind }),
  }));
  handle(r, courseEditorApi.updateLesson, async (c, { params, body: { reason, ...patch } }) => ({
    course: await updateLesson({ ...ctx(c, reason), lessonId: params.id, patch }),
  }));
  handle(r, courseEditorApi.removeLesson, async (c, { params }) => ({
    course: await deleteLesson({ ...ctx(c), lessonId: params.id, storage: storage(c) }),
  }));
  handle(r, courseEditorApi.order, async (c, { params, body }) => ({
    course: await setOrder({ ...ctx(c, body.reason), courseId: params.id, modules: body.modules }),
  }));
  mountVideoUpload(r);
}
