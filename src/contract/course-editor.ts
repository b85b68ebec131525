/**
 * The course editor of the admin console (issue 15 §4; SPEC.md §2.5 `/admin/courses`,
 * `/admin/courses/{courseId}`; decision 069). Administrators only: every route is
 * `auth: "admin"`, so anyone else gets 404 as for a route that does not exist. Every write is
 * audited (`admin_audit_log`, decision 063) with the admin's reason, or "Course editor" when the
 * editor sends none (routine content edits; decision 069).
 *
 * Writes answer the whole course as the editor shows it (`editorCourse`), so the page replaces
 * its copy with the answer. Money is integer cents; durations seconds; instants ISO UTC.
 *
 * Resumable video upload (tus 1.0.0, decision 069) is not a JSON route and lives outside this
 * table: `POST|HEAD|PATCH|DELETE /api/admin/course-uploads[/:uploadId]` with `Upload-Metadata`
 * `lessonId`, `filetype` (video/mp4 | video/webm | video/quicktime) and `filename`; at most
 * `MAX_VIDEO_BYTES`. The final PATCH answers `Lexmate-Job: <job id>` of the `courses.video` job
 * that moves the file into storage and reads its duration.
 */
import { z } from "zod";
import { adminReason } from "./admin";
import { COURSE_STATUS, LESSON_KIND } from "./courses";
import { instant } from "./instant";
import { defineRoute } from "./route";

const tags = ["courses", "admin"];
/** URL-safe course slug: lower-case words joined by single hyphens. */
export const COURSE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = z.string().min(1).max(80).regex(COURSE_SLUG, "lower-case letters, digits and single hyphens");
const optionalReason = { reason: adminReason.optional() };

export const editorLesson = z.object({
  id: z.string(),
  moduleId: z.string(),
  title: z.string(),
  kind: z.enum(LESSON_KIND),
  durationS: z.number().int().nullable(),
  isPreview: z.boolean(),
  body: z.string().describe("Markdown"),
  videoUrl: z.string().nullable().describe("an external video URL, when not uploaded"),
  hasUpload: z.boolean().describe("an uploaded video file is attached"),
  videoContentType: z.string().nullable(),
  hasCaptions: z.boolean(),
  hasPoster: z.boolean().describe("a poster frame is attached (made in the editor's browser)"),
  transcriptCues: z.number().int(),
  questionIds: z.array(z.string()),
});
export const editorModule = z.object({ id: z.string(), title: z.string(), lessons: z.array(editorLesson) });
export const editorCourse = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  subjectIds: z.array(z.string()),
  overview: z.string(),
  objectives: z.array(z.string()),
  instructor: z.string(),
  price: z.number().int().nullable().describe("cents; 0 or null = free"),
  daysOfAccess: z.number().int().nullable(),
  featured: z.boolean(),
  status: z.enum(COURSE_STATUS),
  isOfficial: z.boolean(),
  updatedAt: instant,
  modules: z.array(editorModule),
});
export type EditorCourse = z.output<typeof editorCourse>;
export type EditorCourseReply = z.input<typeof editorCourse>;

export const adminCourseRow = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  status: z.enum(COURSE_STATUS),
  featured: z.boolean(),
  price: z.number().int().nullable(),
  isOfficial: z.boolean(),
  moduleCount: z.number().int(),
  lessonCount: z.number().int(),
  enrollmentCount: z.number().int().describe("active enrollments"),
  updatedAt: instant,
});

/** The course fields an administrator sets (issue 15 §4). */
export const courseFields = z.object({
  title: z.string().trim().min(1).max(200),
  slug,
  subjectIds: z.array(z.string().min(1).max(100)).max(20),
  overview: z.string().max(5000),
  objectives: z.array(z.string().trim().min(1).max(300)).max(30),
  instructor: z.string().max(200),
  price: z.number().int().min(0).max(10_000_000).nullable().describe("cents; 0 or null = free"),
  daysOfAccess: z.number().int().min(1).max(3650).nullable().describe("null = no end"),
  featured: z.boolean(),
  status: z.enum(COURSE_STATUS),
});

const lessonFields = z.object({
  title: z.string().trim().min(1).max(200),
  kind: z.enum(LESSON_KIND),
  isPreview: z.boolean(),
  body: z.string().max(200_000),
  videoUrl: z
    .url({ protocol: /^https$/, error: "The video URL must start with https://." })
    .max(2000)
    .nullable(),
  durationS: z.number().int().min(1).max(86_400).nullable(),
  questionIds: z.array(z.string().min(1).max(200)).max(100),
});

const courseReply = z.object({ course: editorCourse });

