/**
 * File storage (issue 11 §6, decision 048): `createStorage` picks the backend from
 * `STORAGE_URL`; features import the `Storage` type and `serveObject`, never a backend.
 */
import type { Env } from "../env";
import { parseStorageUrl } from "./config";
import { createLocalStorage } from "./local";
import { createS3Storage } from "./s3";
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
  return createS3Storage({ ...config, credentials });
}
