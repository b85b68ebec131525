/**
 * Courses bench (DESIGN.md §6 / issue 15: a media Range request's first byte p95 ≤ 50 ms on
 * local storage; the catalog with 200 courses p95 ≤ 100 ms). Boots the real server on PGlite (or
 * DATABASE_URL), adds 193 courses to the 7 official ones (3 modules × 4 lessons each, a trial
 * student's progress on 20 of them), puts a 20 MB video on a lesson, then times sequentially from
 * one client:
 *  - GET /api/lessons/:id/media/video with a random `Range: bytes=s-(s+1 MB)` until the first
 *    byte of the body arrives (access check + storage head + open)
 *  - GET /api/courses (the whole catalog with the student's enrollments and progress)
 *  - a resumable (tus) upload of a BENCH_UPLOAD_MB (default 500) MB MP4 in 8 MB PATCHes as an
 *    administrator, then the `courses.video` job that copies it into storage and reads its
 *    duration: the process RSS is sampled every 100 ms from before the upload until the job ends
 *    (budget: growth < 100 MB). Server and client share this process, so the figure is an upper
 *    bound for the server; the client sends views of one 8 MB buffer.
 * Run: `npx tsx bench/courses.ts`. Reports; asserts nothing.
 */
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { courseLessons, courseModules, courses, lessonProgress } from "../src/server/db/schema";
import { box, mvhd } from "../tests/helpers/mp4";
import { signedInUser, startTestServer, waitForJob } from "../tests/helpers/server";
import { userIdOf } from "../tests/helpers/users";

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function main() {
  const server = await startTestServer({ RATE_LIMIT_DISABLED: "true", ADMIN_EMAILS: "bench-admin@example.com" });
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
    await uploadBench(server);
  } finally {
    await server.close();
  }
}

/** The tus upload of a big MP4 and the RSS it costs (file comment). */
async function uploadBench(server: Awaited<ReturnType<typeof startTestServer>>) {
  const mb = Number(process.env.BENCH_UPLOAD_MB ?? 500);
  const admin = await signedInUser(server, "bench-admin@example.com");
  const lessonId = "official-torts--torts-assault";
  const CHUNK = 8 * 1024 * 1024;
  const pattern = Buffer.alloc(CHUNK);
  for (let i = 0; i < CHUNK; i++) pattern[i] = (i * 131) & 0xff;
  const mediaBytes = mb * 1024 * 1024;
  const ftyp = box("ftyp", Buffer.from("isom\0\0\x02\0isomiso2mp41", "latin1"));
  const mdatHead = Buffer.alloc(8);
  mdatHead.writeUInt32BE(8 + mediaBytes);
  mdatHead.write("mdat", 4, "latin1");
  const moov = box("moov", mvhd(600, 600 * 1800)); // 30 min
  const parts: Buffer[] = [Buffer.concat([ftyp, mdatHead])];
  for (let left = mediaBytes; left > 0; left -= CHUNK) parts.push(pattern.subarray(0, Math.min(CHUNK, left)));
  parts.push(moov);
  const total = parts.reduce((a, b) => a + b.length, 0);
  const headers = {
    "tus-resumable": "1.0.0",
    origin: server.url,
    cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
  };
  const b64 = (x: string) => Buffer.from(x).toString("base64");
  const created = await fetch(`${server.url}/api/admin/course-uploads`, {
    method: "POST",
    headers: {
      ...headers,
      "upload-length": String(total),
      "upload-metadata": `lessonId ${b64(lessonId)},filetype ${b64("video/mp4")},filename ${b64("bench.mp4")}`,
    },
  });
  if (created.status !== 201) throw new Error(`tus create ${created.status}`);
  const url = new URL(created.headers.get("location")!, server.url).toString();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  const t0 = performance.now();
  let offset = 0;
  let job: string | null = null;
  for (const part of parts) {
    const r = await fetch(url, {
      method: "PATCH",
      headers: { ...headers, "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
      body: part as unknown as BodyInit,
    });
    if (r.status !== 204) throw new Error(`tus patch ${r.status}: ${await r.text()}`);
    offset += part.length;
    job = r.headers.get("lexmate-job") ?? job;
  }
  const uploadS = (performance.now() - t0) / 1000;
  const done = await waitForJob<{ durationS: number | null; bytes: number }>(admin, job!, 600_000);
  const totalS = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const MB = 1024 * 1024;
  console.log(
    `tus upload ${(total / MB).toFixed(0)} MB in 8 MB PATCHes   upload ${uploadS.toFixed(1)} s (${(total / MB / uploadS).toFixed(0)} MB/s), job ${done.state} at ${totalS.toFixed(1)} s, duration read ${done.result?.durationS ?? "none"} s`,
  );
  console.log(
    `RSS during upload + job            before ${(base / MB).toFixed(0)} MB  peak ${(peak / MB).toFixed(0)} MB  growth ${((peak - base) / MB).toFixed(0)} MB  (budget < 100 MB)`,
  );
}

await main();