export const courseEditorApi = {
  list: defineRoute({
    method: "get",
    path: "/api/admin/courses",
    auth: "admin",
    summary: "Every course, whatever its status, with module, lesson and active-enrollment counts; newest edit first.",
    tags,
    responses: { 200: z.object({ courses: z.array(adminCourseRow) }) },
  }),
  create: defineRoute({
    method: "post",
    path: "/api/admin/courses",
    auth: "admin",
    summary:
      "Create a course (Draft unless a status is given). The slug defaults to one made from the title; a slug in use is 409.",
    tags,
    body: courseFields.partial().extend({ title: courseFields.shape.title, ...optionalReason }),
    responses: { 201: courseReply },
    errors: ["CONFLICT"],
  }),
  get: defineRoute({
    method: "get",
    path: "/api/admin/courses/:id",
    auth: "admin",
    summary: "One course as the editor shows it: fields, modules and lessons in order.",
    tags,
    responses: { 200: courseReply },
    errors: ["NOT_FOUND"],
  }),
  update: defineRoute({
    method: "patch",
    path: "/api/admin/courses/:id",
    auth: "admin",
    summary:
      "Change a course's fields (title, slug, subjects, overview, objectives, instructor, price in cents, days of access, featured, status). Publishing a course without lessons is 400.",
    tags,
    body: courseFields.partial().extend(optionalReason),
    responses: { 200: courseReply },
    errors: ["NOT_FOUND", "CONFLICT"],
  }),
  remove: defineRoute({
    method: "delete",
    path: "/api/admin/courses/:id",
    auth: "admin",
    summary:
      "Delete a course with its modules, lessons and files. An official course, or one a student is enrolled in, is 409: archive it instead.",
    tags,
    responses: { 200: z.object({ deleted: z.literal(true) }) },
    errors: ["NOT_FOUND", "CONFLICT"],
  }),
  addModule: defineRoute({
    method: "post",
    path: "/api/admin/courses/:id/modules",
    auth: "admin",
    summary: "Add a module at the end of the course.",
    tags,
    body: z.object({ title: z.string().trim().min(1).max(200), ...optionalReason }),
    responses: { 201: courseReply },
    errors: ["NOT_FOUND"],
  }),
  updateModule: defineRoute({
    method: "patch",
    path: "/api/admin/course-modules/:id",
    auth: "admin",
    summary: "Rename a module.",
    tags,
    body: z.object({ title: z.string().trim().min(1).max(200), ...optionalReason }),
    responses: { 200: courseReply },
    errors: ["NOT_FOUND"],
  }),
  removeModule: defineRoute({
    method: "delete",
    path: "/api/admin/course-modules/:id",
    auth: "admin",
    summary: "Delete a module and its lessons (and their files).",
    tags,
    responses: { 200: courseReply },
    errors: ["NOT_FOUND"],
  }),
  addLesson: defineRoute({
    method: "post",
    path: "/api/admin/course-modules/:id/lessons",
    auth: "admin",
    summary: "Add a lesson (video, reading or practice) at the end of a module.",
    tags,
    body: z.object({ title: lessonFields.shape.title, kind: lessonFields.shape.kind, ...optionalReason }),
    responses: { 201: courseReply },
    errors: ["NOT_FOUND"],
  }),
  updateLesson: defineRoute({
    method: "patch",
    path: "/api/admin/lessons/:id",
    auth: "admin",
    summary:
      "Change a lesson: title, kind, preview flag, Markdown body, external video URL, duration (s), practice question ids (each must exist in the bank: 400 naming the unknown ones).",
    tags,
    body: lessonFields.partial().extend(optionalReason),
    responses: { 200: courseReply },
    errors: ["NOT_FOUND"],
  }),
  removeLesson: defineRoute({
    method: "delete",
    path: "/api/admin/lessons/:id",
    auth: "admin",
    summary: "Delete a lesson and its files.",
    tags,
    responses: { 200: courseReply },
    errors: ["NOT_FOUND"],
  }),
  order: defineRoute({
    method: "put",
    path: "/api/admin/courses/:id/order",
    auth: "admin",
    summary:
      "Set the order of the course's modules and of the lessons in each (a lesson may move to another module). Must list every module and lesson of the course exactly once: 400 otherwise.",
    tags,
    body: z.object({
      modules: z
        .array(z.object({ id: z.string().min(1).max(200), lessonIds: z.array(z.string().min(1).max(200)).max(1000) }))
        .max(500),
      ...optionalReason,
    }),
    responses: { 200: courseReply },
    errors: ["NOT_FOUND"],
  }),
};
