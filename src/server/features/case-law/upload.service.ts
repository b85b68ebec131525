/**
 * `receiveUpload`: streams a multipart case-law upload into storage (issue 12 item 1).
 *
 * The body is parsed with busboy as it arrives; each part named `files` is written straight to
 * storage under `uploads/case-law/<batch>/<n>` while its bytes are counted (`pipeCapped`). Limits
 * are enforced while streaming: at the first byte of a file past `MAX_IMPORT_FILE_BYTES` (20 MB),
 * or of the body past `maxRequestBytes`, reading stops and the request is answered 413 with
 * `Connection: close`, so the rest of the body is never read (a 300 MB file costs 20 MB of
 * reading, not 300). Memory stays at a few chunks whatever the upload size; backpressure from
 * storage pauses the socket.
 * On any refusal every file of the batch is deleted: nothing is stored, nothing imported.
 */
import { randomUUID } from "node:crypto";
import { PassThrough, Readable } from "node:stream";
import busboy from "busboy";
import { z } from "zod";
import { adminReason } from "../../../contract/admin";
import { SUBJECT_IDS } from "../../../contract/content";
import type { JobQueue } from "../../jobs/queue";
import type { SessionUser } from "../../lib/context";
import { CapExceededError, pipeCapped } from "../../lib/capped-stream";
import { AppError } from "../../lib/errors";
import type { Storage } from "../../storage/types";
import { CASE_LAW_IMPORT_JOB, type CaseLawImportPayload, type StoredUpload } from "./import.job";
import { MAX_IMPORT_FILE_BYTES } from "./import-prepare";

/** Files per upload (decision 042: the request limit is 20 files at the per-file limit). */
export const MAX_UPLOAD_FILES = 20;

export interface ReceivedUpload {
  files: StoredUpload[];
  /** Text fields (`subject`, `scope`, `reason`), first value of each. */
  fields: Record<string, string>;
  /** Deletes every stored file of the batch (used when the request is refused after parsing). */
  discard(): Promise<void>;
}

/**
 * Streams `body` (the raw request body) into `storage`. Throws AppError BAD_REQUEST (not
 * multipart), PAYLOAD_TOO_LARGE (a file over 20 MB — "<name> is larger than 20 MB; files can
 * be up to 20 MB." — or the body over `maxRequestBytes`), VALIDATION_FAILED (more than 20 files).
 */
