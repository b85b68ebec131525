/**
 * Which storage backend to use, from `STORAGE_URL` (decision 048):
 * - unset → local disk under `DATA_DIR/files`;
 * - `file:///absolute/path` → local disk under that folder;
 * - `s3://bucket[/key/prefix]?endpoint=http://host:port&region=us-east-1&forcePathStyle=true` →
 *   S3-compatible object storage. `endpoint` is left out for AWS itself; `region` defaults to
 *   `us-east-1`; `forcePathStyle` defaults to true when an endpoint is given (MinIO, Ceph,
 *   Garage, s3rver…) and false otherwise. Credentials come from `S3_ACCESS_KEY_ID` and
 *   `S3_SECRET_ACCESS_KEY`, else from the AWS SDK's default chain (AWS_* variables, instance
 *   role); they are refused inside the URL so they never show up where a URL is logged.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export type StorageConfig =
  | { kind: "local"; root: string }
  | {
      kind: "s3";
      bucket: string;
      /** Prepended to every key, without leading slash, ending in `/` when not empty. */
      prefix: string;
      endpoint?: string;
      region: string;
      forcePathStyle: boolean;
    };

/** Parses `STORAGE_URL`; throws an Error whose message says what is wrong (env.ts reports it with the variable's name). */
export function parseStorageUrl(value: string | undefined, dataDir: string): StorageConfig {
  if (!value) return { kind: "local", root: join(dataDir, "files") };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error("must be a file:///path or s3://bucket URL");
  }
  if (url.protocol === "file:") return { kind: "local", root: fileURLToPath(url) };
  if (url.protocol !== "s3:") throw new Error("must start with file:// or s3://");
  if (url.username || url.password)
    throw new Error("credentials go in S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, not in the URL");
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error(`'${bucket}' is not a valid bucket name`);
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, "");
  const endpoint = url.searchParams.get("endpoint") || undefined;
  if (endpoint && !/^https?:\/\/[^/]+\/?$/.test(endpoint))
    throw new Error("endpoint must be an http(s)://host[:port] origin");
  const style = url.searchParams.get("forcePathStyle");
  if (style !== null && style !== "true" && style !== "false") throw new Error("forcePathStyle must be true or false");
  return {
    kind: "s3",
    bucket,
    prefix: prefix ? `${prefix}/` : "",
    endpoint,
    region: url.searchParams.get("region") || "us-east-1",
    forcePathStyle: style === null ? Boolean(endpoint) : style === "true",
  };
}
