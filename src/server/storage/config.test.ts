import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../env";
import { parseStorageUrl } from "./config";

describe("STORAGE_URL", () => {
  it("defaults to local disk under DATA_DIR/files", () => {
    expect(parseStorageUrl(undefined, "/srv/data")).toEqual({ kind: "local", root: join("/srv/data", "files") });
    expect(parseStorageUrl("file:///var/lexmate/files", "/srv/data")).toEqual({
      kind: "local",
      root: "/var/lexmate/files",
    });
  });

  it("reads bucket, prefix, endpoint, region and path style from an s3:// URL", () => {
    expect(
      parseStorageUrl("s3://lexmate-files/uploads/?endpoint=http://127.0.0.1:9000&region=eu-central-1", "."),
    ).toEqual({
      kind: "s3",
      bucket: "lexmate-files",
      prefix: "uploads/",
      endpoint: "http://127.0.0.1:9000",
      region: "eu-central-1",
      forcePathStyle: true,
    });
    expect(parseStorageUrl("s3://lexmate-files", ".")).toEqual({
      kind: "s3",
      bucket: "lexmate-files",
      prefix: "",
      endpoint: undefined,
      region: "us-east-1",
      forcePathStyle: false,
    });
  });

  it.each([
    ["ftp://x", "must start with file:// or s3://"],
    ["s3://AB", "not a valid bucket name"],
    ["s3://key:secret@bucket", "S3_ACCESS_KEY_ID"],
    ["s3://bucket?endpoint=localhost:9000", "endpoint must be"],
    ["s3://bucket?forcePathStyle=yes", "forcePathStyle"],
  ])("stops the boot on %s with one line naming the variable", (value, message) => {
    expect(() => parseEnv({ STORAGE_URL: value })).toThrow(/Invalid configuration: STORAGE_URL: /);
    expect(() => parseEnv({ STORAGE_URL: value })).toThrow(message);
  });

  it("needs both S3 credentials or neither", () => {
    expect(() => parseEnv({ S3_ACCESS_KEY_ID: "abc" })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(parseEnv({ S3_ACCESS_KEY_ID: "abc", S3_SECRET_ACCESS_KEY: "def" }).S3_ACCESS_KEY_ID).toBe("abc");
  });
});
