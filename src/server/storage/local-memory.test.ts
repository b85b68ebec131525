/**
 * Streaming writes hold no whole file in memory (issue 11 §6): a 200 MB upload to the local
 * backend must not grow the process's resident memory by anywhere near 200 MB.
 */
import { randomFillSync } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, expect, it } from "vitest";
import { createLocalStorage } from "./local";

const root = await mkdtemp(join(tmpdir(), "lexmate-storage-mem-"));
afterAll(() => rm(root, { recursive: true, force: true }));

it("puts a 200 MB stream to local disk with RSS growth well under 100 MB", async () => {
  const total = 200 * 1024 * 1024;
  const chunk = 256 * 1024;
  let sent = 0;
  const source = new Readable({
    read() {
      if (sent >= total) return this.push(null);
      sent += chunk;
      this.push(randomFillSync(Buffer.allocUnsafe(chunk)));
    },
  });
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const info = await createLocalStorage(root).put("big/200mb.bin", source, { maxBytes: total });
    expect(info.size).toBe(total);
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  const growthMb = (peak - before) / 1024 / 1024;
  console.info(`storage: 200 MB put, peak RSS growth ${growthMb.toFixed(1)} MB`);
  expect(growthMb).toBeLessThan(100);
}, 120_000);
