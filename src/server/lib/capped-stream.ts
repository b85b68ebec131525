/**
 * `pipeCapped`: the one copy loop of streamed uploads (case-law files, outline files; issue 12
 * item 1, decisions 048 and 056). It moves one multipart part into a storage stream while counting
 * its bytes, with backpressure, and stops reading at the cap instead of draining the rest.
 */
import type { Readable, Writable } from "node:stream";

/** The part passed `maxBytes`: nothing after the cap was read. `bytes` is what was counted (> maxBytes). */
export class CapExceededError extends Error {
  constructor(
    readonly maxBytes: number,
    readonly bytes: number,
  ) {
    super(`the stream passed its limit of ${maxBytes} bytes`);
    this.name = "CapExceededError";
  }
}

/**
 * Writes `from` into `to`, counting bytes; `from` is paused while `to` is full (its `drain`
 * resumes it), so memory stays at a few chunks whatever the size.
 *
 * Resolves with the byte count once `from` has ended and `to` has been ended. At the first chunk
 * that takes the count past `maxBytes`: that chunk is not written, `from` is paused for good (the
 * rest of the body is never read, so the caller can answer 413 and close the connection at once),
 * `to` is destroyed (storage drops the partial object) and the promise rejects with
 * `CapExceededError` — before `to`'s destruction is reported, so a caller can tell the cap from
 * a storage failure by awaiting this promise. An error of `from` rejects with that error.
 * `to`'s own errors are its consumer's to handle (storage's `put` does).
 */
export function pipeCapped(from: Readable, to: Writable, maxBytes: number): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let bytes = 0;
    let stopped = false;
    const onDrain = () => {
      if (!stopped) from.resume();
    };
    from.on("data", (chunk: Buffer) => {
      if (stopped) return;
      bytes += chunk.length;
      if (bytes > maxBytes) {
        stopped = true;
        from.pause();
        to.off("drain", onDrain);
        reject(new CapExceededError(maxBytes, bytes));
        to.destroy(new CapExceededError(maxBytes, bytes));
        return;
      }
      if (!to.write(chunk)) {
        from.pause();
        to.once("drain", onDrain);
      }
    });
    from.once("end", () => {
      if (stopped) return;
      stopped = true;
      to.end();
      resolve(bytes);
    });
    from.once("error", (err) => {
      if (stopped) return;
      stopped = true;
      reject(err);
    });
  });
}
