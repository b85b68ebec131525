/**
 * The same cases run against every backend (issue 11 §6): local disk in a temp folder, and S3
 * against a real S3-compatible server (s3rver, file-backed, in this process) on 127.0.0.1,
 * reached through `createStorage` with an `s3://` STORAGE_URL.
 */
import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { AddressInfo } from "node:net";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../lib/errors";
import { parseStorageUrl } from "./config";
import { createStorage } from "./index";
import { createLocalStorage } from "./local";
import { createS3Storage } from "./s3";
import { serveObject } from "./serve";
import type { Storage } from "./types";

/** Deterministic pseudo-random bytes, generated chunk by chunk (never held whole). */
function generated(totalBytes: number, seed = 1, chunkBytes = 64 * 1024): Readable {
  let sent = 0;
  let x = seed >>> 0 || 1;
  return new Readable({
    read() {
      if (sent >= totalBytes) return this.push(null);
      const n = Math.min(chunkBytes, totalBytes - sent);
      const buf = Buffer.allocUnsafe(n);
      for (let i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        buf[i] = x & 0xff;
      }
      sent += n;
      this.push(buf);
    },
  });
}

async function collect(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

async function sha256(stream: Readable): Promise<string> {
  const h = createHash("sha256");
  for await (const chunk of stream) h.update(chunk as Buffer);
  return h.digest("hex");
}

async function appError(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

interface Backend {
  name: string;
  setup(): Promise<{
    storage: Storage;
    /** What a refused upload could have left: temp files (local) or objects under `limit/too-big` (S3). */
    leftovers(): Promise<string[]>;
    /** S3 only: the commands the client sent, in order. */
    sent?: string[];
    close(): Promise<void>;
  }>;
}

const backends: Backend[] = [
  {
    name: "local",
    async setup() {
      const root = await mkdtemp(join(tmpdir(), "lexmate-storage-"));
      const storage = createLocalStorage(root);
      return {
        storage,
        /** Temp files still in the upload folder. */
        leftovers: async () => readdir(join(root, ".tmp")).catch(() => []),
        close: () => rm(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: "s3",
    async setup() {
      const dir = await mkdtemp(join(tmpdir(), "lexmate-s3rver-"));
      const server = new S3rver({
        address: "127.0.0.1",
        port: 0,
        silent: true,
        directory: dir,
        configureBuckets: [{ name: "lexmate-test" }],
      });
      const { port } = await server.run();
      const config = parseStorageUrl(`s3://lexmate-test/tenant-a?endpoint=http://127.0.0.1:${port}`, dir);
      if (config.kind !== "s3") throw new Error("expected an s3 config");
      const storage = createS3Storage({ ...config, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });
      const { client } = storage;
      const sent: string[] = [];
      client.middlewareStack.add(
        (next, context) => (args) => {
          sent.push(context.commandName ?? "?");
          return next(args);
        },
        { step: "initialize" },
      );
      return {
        storage,
        sent,
        leftovers: async () => {
          const r = await client.send(
            new ListObjectsV2Command({ Bucket: "lexmate-test", Prefix: "tenant-a/limit/too-big" }),
          );
          return (r.Contents ?? []).map((o) => o.Key ?? "");
        },
        close: async () => {
          client.destroy();
          await server.close();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  },
];

describe.each(backends)("storage: $name", (backend) => {
  let storage: Storage;
  let ctx: Awaited<ReturnType<Backend["setup"]>>;
  beforeAll(async () => {
    ctx = await backend.setup();
    storage = ctx.storage;
  });
  afterAll(async () => ctx?.close());

  it("streams a multi-MB object in and out unchanged", async () => {
    const size = 12 * 1024 * 1024 + 123;
    const info = await storage.put("big/round-trip.bin", generated(size, 7), { contentType: "application/pdf" });
    expect(info).toMatchObject({ key: "big/round-trip.bin", size, contentType: "application/pdf" });
    const got = await storage.get("big/round-trip.bin");
    expect(got.size).toBe(size);
    expect(got.range).toBeUndefined();
    expect(await sha256(got.body)).toBe(await sha256(generated(size, 7)));
  });

  it("accepts a web ReadableStream body (a request body)", async () => {
    const body = new Response("hello web stream").body as ReadableStream<Uint8Array>;
    await storage.put("web.txt", body, { contentType: "text/plain" });
    expect((await collect((await storage.get("web.txt")).body)).toString()).toBe("hello web stream");
  });

  it("refuses a stream over the size limit mid-way and leaves no object behind", async () => {
    const e = await appError(storage.put("limit/too-big.bin", generated(3 * 1024 * 1024), { maxBytes: 1024 * 1024 }));
    expect(e.code).toBe("PAYLOAD_TOO_LARGE");
    expect(e.status).toBe(413);
    expect(await storage.head("limit/too-big.bin")).toBeNull();
    expect(await ctx.leftovers()).toEqual([]);
    // Exactly at the limit is fine.
    const ok = await storage.put("limit/exact.bin", generated(1024 * 1024), { maxBytes: 1024 * 1024 });
    expect(ok.size).toBe(1024 * 1024);
  });

  it("aborts a multipart-sized upload that crosses the limit after several parts", async () => {
    const from = ctx.sent?.length ?? 0;
    const e = await appError(
      storage.put("limit/too-big-multipart.bin", generated(13 * 1024 * 1024), { maxBytes: 11 * 1024 * 1024 }),
    );
    expect(e.code).toBe("PAYLOAD_TOO_LARGE");
    expect(await storage.head("limit/too-big-multipart.bin")).toBeNull();
    expect(await ctx.leftovers()).toEqual([]);
    if (ctx.sent) {
      const sent = ctx.sent.slice(from);
      expect(sent).toContain("UploadPartCommand");
      expect(sent).toContain("AbortMultipartUploadCommand");
      expect(sent).not.toContain("CompleteMultipartUploadCommand");
    }
  });

  it("leaves nothing behind when the source fails mid-stream (a dropped upload)", async () => {
    let n = 0;
    const dropped = new Readable({
      read() {
        if (++n > 20) this.destroy(new Error("client went away"));
        else this.push(Buffer.alloc(64 * 1024, n));
      },
    });
    await expect(storage.put("limit/too-big-dropped.bin", dropped)).rejects.toThrow("client went away");
    expect(await storage.head("limit/too-big-dropped.bin")).toBeNull();
    expect(await ctx.leftovers()).toEqual([]);
  });

  it("keeps the previous version when a replacement is too large", async () => {
    await storage.put("limit/keep.txt", Readable.from([Buffer.from("old version")]), { contentType: "text/plain" });
    const e = await appError(storage.put("limit/keep.txt", generated(200_000), { maxBytes: 100_000 }));
    expect(e.code).toBe("PAYLOAD_TOO_LARGE");
    const got = await storage.get("limit/keep.txt");
    expect((await collect(got.body)).toString()).toBe("old version");
    expect(got.contentType).toBe("text/plain");
  });

  it("reads byte ranges, clamping the end to the last byte", async () => {
    const data = Buffer.from("0123456789abcdefghij");
    await storage.put("range.txt", Readable.from([data]));
    const mid = await storage.get("range.txt", { range: { start: 3, end: 7 } });
    expect(mid.range).toEqual({ start: 3, end: 7 });
    expect(mid.size).toBe(20);
    expect((await collect(mid.body)).toString()).toBe("34567");
    const first = await storage.get("range.txt", { range: { start: 0, end: 0 } });
    expect(first.range).toEqual({ start: 0, end: 0 });
    expect((await collect(first.body)).toString()).toBe("0");
    const tail = await storage.get("range.txt", { range: { start: 15, end: 1000 } });
    expect(tail.range).toEqual({ start: 15, end: 19 });
    expect((await collect(tail.body)).toString()).toBe("fghij");
    expect((await appError(storage.get("range.txt", { range: { start: 20, end: 25 } }))).code).toBe("BAD_REQUEST");
    expect((await appError(storage.get("range.txt", { range: { start: 5, end: 2 } }))).code).toBe("BAD_REQUEST");
  });

  it("heads, replaces and deletes objects", async () => {
    expect(await storage.head("gone.txt")).toBeNull();
    await storage.put("gone.txt", Readable.from([Buffer.from("first")]), { contentType: "text/plain" });
    const info = await storage.head("gone.txt");
    expect(info).toMatchObject({ key: "gone.txt", size: 5, contentType: "text/plain" });
    expect(info?.modifiedAt).toBeInstanceOf(Date);
    expect(Math.abs((info?.modifiedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    await storage.put("gone.txt", Readable.from([Buffer.from("second!")]), { contentType: "text/markdown" });
    expect(await storage.head("gone.txt")).toMatchObject({ size: 7, contentType: "text/markdown" });
    await storage.delete("gone.txt");
    expect(await storage.head("gone.txt")).toBeNull();
    expect((await appError(storage.get("gone.txt"))).code).toBe("NOT_FOUND");
    await storage.delete("gone.txt"); // absent: not an error
  });

  it("stores each object's content type, defaulting to application/octet-stream", async () => {
    await storage.put("types/a.pdf", Readable.from([Buffer.from("%PDF")]), { contentType: "application/pdf" });
    await storage.put("types/b.txt", Readable.from([Buffer.from("b")]), { contentType: "text/plain; charset=utf-8" });
    await storage.put("types/c", Readable.from([Buffer.from("c")]));
    const pdf = await storage.get("types/a.pdf");
    pdf.body.destroy();
    expect(pdf.contentType).toBe("application/pdf");
    expect((await storage.head("types/b.txt"))?.contentType).toBe("text/plain; charset=utf-8");
    expect((await storage.head("types/c"))?.contentType).toBe("application/octet-stream");
    const bad = await appError(
      storage.put("types/d", Readable.from([Buffer.from("d")]), { contentType: "text/html\r\nX: y" }),
    );
    expect(bad.code).toBe("BAD_REQUEST");
    expect(await storage.head("types/d")).toBeNull();
  });

  it.each([
    "",
    "../escape.txt",
    "a/../../escape.txt",
    "/etc/passwd",
    "a//b",
    "a/",
    ".meta/x.json",
    "a/.tmp/x",
    "a\\..\\b",
    "C:/x",
    "nul\u0000byte",
    "x".repeat(1025),
  ])("refuses the key %# on every operation", async (key) => {
    for (const op of [
      () => storage.put(key, Readable.from([Buffer.from("x")])),
      () => storage.get(key),
      () => storage.head(key),
      () => storage.delete(key),
    ]) {
      expect((await appError(op())).code).toBe("BAD_REQUEST");
    }
  });

  describe("serveObject", () => {
    const app = new Hono();
    app.get("/files/*", (c) => serveObject(c, storage, c.req.path.slice("/files/".length)));
    app.onError((err, c) =>
      err instanceof AppError
        ? c.json({ error: { code: err.code, message: err.message } }, err.status as 400)
        : c.json({ error: { code: "INTERNAL", message: String(err) } }, 500),
    );
    const body = "0123456789abcdefghij"; // 20 bytes

    beforeAll(async () => {
      await storage.put("serve/doc.txt", Readable.from([Buffer.from(body)]), { contentType: "text/plain" });
    });

    it("answers 200 with the whole object, its length and type, and Accept-Ranges", async () => {
      const res = await app.request("/files/serve/doc.txt");
      expect(res.status).toBe(200);
      expect(res.headers.get("accept-ranges")).toBe("bytes");
      expect(res.headers.get("content-length")).toBe("20");
      expect(res.headers.get("content-type")).toBe("text/plain");
      expect(res.headers.get("content-range")).toBeNull();
      expect(await res.text()).toBe(body);
    });

    it.each([
      ["bytes=2-5", "bytes 2-5/20", "2345"],
      ["bytes=15-", "bytes 15-19/20", "fghij"],
      ["bytes=-3", "bytes 17-19/20", "hij"],
      ["bytes=-50", "bytes 0-19/20", body],
      ["bytes=18-99", "bytes 18-19/20", "ij"],
      ["bytes=0-0", "bytes 0-0/20", "0"],
    ])("answers %s with 206 and Content-Range %s", async (range, contentRange, text) => {
      const res = await app.request("/files/serve/doc.txt", { headers: { Range: range } });
      expect(res.status).toBe(206);
      expect(res.headers.get("content-range")).toBe(contentRange);
      expect(res.headers.get("content-length")).toBe(String(text.length));
      expect(res.headers.get("accept-ranges")).toBe("bytes");
      expect(res.headers.get("content-type")).toBe("text/plain");
      expect(await res.text()).toBe(text);
    });

    it.each(["bytes=20-", "bytes=25-30", "bytes=-0"])("answers the unsatisfiable %s with 416", async (range) => {
      const res = await app.request("/files/serve/doc.txt", { headers: { Range: range } });
      expect(res.status).toBe(416);
      expect(res.headers.get("content-range")).toBe("bytes */20");
      expect(await res.text()).toBe("");
    });

    it.each(["bytes=0-1,4-5", "items=0-5", "bytes=5-2", "bytes=abc"])(
      "ignores the range %s and sends it all",
      async (range) => {
        const res = await app.request("/files/serve/doc.txt", { headers: { Range: range } });
        expect(res.status).toBe(200);
        expect(await res.text()).toBe(body);
      },
    );

    it("sends the whole object when If-Range does not match Last-Modified", async () => {
      const stale = await app.request("/files/serve/doc.txt", {
        headers: { Range: "bytes=0-1", "If-Range": "Wed, 21 Oct 2015 07:28:00 GMT" },
      });
      expect(stale.status).toBe(200);
      expect(await stale.text()).toBe(body);
      const lastModified = stale.headers.get("last-modified") ?? "";
      const fresh = await app.request("/files/serve/doc.txt", {
        headers: { Range: "bytes=0-1", "If-Range": lastModified },
      });
      expect(fresh.status).toBe(206);
      expect(await fresh.text()).toBe("01");
    });

    it("answers HEAD with the headers and no body", async () => {
      const res = await app.request("/files/serve/doc.txt", { method: "HEAD" });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-length")).toBe("20");
      expect(res.headers.get("accept-ranges")).toBe("bytes");
      expect(res.headers.get("content-type")).toBe("text/plain");
      expect(await res.text()).toBe("");
      const ranged = await app.request("/files/serve/doc.txt", { method: "HEAD", headers: { Range: "bytes=-4" } });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get("content-range")).toBe("bytes 16-19/20");
      expect(ranged.headers.get("content-length")).toBe("4");
    });

    it("answers a missing object with 404 and a bad key with 400", async () => {
      const missing = await app.request("/files/serve/none.txt");
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
      const bad = await app.request("/files/serve/.meta/doc.txt.json");
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("BAD_REQUEST");
    });

    it("serves ranges over a real HTTP connection", async () => {
      const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
        const srv = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(srv));
      });
      try {
        const { port } = server.address() as AddressInfo;
        const res = await fetch(`http://127.0.0.1:${port}/files/serve/doc.txt`, { headers: { Range: "bytes=4-9" } });
        expect(res.status).toBe(206);
        expect(res.headers.get("content-range")).toBe("bytes 4-9/20");
        expect(res.headers.get("content-length")).toBe("6");
        expect(await res.text()).toBe("456789");
        const head = await fetch(`http://127.0.0.1:${port}/files/serve/doc.txt`, { method: "HEAD" });
        expect(head.status).toBe(200);
        expect(head.headers.get("content-length")).toBe("20");
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it("answers 416 for any range of an empty object", async () => {
      await storage.put("serve/empty", Readable.from([]));
      const res = await app.request("/files/serve/empty", { headers: { Range: "bytes=0-" } });
      expect(res.status).toBe(416);
      expect(res.headers.get("content-range")).toBe("bytes */0");
      const whole = await app.request("/files/serve/empty");
      expect(whole.status).toBe(200);
      expect(whole.headers.get("content-length")).toBe("0");
    });
  });
});

describe("storage: local paths", () => {
  it("refuses a key whose path crosses another object with CONFLICT, not a 500", async () => {
    const root = await mkdtemp(join(tmpdir(), "lexmate-storage-"));
    try {
      const storage = createLocalStorage(root);
      await storage.put("dir/file", Readable.from([Buffer.from("x")]));
      expect((await appError(storage.put("dir", Readable.from([Buffer.from("y")])))).code).toBe("CONFLICT");
      expect((await appError(storage.put("dir/file/below", Readable.from([Buffer.from("z")])))).code).toBe("CONFLICT");
      expect(await storage.head("dir")).toBeNull();
      expect((await appError(storage.get("dir"))).code).toBe("NOT_FOUND");
      await storage.delete("dir"); // a folder of other keys is not an object: nothing to delete
      expect(await readdir(join(root, ".tmp"))).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe("createStorage", () => {
  it("defaults to local disk under DATA_DIR/files", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "lexmate-storage-"));
    try {
      const storage = createStorage({ env: {}, dataDir });
      expect(storage.kind).toBe("local");
      await storage.put("a/b.txt", Readable.from([Buffer.from("on disk")]));
      expect(await readdir(join(dataDir, "files", "a"))).toEqual(["b.txt"]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("builds the S3 backend from STORAGE_URL and the S3_* credentials", async () => {
    const dir = await mkdtemp(join(tmpdir(), "lexmate-s3rver-"));
    const server = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: "via-env" }],
    });
    const { port } = await server.run();
    try {
      const storage = createStorage({
        env: {
          STORAGE_URL: `s3://via-env/some/prefix?endpoint=http://127.0.0.1:${port}`,
          S3_ACCESS_KEY_ID: "S3RVER",
          S3_SECRET_ACCESS_KEY: "S3RVER",
        },
        dataDir: dir,
      });
      expect(storage.kind).toBe("s3");
      await storage.put("x.txt", Readable.from([Buffer.from("in the bucket")]), { contentType: "text/plain" });
      expect(await storage.head("x.txt")).toMatchObject({ size: 13, contentType: "text/plain" });
      // The prefix from the URL is where the object lands.
      const direct = createS3Storage({
        bucket: "via-env",
        prefix: "",
        endpoint: `http://127.0.0.1:${port}`,
        region: "us-east-1",
        forcePathStyle: true,
        credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      });
      expect((await direct.head("some/prefix/x.txt"))?.size).toBe(13);
      direct.client.destroy();
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
