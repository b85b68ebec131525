/**
 * Resumable lesson-video upload (issue 15 §4; decisions 059, 069): the tus 1.0.0 protocol
 * (`@tus/server` + `@tus/file-store`) at `/api/admin/course-uploads`, administrators only (404 for
 * anyone else), then the `courses.video` job.
 *
 * - **Create** (`POST`, `Upload-Length`, `Upload-Metadata: lessonId, filetype, filename` and an
 *   optional `durationS`, seconds as the admin's browser read it): the lesson must exist, the
 *   type be MP4, WebM or QuickTime, the length at most `MAX_VIDEO_BYTES` (2 GB) and `durationS`,
 *   when given, a finite number > 0 and ≤ 24 h; otherwise 400 / 404 / 413 / 415 with a sentence
 *   saying why.
 * - **Chunks** (`PATCH`, `Upload-Offset`): each request body is piped straight into the file
 *   under `DATA_DIR/uploads/course-videos` (never held whole in memory); an interrupted PATCH
 *   keeps what arrived, `HEAD` tells the client where to resume.
 * - **Finish**: the last PATCH enqueues `courses.video` and answers `Lexmate-Job: <id>`. The job
 *   streams the file into storage (`Storage.put`), attaches it to the lesson (the old file is
 *   removed), reads the duration from the MP4/QuickTime `moov/mvhd` box with Range reads
 *   (src/domain/mp4-duration.ts; authoritative for those types) and otherwise — WebM, or an MP4
 *   whose box cannot be read — takes the browser's `durationS`; with neither the lesson keeps the
 *   duration entered by hand. Then it deletes the temporary file. The server makes no poster
 *   frame (no video decoder here): the editor makes one in the browser and uploads it to
 *   `PUT /api/admin/lessons/:id/poster` (decision 069). Unfinished uploads expire after 24 h (410 Gone) and are removed
 *   from disk by a sweep that runs at most hourly on an upload request.
 */
import { join } from "node:path";
import { FileStore } from "@tus/file-store";
import { Server as TusServer } from "@tus/server";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Context, Hono } from "hono";
import type { Logger } from "pino";
import { MAX_VIDEO_BYTES, MAX_VIDEO_DURATION_S } from "../../../contract/courses";
import { mp4DurationS } from "../../../domain/mp4-duration";
import type { Db } from "../../db/client";
import { courseLessons } from "../../db/schema";
import type { JobQueue } from "../../jobs/queue";
import { PermanentJobError } from "../../jobs/types";
import { bodyLimit } from "../../lib/body-limit";
import type { AppEnv } from "../../lib/context";
import { requireUser } from "../../lib/http";
import type { Storage } from "../../storage";
import { type AdminActor, actorOf, recordAdminAction } from "../admin/audit.service";

export const VIDEO_JOB = "courses.video";
export const UPLOAD_PATH = "/api/admin/course-uploads";
export const VIDEO_TYPES: Record<string, string> = {
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/quicktime": "mov",
};
const ACTOR_HEADER = "x-lexmate-upload-actor";
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface VideoJobPayload {
  uploadId: string;
  lessonId: string;
  contentType: string;
  filename: string;
  /** Seconds, as read by the admin's browser (validated at create); absent for older clients. */
  browserDurationS?: number | null;
  actor: AdminActor;
}
export interface VideoJobResult {
  lessonId: string;
  bytes: number;
  durationS: number | null;
  /** Where `durationS` came from: the file's `mvhd` box, the admin's browser, or nowhere. */
  durationFrom: "container" | "browser" | null;
  poster: string;
}

/** The tus upload directory for a data directory. */
export const uploadDir = (dataDir: string) => join(dataDir, "uploads", "course-videos");

const stores = new Map<string, FileStore>();
/** One FileStore per data directory (the job and the routes share it). */
export function videoStore(dataDir: string): FileStore {
  const dir = uploadDir(dataDir);
  let s = stores.get(dir);
  if (!s) {
    s = new FileStore({ directory: dir, expirationPeriodInMilliseconds: DAY_MS });
    stores.set(dir, s);
  }
  return s;
}

