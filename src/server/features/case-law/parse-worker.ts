/**
 * The parse worker of case-law uploads (issue 12 item 1): a `worker_threads` entry that does the
 * CPU-heavy part of an import — decoding, parsing (≈ 5 s for a 20 MB opinion), reconciling with
 * the official briefs, merging excerpts and cutting passages — so the event loop that answers
 * requests never waits for it. The database writes stay in the main thread (parse-client.ts).
 *
 * Messages in: `{ id, op: "keys" | "build", files, subjectId, ref }` (`ref`: the official briefs
 * and subjects, plain rows); out: `{ id, result }` or `{ id, error }`.
 */
import { parentPort } from "node:worker_threads";
import {
  buildReference,
  type Candidate,
  candidatesOf,
  groupAndPrepare,
  type PreparedOpinion,
  type ReferenceRows,
} from "./import-prepare";

export interface WorkerFile {
  name: string;
  bytes: Uint8Array;
}
export type WorkerRequest = {
  id: number;
  op: "keys" | "build";
  files: WorkerFile[];
  subjectId: string | null;
  ref: ReferenceRows;
};
export type KeysResult = { ok: true; keys: string[] } | { ok: false; reason: string };
export interface BuildResult {
  failed: { file: string; reason: string }[];
  prepared: PreparedOpinion[];
}

function handle(req: WorkerRequest): KeysResult | BuildResult {
  const ref = buildReference(req.ref);
  if (req.op === "keys") {
    const f = req.files[0];
    const r = candidatesOf(f.name, f.bytes, ref, req.subjectId);
    return r.ok ? { ok: true, keys: r.candidates.map((c) => c.key) } : r;
  }
  const failed: BuildResult["failed"] = [];
  const candidates: Candidate[] = [];
  for (const f of req.files) {
    const r = candidatesOf(f.name, f.bytes, ref, req.subjectId);
    if (r.ok) candidates.push(...r.candidates);
    else failed.push({ file: f.name, reason: r.reason });
  }
  return { failed, prepared: groupAndPrepare(candidates) };
}

parentPort?.on("message", (req: WorkerRequest) => {
  try {
    parentPort?.postMessage({ id: req.id, result: handle(req) });
  } catch (err) {
    parentPort?.postMessage({ id: req.id, error: (err as Error).message ?? String(err) });
  }
});
