/**
 * A real WebM made at test time in Chromium (issue 15 "Done when": tests generate a small real
 * video): an animated canvas recorded with MediaRecorder. Used by courses.spec.ts (playback) and
 * courses-poster.spec.ts (the editor's duration and poster frame).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";

/** A real WebM of `seconds` recorded from an animated canvas with the browser's MediaRecorder. */
export async function recordWebm(page: Page, seconds: number): Promise<string> {
  const b64 = await page.evaluate(async (ms) => {
    const canvas = document.createElement("canvas");
    canvas.width = 160;
    canvas.height = 90;
    const ctx = canvas.getContext("2d")!;
    const stream = canvas.captureStream(15);
    const rec = new MediaRecorder(stream, { mimeType: "video/webm" });
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((r) => (rec.onstop = r));
    rec.start(250);
    const t0 = performance.now();
    await new Promise<void>((done) => {
      const frame = () => {
        const t = performance.now() - t0;
        ctx.fillStyle = `hsl(${(t / 10) % 360} 70% 50%)`;
        ctx.fillRect(0, 0, 160, 90);
        ctx.fillStyle = "#fff";
        ctx.fillText(`${(t / 1000).toFixed(1)} s`, 60, 50);
        if (t < ms) requestAnimationFrame(frame);
        else done();
      };
      frame();
    });
    rec.stop();
    await stopped;
    const buf = new Uint8Array(await new Blob(chunks, { type: "video/webm" }).arrayBuffer());
    let s = "";
    for (const b of buf) s += String.fromCharCode(b);
    return btoa(s);
  }, seconds * 1000);
  const file = join(mkdtempSync(join(tmpdir(), "lexmate-video-")), "lesson.webm");
  writeFileSync(file, Buffer.from(b64, "base64"));
  return file;
}
