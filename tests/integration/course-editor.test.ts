/**
 * The course editor API (issue 15 §4; contract src/contract/course-editor.ts; decision 069):
 * administrators only (404 for a student, as for a route that does not exist); create, edit,
 * publish rules, modules and lessons, ordering (within and across modules; a partial order is
 * refused), validation errors naming the field, delete rules, an audit row for every write, and
 * the resumable tus upload of a real MP4 in chunks — interrupted mid-chunk and resumed — after
 * which the `courses.video` job stores it and reads its duration from the file's `mvhd` box.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mp4DurationS } from "../../src/domain/mp4-duration";
import { adminAuditLog, courseEnrollments, courseLessons } from "../../src/server/db/schema";
import { box, makeMp4, mvhd } from "../helpers/mp4";
import { type Client, signedInUser, startTestServer, type TestServer, waitForJob } from "../helpers/server";
import { userIdOf } from "../helpers/users";

interface Lesson {
  id: string;
  moduleId: string;
  title: string;
  kind: string;
  durationS: number | null;
  hasUpload: boolean;
}
interface Course {
  id: string;
  slug: string;
  title: string;
  status: string;
  price: number | null;
  modules: { id: string; title: string; lessons: Lesson[] }[];
}
interface Err {
  error: { code: string; message: string };
}

let server: TestServer;
let boss: Client;
let student: Client;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true", ADMIN_EMAILS: "boss@example.com" });
  boss = await signedInUser(server, "boss@example.com");
  student = await signedInUser(server, "student@example.com");
}, 240_000);
afterAll(async () => {
  await server?.close();
});

const create = (c: Client, body: Record<string, unknown>) =>
  c.json<{ course: Course } & Err>("/api/admin/courses", { body });
const auditOf = (courseId: string) =>
  server.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, courseId));
const titles = (c: Course) => c.modules.map((m) => `${m.title}: ${m.lessons.map((l) => l.title).join(", ")}`);

describe("course editor API", () => {
  it("is 404 for a student on every route, as if it did not exist", async () => {
    const probes: [string, string, unknown?][] = [
      ["GET", "/api/admin/courses"],
      ["POST", "/api/admin/courses", { title: "Mine" }],
      ["GET", "/api/admin/courses/official-torts"],
      ["PATCH", "/api/admin/courses/official-torts", { status: "archived" }],
      ["DELETE", "/api/admin/courses/official-torts"],
      ["PUT", "/api/admin/courses/official-torts/order", { modules: [] }],
      ["PATCH", "/api/admin/lessons/official-torts--torts-battery", { title: "x" }],
    ];
    for (const [method, path, body] of probes) {
      const r = await student.json<Err>(path, { method, body });
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    const tus = await student.fetch("/api/admin/course-uploads", {
      method: "POST",
      headers: { "tus-resumable": "1.0.0", "upload-length": "10" },
    });
    expect(tus.status).toBe(404);
    const anonymous = await fetch(`${server.url}/api/admin/course-uploads`, {
      method: "POST",
      headers: { origin: server.url, "tus-resumable": "1.0.0", "upload-length": "10" },
    });
    expect(anonymous.status).toBe(401);
    expect((await student.json("/api/courses/official-torts")).status).toBe(200); // the catalog is untouched
  });

  it("creates a Draft, refuses bad input with the field named, a used slug, and publishing with no lessons", async () => {
    const r = await create(boss, { title: "Evidence: Hearsay in Six Steps", price: 1900, daysOfAccess: 90 });
    expect(r.status).toBe(201);
    expect(r.body.course).toMatchObject({ slug: "evidence-hearsay-in-six-steps", status: "draft", price: 1900 });
    const again = await create(boss, { title: "Evidence: Hearsay in Six Steps" });
    expect(again.body.course.slug).toBe("evidence-hearsay-in-six-steps-2");
    const used = await create(boss, { title: "Other", slug: "evidence-hearsay-in-six-steps" });
    expect(used.status).toBe(409);
    const badSlug = await create(boss, { title: "Other", slug: "Not A Slug" });
    expect(badSlug.status).toBe(400);
    expect(badSlug.body.error.message).toContain("slug");
    expect((await create(boss, { title: "  " })).status).toBe(400);
    const negative = await boss.json<Err>(`/api/admin/courses/${r.body.course.id}`, {
      method: "PATCH",
      body: { price: -5 },
    });
    expect(negative.status).toBe(400);
    expect(negative.body.error.message).toContain("price");
    const publish = await boss.json<Err>(`/api/admin/courses/${r.body.course.id}`, {
      method: "PATCH",
      body: { status: "published" },
    });
    expect(publish.status).toBe(400);
    expect(publish.body.error.message).toBe("status: add a lesson before publishing the course");
    expect((await boss.json(`/api/admin/courses/nope`)).status).toBe(404);
    // Students never see a Draft.
    expect((await student.json(`/api/courses/${r.body.course.id}`)).status).toBe(404);
  });

  it("builds modules and lessons, orders them within and across modules, and audits every write", async () => {
    const { course } = (await create(boss, { title: "Torts in Two Modules" })).body;
    let c = (
      await boss.json<{ course: Course }>(`/api/admin/courses/${course.id}/modules`, {
        body: { title: "Intentional torts" },
      })
    ).body.course;
    c = (
      await boss.json<{ course: Course }>(`/api/admin/courses/${course.id}/modules`, { body: { title: "Negligence" } })
    ).body.course;
    const [m1, m2] = c.modules;
    for (const [m, title, kind] of [
      [m1, "Battery", "video"],
      [m1, "Assault", "reading"],
      [m2, "Duty", "reading"],
    ] as const) {
      const r = await boss.json<{ course: Course }>(`/api/admin/course-modules/${m.id}/lessons`, {
        body: { title, kind },
      });
      expect(r.status).toBe(201);
      c = r.body.course;
    }
    expect(titles(c)).toEqual(["Intentional torts: Battery, Assault", "Negligence: Duty"]);
    const [battery, assault] = c.modules[0].lessons;
    const duty = c.modules[1].lessons[0];
    // Swap within a module, move Battery to the second module, and the modules themselves.
    const order = await boss.json<{ course: Course }>(`/api/admin/courses/${course.id}/order`, {
      method: "PUT",
      body: {
        modules: [
          { id: m2.id, lessonIds: [duty.id, battery.id] },
          { id: m1.id, lessonIds: [assault.id] },
        ],
      },
    });
    expect(order.status).toBe(200);
    expect(titles(order.body.course)).toEqual(["Negligence: Duty, Battery", "Intentional torts: Assault"]);
    expect(order.body.course.modules[0].lessons[1].moduleId).toBe(m2.id);
    // The student's view follows once published.
    const pub = await boss.json<{ course: Course }>(`/api/admin/courses/${course.id}`, {
      method: "PATCH",
      body: { status: "published", price: 0, reason: "Launch for the spring term" },
    });
    expect(pub.status).toBe(200);
    const seen = await student.json<{ course: { modules: { lessons: { title: string }[] }[] } }>(
      `/api/courses/${course.id}`,
    );
    expect(seen.body.course.modules.map((m) => m.lessons.map((l) => l.title))).toEqual([
      ["Duty", "Battery"],
      ["Assault"],
    ]);
    // An order that leaves a lesson out, repeats one, or names another course's lesson is refused.
    for (const modules of [
      [
        { id: m2.id, lessonIds: [duty.id] },
        { id: m1.id, lessonIds: [assault.id] },
      ],
      [
        { id: m2.id, lessonIds: [duty.id, battery.id, battery.id] },
        { id: m1.id, lessonIds: [assault.id] },
      ],
      [
        { id: m2.id, lessonIds: [duty.id, battery.id, "official-torts--torts-battery"] },
        { id: m1.id, lessonIds: [assault.id] },
      ],
    ]) {
      const bad = await boss.json<Err>(`/api/admin/courses/${course.id}/order`, { method: "PUT", body: { modules } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe("modules: list every module and lesson of the course exactly once");
    }
    // Lesson fields: unknown practice questions are named; a bad URL is refused.
    const q = await boss.json<Err>(`/api/admin/lessons/${duty.id}`, {
      method: "PATCH",
      body: { kind: "practice", questionIds: ["no-such-question"] },
    });
    expect(q.status).toBe(400);
    expect(q.body.error.message).toContain("no-such-question");
    const url = await boss.json<Err>(`/api/admin/lessons/${duty.id}`, {
      method: "PATCH",
      body: { videoUrl: "javascript:alert(1)" },
    });
    expect(url.status).toBe(400);
    // Plain http would be mixed content on an https site; the player's CSP allows https: media only.
    const plain = await boss.json<Err>(`/api/admin/lessons/${duty.id}`, {
      method: "PATCH",
      body: { videoUrl: "http://videos.example.com/clip.mp4" },
    });
    expect(plain.status).toBe(400);
    expect(JSON.stringify(plain.body)).toContain("The video URL must start with https://.");
    const ok = await boss.json<{ course: Course }>(`/api/admin/lessons/${battery.id}`, {
      method: "PATCH",
      body: { title: "Battery: harmful or offensive contact", durationS: 300 },
    });
    expect(ok.body.course.modules[0].lessons[1]).toMatchObject({
      title: "Battery: harmful or offensive contact",
      durationS: 300,
    });
    const rows = await auditOf(course.id);
    const actions = rows.map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "course.create",
        "course.module.create",
        "course.lesson.create",
        "course.order",
        "course.status.published",
        "course.lesson.update",
      ]),
    );
    expect(actions.filter((a) => a === "course.lesson.create")).toHaveLength(3);
    expect(rows.every((r) => r.actorEmail === "boss@example.com")).toBe(true);
    const published = rows.find((r) => r.action === "course.status.published")!;
    expect(published.reason).toBe("Launch for the spring term");
    expect(published.before).toMatchObject({ status: "draft" });
    expect(rows.find((r) => r.action === "course.order")!.reason).toBe("Course editor");
    // Refused writes leave no audit row.
    expect(actions.filter((a) => a === "course.order")).toHaveLength(1);
  });

  it("deletes a course, but not an official one or one a student is enrolled in", async () => {
    expect((await boss.json<Err>("/api/admin/courses/official-torts", { method: "DELETE" })).status).toBe(409);
    const { course } = (await create(boss, { title: "Short-lived" })).body;
    await server.database.db.insert(courseEnrollments).values({
      userId: await userIdOf(student),
      courseId: course.id,
      status: "active",
      enrolledAt: new Date(),
      source: "admin",
    });
    const refused = await boss.json<Err>(`/api/admin/courses/${course.id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain("archive it instead");
    await server.database.db.delete(courseEnrollments).where(eq(courseEnrollments.courseId, course.id));
    expect((await boss.json(`/api/admin/courses/${course.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await boss.json(`/api/admin/courses/${course.id}`)).status).toBe(404);
    expect((await auditOf(course.id)).map((r) => r.action)).toContain("course.delete");
    const list = await boss.json<{ courses: { id: string; status: string }[] }>("/api/admin/courses");
    expect(list.body.courses.some((c) => c.id === "official-torts")).toBe(true);
    expect(list.body.courses.some((c) => c.id === course.id)).toBe(false);
  });
});

describe("MP4 duration from the container", () => {
  const reader = (buf: Buffer) => async (offset: number, length: number) =>
    new Uint8Array(buf.subarray(offset, offset + length));
  it("reads mvhd v0 and v1, with moov first or last; null for a file without moov", async () => {
    for (const [version, moovFirst] of [
      [0, false],
      [1, true],
    ] as const) {
      const f = makeMp4({ durationS: 12.5, mediaBytes: 5000, version, moovFirst });
      expect(await mp4DurationS(reader(f), f.length)).toBe(12.5);
    }
    const junk = Buffer.from("not a video at all, just text");
    expect(await mp4DurationS(reader(junk), junk.length)).toBeNull();
    const fragmented = box(
      "moov",
      mvhd(1000, 0),
      box("mvex", box("mehd", Buffer.from([0, 0, 0, 0]), Buffer.from([0, 0, 0x4e, 0x20]))),
    );
    expect(await mp4DurationS(reader(fragmented), fragmented.length)).toBe(20);
  });
});

describe("resumable video upload (tus)", () => {
  const tusHeaders = () => ({
    "tus-resumable": "1.0.0",
    origin: server.url,
    cookie: [...boss.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
  });
  const b64 = (s: string) => Buffer.from(s).toString("base64");

  it("uploads an MP4 in chunks, survives an interrupted chunk, resumes, and the job stores it with its duration", async () => {
    const { course } = (await create(boss, { title: "Uploads", price: 0 })).body;
    const m = (await boss.json<{ course: Course }>(`/api/admin/courses/${course.id}/modules`, { body: { title: "M" } }))
      .body.course.modules[0];
    const lesson = (
      await boss.json<{ course: Course }>(`/api/admin/course-modules/${m.id}/lessons`, {
        body: { title: "Clip", kind: "reading" },
      })
    ).body.course.modules[0].lessons[0];
    const file = makeMp4({ durationS: 42.4, mediaBytes: 3 * 1024 * 1024 });
    const url = server.url;
    // Refusals: a type that is not video, a lesson that does not exist, a file over 2 GB.
    const meta = (lessonId: string, type: string) =>
      `lessonId ${b64(lessonId)},filetype ${b64(type)},filename ${b64("clip.mp4")}`;
    const bad = async (lessonId: string, type: string, length: number) =>
      (
        await fetch(`${url}/api/admin/course-uploads`, {
          method: "POST",
          headers: { ...tusHeaders(), "upload-length": String(length), "upload-metadata": meta(lessonId, type) },
        })
      ).status;
    expect(await bad(lesson.id, "image/png", 10)).toBe(415);
    expect(await bad("no-such-lesson", "video/mp4", 10)).toBe(404);
    expect(await bad(lesson.id, "video/mp4", 3 * 1024 ** 3)).toBe(413);

    const created = await fetch(`${url}/api/admin/course-uploads`, {
      method: "POST",
      headers: {
        ...tusHeaders(),
        "upload-length": String(file.length),
        "upload-metadata": meta(lesson.id, "video/mp4"),
      },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get("location")!, url).toString();
    const patch = (offset: number, body: Buffer | ReadableStream<Uint8Array>, signal?: AbortSignal) =>
      fetch(location, {
        method: "PATCH",
        headers: {
          ...tusHeaders(),
          "upload-offset": String(offset),
          "content-type": "application/offset+octet-stream",
        },
        body,
        signal,
        duplex: "half",
      } as RequestInit);
    const CHUNK = 1024 * 1024;
    const first = await patch(0, file.subarray(0, CHUNK));
    expect(first.status).toBe(204);
    expect(first.headers.get("upload-offset")).toBe(String(CHUNK));

    // The second chunk is cut off half-way: the connection drops.
    const abort = new AbortController();
    const half = file.subarray(CHUNK, CHUNK + CHUNK / 2);
    const stream = new ReadableStream<Uint8Array>({
      start(ctrl) {
        ctrl.enqueue(new Uint8Array(half));
        setTimeout(() => abort.abort(), 300);
      },
    });
    await patch(CHUNK, stream, abort.signal).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 500));
    const head = await fetch(location, { method: "HEAD", headers: tusHeaders() });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBeGreaterThanOrEqual(CHUNK);
    expect(offset).toBeLessThanOrEqual(CHUNK + half.length);
    expect(head.headers.get("upload-length")).toBe(String(file.length));
    // A PATCH at the wrong offset is refused (409), nothing is written.
    expect((await patch(0, file.subarray(0, 10))).status).toBe(409);

    // Resume from the server's offset, in chunks, to the end.
    let at = offset;
    let last: Response | null = null;
    while (at < file.length) {
      last = await patch(at, file.subarray(at, Math.min(file.length, at + CHUNK)));
      expect(last.status).toBe(204);
      at = Number(last.headers.get("upload-offset"));
    }
    const jobId = last!.headers.get("lexmate-job");
    expect(jobId).toBeTruthy();
    const job = await waitForJob<{ durationS: number; bytes: number; poster: string }>(boss, jobId!);
    expect(job.state).toBe("succeeded");
    expect(job.result).toMatchObject({ durationS: 42, bytes: file.length });
    expect(job.result.poster).toContain("ffmpeg");

    const [row] = await server.database.db.select().from(courseLessons).where(eq(courseLessons.id, lesson.id));
    expect(row).toMatchObject({ kind: "video", durationS: 42, videoContentType: "video/mp4" });
    // The stored file is the uploaded file, byte for byte, served with Range to a student.
    await boss.json(`/api/admin/courses/${course.id}`, { method: "PATCH", body: { status: "published" } });
    const tail = await student.fetch(`/api/lessons/${lesson.id}/media/video`, {
      headers: { range: `bytes=${file.length - 100}-${file.length - 1}` },
    });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(file.subarray(file.length - 100))).toBe(true);
    const whole = await boss.fetch(`/api/lessons/${lesson.id}/media/video`);
    expect(Buffer.from(await whole.arrayBuffer()).equals(file)).toBe(true);
    const audit = (await auditOf(course.id)).find((r) => r.action === "course.lesson.video");
    expect(audit?.after).toMatchObject({ lessonId: lesson.id, bytes: file.length, durationS: 42 });
    // The temporary file is gone once stored.
    expect((await fetch(location, { method: "HEAD", headers: tusHeaders() })).status).toBe(404);
  }, 120_000);
});
