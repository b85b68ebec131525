/**
 * Courses bench (DESIGN.md §6 / issue 15: a media Range request's first byte p95 ≤ 50 ms on
 * local storage; the catalog with 200 courses p95 ≤ 100 ms). Boots the real server on PGlite (or
 * DATABASE_URL), adds 193 courses to the 7 official ones (3 modules × 4 lessons each, a trial
 * student's progress on 20 of them), puts a 20 MB video on a lesson, then times sequentially from
 * one client:
 *  - GET /api/lessons/:id/media/video with a random `Range: bytes=s-(s+1 MB)` until the first
 *    byte of the body arrives (access check + storage head + open)
 *  - GET /api/courses (the whole catalog with the student's enrollments and progress)
 * Run: `npx tsx bench/courses.ts`. Reports; asserts nothing.
 */
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { courseLessons, courseModules, courses, lessonProgress } from "../src/server/db/schema";
import { signedInUser, startTestServer } from "../tests/helpers/server";
import { userIdOf } from "../tests/helpers/users";

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function main() {
  const server = await startTestServer({ RATE_LIMIT_DISABLED: "true" });
  try {
    const db = server.database.db;
    const c = await signedInUser(server, "bench-courses@example.com");
    const userId = await userIdOf(c);
    for (let i = 0; i < 193; i++) {
      const id = `bench-${i}`;
      await db.insert(courses).values({
        id,
        slug: id,
        title: `Bench course ${i}`,
        overview: "A course made by the bench.",
        subjectIds: ["torts"],
        status: "published",
        price: 1900,
        featured: i % 20 === 0,
      });
      for (let m = 0; m < 3; m++) {
        await db.insert(courseModules).values({ id: `${id}-m${m}`, courseId: id, title: `Module ${m}`, position: m });
        await db.insert(courseLessons).values(
          Array.from({ length: 4 }, (_, l) => ({
            id: `${id}-m${m}-l${l}`,
            courseId: id,
            moduleId: `${id}-m${m}`,
            title: `Lesson ${l}`,
            kind: "reading" as const,
            position: l,
            durationS: 300,
          })),
        );
      }
      if (i < 20)
        await db.insert(lessonProgress).values({
          userId,
          lessonId: `${id}-m0-l0`,
          courseId: id,
          positionS: 10,
          completed: true,
        });
    }
    const size = 20 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 1);
    await server.storage.put("courses/bench/video.mp4", Readable.from(Array.from({ length: 20 }, () => chunk)), {
      contentType: "video/mp4",
    });
    await db
      .update(courseLessons)
      .set({ kind: "video", videoKey: "courses/bench/video.mp4", videoContentType: "video/mp4" })
      .where(eq(courseLessons.id, "official-torts--torts-battery"));

    const range: number[] = [];
    for (let i = 0; i < 220; i++) {
      const start = Math.floor(Math.random() * (size - 2 * 1024 * 1024));
      const t0 = performance.now();
      const r = await c.fetch("/api/lessons/official-torts--torts-battery/media/video", {
        headers: { range: `bytes=${start}-${start + 1024 * 1024 - 1}` },
      });
      const reader = r.body!.getReader();
      await reader.read();
      const t = performance.now() - t0;
      await reader.cancel();
      if (r.status !== 206) throw new Error(`media ${r.status}`);
      if (i >= 20) range.push(t);
    }
    const catalog: number[] = [];
    let n = 0;
    for (let i = 0; i < 110; i++) {
      const t0 = performance.now();
      const r = await c.fetch("/api/courses");
      const body = (await r.json()) as { courses: unknown[] };
      if (i >= 10) catalog.push(performance.now() - t0);
      n = body.courses.length;
    }
    const row = (name: string, xs: number[], budget: number) =>
      `${name.padEnd(34)} n=${xs.length}  p50 ${pct(xs, 50).toFixed(1)} ms  p95 ${pct(xs, 95).toFixed(1)} ms  (budget p95 ≤ ${budget} ms)`;
    console.log(`courses bench on ${server.database.kind}, storage ${server.storage.kind}`);
    console.log(row("media Range 1 MB, first byte", range, 50));
    console.log(row(`GET /api/courses (${n} courses)`, catalog, 100));
  } finally {
    await server.close();
  }
}

await main();
