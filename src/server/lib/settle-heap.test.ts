import { describe, expect, it } from "vitest";
import { settleHeap } from "./settle-heap";

describe("settleHeap", () => {
  it("collects garbage the process no longer references and reports the RSS before and after", async () => {
    let junk: object[] | null = Array.from({ length: 400_000 }, (_, i) => ({ i, s: `garbage ${i}` }));
    expect(junk.length).toBe(400_000);
    junk = null;
    const usedBefore = process.memoryUsage().heapUsed;
    const settled = await settleHeap();
    expect(settled).toMatchObject({ beforeMb: expect.any(Number), afterMb: expect.any(Number) });
    expect(settled!.longestPauseMs).toBeGreaterThanOrEqual(0);
    // 400,000 small objects are well over 10 MB of heap; all of it is freed.
    expect(usedBefore - process.memoryUsage().heapUsed).toBeGreaterThan(10 * 1024 * 1024);
  });
});
