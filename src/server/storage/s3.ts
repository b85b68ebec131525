/**
 * S3-compatible backend (issue 11 §6, decision 048): AWS S3, MinIO, Ceph, Garage, R2… through
 * `@aws-sdk/client-s3`. Puts stream through `@aws-sdk/lib-storage`'s `Upload`: a body under one
 * part (5 MiB) becomes one PutObject, a longer one a multipart upload with at most two parts
 * in memory at a time; a failed or too-large upload is aborted, so no object appears. The
 * bucket must exist (the operator creates it); keys get the URL's prefix.
 */
import type { Readable } from "node:stream";
import { pipeline } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { AppError } from "../lib/errors";
import { byteLimiter, checkContentType, clampRange, DEFAULT_CONTENT_TYPE, sliceStream, toNodeReadable } from "./common";
import type { StorageConfig } from "./config";
import { validateKey } from "./keys";
import type { ByteRange, ObjectInfo, PutOptions, ReadResult, Storage } from "./types";

/** Part size of multipart uploads (S3's minimum); memory per upload is about two parts. */
const PART_BYTES = 5 * 1024 * 1024;

const isStatus = (e: unknown, status: number) =>
  e instanceof S3ServiceException && e.$metadata.httpStatusCode === status;

export interface S3Options extends Omit<Extract<StorageConfig, { kind: "s3" }>, "kind"> {
  /** From S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY; absent → the AWS SDK's default chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Creates the S3 backend; `client` is exposed for operators' tools and tests. */
export function createS3Storage(opts: S3Options): Storage & { client: S3Client } {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials: opts.credentials,
    // Checksums only where S3 requires them: many S3-compatible servers reject the SDK's newer
    // default (CRC32 trailers on every upload) and the data is already checked by TLS/TCP.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = opts.bucket;
  const objectKey = (key: string) => opts.prefix + validateKey(key);

  async function head(key: string): Promise<ObjectInfo | null> {
    try {
      const r = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      return {
        key,
        size: r.ContentLength ?? 0,
        contentType: r.ContentType || DEFAULT_CONTENT_TYPE,
        modifiedAt: r.LastModified ?? new Date(),
      };
    } catch (e) {
      if (isStatus(e, 404)) return null;
      throw e;
    }
  }

  return {
    kind: "s3",
    client,

    async put(key: string, body: Readable | ReadableStream<Uint8Array>, options: PutOptions = {}): Promise<ObjectInfo> {
      const Key = objectKey(key);
      const ContentType = checkContentType(options.contentType);
      const limiter = byteLimiter(options.maxBytes);
      let streamError: unknown;
      // pipeline (not pipe) so a failing source fails the upload instead of ending it short.
      pipeline(toNodeReadable(body), limiter, (err) => {
        if (err) streamError = err;
      });
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: limiter, ContentType },
        partSize: PART_BYTES,
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (e) {
        limiter.destroy(); // stop reading the source (e.g. the request body) when S3 refused
        // The stream's own error (e.g. PAYLOAD_TOO_LARGE) wins over whatever the abort answered.
        throw streamError ?? e;
      }
      if (streamError) {
        // Defensive: an upload that completed although its stream failed is removed again.
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
        throw streamError;
      }
      const info = await head(key);
      if (!info) throw new AppError("UNAVAILABLE", "File storage lost the object right after writing it");
      return info;
    },

    async get(key: string, options: { range?: ByteRange } = {}): Promise<ReadResult> {
      const Key = objectKey(key);
      const { range } = options;
      if (
        range &&
        (!Number.isSafeInteger(range.start) ||
          !Number.isSafeInteger(range.end) ||
          range.start < 0 ||
          range.end < range.start)
      )
        throw new AppError("BAD_REQUEST", "Invalid byte range");
      try {
        const r = await client.send(
          new GetObjectCommand({ Bucket, Key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        const m = r.ContentRange ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(r.ContentRange) : null;
        const size = m ? Number(m[3]) : (r.ContentLength ?? 0);
        let body = r.Body as Readable;
        let served: ByteRange | undefined;
        if (range) {
          // Serve exactly the asked bytes even from a server that sent more (or ignored Range).
          const sent = m ? { start: Number(m[1]), end: Number(m[2]) } : { start: 0, end: size - 1 };
          try {
            served = clampRange(range, size);
          } catch (e) {
            body.destroy();
            throw e;
          }
          if (sent.start > served.start || sent.end < served.end) {
            body.destroy();
            throw new Error(`S3 answered bytes ${sent.start}-${sent.end} for ${served.start}-${served.end}`);
          }
          if (sent.start !== served.start || sent.end !== served.end)
            body = sliceStream(body, served.start - sent.start, served.end - served.start + 1);
        }
        return {
          key,
          size,
          contentType: r.ContentType || DEFAULT_CONTENT_TYPE,
          modifiedAt: r.LastModified ?? new Date(),
          body,
          range: served,
        };
      } catch (e) {
        if (isStatus(e, 404)) throw new AppError("NOT_FOUND", "File not found");
        if (isStatus(e, 416)) throw new AppError("BAD_REQUEST", "Byte range starts past the end of the object");
        throw e;
      }
    },

    head,

    async delete(key: string): Promise<void> {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
  };
}
