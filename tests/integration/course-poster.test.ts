/**
 * Lesson poster and the browser's duration (issue 15 §4; decision 069, "Poster and duration from
 * the browser"). `PUT /api/admin/lessons/:id/poster`: administrators only (404 for a student, 401
 * signed out), JPEG/PNG/WebP by their first bytes — not by the Content-Type alone — at most 2 MB,
 * replaces the previous poster, audited; students get it at `/api/lessons/:id/media/poster` only
 * with the lesson's access (a Free user is 404 on a paid course, as for a file that does not
 * exist). The tus upload's `durationS` metadata: validated at create (finite, > 0, ≤ 24 h), taken
 * for a WebM, ignored for an MP4 whose `mvhd` says otherwise.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, courseLessons } from "../../src/server/db/schema";
import { makeMp4 } from "../helpers/mp4";
import { type Client, signedInUser, startTestServer, type TestServer, waitForJob } from "../helpers/server";
import { makeFree } from "../helpers/users";

interface Course {
  id: string;
  modules: { id: string; lessons: { id: string; hasPoster: boolean; durationS: number | null }[] }[];
}

let server: TestServer;
let boss: Client;
let trial: Client;
let free: Client;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true", ADMIN_EMAILS: "boss@example.com" });
  boss = await signedInUser(server, "boss@example.com");
  trial = await signedInUser(server, "trial@example.com");
  free = await signedInUser(server, "free@example.com");
  await makeFree(server, free);
}, 240_000);
afterAll(async () => {
  await server?.close();
});

const cookie = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
/** PUT with a raw body, as the editor's browser sends it. */
const putRaw = (c: Client | null, path: string, type: string, body: Uint8Array) =>
  fetch(server.url + path, {
    method: "PUT",
    headers: { origin: server.url, "content-type": type, ...(c ? { cookie: cookie(c) } : {}) },
    body: body as unknown as BodyInit,
  });

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from("JFIF\0poster-1")]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("png-body")]);
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x10, 0, 0, 0]), Buffer.from("WEBPVP8 body")]);
const GIF = Buffer.from("GIF89a\x01\x00\x01\x00");

/** A paid, published course with one video lesson. */
async function paidCourse(title: string): Promise<{ courseId: string; lessonId: string }> {
  const { course } = (await boss.json<{ course: Course }>("/api/admin/courses", { body: { title, price: 2900 } })).body;
  const m = (await boss.json<{ course: Course }>(`/api/admin/courses/${course.id}/modules`, { body: { title: "M" } }))
    .body.course.modules[0];
  const lesson = (
    await boss.json<{ course: Course }>(`/api/admin/course-modules/${m.id}/lessons`, {
      body: { title: "Clip", kind: "video" },
    })
  ).body.course.modules[0].lessons[0];
  const pub = await boss.json(`/api/admin/courses/${course.id}`, { method: "PATCH", body: { status: "published" } });
  expect(pub.status).toBe(200);
  return { courseId: course.id, lessonId: lesson.id };
}

describe("lesson poster", () => {
  it("refuses anyone but an administrator, as if the route did not exist", async () => {
    const { lessonId } = await paidCourse("Poster Guard");
    expect((await putRaw(trial, `/api/admin/lessons/${lessonId}/poster`, "image/jpeg", JPEG)).status).toBe(404);
    expect((await putRaw(free, `/api/admin/lessons/${lessonId}/poster`, "image/jpeg", JPEG)).status).toBe(404);
    expect((await putRaw(null, `/api/admin/lessons/${lessonId}/poster`, "image/jpeg", JPEG)).status).toBe(401);
    const [row] = await server.database.db.select().from(courseLessons).where(eq(courseLessons.id, lessonId));
    expect(row.posterKey).toBeNull();
  });

  it("checks type by the first bytes and size, replaces the old poster, and audits it", async () => {
    const { courseId, lessonId } = await paidCourse("Poster Rules");
    const path = `/api/admin/lessons/${lessonId}/poster`;
    const refused = async (type: string, body: Uint8Array) => {
      const r = await putRaw(boss, path, type, body);
      return { status: r.status, message: ((await r.json()) as { error: { message: string } }).error.message };
    };
    expect(await refused("image/gif", GIF)).toEqual({ status: 415, message: "Upload a JPEG, PNG or WebP image." });
    expect(await refused("text/plain", JPEG)).toMatchObject({ status: 415 });
    // The header says JPEG, the bytes say otherwise: refused whatever the header claims.
    expect(await refused("image/jpeg", GIF)).toEqual({
      status: 415,
      message: "The file is not a JPEG, PNG or WebP image.",
    });
    expect(await refused("image/jpeg", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toMatchObject({
      status: 415,
    });
    expect(await refused("image/jpeg", PNG)).toEqual({
      status: 415,
      message: "The file is a PNG image, not image/jpeg.",
    });
    expect(await refused("image/jpeg", new Uint8Array())).toMatchObject({ status: 400 });
    const big = Buffer.concat([JPEG, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await refused("image/jpeg", big)).status).toBe(413);
    expect((await putRaw(boss, "/api/admin/lessons/no-such-lesson/poster", "image/jpeg", JPEG)).status).toBe(404);
    let [row] = await server.database.db.select().from(courseLessons).where(eq(courseLessons.id, lessonId));
    expect(row.posterKey).toBeNull(); // nothing refused was kept

    const keys: string[] = [];
    for (const [type, bytes, ext] of [
      ["image/png", PNG, "png"],
      ["image/webp", WEBP, "webp"],
      ["image/jpeg", JPEG, "jpg"],
    ] as const) {
      const ok = await putRaw(boss, path, type, bytes);
      expect(ok.status, type).toBe(200);
      expect(((await ok.json()) as { lesson: { hasPoster: boolean } }).lesson.hasPoster).toBe(true);
      [row] = await server.database.db.select().from(courseLessons).where(eq(courseLessons.id, lessonId));
      expect(row.posterKey).toMatch(new RegExp(`^courses/${courseId}/${lessonId}/poster-.+\\.${ext}$`));
      keys.push(row.posterKey!);
    }
    // Only the last poster is left in storage.
    const left = await Promise.all(keys.map((k) => server.storage.head(k)));
    expect(left.map((info) => info?.size ?? null)).toEqual([null, null, JPEG.length]);
    const editor = await boss.json<{ course: Course }>(`/api/admin/courses/${courseId}`);
    expect(editor.body.course.modules[0].lessons[0].hasPoster).toBe(true);
    const audit = await server.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, courseId));
    const posters = audit.filter((a) => a.action === "course.lesson.poster");
    expect(posters).toHaveLength(3); // refusals leave no row
    expect(posters.at(-1)?.after).toMatchObject({ lessonId, type: "image/jpeg", bytes: JPEG.length, replaced: true });
  });

  it("is served to a student with access to the lesson and is 404 without it", async () => {
    const { courseId, lessonId } = await paidCourse("Poster Access");
    expect((await putRaw(boss, `/api/admin/lessons/${lessonId}/poster`, "image/jpeg", JPEG)).status).toBe(200);
    const media = `/api/lessons/${lessonId}/media/poster`;
    // Trial has access (§6): the image, byte for byte.
    const ok = await trial.fetch(media);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await ok.arrayBuffer()).equals(JPEG)).toBe(true);
    // The lesson for the player points at it.
    const l = await trial.json<{ lesson: { video: { poster: string | null } | null } }>(
      `/api/courses/${courseId}/lessons/${lessonId}`,
    );
    expect(l.body.lesson.video?.poster ?? null).toBe(null); // no video yet: nothing to show a poster on
    // Free user without an enrollment: 404, as for a file that does not exist.
    const denied = await free.fetch(media);
    expect(denied.status).toBe(404);
    expect((await fetch(server.url + media)).status).toBe(401);
    // With an external video URL the player gets the poster URL.
    await boss.json(`/api/admin/lessons/${lessonId}`, {
      method: "PATCH",
      body: { videoUrl: "https://videos.example.com/clip.mp4" },
    });
    const withVideo = await trial.json<{ lesson: { video: { poster: string | null } | null } }>(
      `/api/courses/${courseId}/lessons/${lessonId}`,
    );
    expect(withVideo.body.lesson.video?.poster).toBe(media);
  });
});