const refuse = (status_code: number, body: string) => ({ status_code, body });

/**
 * The `durationS` upload metadata: undefined when absent, else seconds as a finite number > 0 and
 * ≤ 24 h (`MAX_VIDEO_DURATION_S`), else null (refused).
 */
export function browserDuration(raw: string | null | undefined): number | null | undefined {
  if (raw === undefined || raw === null || raw === "") return undefined;
  const s = Number(raw);
  return Number.isFinite(s) && s > 0 && s <= MAX_VIDEO_DURATION_S ? s : null;
}

function tusServer(o: { db: Db; jobs: JobQueue; dataDir: string }): TusServer {
  return new TusServer({
    path: UPLOAD_PATH,
    datastore: videoStore(o.dataDir),
    relativeLocation: true,
    maxSize: MAX_VIDEO_BYTES,
    exposedHeaders: ["Lexmate-Job"],
    async onUploadCreate(_req, upload) {
      const meta = upload.metadata ?? {};
      const type = (meta.filetype ?? "").toLowerCase();
      if (!VIDEO_TYPES[type]) throw refuse(415, "Upload an MP4, WebM or QuickTime video.");
      if (!meta.lessonId) throw refuse(400, "Upload-Metadata: lessonId is required.");
      const [l] = await o.db
        .select({ id: courseLessons.id })
        .from(courseLessons)
        .where(eq(courseLessons.id, meta.lessonId));
      if (!l) throw refuse(404, "No such lesson.");
      if (browserDuration(meta.durationS) === null)
        throw refuse(400, "Upload-Metadata: durationS must be a number of seconds above 0 and at most 24 hours.");
      return { metadata: { ...meta, filetype: type } };
    },
    async onUploadFinish(req, upload) {
      const meta = upload.metadata ?? {};
      const actor = JSON.parse(req.headers.get(ACTOR_HEADER) ?? "null") as AdminActor | null;
      if (!actor) throw refuse(404, "No such API route.");
      const payload: VideoJobPayload = {
        uploadId: upload.id,
        lessonId: meta.lessonId ?? "",
        contentType: meta.filetype ?? "video/mp4",
        filename: (meta.filename ?? "video").slice(0, 200),
        browserDurationS: browserDuration(meta.durationS) ?? null,
        actor,
      };
      const jobId = await o.jobs.enqueue(VIDEO_JOB, payload, { ownerId: actor.id, maxAttempts: 3 });
      return { headers: { "Lexmate-Job": jobId } };
    },
  });
}

/**
 * Mounts the tus endpoint on the `/api` router `r`. Requests pass the admin check first
 * (401 UNAUTHENTICATED signed out, 404 NOT_FOUND for a non-admin), and the acting admin travels in a header the server sets itself.
 */
export function mountVideoUpload(r: Hono<AppEnv>) {
  const servers = new WeakMap<object, TusServer>();
  const lastSweep = new WeakMap<TusServer, number>();
  const serve = async (c: Context<AppEnv>) => {
    requireUser(c); // 401 when signed out, as every admin route
    const actor = actorOf(c); // 404 for anyone but an administrator
    const deps = c.get("deps");
    let tus = servers.get(deps);
    if (!tus) {
      tus = tusServer({ db: deps.database.db, jobs: deps.jobs, dataDir: deps.env.DATA_DIR });
      servers.set(deps, tus);
    }
    // Expired unfinished uploads are removed from disk at most once an hour, on an upload request.
    const now = Date.now();
    if (now - (lastSweep.get(tus) ?? 0) > HOUR_MS) {
      lastSweep.set(tus, now);
      tus
        .cleanUpExpiredUploads()
        .catch((err) => deps.logger.warn({ err }, "course uploads: expired uploads not removed"));
    }
    c.req.raw.headers.set(ACTOR_HEADER, JSON.stringify(actor));
    return tus.handleWeb(c.req.raw);
  };
  const limit = bodyLimit({ maxBytes: MAX_VIDEO_BYTES, hint: "A lesson video is at most 2 GB.", streamed: true });
  r.all("/admin/course-uploads", limit, serve);
  r.all("/admin/course-uploads/:uploadId", limit, serve);
}

