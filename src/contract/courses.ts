/**
 * Video courses (issue 15; SPEC.md §2.3 course routes, §3 Course / Course enrollment / Course
 * access result, §6 course access; DESIGN.md §5 second half). Instants are ISO strings in UTC,
 * money integer cents, durations and positions seconds.
 *
 * Access (§6, in this order): a free course (price 0 or null); an active enrollment whose window
 * [enrolledAt, expiresAt] holds now; tier Unlimited or Trial (or an active price id containing
 * 'unlimited'); anything else — errors included — no access. Lessons and their media answer only
 * with access (or for a preview lesson); a media URL without access is 404.
 */
import { z } from "zod";
import { instant } from "./instant";
import { defineRoute } from "./route";

export const COURSE_STATUS = ["published", "draft", "archived", "coming_soon"] as const;
export const LESSON_KIND = ["video", "reading", "practice"] as const;
/** 'Mark complete' happens by itself at this share of a video watched (issue 15 §3). */
export const AUTO_COMPLETE_SHARE = 0.9;
/** Playback speeds the player offers (issue 15 §3: 0.5–3×). */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;

const progressCount = z.object({
  completed: z.number().int(),
  total: z.number().int(),
  percent: z.number().int().describe("0–100, rounded down"),
});
const enrollment = z.object({
  status: z.string(),
  enrolledAt: instant,
  expiresAt: instant.nullable(),
  source: z.string().describe("free | subscription | purchase | admin"),
});
const subscriptionRef = z.object({
  tierName: z.string(),
  status: z.string().nullable(),
  current_period_end: z.string().nullable(),
});

/** SPEC.md §3 Course access result (+ `message`: why not, and how to get access). */
export const accessResult = z.object({
  hasAccess: z.boolean(),
  reason: z.enum(["enrollment", "subscription", "none", "free"]),
  enrollment: enrollment.optional(),
  subscription: subscriptionRef.optional(),
  message: z.string().describe("one sentence for the student: why there is (no) access and how to get it"),
});
export type CourseAccessResult = z.output<typeof accessResult>;

const lessonRef = z.object({ courseId: z.string(), moduleId: z.string(), lessonId: z.string(), title: z.string() });

export const courseSummary = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  subjectIds: z.array(z.string()),
  overview: z.string(),
  instructor: z.string(),
  price: z.number().int().nullable().describe("cents; 0 or null = free"),
  daysOfAccess: z.number().int().nullable(),
  featured: z.boolean(),
  status: z.enum(COURSE_STATUS),
  isOfficial: z.boolean(),
  format: z.string().describe("'Video and practice', 'Reading and practice', …"),
  lessonCount: z.number().int(),
  durationS: z.number().int().describe("sum of the lessons' durations, seconds"),
  enrollment: enrollment.nullable(),
  progress: progressCount,
  /** Where 'Continue where you left off' goes: the last lesson touched, or null. */
  resume: lessonRef.nullable(),
  lastActivityAt: instant.nullable(),
});
export type CourseSummary = z.output<typeof courseSummary>;

const lessonSummary = z.object({
  id: z.string(),
  moduleId: z.string(),
  title: z.string(),
  kind: z.enum(LESSON_KIND),
  durationS: z.number().int().nullable(),
  isPreview: z.boolean(),
  hasVideo: z.boolean(),
  progress: z.object({ positionS: z.number(), completed: z.boolean() }),
});
const moduleDetail = z.object({
  id: z.string(),
  title: z.string(),
  lessons: z.array(lessonSummary),
  progress: progressCount,
});
export const courseDetail = courseSummary.extend({
  objectives: z.array(z.string()),
  modules: z.array(moduleDetail),
  access: accessResult,
});
export type CourseDetail = z.output<typeof courseDetail>;

const question = z.object({
  id: z.string(),
  stem: z.string(),
  call: z.string(),
  choices: z.record(z.string(), z.string()),
  /** Present once the student answered it. */
  picked: z.string().nullable(),
  answer: z.string().nullable().describe("the right choice, only once answered"),
  explanation: z.string().nullable(),
});
export const lessonDetail = z.object({
  id: z.string(),
  courseId: z.string(),
  moduleId: z.string(),
  title: z.string(),
  kind: z.enum(LESSON_KIND),
  durationS: z.number().int().nullable(),
  body: z.string().describe("Markdown"),
  video: z
    .object({
      src: z.string().describe("same-origin media URL (access-checked, HTTP Range) or the external URL"),
      type: z.string().nullable(),
      poster: z.string().nullable(),
      captions: z.string().nullable().describe("WebVTT URL"),
    })
    .nullable(),
  transcript: z.array(z.object({ startS: z.number(), endS: z.number(), text: z.string() })),
  chapters: z.array(z.object({ startS: z.number(), title: z.string() })),
  questions: z.array(question),
  progress: z.object({ positionS: z.number(), completed: z.boolean() }),
  previous: lessonRef.nullable(),
  next: lessonRef.nullable(),
});
export type LessonDetail = z.output<typeof lessonDetail>;

