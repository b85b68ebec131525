/**
 * Courses through HTTP (issue 15 §1–§3, §5; SPEC.md §6): one official course per subject in the
 * catalog, access in the spec's order (free → enrollment → Unlimited/Trial → none), an expired
 * enrollment losing access (lessons 403, media 404), a preview lesson, media with HTTP Range,
 * resume position and completion with module/course progress, practice answers completing a
 * lesson, Coming Soon not enterable, Draft hidden, analytics, and another user's progress unseen.
 */
import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBJECT_IDS } from "../../src/contract/content";
import { analyticsEvents, courseEnrollments, courseLessons, courseModules, courses } from "../../src/server/db/schema";
import { type Client, signedInUser, startTestServer, type TestServer } from "../helpers/server";
import { makeFree, userIdOf } from "../helpers/users";

interface Summary {
  id: string;
  title: string;
  status: string;
  featured: boolean;
  format: string;
  subjectIds: string[];
  lessonCount: number;
  progress: { completed: number; total: number; percent: number };
  resume: { lessonId: string } | null;
  enrollment: { source: string; expiresAt: string | null } | null;
}
interface Lesson {
  id: string;
  moduleId: string;
  kind: string;
  isPreview: boolean;
  progress: { positionS: number; completed: boolean };
}
interface Detail extends Summary {
  modules: { id: string; title: string; lessons: Lesson[]; progress: { completed: number; total: number } }[];
  access: Access;
}
interface Access {
  hasAccess: boolean;
  reason: string;
  message: string;
  enrollment?: { expiresAt: string | null };
}
interface Err {
  error: { code: string; message: string };
}

let server: TestServer;
let trial: Client;
let free: Client;
let clock = Date.parse("2026-03-02T10:00:00Z");
const DAY = 86_400_000;
const VIDEO = Buffer.alloc(100_000, 7);

beforeAll(async () => {
  server = await startTestServer(
    { RATE_LIMIT_DISABLED: "true", ADMIN_EMAILS: "boss@example.com" },
    { now: () => new Date(clock) },
  );
  trial = await signedInUser(server, "trial@example.com");
  free = await signedInUser(server, "free@example.com");
  await makeFree(server, free);
  const db = server.database.db;
  // An uploaded video on a paid course's lesson, and a second course per status.
  await server.storage.put("courses/test/video.webm", Readable.from([VIDEO]), { contentType: "video/webm" });
  await db
    .update(courseLessons)
    .set({ videoKey: "courses/test/video.webm", videoContentType: "video/webm", kind: "video", durationS: 100 })
    .where(eq(courseLessons.id, "official-torts--torts-battery"));
  for (const [id, status, price] of [
    ["soon", "coming_soon", 1000],
    ["draft", "draft", 1000],
    ["gratis", "published", 0],
  ] as const) {
    await db.insert(courses).values({ id, slug: id, title: `Course ${id}`, status, price });
    await db.insert(courseModules).values({ id: `${id}-m`, courseId: id, title: "M", position: 1 });
    await db
      .insert(courseLessons)
      .values({ id: `${id}-l`, courseId: id, moduleId: `${id}-m`, title: "L", kind: "reading", position: 1 });
  }
}, 240_000);
afterAll(async () => {
  await server?.close();
});

const detail = async (c: Client, id: string) => (await c.json<{ course: Detail }>(`/api/courses/${id}`)).body.course;
const access = async (c: Client, id: string) => (await c.json<Access>(`/api/courses/${id}/access`)).body;
const lesson = (c: Client, courseId: string, lessonId: string) =>
  c.json<{ lesson: { kind: string; body: string; video: { src: string } | null } } & Err>(
    `/api/courses/${courseId}/lessons/${lessonId}`,
  );