export async function receiveUpload(opts: {
  storage: Storage;
  contentType: string | undefined;
  body: ReadableStream<Uint8Array> | null;
  maxRequestBytes: number;
}): Promise<ReceivedUpload> {
  const { storage } = opts;
  if (!opts.body || !/^multipart\/form-data\b/i.test(opts.contentType ?? ""))
    throw new AppError("BAD_REQUEST", "Send the files as multipart/form-data in the field 'files'.");
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: { "content-type": opts.contentType! },
      limits: { files: MAX_UPLOAD_FILES, fields: 20, fieldSize: 1000, parts: MAX_UPLOAD_FILES + 20 },
    });
  } catch {
    throw new AppError("BAD_REQUEST", "Send the files as multipart/form-data in the field 'files'.");
  }
  const batch = randomUUID();
  const files: StoredUpload[] = [];
  /** One per stored file: resolves with the storage error, or null. */
  const puts: Promise<unknown>[] = [];
  /** One per file part: its copy into storage (`pipeCapped`). */
  const pipes: Promise<number>[] = [];
  const fields: Record<string, string> = {};
  const keys: string[] = [];
  const discard = async () => {
    await Promise.allSettled(puts);
    await Promise.all(keys.map((k) => storage.delete(k).catch(() => {})));
  };
  const source = Readable.fromWeb(opts.body as never);
  let received = 0;

  const done = new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      source.unpipe(bb);
      source.destroy();
      reject(err);
    };
    source.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > opts.maxRequestBytes)
        fail(
          new AppError(
            "PAYLOAD_TOO_LARGE",
            `The request is too large (at most ${Math.round(opts.maxRequestBytes / 1048576)} MB). Send up to 20 files of at most 20 MB each.`,
            undefined,
            { connection: "close" },
          ),
        );
    });
    source.on("error", (err) => fail(new AppError("BAD_REQUEST", `The upload was interrupted: ${err.message}`)));
    bb.on("field", (name, value) => {
      if (!(name in fields)) fields[name] = value;
    });
    bb.on("filesLimit", () =>
      fail(new AppError("VALIDATION_FAILED", `files: send at most ${MAX_UPLOAD_FILES} files at a time.`)),
    );
    bb.on("file", (name, stream, info) => {
      if (name !== "files" || failed) {
        stream.resume();
        return;
      }
      const fileName = (info.filename || "upload").slice(0, 255);
      const key = `uploads/case-law/${batch}/${keys.length}`;
      keys.push(key);
      const out = new PassThrough();
      const piped = pipeCapped(stream, out, MAX_IMPORT_FILE_BYTES);
      pipes.push(piped);
      const put = storage
        .put(key, out, {
          maxBytes: MAX_IMPORT_FILE_BYTES,
          contentType: /^[\w.+-]+\/[\w.+-]+$/.test(info.mimeType) ? info.mimeType : "application/octet-stream",
        })
        .then(
          () => null,
          async (err) => {
            // A file stopped at the cap destroys `out`: the 413 below is the answer, not storage's error.
            if (
              await piped.then(
                () => false,
                (e) => e instanceof CapExceededError,
              )
            )
              return null;
            fail(err);
            return err;
          },
        );
      puts.push(put);
      piped.then(
        (size) => files.push({ key, name: fileName, size }),
        (err) =>
          fail(
            err instanceof CapExceededError
              ? new AppError(
                  "PAYLOAD_TOO_LARGE",
                  `${fileName} is larger than 20 MB; files can be up to 20 MB.`,
                  undefined,
                  {
                    connection: "close",
                  },
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
    const problem = (await Promise.all(puts)).find((e) => e);
    if (problem) throw problem;
  } catch (err) {
    await discard();
    throw err;
  }
  // `files` order: the order the parts arrived.
  files.sort((a, b) => keys.indexOf(a.key) - keys.indexOf(b.key));
  return { files, fields, discard };
}

/**
 * Checks a received upload's fields and enqueues its `case-law.import` job owned by `user`;
 * returns the job id. `scope=library` (administrators) imports into the shared library.
 * Throws (after deleting the stored files) VALIDATION_FAILED (no files, unknown subject) or
 * FORBIDDEN (library import by a non-administrator), VALIDATION_FAILED (library import without a
 * `reason` field, which the caller writes to the admin audit log).
 */
export async function startUploadImport(opts: {
  jobs: JobQueue;
  upload: ReceivedUpload;
  user: SessionUser;
}): Promise<string> {
  const { upload, user } = opts;
  const refuse = async (err: AppError) => {
    await upload.discard();
    throw err;
  };
  if (!upload.files.length)
    return refuse(new AppError("VALIDATION_FAILED", "files: choose at least one file to import."));
  const subject = upload.fields.subject ? z.enum(SUBJECT_IDS).safeParse(upload.fields.subject) : null;
  if (subject && !subject.success) return refuse(new AppError("VALIDATION_FAILED", "subject: not a known subject."));
  const library = upload.fields.scope === "library";
  if (library && !user.isAdmin)
    return refuse(new AppError("FORBIDDEN", "Only an administrator can import into the shared library."));
  // An import into the shared library is an admin action: it needs a reason for the audit log (issue 17 §3).
  if (library && !adminReason.safeParse(upload.fields.reason ?? "").success)
    return refuse(
      new AppError("VALIDATION_FAILED", "reason: say why (at least 3 characters): it is kept in the audit log.", {
        issues: [{ path: "reason", message: "say why (at least 3 characters)" }],
      }),
    );
  const payload: CaseLawImportPayload = {
    files: upload.files,
    ownerId: library ? null : user.id,
    subjectId: subject?.data ?? null,
  };
  return opts.jobs.enqueue(CASE_LAW_IMPORT_JOB, payload, { ownerId: user.id });
}
