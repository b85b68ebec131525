/**
 * Local-disk backend (issue 11 §6, decision 048): objects are plain files under `root`
 * (default `DATA_DIR/files`), so `root/<key>` is the object itself; its content type lives in a
 * sidecar `root/.meta/<key>.json`; uploads stream into `root/.tmp/` and are renamed into place,
 * so a reader never sees half a file and a failed or too-large upload leaves nothing behind.
 * Keys may not start a segment with a dot (keys.ts), so no key reaches `.meta` or `.tmp`.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError } from "../lib/errors";
import { byteLimiter, checkContentType, clampRange, DEFAULT_CONTENT_TYPE, toNodeReadable } from "./common";
import { validateKey } from "./keys";
import type { ByteRange, ObjectInfo, PutOptions, ReadResult, Storage } from "./types";

interface Meta {
  contentType: string;
}

const codeOf = (e: unknown) => (e as NodeJS.ErrnoException | undefined)?.code;

/** Creates the local backend rooted at `root` (created on first write). */
export function createLocalStorage(root: string): Storage {
  const dataPath = (key: string) => join(root, validateKey(key));
  const metaPath = (key: string) => join(root, ".meta", `${key}.json`);
  const tmpDir = join(root, ".tmp");

  async function readMeta(key: string): Promise<Meta> {
    try {
      const meta = JSON.parse(await readFile(metaPath(key), "utf8")) as Partial<Meta>;
      return { contentType: meta.contentType || DEFAULT_CONTENT_TYPE };
    } catch (e) {
      if (codeOf(e) === "ENOENT" || e instanceof SyntaxError) return { contentType: DEFAULT_CONTENT_TYPE };
      throw e;
    }
  }

  /** A key whose path crosses an existing file, or names a folder of other keys, cannot be written. */
  function conflict(e: unknown, key: string): unknown {
    const code = codeOf(e);
    if (code === "EEXIST" || code === "ENOTDIR" || code === "EISDIR" || code === "ENOTEMPTY")
      return new AppError("CONFLICT", `Storage key '${key}' collides with another object's path`);
    return e;
  }

  return {
    kind: "local",

    async put(key: string, body: Readable | ReadableStream<Uint8Array>, options: PutOptions = {}): Promise<ObjectInfo> {
      const target = dataPath(key);
      const contentType = checkContentType(options.contentType);
      await mkdir(tmpDir, { recursive: true });
      const tmp = join(tmpDir, randomUUID());
      const tmpMeta = `${tmp}.json`;
      try {
        // flush: fsync before close, so the rename below never publishes a file whose bytes are not on disk.
        await pipeline(
          toNodeReadable(body),
          byteLimiter(options.maxBytes),
          createWriteStream(tmp, { flags: "wx", flush: true }),
        );
        await writeFile(tmpMeta, JSON.stringify({ contentType } satisfies Meta));
        await mkdir(dirname(target), { recursive: true });
        await mkdir(dirname(metaPath(key)), { recursive: true });
        await rename(tmp, target);
        await rename(tmpMeta, metaPath(key));
      } catch (e) {
        await rm(tmp, { force: true });
        await rm(tmpMeta, { force: true });
        throw conflict(e, key);
      }
      const s = await stat(target);
      return { key, size: s.size, contentType, modifiedAt: s.mtime };
    },

    async get(key: string, options: { range?: ByteRange } = {}): Promise<ReadResult> {
      const path = dataPath(key);
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        // Opening first pins this version of the file: a concurrent put renames a new inode in.
        handle = await open(path, "r");
      } catch (e) {
        const code = codeOf(e);
        if (code === "ENOENT" || code === "ENOTDIR") throw new AppError("NOT_FOUND", "File not found");
        throw e;
      }
      try {
        const s = await handle.stat();
        if (!s.isFile()) throw new AppError("NOT_FOUND", "File not found");
        const range = options.range ? clampRange(options.range, s.size) : undefined;
        const { contentType } = await readMeta(key);
        const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
        return { key, size: s.size, contentType, modifiedAt: s.mtime, body, range };
      } catch (e) {
        await handle.close();
        throw e;
      }
    },

    async head(key: string): Promise<ObjectInfo | null> {
      const path = dataPath(key);
      try {
        const s = await stat(path);
        if (!s.isFile()) return null;
        const { contentType } = await readMeta(key);
        return { key, size: s.size, contentType, modifiedAt: s.mtime };
      } catch (e) {
        const code = codeOf(e);
        if (code === "ENOENT" || code === "ENOTDIR") return null;
        throw e;
      }
    },

    async delete(key: string): Promise<void> {
      const path = dataPath(key);
      for (const p of [path, metaPath(key)]) {
        try {
          await unlink(p);
        } catch (e) {
          const code = codeOf(e);
          if (code !== "ENOENT" && code !== "ENOTDIR" && code !== "EISDIR") throw e;
        }
      }
    },
  };
}
