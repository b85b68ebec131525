/**
 * Course editor, server side (issue 15 §4): course fields, lesson video and captions uploads, a
 * pasted transcript. Administrators only (routes are `auth: "admin"`: 404 for anyone else).
 *
 * Uploads are the raw request body streamed into storage (`Storage.put`, never whole in memory)
 * with a 2 GB ceiling enforced while streaming; the previous file of the lesson is removed after
 * the new one is stored. This is the single-request upload; the resumable tus endpoint of
 * decision 059 is not built yet.
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { MAX_CAPTIONS_BYTES, MAX_VIDEO_BYTES } from "../../../contract/courses";
import { parsePastedTranscript, parseWebVtt } from "../../../domain/transcript";
import type { Db } from "../../db/client";
import { courseLessons, courses } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Storage } from "../../storage";

type LessonRow = typeof courseLessons.$inferSelect;

const VIDEO_TYPES: Record<string, string> = { "video/mp4": "mp4", "video/webm": "webm", "video/quicktime": "mov" };

async function lessonOf(db: Db, id: string): Promise<LessonRow> {
  const [l] = await db.select().from(courseLessons).where(eq(courseLessons.id, id));
  if (!l) throw new AppError("NOT_FOUND", "No such lesson.");
  return l;
}

/** What the editor shows of a lesson's media. */
export async function lessonMedia(storage: Storage, l: LessonRow) {
  const info = l.videoKey ? await storage.head(l.videoKey) : null;
  return {
    id: l.id,
    kind: l.kind,
    hasVideo: Boolean(l.videoKey || l.videoUrl),
    videoContentType: l.videoContentType,
    videoBytes: info?.size ?? null,
    hasCaptions: Boolean(l.captionsKey),
    transcriptCues: l.transcript.length,
    durationS: l.durationS,
  };
}

/** PATCH /api/admin/courses/:id: the given fields; 404 for an unknown course. */
export async function updateCourse(opts: {
  db: Db;
  id: string;
  patch: Partial<{
    title: string;
    overview: string;
    objectives: string[];
    instructor: string;
    price: number | null;
    daysOfAccess: number | null;
    featured: boolean;
    status: "published" | "draft" | "archived" | "coming_soon";
  }>;
  now: Date;
}) {
  const [row] = await opts.db
    .update(courses)
    .set({ ...opts.patch, updatedAt: opts.now })
    .where(eq(courses.id, opts.id))
    .returning({ id: courses.id, status: courses.status });
  if (!row) throw new AppError("NOT_FOUND", "No such course.");
  return row;
}

/**
 * PUT /api/admin/lessons/:id/video: streams `body` (of `contentType`) into storage at
 * `courses/<course>/<lesson>/video-<uuid>.<ext>`. 415 for another type; 413 past 2 GB (nothing
 * kept). The lesson becomes a video lesson; `durationS` is stored when given.
 */
export async function uploadLessonVideo(opts: {
  db: Db;
  storage: Storage;
  lessonId: string;
  contentType: string | undefined;
  body: ReadableStream<Uint8Array> | null;
  durationS?: number;
  now: Date;
}) {
  const lesson = await lessonOf(opts.db, opts.lessonId);
  const type = (opts.contentType ?? "").split(";")[0].trim().toLowerCase();
  const ext = VIDEO_TYPES[type];
  if (!ext) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Upload an MP4, WebM or QuickTime video.");
  if (!opts.body) throw new AppError("VALIDATION_FAILED", "The request has no video in its body.");
  const key = `courses/${lesson.courseId}/${lesson.id}/video-${randomUUID()}.${ext}`;
  await opts.storage.put(key, Readable.fromWeb(opts.body as never), { contentType: type, maxBytes: MAX_VIDEO_BYTES });
  const [row] = await opts.db
    .update(courseLessons)
    .set({
      kind: "video",
      videoKey: key,
      videoContentType: type,
      videoUrl: null,
      ...(opts.durationS ? { durationS: opts.durationS } : {}),
      updatedAt: opts.now,
    })
    .where(eq(courseLessons.id, lesson.id))
    .returning();
  if (lesson.videoKey && lesson.videoKey !== key) await opts.storage.delete(lesson.videoKey);
  return lessonMedia(opts.storage, row);
}

/**
 * PUT /api/admin/lessons/:id/captions: stores WebVTT (≤ 2 MB, checked while reading) and, with
 * `transcript: "build"`, replaces the transcript with the captions' cues. 400 for a file that is
 * not WebVTT.
 */
export async function uploadLessonCaptions(opts: {
  db: Db;
  storage: Storage;
  lessonId: string;
  body: ReadableStream<Uint8Array> | null;
  transcript: "keep" | "build";
  now: Date;
}) {
  const lesson = await lessonOf(opts.db, opts.lessonId);
  if (!opts.body) throw new AppError("VALIDATION_FAILED", "The request has no captions in its body.");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of Readable.fromWeb(opts.body as never)) {
    size += (chunk as Buffer).length;
    if (size > MAX_CAPTIONS_BYTES)
      throw new AppError("PAYLOAD_TOO_LARGE", "The request is too large (at most 2 MB). Captions are text.");
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  let cues: ReturnType<typeof parseWebVtt>;
  try {
    cues = parseWebVtt(text);
  } catch (err) {
    throw new AppError("VALIDATION_FAILED", `captions: ${(err as Error).message}`);
  }
  const key = `courses/${lesson.courseId}/${lesson.id}/captions-${randomUUID()}.vtt`;
  await opts.storage.put(key, Readable.from([Buffer.from(text)]), { contentType: "text/vtt" });
  const [row] = await opts.db
    .update(courseLessons)
    .set({ captionsKey: key, ...(opts.transcript === "build" ? { transcript: cues } : {}), updatedAt: opts.now })
    .where(eq(courseLessons.id, lesson.id))
    .returning();
  if (lesson.captionsKey && lesson.captionsKey !== key) await opts.storage.delete(lesson.captionsKey);
  return lessonMedia(opts.storage, row);
}

/** PUT /api/admin/lessons/:id/transcript: a pasted transcript (`mm:ss text` lines). */
export async function setLessonTranscript(opts: {
  db: Db;
  storage: Storage;
  lessonId: string;
  text: string;
  now: Date;
}) {
  const lesson = await lessonOf(opts.db, opts.lessonId);
  const [row] = await opts.db
    .update(courseLessons)
    .set({ transcript: parsePastedTranscript(opts.text, lesson.durationS), updatedAt: opts.now })
    .where(eq(courseLessons.id, lesson.id))
    .returning();
  return lessonMedia(opts.storage, row);
}
