/**
 * Video courses (issue 15; SPEC.md §3 Course, Course enrollment; §6 course access; §7 `courses`,
 * `course_enrollments`). A course holds ordered modules, a module ordered lessons. Official
 * courses (`is_official`) are generated from the official content at boot
 * (features/courses/official-courses.ts); an administrator builds the others.
 *
 * Money is integer cents (`price`: 0 or null = free, SPEC.md §3). Lesson media are storage keys
 * (src/server/storage), never public URLs: every byte goes through the access check
 * (decision 060).
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./schema-auth";
import { createdAt, ts, updatedAt } from "./schema-columns";

/** Published (listed, enterable), Draft (admins only), Archived (hidden), Coming Soon (listed, not enterable). */
export const COURSE_STATUSES = ["published", "draft", "archived", "coming_soon"] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];
export const LESSON_KINDS = ["video", "reading", "practice"] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];

export const courses = pgTable(
  "courses",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    /** Official subject ids the course covers (`torts`, …). */
    subjectIds: text("subject_ids").array().notNull().default(sql`'{}'::text[]`),
    overview: text("overview").notNull().default(""),
    objectives: jsonb("objectives").$type<string[]>().notNull().default([]),
    instructor: text("instructor").notNull().default(""),
    /** Cents; 0 or null = free (SPEC.md §3, §6). */
    price: integer("price"),
    /** Days a purchase grants; null = no end. */
    daysOfAccess: integer("days_of_access"),
    featured: boolean("featured").notNull().default(false),
    status: text("status").$type<CourseStatus>().notNull().default("draft"),
    isOfficial: boolean("is_official").notNull().default(false),
    /** Catalog order among equals (after Featured). */
    position: integer("position").notNull().default(0),
    contentHash: text("content_hash"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("courses_slug_idx").on(t.slug), index("courses_status_idx").on(t.status)],
);

export const courseModules = pgTable(
  "course_modules",
  {
    id: text("id").primaryKey(),
    courseId: text("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    position: doublePrecision("position").notNull(),
  },
  (t) => [index("course_modules_course_idx").on(t.courseId, t.position)],
);

/** A chapter marker: seconds from the start and a title. */
export interface LessonChapter {
  startS: number;
  title: string;
}
/** A transcript cue: seconds from the start and its text. */
export interface TranscriptCue {
  startS: number;
  endS: number;
  text: string;
}

export const courseLessons = pgTable(
  "course_lessons",
  {
    id: text("id").primaryKey(),
    courseId: text("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    moduleId: text("module_id")
      .notNull()
      .references(() => courseModules.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    kind: text("kind").$type<LessonKind>().notNull(),
    position: doublePrecision("position").notNull(),
    /** Seconds; a video's probed or entered duration, a reading lesson's estimated reading time. */
    durationS: integer("duration_s"),
    /** Playable by anyone signed in (a preview of a paid course). */
    isPreview: boolean("is_preview").notNull().default(false),
    /** Markdown (reading lessons; notes under a video). */
    body: text("body").notNull().default(""),
    /** Uploaded video in storage (served only through the access-checked media route). */
    videoKey: text("video_key"),
    videoContentType: text("video_content_type"),
    /** An external video URL the operator entered (instead of an upload). */
    videoUrl: text("video_url"),
    posterKey: text("poster_key"),
    /** WebVTT captions in storage. */
    captionsKey: text("captions_key"),
    transcript: jsonb("transcript").$type<TranscriptCue[]>().notNull().default([]),
    chapters: jsonb("chapters").$type<LessonChapter[]>().notNull().default([]),
    /** Bank question ids of a practice lesson, in order. */
    questionIds: text("question_ids").array().notNull().default(sql`'{}'::text[]`),
    /** Topic the lesson was generated from (official courses). */
    topicId: text("topic_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("course_lessons_module_idx").on(t.moduleId, t.position),
    index("course_lessons_course_idx").on(t.courseId),
  ],
);

/** SPEC.md §3 Course enrollment: user_id, course_id, status ('active'), enrolled_at, expires_at. */
export const courseEnrollments = pgTable(
  "course_enrollments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    courseId: text("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** `active`, or `ended` (refunded / revoked). */
    status: text("status").notNull().default("active"),
    enrolledAt: ts("enrolled_at").notNull(),
    /** null = no end. */
    expiresAt: ts("expires_at"),
    /** How it was made: free | subscription | purchase | admin. */
    source: text("source").notNull(),
    /** The provider payment (PaymentIntent id) of the last purchase that made or extended it. */
    paymentId: text("payment_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("course_enrollments_user_course_idx").on(t.userId, t.courseId),
    index("course_enrollments_payment_idx").on(t.paymentId),
  ],
);

/** A student's place in a lesson: resume position (s), completion, practice answers. */
export const lessonProgress = pgTable(
  "lesson_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    lessonId: text("lesson_id")
      .notNull()
      .references(() => courseLessons.id, { onDelete: "cascade" }),
    courseId: text("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    positionS: real("position_s").notNull().default(0),
    completed: boolean("completed").notNull().default(false),
    completedAt: ts("completed_at"),
    /** Practice lessons: question id → the choice the student picked. */
    answers: jsonb("answers").$type<Record<string, string>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index("lesson_progress_user_course_idx").on(t.userId, t.courseId, t.updatedAt),
  ],
);
