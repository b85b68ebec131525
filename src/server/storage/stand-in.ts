/**
 * TEMPORARY stand-in for the local storage backend (branch `storage` builds the real one, issue 11
 * §6): files under `dir`, streamed, with `maxBytes`. Replaced by the real backend at merge.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError } from "../lib/errors";
import type { Storage } from "./types";

export function createStandInStorage(dir: string): Storage {
  const path = (key: string) => {
    if (!key || key.split("/").some((p) => !p || p === "." || p === "..")) throw new AppError("BAD_REQUEST", "bad key");
    return join(dir, key);
  };
  const info = async (key: string) => {
    try {
      const s = await stat(path(key));
      return { key, size: s.size, contentType: "application/octet-stream", modifiedAt: s.mtime };
    } catch {
      return null;
    }
  };
  return {
    kind: "local",
    async put(key, body, options = {}) {
      const file = path(key);
      await mkdir(dirname(file), { recursive: true });
      const tmp = `${file}.part-${process.pid}-${Date.now()}`;
      let n = 0;
      const max = options.maxBytes ?? Number.POSITIVE_INFINITY;
      const counter = new Transform({
        transform(chunk: Buffer, _e, cb) {
          n += chunk.length;
          if (n > max) cb(new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${max} bytes.`));
          else cb(null, chunk);
        },
      });
      const src = body instanceof Readable ? body : Readable.fromWeb(body as never);
      try {
        await pipeline(src, counter, createWriteStream(tmp));
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      return (await info(key))!;
    },
    async get(key) {
      const i = await info(key);
      if (!i) throw new AppError("NOT_FOUND", "No such file.");
      return { ...i, body: createReadStream(path(key)) };
    },
    head: info,
    async delete(key) {
      await rm(path(key), { force: true });
    },
  };
}