const lessonProgress = z.object({
  lessonId: z.string(),
  positionS: z.number(),
  completed: z.boolean(),
  module: progressCount,
  course: progressCount,
});

const tags = ["courses"];

export const coursesApi = {
  list: defineRoute({
    method: "get",
    path: "/api/courses",
    summary:
      "The catalog: Published and Coming Soon courses, Featured first; q searches titles and overviews, subject filters by subject id. Each course carries the student's enrollment, progress and resume lesson (stable).",
    tags,
    query: z.object({
      q: z.string().max(200).optional(),
      subject: z.string().max(100).optional(),
    }),
    responses: { 200: z.object({ courses: z.array(courseSummary) }) },
    stable: true,
  }),
  get: defineRoute({
    method: "get",
    path: "/api/courses/:id",
    summary:
      "One course (by id or slug) with modules[].lessons[], each lesson with the student's progress {positionS, completed}, and the access result (stable).",
    tags,
    responses: { 200: z.object({ course: courseDetail }) },
    errors: ["NOT_FOUND"],
    stable: true,
  }),
  access: defineRoute({
    method: "get",
    path: "/api/courses/:id/access",
    summary: "SPEC.md §3 course access result {hasAccess, reason, enrollment?, subscription?} (+ message) (stable).",
    tags,
    responses: { 200: accessResult },
    errors: ["NOT_FOUND"],
    stable: true,
  }),
  enroll: defineRoute({
    method: "post",
    path: "/api/courses/:id/enroll",
    summary:
      "Enroll in a course the student has access to (free, or through Unlimited / Trial). A paid course without access answers 403 UPGRADE_REQUIRED with the reason; a Coming Soon course 403 FORBIDDEN.",
    tags,
    responses: { 200: z.object({ enrollment, access: accessResult }) },
    errors: ["NOT_FOUND", "UPGRADE_REQUIRED", "FORBIDDEN"],
  }),
  lesson: defineRoute({
    method: "get",
    path: "/api/courses/:courseId/lessons/:lessonId",
    summary:
      "A lesson's content (video sources, transcript, chapters, Markdown, practice questions) and the student's progress. Needs course access unless it is a preview lesson: 403 UPGRADE_REQUIRED with the reason.",
    tags,
    responses: { 200: z.object({ lesson: lessonDetail }) },
    errors: ["NOT_FOUND", "UPGRADE_REQUIRED", "FORBIDDEN"],
  }),
  media: defineRoute({
    method: "get",
    path: "/api/lessons/:id/media/:kind",
    summary:
      "A lesson's uploaded video, poster or captions (kind video | poster | captions), with HTTP Range. Without access to the course the answer is 404, as for a file that does not exist.",
    tags,
    params: z.object({ id: z.string().min(1).max(200), kind: z.enum(["video", "poster", "captions"]) }),
    responses: {
      200: { contentType: "video/*, image/*, text/vtt", description: "the file" },
      206: { contentType: "video/*", description: "the requested byte range" },
      416: { contentType: "text/plain", description: "range not satisfiable" },
    },
    errors: ["NOT_FOUND"],
    stable: true,
  }),
  progress: defineRoute({
    method: "put",
    path: "/api/lessons/:id/progress",
    summary:
      "Save the student's place in a lesson (positionS, seconds) and, with completed: true, mark it complete (false un-marks it). Answers the lesson's, its module's and its course's progress (stable).",
    tags,
    body: z.object({
      positionS: z
        .number()
        .min(0)
        .max(86_400 * 7),
      completed: z.boolean().optional(),
    }),
    responses: { 200: z.object({ progress: lessonProgress }) },
    errors: ["NOT_FOUND", "UPGRADE_REQUIRED", "FORBIDDEN"],
    stable: true,
  }),
  answer: defineRoute({
    method: "post",
    path: "/api/lessons/:id/answers",
    summary:
      "Answer a practice question of a practice lesson. Answers whether it was right, the right choice and its explanation; the lesson is complete once every question is answered.",
    tags,
    body: z.object({ questionId: z.string().min(1).max(200), choice: z.string().min(1).max(10) }),
    responses: {
      200: z.object({
        correct: z.boolean(),
        answer: z.string(),
        explanation: z.string(),
        progress: lessonProgress,
      }),
    },
    errors: ["NOT_FOUND", "UPGRADE_REQUIRED", "FORBIDDEN", "VALIDATION_FAILED"],
  }),
};

