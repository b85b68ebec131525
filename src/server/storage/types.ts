/**
 * File storage (issue 11 §6, DESIGN.md §2 "files"): one interface, two backends chosen by
 * configuration — local disk under `DATA_DIR/files` (default) or S3-compatible object storage
 * (`STORAGE_URL=s3://bucket?endpoint=…`). Keys are relative, `/`-separated, no `..`.
 */
import type { Readable } from "node:stream";

export interface PutOptions {
  /** MIME type stored with the object and sent back on reads. */
  contentType?: string;
  /** Largest accepted size in bytes; a longer stream fails with AppError `PAYLOAD_TOO_LARGE` and leaves no object. */
  maxBytes?: number;
}

export interface ObjectInfo {
  key: string;
  /** Size in bytes. */
  size: number;
  contentType: string;
  /** Last modification, UTC. */
  modifiedAt: Date;
}

/** An inclusive byte range, as in HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ReadResult extends ObjectInfo {
  body: Readable;
  /** The range actually served (absent: the whole object). */
  range?: ByteRange;
}

export interface Storage {
  kind: "local" | "s3";
  /** Streams `body` into `key` without holding it whole in memory; replaces an existing object. */
  put(key: string, body: Readable | ReadableStream<Uint8Array>, options?: PutOptions): Promise<ObjectInfo>;
  /** Streams an object (or a range of it). Throws AppError `NOT_FOUND` when absent. */
  get(key: string, options?: { range?: ByteRange }): Promise<ReadResult>;
  /** The object's metadata, or null when absent. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes an object; absent objects are not an error. */
  delete(key: string): Promise<void>;
}
