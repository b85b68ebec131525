/**
 * A server of its own for browser tests that must change data a user cannot (plans, counts):
 * boots the real app on PGlite in a temp DATA_DIR, prints `{"url","dataDir"}` on one line, then
 * runs one JSON command per stdin line and answers one JSON line:
 *   {"cmd":"setPlan","email","plan":"free"|"trial"|"unlimited"}
 *   {"cmd":"setMonthCount","email","count"}   this month's message count (UTC)
 *   {"cmd":"attachVideo","lessonId","videoPath","contentType","durationS","vtt?","transcript?","chapters?"}
 *        a video file (streamed to storage) and WebVTT captions on a course lesson (issue 15)
 * Run with `node --import tsx tests/helpers/e2e-server.ts`; SIGTERM closes it and removes the data.
 */
import { createReadStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import pino from "pino";
import { monthPeriod } from "../../src/domain/plans";
import { boot } from "../../src/server/boot";
import { courseLessons, messageCounts, user } from "../../src/server/db/schema";
import { parseEnv } from "../../src/server/env";
import { setPlan } from "../../src/server/features/billing/subscriptions.service";

const dataDir = mkdtempSync(join(tmpdir(), "lexmate-e2e-own-"));
const server = await boot({
  env: parseEnv({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "production" }),
  logger: pino({ level: "silent" }),
});
const db = server.database.db;
process.stdout.write(`${JSON.stringify({ url: server.url, dataDir })}\n`);

async function userId(email: string): Promise<string> {
  const [u] = await db.select().from(user).where(eq(user.email, email.toLowerCase()));
  if (!u) throw new Error(`no user ${email}`);
  return u.id;
}

for await (const line of createInterface({ input: process.stdin })) {
  try {
    const c = JSON.parse(line) as { cmd: string; email: string; plan?: "free" | "trial" | "unlimited"; count?: number };
    if (c.cmd === "attachVideo") {
      const v = c as unknown as {
        lessonId: string;
        videoPath: string;
        contentType: string;
        durationS: number;
        vtt?: string;
        transcript?: { startS: number; endS: number; text: string }[];
        chapters?: { startS: number; title: string }[];
      };
      const videoKey = `courses/e2e/${v.lessonId}/video`;
      await server.storage.put(videoKey, createReadStream(v.videoPath), { contentType: v.contentType });
      let captionsKey: string | null = null;
      if (v.vtt) {
        captionsKey = `courses/e2e/${v.lessonId}/captions.vtt`;
        await server.storage.put(captionsKey, Readable.from([Buffer.from(v.vtt)]), { contentType: "text/vtt" });
      }
      await db
        .update(courseLessons)
        .set({
          kind: "video",
          videoKey,
          videoContentType: v.contentType,
          durationS: v.durationS,
          captionsKey,
          transcript: v.transcript ?? [],
          chapters: v.chapters ?? [],
        })
        .where(eq(courseLessons.id, v.lessonId));
      process.stdout.write(`${JSON.stringify({ ok: true })}\n`);
      continue;
    }
    const id = await userId(c.email);
    if (c.cmd === "setPlan") await setPlan({ db, userId: id, plan: c.plan ?? "free" });
    else if (c.cmd === "setMonthCount") {
      const { start, end } = monthPeriod(new Date());
      await db
        .insert(messageCounts)
        .values({ userId: id, count: c.count ?? 0, periodStart: start, periodEnd: end })
        .onConflictDoUpdate({
          target: [messageCounts.userId, messageCounts.periodStart],
          set: { count: c.count ?? 0 },
        });
    } else throw new Error(`unknown command ${c.cmd}`);
    process.stdout.write(`${JSON.stringify({ ok: true })}\n`);
  } catch (err) {
    process.stdout.write(`${JSON.stringify({ ok: false, error: (err as Error).message })}\n`);
  }
}

process.on("SIGTERM", () => {
  void server.close().finally(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
