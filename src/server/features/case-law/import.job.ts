/**
 * The `case-law.import` job (issue 12 item 1, issue 11 §5): imports the files an upload streamed
 * to storage (upload.service.ts). Parsing runs in a worker thread (parse-worker.ts); this thread
 * only reads the stored files and writes the opinions. Progress: reading and keying the files
 * 0–45 %, parsing and writing 45–95 %, index upkeep to 100 %. The result is the import report
 * `POST /api/case-law/import` used to answer (`ImportReport`).
 *
 * Files whose opinions share a citation key are merged as in `importOpinions`: a first pass
 * learns each file's keys, a second parses each set of related files together and writes it, so
 * only one set of files is in memory at a time. A single file skips the first pass.
 * The stored files are deleted once the job succeeds, is cancelled, or fails for good.
 * A parsed set stays in the worker; its opinions' text parts and passage batches cross to this
 * thread one statement's worth at a time (opinion-parts.ts), never a whole opinion.
 */
import type { Readable } from "node:stream";
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import type { JobQueue } from "../../jobs/queue";
import { type JobContext, JobAbortedError } from "../../jobs/types";
import type { Storage } from "../../storage/types";
import {
  type ImportedOpinion,
  type ImportReport,
  importReport,
  loadReferenceRows,
  settleIndexes,
  writePrepared,
} from "./import.service";
import { startParseWorker } from "./parse-client";
import { collectBetweenTasks, withTightHeap } from "../../lib/settle-heap";
import type { WorkerFile } from "./parse-worker";

export const CASE_LAW_IMPORT_JOB = "case-law.import";

export interface StoredUpload {
  /** Storage key. */
  key: string;
  /** The file's name as uploaded. */
  name: string;
  /** Bytes. */
  size: number;
}

export interface CaseLawImportPayload {
  files: StoredUpload[];
  /** Whose opinions (null: the shared library). */
  ownerId: string | null;
  subjectId: string | null;
}

async function readAll(body: Readable, size: number): Promise<Uint8Array> {
  const out = new Uint8Array(size);
  let at = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    if (at + chunk.length > out.length) throw new Error("the stored file is larger than recorded");
    out.set(chunk, at);
    at += chunk.length;
  }
  return at === size ? out : out.subarray(0, at);
}

/** Unions files that share a citation key; returns the sets in the order of their first file. */
function relatedSets(files: { file: StoredUpload; keys: string[] }[]): StoredUpload[][] {
  const parent = files.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i];
    return i;
  };
  const owner = new Map<string, number>();
  files.forEach((f, i) => {
    for (const k of f.keys) {
      const j = owner.get(k);
      if (j === undefined) owner.set(k, i);
      else parent[find(i)] = find(j);
    }
  });
  const sets = new Map<number, StoredUpload[]>();
  files.forEach((f, i) => {
    const root = find(i);
    sets.set(root, [...(sets.get(root) ?? []), f.file]);
  });
  return [...sets.values()];
}

/** Imports stored upload files (see the file comment). Throws JobAbortedError when cancelled. */
export async function importStoredFiles(opts: {
  db: Db;
  storage: Storage;
  payload: CaseLawImportPayload;
  ctx: Pick<JobContext, "signal" | "progress">;
  /** Write statement by statement (PGlite: see import.service.ts `writeOpinion`). */
  split?: boolean;
}): Promise<ImportReport> {
  const { db, storage, payload, ctx } = opts;
  const t0 = performance.now();
  const files = payload.files;
  const n = files.length;
  const check = () => {
    if (ctx.signal.aborted) throw new JobAbortedError("cancel");
  };
  const read = async (f: StoredUpload): Promise<WorkerFile> => {
    const obj = await storage.get(f.key);
    return { name: f.name, bytes: await readAll(obj.body, obj.size) };
  };
  const worker = startParseWorker(await loadReferenceRows(db));
  const stop = () => void worker.close();
  ctx.signal.addEventListener("abort", stop, { once: true });
  try {
    const failed: ImportReport["failed"] = [];
    let sets: StoredUpload[][] = [files];
    if (n > 1) {
      const keyed: { file: StoredUpload; keys: string[] }[] = [];
      for (const [i, f] of files.entries()) {
        check();
        await ctx.progress((45 * i) / n, `Reading ${f.name} (${i + 1} of ${n})…`);
        const r = await worker.keys(await read(f), payload.subjectId);
        if (r.ok) keyed.push({ file: f, keys: r.keys });
        else failed.push({ file: f.name, reason: r.reason });
      }
      sets = relatedSets(keyed);
    }
    const imported: ImportedOpinion[] = [];
    let done = 0;
    const total = sets.reduce((s, set) => s + set.length, 0);
    for (const set of sets) {
      check();
      const names = set.map((f) => f.name).join(", ");
      await ctx.progress(45 + (50 * done) / Math.max(1, total), `Importing ${names} (${done + 1} of ${total})…`);
      // The last opinion's write left its garbage in this heap: free it before the worker parses
      // the next set, so the two do not peak together (decision 082).
      collectBetweenTasks();
      const built = await worker.build(await Promise.all(set.map(read)), payload.subjectId);
      try {
        failed.push(...built.failed);
        check();
        // Each opinion's text and passages come from the worker part by part as they are written.
        imported.push(
          ...(await writePrepared({
            db,
            prepared: built.opinions,
            ownerId: payload.ownerId,
            failed,
            split: opts.split,
          })),
        );
      } finally {
        await built.release();
      }
      done += set.length;
    }
    await ctx.progress(95, "Updating the search index…");
    if (imported.length) await settleIndexes(db, { light: opts.split });
    return importReport(imported, failed, n, t0);
  } finally {
    ctx.signal.removeEventListener("abort", stop);
    await worker.close();
  }
}

/** Registers the `case-law.import` handler (boot.ts). */
export function registerCaseLawImportJob(opts: {
  jobs: JobQueue;
  db: Db;
  storage: Storage;
  logger: Logger;
  /** The database kind: on PGlite (one in-process session) opinions are written without a long transaction. */
  kind: "pglite" | "postgres";
}) {
  const removeFiles = async (payload: CaseLawImportPayload) => {
    await Promise.all(payload.files.map((f) => opts.storage.delete(f.key).catch(() => {})));
  };
  opts.jobs.register<CaseLawImportPayload, ImportReport>(
    CASE_LAW_IMPORT_JOB,
    async (ctx) => {
      try {
        // Shorter heap headroom while the job writes (decision 082).
        const report = await withTightHeap(() =>
          importStoredFiles({
            db: opts.db,
            storage: opts.storage,
            payload: ctx.payload,
            ctx,
            split: opts.kind === "pglite",
          }),
        );
        await removeFiles(ctx.payload);
        const m = report.counts;
        await ctx.progress(100, `Imported ${m.opinions} opinion${m.opinions === 1 ? "" : "s"}; ${m.failed} failed.`);
        return report;
      } catch (err) {
        const cancelled = ctx.signal.aborted && (ctx.signal.reason as JobAbortedError)?.reason === "cancel";
        if (cancelled || ctx.attempt >= ctx.maxAttempts) await removeFiles(ctx.payload);
        opts.logger.warn({ err, jobId: ctx.id }, "case-law import failed");
        throw err;
      }
    },
    { maxAttempts: 3 },
  );
}