describe("catalog", () => {
  it("lists one official course per subject (Reading and practice, Featured first), searches and filters", async () => {
    const r = await trial.json<{ courses: Summary[] }>("/api/courses");
    expect(r.status).toBe(200);
    const official = r.body.courses.filter((c) => c.id.startsWith("official-"));
    expect(official).toHaveLength(SUBJECT_IDS.length);
    expect(official.find((c) => c.id === "official-contracts")?.format).toBe("Reading and practice");
    const firstPlain = r.body.courses.findIndex((c) => !c.featured);
    expect(r.body.courses.slice(firstPlain).some((c) => c.featured)).toBe(false);
    expect(r.body.courses.map((c) => c.id)).toContain("soon");
    expect(r.body.courses.map((c) => c.id)).not.toContain("draft");
    const evidence = await trial.json<{ courses: Summary[] }>("/api/courses?subject=evidence");
    expect(evidence.body.courses.map((c) => c.id)).toEqual(["official-evidence"]);
    const q = await trial.json<{ courses: Summary[] }>("/api/courses?q=criminal%20law");
    expect(q.body.courses.map((c) => c.id)).toContain("official-criminal-law");
    expect(q.body.courses.map((c) => c.id)).not.toContain("official-torts");
  });

  it("a course has modules of reading lessons from topics, each closed by a practice lesson", async () => {
    const c = await detail(trial, "official-torts");
    expect(c.modules.length).toBeGreaterThan(2);
    for (const m of c.modules) expect(m.lessons.at(-1)?.kind).toBe("practice");
    const reading = await lesson(trial, "official-torts", "official-torts--torts-assault");
    expect(reading.status).toBe(200);
    expect(reading.body.lesson.body).toContain("## The rule");
    expect(reading.body.lesson.body).toContain("## Exam traps");
    expect((await detail(trial, "torts-starter")).id).toBe("official-torts");
  });
});

describe("access (SPEC.md §6, in order)", () => {
  it("Trial has access through the subscription; Free is refused with the reason; a free course is open", async () => {
    expect(await access(trial, "official-torts")).toMatchObject({ hasAccess: true, reason: "subscription" });
    const denied = await access(free, "official-torts");
    expect(denied).toMatchObject({ hasAccess: false, reason: "none" });
    expect(denied.message).toContain("Unlimited");
    expect(denied.message).toContain("$29");
    const l = await lesson(free, "official-torts", "official-torts--torts-battery");
    expect(l.status).toBe(403);
    expect(l.body.error.code).toBe("UPGRADE_REQUIRED");
    expect(await access(free, "gratis")).toMatchObject({ hasAccess: true, reason: "free" });
    expect((await lesson(free, "gratis", "gratis-l")).status).toBe(200);
  });

  it("a preview lesson opens for a Free user; enrolling in a paid course is refused with the reason", async () => {
    const c = await detail(free, "official-torts");
    const preview = c.modules[0].lessons[0];
    expect(preview.isPreview).toBe(true);
    expect((await lesson(free, "official-torts", preview.id)).status).toBe(200);
    const e = await free.json<Err>("/api/courses/official-torts/enroll", { method: "POST" });
    expect(e.status).toBe(403);
    expect(e.body.error.message).toContain("Buy it");
  });

  it("media: 206 with Range for a student with access, 404 without (a guessed URL learns nothing)", async () => {
    const url = "/api/lessons/official-torts--torts-battery/media/video";
    const ok = await trial.fetch(url, { headers: { range: "bytes=0-99" } });
    expect(ok.status).toBe(206);
    expect(ok.headers.get("content-range")).toBe(`bytes 0-99/${VIDEO.length}`);
    expect((await ok.arrayBuffer()).byteLength).toBe(100);
    const no = await free.fetch(url, { headers: { range: "bytes=0-99" } });
    expect(no.status).toBe(404);
    expect((await free.fetch("/api/lessons/nope/media/video")).status).toBe(404);
    expect((await trial.fetch("/api/lessons/official-torts--torts-assault/media/video")).status).toBe(404);
  });

  it("an enrollment grants access inside its window; once expired it is gone (lessons 403, media 404)", async () => {
    const userId = await userIdOf(free);
    await server.database.db.insert(courseEnrollments).values({
      userId,
      courseId: "official-torts",
      status: "active",
      enrolledAt: new Date(clock),
      expiresAt: new Date(clock + 30 * DAY),
      source: "purchase",
    });
    expect(await access(free, "official-torts")).toMatchObject({ hasAccess: true, reason: "enrollment" });
    const url = "/api/lessons/official-torts--torts-battery/media/video";
    expect((await free.fetch(url, { headers: { range: "bytes=0-9" } })).status).toBe(206);
    clock += 31 * DAY;
    const gone = await access(free, "official-torts");
    expect(gone).toMatchObject({ hasAccess: false, reason: "none" });
    expect(gone.message).toContain("ended on");
    expect((await lesson(free, "official-torts", "official-torts--torts-battery")).status).toBe(403);
    expect((await free.fetch(url, { headers: { range: "bytes=0-9" } })).status).toBe(404);
    await server.database.db
      .delete(courseEnrollments)
      .where(and(eq(courseEnrollments.userId, userId), eq(courseEnrollments.courseId, "official-torts")));
  });

  it("Coming Soon is listed but not enterable; Draft is 404 for students", async () => {
    expect((await lesson(trial, "soon", "soon-l")).status).toBe(403);
    expect((await trial.json("/api/courses/draft")).status).toBe(404);
    expect((await lesson(trial, "draft", "draft-l")).status).toBe(404);
    expect((await trial.fetch("/api/lessons/draft-l/media/video")).status).toBe(404);
  });
});

