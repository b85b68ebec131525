/**
 * File storage (issue 11 §6, decision 048): `createStorage` picks the backend from
 * `STORAGE_URL`; features import the `Storage` type and `serveObject`, never a backend.
 */
import type { Env } from "../env";
import { parseStorageUrl } from "./config";
import { createLocalStorage } from "./local";
import type { S3Options } from "./s3";
import type { Storage } from "./types";

export { serveObject } from "./serve";
export type { ByteRange, ObjectInfo, PutOptions, ReadResult, Storage } from "./types";

/**
 * The configured backend: local disk under `dataDir/files` (or the `file://` folder of
 * `STORAGE_URL`), or S3 for `s3://…` (config.ts). Creates nothing until the first write.
 * Throws an Error for an invalid `STORAGE_URL` (env.ts already refused one at boot).
 */
export function createStorage(opts: {
  env: Pick<Env, "STORAGE_URL" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY">;
  dataDir: string;
}): Storage {
  const { env } = opts;
  const config = parseStorageUrl(env.STORAGE_URL, opts.dataDir);
  if (config.kind === "local") return createLocalStorage(config.root);
  const credentials =
    env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
      : undefined;
  return lazyS3({ ...config, credentials });
}

/**
 * The S3 backend, loaded on first use: the AWS SDK costs ~0.6 s and ~20 MB at import, which a
 * local-disk install should not pay at boot (DESIGN.md §6 start time and idle memory).
 */
function lazyS3(opts: S3Options): Storage {
  let backend: Promise<Storage> | undefined;
  const load = () => {
    backend ??= import("./s3").then((m) => m.createS3Storage(opts));
    return backend;
  };
  return {
    kind: "s3",
    put: async (key, body, options) => (await load()).put(key, body, options),
    get: async (key, options) => (await load()).get(key, options),
    head: async (key) => (await load()).head(key),
    delete: async (key) => (await load()).delete(key),
  };
}