describe("duration from the browser (tus metadata durationS)", () => {
  const b64 = (s: string) => Buffer.from(s).toString("base64");
  const tus = (extra: Record<string, string>) => ({
    "tus-resumable": "1.0.0",
    origin: server.url,
    cookie: cookie(boss),
    ...extra,
  });
  const meta = (lessonId: string, type: string, durationS?: string) =>
    [`lessonId ${b64(lessonId)}`, `filetype ${b64(type)}`, `filename ${b64("clip")}`]
      .concat(durationS === undefined ? [] : [`durationS ${b64(durationS)}`])
      .join(",");
  /** Creates and sends the whole file in one PATCH; answers the job's result. */
  async function upload(lessonId: string, type: string, file: Buffer, durationS?: string) {
    const created = await fetch(`${server.url}/api/admin/course-uploads`, {
      method: "POST",
      headers: tus({ "upload-length": String(file.length), "upload-metadata": meta(lessonId, type, durationS) }),
    });
    expect(created.status).toBe(201);
    const done = await fetch(new URL(created.headers.get("location")!, server.url), {
      method: "PATCH",
      headers: tus({ "upload-offset": "0", "content-type": "application/offset+octet-stream" }),
      body: file as unknown as BodyInit,
    });
    expect(done.status).toBe(204);
    const job = await waitForJob<{ durationS: number | null; durationFrom: string | null }>(
      boss,
      done.headers.get("lexmate-job")!,
    );
    expect(job.state).toBe("succeeded");
    return job.result;
  }

  it("refuses a duration that is not finite, not positive or over 24 h", async () => {
    const { lessonId } = await paidCourse("Duration Guard");
    for (const bad of ["Infinity", "NaN", "0", "-3", "86401", "ten"]) {
      const r = await fetch(`${server.url}/api/admin/course-uploads`, {
        method: "POST",
        headers: tus({ "upload-length": "100", "upload-metadata": meta(lessonId, "video/webm", bad) }),
      });
      expect(r.status, bad).toBe(400);
      expect(await r.text()).toContain("durationS");
    }
  });

  it("takes the browser's duration for a WebM and the file's own for an MP4", async () => {
    const { courseId, lessonId } = await paidCourse("Duration Sources");
    // Bytes that are not a readable container: the server has only the browser's word.
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(4096, 7)]);
    expect(await upload(lessonId, "video/webm", webm, "3.48")).toEqual(
      expect.objectContaining({ durationS: 3, durationFrom: "browser" }),
    );
    let editor = await boss.json<{ course: Course }>(`/api/admin/courses/${courseId}`);
    expect(editor.body.course.modules[0].lessons[0].durationS).toBe(3);
    // An MP4 says 42 s in its mvhd box; the browser's 7 s is not used.
    const mp4 = makeMp4({ durationS: 42.4, mediaBytes: 8192 });
    expect(await upload(lessonId, "video/mp4", mp4, "7")).toEqual(
      expect.objectContaining({ durationS: 42, durationFrom: "container" }),
    );
    editor = await boss.json<{ course: Course }>(`/api/admin/courses/${courseId}`);
    expect(editor.body.course.modules[0].lessons[0].durationS).toBe(42);
  }, 60_000);
});