describe("enrollment and progress", () => {
  it("Trial enrolls, saves a resume position, completes a lesson; module and course progress follow", async () => {
    const e = await trial.json<{ enrollment: { source: string; expiresAt: string | null } }>(
      "/api/courses/official-torts/enroll",
      { method: "POST" },
    );
    expect(e.status).toBe(200);
    expect(e.body.enrollment.source).toBe("subscription");
    expect(e.body.enrollment.expiresAt).not.toBeNull();
    const id = "official-torts--torts-battery";
    const p1 = await trial.json<{ progress: { positionS: number; completed: boolean } }>(
      `/api/lessons/${id}/progress`,
      { method: "PUT", body: { positionS: 42.5 } },
    );
    expect(p1.body.progress).toMatchObject({ positionS: 42.5, completed: false });
    const p2 = await trial.json<{
      progress: { completed: boolean; module: { completed: number }; course: { completed: number; total: number } };
    }>(`/api/lessons/${id}/progress`, { method: "PUT", body: { positionS: 91, completed: true } });
    expect(p2.body.progress).toMatchObject({ completed: true, module: { completed: 1 }, course: { completed: 1 } });
    // Saving again does not record a second lesson_completed.
    await trial.json(`/api/lessons/${id}/progress`, { method: "PUT", body: { positionS: 95, completed: true } });
    const c = await detail(trial, "official-torts");
    const l = c.modules.flatMap((m) => m.lessons).find((x) => x.id === id)!;
    expect(l.progress).toEqual({ positionS: 95, completed: true });
    const list = await trial.json<{ courses: Summary[] }>("/api/courses");
    const torts = list.body.courses.find((x) => x.id === "official-torts")!;
    expect(torts.progress.completed).toBe(1);
    expect(torts.resume?.lessonId).toBe(id);
    expect(torts.enrollment?.source).toBe("subscription");
    const events = await server.database.db.select().from(analyticsEvents);
    const names = events.map((x) => x.name);
    expect(names.filter((n) => n === "lesson_completed")).toHaveLength(1);
    expect(names).toContain("view_course");
    expect(names).toContain("course_enrolled");
  });

  it("a practice lesson is complete once every question is answered; the explanation comes back", async () => {
    const c = await detail(trial, "official-torts");
    const practice = c.modules[0].lessons.at(-1)!;
    const got = await trial.json<{
      lesson: { questions: { id: string; choices: Record<string, string>; answer: string | null }[] };
    }>(`/api/courses/official-torts/lessons/${practice.id}`);
    const qs = got.body.lesson.questions;
    expect(qs.length).toBeGreaterThan(0);
    expect(qs[0].answer).toBeNull();
    let last: { progress: { completed: boolean } } | null = null;
    for (const q of qs) {
      const r = await trial.json<{
        correct: boolean;
        answer: string;
        explanation: string;
        progress: { completed: boolean };
      }>(`/api/lessons/${practice.id}/answers`, { body: { questionId: q.id, choice: "A" } });
      expect(r.status).toBe(200);
      expect(r.body.correct).toBe(r.body.answer === "A");
      expect(r.body.explanation.length).toBeGreaterThan(0);
      last = r.body;
    }
    expect(last?.progress.completed).toBe(true);
    const bad = await trial.json<Err>(`/api/lessons/${practice.id}/answers`, {
      body: { questionId: "torts-q-none", choice: "A" },
    });
    expect(bad.status).toBe(404);
  });

  it("another user never sees the first one's progress and cannot write it without access", async () => {
    const bob = await signedInUser(server, "bob@example.com");
    const c = await detail(bob, "official-torts");
    expect(c.modules.flatMap((m) => m.lessons).every((l) => !l.progress.completed && l.progress.positionS === 0)).toBe(
      true,
    );
    expect(c.progress.completed).toBe(0);
    const w = await free.json<Err>("/api/lessons/official-torts--torts-battery/progress", {
      method: "PUT",
      body: { positionS: 1, completed: true },
    });
    expect(w.status).toBe(403);
    expect((await trial.json("/api/lessons/nope/progress", { method: "PUT", body: { positionS: 1 } })).status).toBe(
      404,
    );
  });
});