/** What the server hands back (instants may be `Date`s; the schema makes them strings). */
export type CourseAccessReply = z.input<typeof accessResult>;
export type CourseSummaryReply = z.input<typeof courseSummary>;
export type CourseDetailReply = z.input<typeof courseDetail>;
export type LessonDetailReply = z.input<typeof lessonDetail>;

/** Largest lesson video an administrator may upload (issue 15 §4: 2 GB at least). */
export const MAX_VIDEO_BYTES = 2 * 1024 * 1024 * 1024;
/** Largest captions file (WebVTT). */
export const MAX_CAPTIONS_BYTES = 2 * 1024 * 1024;
/** Largest lesson poster image (JPEG, PNG or WebP; decision 069). */
export const MAX_POSTER_BYTES = 2 * 1024 * 1024;
/** Longest video duration the server accepts from a browser (24 h, in seconds; decision 069). */
export const MAX_VIDEO_DURATION_S = 86_400;

const adminTags = ["courses", "admin"];
const lessonMedia = z.object({
  id: z.string(),
  kind: z.enum(LESSON_KIND),
  hasVideo: z.boolean(),
  videoContentType: z.string().nullable(),
  videoBytes: z.number().int().nullable(),
  hasCaptions: z.boolean(),
  hasPoster: z.boolean(),
  transcriptCues: z.number().int(),
  durationS: z.number().int().nullable(),
});

/** Course editor routes (issue 15 §4), administrators only (404 for anyone else). */
export const coursesAdminApi = {
  uploadVideo: defineRoute({
    method: "put",
    path: "/api/admin/lessons/:id/video",
    auth: "admin",
    summary:
      "Upload a lesson's video as the raw request body (video/mp4, video/webm or video/quicktime; at most 2 GB), streamed to storage; the lesson becomes a video lesson. `durationS` in the query when known.",
    tags: adminTags,
    query: z.object({ durationS: z.coerce.number().int().min(1).max(86_400).optional() }),
    rawBody: { contentType: "video/mp4, video/webm, video/quicktime", description: "the video file" },
    responses: { 200: z.object({ lesson: lessonMedia }) },
    errors: ["NOT_FOUND", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE"],
  }),
  uploadCaptions: defineRoute({
    method: "put",
    path: "/api/admin/lessons/:id/captions",
    auth: "admin",
    summary:
      "Upload WebVTT captions as the raw body (text/vtt, at most 2 MB). With transcript=build the lesson's transcript is rebuilt from the captions' cues.",
    tags: adminTags,
    query: z.object({ transcript: z.enum(["keep", "build"]).default("build") }),
    rawBody: { contentType: "text/vtt", description: "a WebVTT file" },
    responses: { 200: z.object({ lesson: lessonMedia }) },
    errors: ["NOT_FOUND", "PAYLOAD_TOO_LARGE", "VALIDATION_FAILED", "UNSUPPORTED_MEDIA_TYPE"],
  }),
  uploadPoster: defineRoute({
    method: "put",
    path: "/api/admin/lessons/:id/poster",
    auth: "admin",
    summary:
      "Upload a lesson's poster frame as the raw body (image/jpeg, image/png or image/webp; at most 2 MB). The editor makes it in the admin's browser from the chosen video (decision 069). The type is checked by the file's first bytes, not only the Content-Type header (415 when they disagree or are not an image); the previous poster is replaced. Students get it at /api/lessons/:id/media/poster under the lesson's access rule.",
    tags: adminTags,
    rawBody: { contentType: "image/jpeg, image/png, image/webp", description: "the poster image" },
    responses: { 200: z.object({ lesson: lessonMedia }) },
    errors: ["NOT_FOUND", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE", "VALIDATION_FAILED"],
  }),
  setTranscript: defineRoute({
    method: "put",
    path: "/api/admin/lessons/:id/transcript",
    auth: "admin",
    summary:
      "Paste a transcript: one cue per line, `mm:ss text` (or `h:mm:ss text`); lines without a time continue the previous cue.",
    tags: adminTags,
    body: z.object({ text: z.string().max(500_000) }),
    responses: { 200: z.object({ lesson: lessonMedia }) },
    errors: ["NOT_FOUND"],
  }),
};
