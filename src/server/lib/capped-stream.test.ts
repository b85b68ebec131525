import { PassThrough, Readable, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { CapExceededError, pipeCapped } from "./capped-stream";

/** A source of `n` chunks of `size` bytes that counts how many chunks were pulled from it. */
function source(n: number, size: number) {
  const state = { pulled: 0 };
  const stream = Readable.from(
    (function* () {
      for (let i = 0; i < n; i++) {
        state.pulled++;
        yield Buffer.alloc(size, 97);
      }
    })(),
    { objectMode: false },
  );
  return { stream, state };
}

function sink(highWaterMark = 16) {
  const got: Buffer[] = [];
  const out = new Writable({
    highWaterMark,
    write(chunk, _enc, cb) {
      got.push(chunk);
      setImmediate(cb);
    },
  });
  // Storage's put listens for the output's errors; so does this sink.
  out.on("error", () => {});
  return { out, got };
}

describe("pipeCapped", () => {
  it("copies everything up to the cap with backpressure and resolves with the byte count", async () => {
    const { stream } = source(40, 10);
    const { out, got } = sink(16);
    expect(await pipeCapped(stream, out, 400)).toBe(400);
    await new Promise((r) => out.on("finish", r));
    expect(Buffer.concat(got).length).toBe(400);
  });

  it("stops reading at the first chunk past the cap, writes none of it and destroys the output", async () => {
    const { stream, state } = source(1000, 10);
    const { out, got } = sink(1_000_000);
    const err = await pipeCapped(stream, out, 95).catch((e) => e);
    expect(err).toBeInstanceOf(CapExceededError);
    expect(err).toMatchObject({ maxBytes: 95, bytes: 100 });
    expect(Buffer.concat(got).length).toBeLessThanOrEqual(90);
    expect(out.destroyed).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    // Only what the readable buffered ahead was pulled, never the rest of the 10,000 bytes.
    expect(state.pulled).toBeLessThan(30);
  });

  it("rejects with the source's error", async () => {
    const from = new PassThrough();
    const { out } = sink();
    const p = pipeCapped(from, out, 100);
    from.destroy(new Error("socket hang up"));
    await expect(p).rejects.toThrow("socket hang up");
  });
});