/** A raw-body PUT as `c` (the JSON client would set application/json). */
const put = (c: Client, path: string, body: string, type: string) =>
  fetch(server.url + path, {
    method: "PUT",
    body,
    headers: {
      origin: server.url,
      "content-type": type,
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    },
  });

describe("course editor API (administrators)", () => {
  it("uploads a video and captions (transcript built from them), publishes; students are 404'd", async () => {
    const boss = await signedInUser(server, "boss@example.com");
    const lessonId = "draft-l";
    const vtt = "WEBVTT\n\n00:00.000 --> 00:01.500\nFirst line.\n\n00:01.500 --> 00:03.000\nSecond line.\n";
    // Not for students: 404, as if the route did not exist.
    const denied = await put(trial, `/api/admin/lessons/${lessonId}/video`, "x", "video/webm");
    expect(denied.status).toBe(404);
    const up = await put(boss, `/api/admin/lessons/${lessonId}/video?durationS=3`, "v".repeat(5000), "video/webm");
    expect(up.status).toBe(200);
    const media = ((await up.json()) as { lesson: { kind: string; hasVideo: boolean; durationS: number } }).lesson;
    expect(media).toMatchObject({ kind: "video", hasVideo: true, durationS: 3 });
    const wrong = await put(boss, `/api/admin/lessons/${lessonId}/video`, "x", "image/png");
    expect(wrong.status).toBe(415);
    const cap = await put(boss, `/api/admin/lessons/${lessonId}/captions`, vtt, "text/vtt");
    expect(cap.status).toBe(200);
    expect(((await cap.json()) as { lesson: { transcriptCues: number } }).lesson.transcriptCues).toBe(2);
    const bad = await put(boss, `/api/admin/lessons/${lessonId}/captions`, "not captions", "text/vtt");
    expect(bad.status).toBe(400);
    expect((await trial.json("/api/courses/draft")).status).toBe(404);
    const pub = await boss.json("/api/admin/courses/draft", {
      method: "PATCH",
      body: { status: "published", price: 0 },
    });
    expect(pub.status).toBe(200);
    const l = await trial.json<{
      lesson: { transcript: { text: string }[]; video: { src: string; captions: string } };
    }>(`/api/courses/draft/lessons/${lessonId}`);
    expect(l.status).toBe(200);
    expect(l.body.lesson.transcript.map((x) => x.text)).toEqual(["First line.", "Second line."]);
    const captions = await trial.fetch(l.body.lesson.video.captions);
    expect(captions.headers.get("content-type")).toContain("text/vtt");
    expect(await captions.text()).toContain("Second line.");
    const video = await trial.fetch(l.body.lesson.video.src, { headers: { range: "bytes=10-19" } });
    expect(video.status).toBe(206);
  });
});
