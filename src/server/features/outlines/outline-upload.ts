/**
 * Streams one outline file of a multipart request into storage (issue 16 §5 import, §7 upload),
 * like the case-law upload (decision 049): busboy parses the body as it arrives, the part named
 * `file` goes straight to storage under `uploads/outlines/<uuid>` while its bytes are counted, and
 * the 20 MB limit bites while streaming (nothing is kept of a refused file). A file whose name is
 * not .docx/.pdf/.md/.markdown/.txt is refused before a byte is stored. Text fields
 * (`subjectId`, `syllabus`) come back too.
 */
import { randomUUID } from "node:crypto";
import { PassThrough, Readable } from "node:stream";
import busboy from "busboy";
import { MAX_OUTLINE_FILE_BYTES, MAX_SYLLABUS_CHARS } from "../../../contract/outline-analyses";
import { CapExceededError, pipeCapped } from "../../lib/capped-stream";
import { AppError } from "../../lib/errors";
import type { Storage } from "../../storage/types";
import { formatOfName, type OutlineFileFormat, unsupportedFile } from "./outline-extract";

export interface ReceivedOutlineFile {
  key: string;
  name: string;
  size: number;
  format: OutlineFileFormat;
  fields: Record<string, string>;
}

/**
 * Throws BAD_REQUEST (not multipart, no `file`, interrupted), UNSUPPORTED_MEDIA_TYPE (another kind
 * of file), PAYLOAD_TOO_LARGE ("<name> is larger than 20 MB; outline files can be up to 20 MB.",
 * at the first byte past the limit: the rest of the body is not read).
 */
export async function receiveOutlineFile(o: {
  storage: Storage;
  contentType: string | undefined;
  body: ReadableStream<Uint8Array> | null;
}): Promise<ReceivedOutlineFile> {
  const usage = "Send the outline as multipart/form-data in the field 'file'.";
  if (!o.body || !/^multipart\/form-data\b/i.test(o.contentType ?? "")) throw new AppError("BAD_REQUEST", usage);
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: { "content-type": o.contentType! },
      limits: { files: 1, fields: 10, fieldSize: MAX_SYLLABUS_CHARS * 4, parts: 12 },
    });
  } catch {
    throw new AppError("BAD_REQUEST", usage);
  }
  const key = `uploads/outlines/${randomUUID()}`;
  const fields: Record<string, string> = {};
  let file: ReceivedOutlineFile | null = null;
  let put: Promise<unknown> | null = null;
  const pipes: Promise<number>[] = [];
  const source = Readable.fromWeb(o.body as never);
  const done = new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      source.unpipe(bb);
      source.destroy();
      reject(err);
    };
    source.on("error", (err) => fail(new AppError("BAD_REQUEST", `The upload was interrupted: ${err.message}`)));
    bb.on("field", (name, value) => {
      if (!(name in fields)) fields[name] = value;
    });
    bb.on("file", (name, stream, info) => {
      if (name !== "file" || failed || file || put) {
        stream.resume();
        return;
      }
      const fileName = (info.filename || "outline").slice(0, 255);
      const format = formatOfName(fileName);
      if (!format) {
        stream.resume();
        fail(unsupportedFile(fileName));
        return;
      }
      const out = new PassThrough();
      const piped = pipeCapped(stream, out, MAX_OUTLINE_FILE_BYTES);
      pipes.push(piped);
      put = o.storage.put(key, out, { maxBytes: MAX_OUTLINE_FILE_BYTES, contentType: "application/octet-stream" }).then(
        () => null,
        async (err) => {
          // A file stopped at the cap destroys `out`: the 413 below is the answer, not storage's error.
          if (
            !(await piped.then(
              () => false,
              (e) => e instanceof CapExceededError,
            ))
          )
            fail(err);
          return err;
        },
      );
      piped.then(
        (size) => {
          file = { key, name: fileName, size, format, fields };
        },
        (err) =>
          fail(
            err instanceof CapExceededError
              ? new AppError(
                  "PAYLOAD_TOO_LARGE",
                  `${fileName} is larger than 20 MB; outline files can be up to 20 MB.`,
                  undefined,
                  { connection: "close" },
                )
              : new AppError("BAD_REQUEST", `The upload was interrupted: ${(err as Error).message}`),
          ),
      );
    });
    bb.on("error", () => fail(new AppError("BAD_REQUEST", "The multipart body could not be read.")));
    // A part's last chunk can pass its cap just before busboy closes: settle every part first.
    bb.on(
      "close",
      () =>
        void Promise.allSettled(pipes).then(() => {
          if (!failed) resolve();
        }),
    );
    source.pipe(bb);
  });
  try {
    await done;
    if (put && (await put)) throw await put;
  } catch (err) {
    if (put) await Promise.resolve(put).catch(() => {});
    await o.storage.delete(key).catch(() => {});
    throw err;
  }
  if (!file) throw new AppError("BAD_REQUEST", `Choose an outline file. ${usage}`);
  return file;
}

/** Reads a stored file back into memory (outline files are at most 20 MB). */
export async function readStored(storage: Storage, key: string): Promise<Uint8Array> {
  const obj = await storage.get(key);
  const chunks: Buffer[] = [];
  for await (const c of obj.body as AsyncIterable<Buffer>) chunks.push(Buffer.from(c));
  return new Uint8Array(Buffer.concat(chunks));
}
