/**
 * Course editor, lesson media (issue 15 §4): the single-request video upload, captions, the
 * poster frame made in the editor's browser (decision 069) and a pasted transcript. Administrators only (routes are `auth: "admin"`: 404 for anyone else); each
 * change is audited (`recordAdminAction`, decision 069). Course, module and lesson fields and
 * their order are in course-editor.service.ts; the resumable (tus) upload in video-upload.ts.
 *
 * Uploads are the raw request body streamed into storage (`Storage.put`, never whole in memory)
 * with a 2 GB ceiling enforced while streaming; the previous file of the lesson is removed after
 * the new one is stored. Big files go through the resumable tus endpoint (video-upload.ts).
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { MAX_CAPTIONS_BYTES, MAX_POSTER_BYTES, MAX_VIDEO_BYTES } from "../../../contract/courses";
import { IMAGE_EXT, type ImageType, sniffImageType } from "../../../domain/image-type";
import { parsePastedTranscript, parseWebVtt } from "../../../domain/transcript";
import type { Db, DbOrTx } from "../../db/client";
import { courseLessons } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Storage } from "../../storage";
import { type AdminActor, recordAdminAction } from "../admin/audit.service";
import { EDITOR_REASON } from "./course-editor.service";
import { VIDEO_TYPES } from "./video-upload";

type LessonRow = typeof courseLessons.$inferSelect;

async function lessonOf(db: Db, id: string): Promise<LessonRow> {
  const [l] = await db.select().from(courseLessons).where(eq(courseLessons.id, id));
  if (!l) throw new AppError("NOT_FOUND", "No such lesson.");
  return l;
}

const auditMedia = (db: DbOrTx, actor: AdminActor, action: string, l: LessonRow, after: Record<string, unknown>) =>
  recordAdminAction(db, actor, {
    action,
    targetType: "course",
    targetId: l.courseId,
    targetLabel: l.title,
    reason: EDITOR_REASON,
    after: { lessonId: l.id, ...after },
  });

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
    hasPoster: Boolean(l.posterKey),
    transcriptCues: l.transcript.length,
    durationS: l.durationS,
  };
}

/**
 * PUT /api/admin/lessons/:id/video: streams `body` (of `contentType`) into storage at
 * `courses/<course>/<lesson>/video-<uuid>.<ext>`. 415 for another type; 413 past 2 GB (nothing
 * kept). The lesson becomes a video lesson; `durationS` is stored when given.
 */
export async function uploadLessonVideo(opts: {
  db: Db;
  actor: AdminActor;
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
  await auditMedia(opts.db, opts.actor, "course.lesson.video", row, { type, durationS: row.durationS });
  return lessonMedia(opts.storage, row);
}

/**
 * PUT /api/admin/lessons/:id/captions: stores WebVTT (≤ 2 MB, checked while reading) and, with
 * `transcript: "build"`, replaces the transcript with the captions' cues. 400 for a file that is
 * not WebVTT.
 */
export async function uploadLessonCaptions(opts: {
  db: Db;
  actor: AdminActor;
  storage: Storage;
  lessonId: string;
  body: ReadableStream<Uint8Array> | null;
  transcript: "keep" | "build";
  now: Date;
}) {
  const lesson = await lessonOf(opts.db, opts.lessonId);
  if (!opts.body) throw new AppError("VALIDATION_FAILED", "The request has no captions in its body.");
  const text = (await readCapped(opts.body, MAX_CAPTIONS_BYTES, "Captions are text.")).toString("utf8");
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
  await auditMedia(opts.db, opts.actor, "course.lesson.captions", row, {
    cues: cues.length,
    transcript: opts.transcript,
  });
  return lessonMedia(opts.storage, row);
}

/** Reads a small request body whole, refusing it (413) as soon as it passes `max` bytes. */
async function readCapped(body: ReadableStream<Uint8Array>, max: number, hint: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of Readable.fromWeb(body as never)) {
    size += (chunk as Buffer).length;
    if (size > max)
      throw new AppError("PAYLOAD_TOO_LARGE", `The request is too large (at most ${max / 1_048_576} MB). ${hint}`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const POSTER_TYPES = new Set<string>(Object.keys(IMAGE_EXT));

/**
 * PUT /api/admin/lessons/:id/poster (decision 069): a JPEG, PNG or WebP image of at most 2 MB,
 * stored at `courses/<course>/<lesson>/poster-<uuid>.<ext>` and set as the lesson's poster (the
 * previous one is removed). 415 when the Content-Type is not one of those types or the file's
 * first bytes are not that type (a renamed file is refused, whatever the header says); 413 past
 * 2 MB; 400 for an empty body. Audited as `course.lesson.poster`.
 */
export async function uploadLessonPoster(opts: {
  db: Db;
  actor: AdminActor;
  storage: Storage;
  lessonId: string;
  contentType: string | undefined;
  body: ReadableStream<Uint8Array> | null;
  now: Date;
}) {
  const lesson = await lessonOf(opts.db, opts.lessonId);
  const declared = (opts.contentType ?? "").split(";")[0].trim().toLowerCase();
  if (!POSTER_TYPES.has(declared)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Upload a JPEG, PNG or WebP image.");
  if (!opts.body) throw new AppError("VALIDATION_FAILED", "The request has no image in its body.");
  const bytes = await readCapped(opts.body, MAX_POSTER_BYTES, "A poster is one frame of the video.");
  if (bytes.length === 0) throw new AppError("VALIDATION_FAILED", "The request has no image in its body.");
  const sniffed = sniffImageType(bytes);
  if (sniffed !== declared)
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      sniffed
        ? `The file is a ${IMAGE_EXT[sniffed].toUpperCase()} image, not ${declared}.`
        : "The file is not a JPEG, PNG or WebP image.",
    );
  const type = sniffed as ImageType;
  const key = `courses/${lesson.courseId}/${lesson.id}/poster-${randomUUID()}.${IMAGE_EXT[type]}`;
  await opts.storage.put(key, Readable.from([bytes]), { contentType: type, maxBytes: MAX_POSTER_BYTES });
  // The lesson row and its audit row in one transaction; the file goes if either fails.
  const row = await opts.db
    .transaction(async (tx) => {
      const [r] = await tx
        .update(courseLessons)
        .set({ posterKey: key, updatedAt: opts.now })
        .where(eq(courseLessons.id, lesson.id))
        .returning();
      if (!r) throw new AppError("NOT_FOUND", "No such lesson.");
      await auditMedia(tx, opts.actor, "course.lesson.poster", r, {
        type,
        bytes: bytes.length,
        replaced: Boolean(lesson.posterKey),
      });
      return r;
    })
    .catch(async (err) => {
      await opts.storage.delete(key).catch(() => undefined);
      throw err;
    });
  if (lesson.posterKey && lesson.posterKey !== key) await opts.storage.delete(lesson.posterKey).catch(() => undefined);
  return lessonMedia(opts.storage, row);
}

/** PUT /api/admin/lessons/:id/transcript: a pasted transcript (`mm:ss text` lines). */
export async function setLessonTranscript(opts: {
  db: Db;
  actor: AdminActor;
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
  await auditMedia(opts.db, opts.actor, "course.lesson.transcript", row, { cues: row.transcript.length });
  return lessonMedia(opts.storage, row);
}