/**
 * Registers `courses.video` (file comment): temporary file → storage, lesson updated, duration
 * probed, temporary file removed; audited as `course.lesson.video` for the admin who uploaded.
 */
export function registerCourseVideoJob(o: {
  jobs: JobQueue;
  db: Db;
  storage: Storage;
  dataDir: string;
  logger: Logger;
}) {
  o.jobs.register<VideoJobPayload, VideoJobResult>(
    VIDEO_JOB,
    async (ctx) => {
      const p = ctx.payload;
      const store = videoStore(o.dataDir);
      const [lesson] = await o.db.select().from(courseLessons).where(eq(courseLessons.id, p.lessonId));
      if (!lesson) throw new PermanentJobError("The lesson was deleted before its video was stored.");
      let upload: Awaited<ReturnType<FileStore["getUpload"]>>;
      try {
        upload = await store.getUpload(p.uploadId);
      } catch {
        throw new PermanentJobError("The uploaded file is gone (expired or already stored).");
      }
      const ext = VIDEO_TYPES[p.contentType] ?? "mp4";
      const key = `courses/${lesson.courseId}/${lesson.id}/video-${randomUUID()}.${ext}`;
      await ctx.progress(5, "Storing the video");
      const info = await o.storage.put(key, store.read(p.uploadId), {
        contentType: p.contentType,
        maxBytes: MAX_VIDEO_BYTES,
      });
      if (upload.size !== undefined && info.size !== upload.size) {
        await o.storage.delete(key);
        throw new Error(`stored ${info.size} of ${upload.size} bytes`);
      }
      await ctx.progress(80, "Reading the duration");
      let durationS: number | null = null;
      if (p.contentType !== "video/webm") {
        const read = async (offset: number, length: number) => {
          if (offset >= info.size) return new Uint8Array();
          const end = Math.min(info.size, offset + length) - 1;
          const r = await o.storage.get(key, { range: { start: offset, end } });
          const parts: Buffer[] = [];
          for await (const chunk of r.body) parts.push(chunk as Buffer);
          return new Uint8Array(Buffer.concat(parts));
        };
        const s = await mp4DurationS(read, info.size).catch(() => null);
        durationS = s ? Math.max(1, Math.round(s)) : null;
      }
      // The container's own duration wins; the browser's is used when there is none (WebM).
      const fromBrowser = browserDuration(p.browserDurationS == null ? undefined : String(p.browserDurationS));
      let durationFrom: VideoJobResult["durationFrom"] = durationS === null ? null : "container";
      if (durationS === null && fromBrowser) {
        durationS = Math.max(1, Math.round(fromBrowser));
        durationFrom = "browser";
      }
      await o.db.transaction(async (tx) => {
        await tx
          .update(courseLessons)
          .set({
            kind: "video",
            videoKey: key,
            videoContentType: p.contentType,
            videoUrl: null,
            ...(durationS ? { durationS } : {}),
            updatedAt: new Date(),
          })
          .where(eq(courseLessons.id, lesson.id));
        await recordAdminAction(tx, p.actor, {
          action: "course.lesson.video",
          targetType: "course",
          targetId: lesson.courseId,
          targetLabel: lesson.title,
          reason: "Course editor: video upload",
          before: { lessonId: lesson.id, hadVideo: Boolean(lesson.videoKey), durationS: lesson.durationS },
          after: {
            lessonId: lesson.id,
            file: p.filename,
            bytes: info.size,
            durationS: durationS ?? lesson.durationS,
            durationFrom,
          },
        });
      });
      if (lesson.videoKey && lesson.videoKey !== key) await o.storage.delete(lesson.videoKey).catch(() => undefined);
      await store
        .remove(p.uploadId)
        .catch((err) => o.logger.warn({ err }, "courses.video: temporary file not removed"));
      return {
        lessonId: lesson.id,
        bytes: info.size,
        durationS,
        durationFrom,
        poster: "not made here: no video decoder (ffmpeg) on this server; the editor uploads one from the browser",
      };
    },
    { maxAttempts: 3 },
  );
}
