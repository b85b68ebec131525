/**
 * The parse worker of case-law uploads (issue 12 item 1): a `worker_threads` entry that does the
 * CPU-heavy part of an import — decoding, parsing (≈ 5 s for a 20 MB opinion), reconciling with
 * the official briefs, merging excerpts and cutting passages — so the event loop that answers
 * requests never waits for it. The database writes stay in the main thread (parse-client.ts).
 *
 * A build's opinions stay with the worker: it answers their heads, and the main thread then asks
 * for their text parts and passage batches one at a time while it writes them (opinion-parts.ts),
 * so no message carries a whole 20 MB opinion; `release` drops them. A build is written to an
 * unlinked temporary file as UTF-8 (decision 082; held in memory before, decision 077), and text
 * parts cross as transferred bytes.
 *
 * Messages in: `WorkerRequest` (`ref`: the official briefs and subjects, plain rows); out:
 * `{ id, result }` or `{ id, error }`.
 */
import { parentPort } from "node:worker_threads";
import { collectNow } from "../../lib/settle-heap";
import {
  buildReference,
  type Candidate,
  candidatesOf,
  groupAndPrepare,
  type ReferenceRows,
  sizeProblem,
} from "./import-prepare";
import { decodeOpinionFile } from "./opinion-file";
import { type BytePart, type HeldOpinion, type OpinionHead, SpillFile, spillOpinion } from "./opinion-parts";

export interface WorkerFile {
  name: string;
  bytes: Uint8Array;
}
export type WorkerRequest =
  | { id: number; op: "keys" | "build"; files: WorkerFile[]; subjectId: string | null; ref: ReferenceRows }
  /** Row `index` of the texts of opinion `opinion` of build `build`. */
  | { id: number; op: "part"; build: number; opinion: number; index: number }
  /** Passages of opinion `opinion` of build `build` from `from` (one batch). */
  | { id: number; op: "passages"; build: number; opinion: number; from: number }
  /** Forget build `build`. */
  | { id: number; op: "release"; build: number };
export type KeysResult = { ok: true; keys: string[] } | { ok: false; reason: string };
/** A build's answer: its opinions' heads; their parts stay here until released (`build` = the request id). */
export interface BuildResult {
  failed: { file: string; reason: string }[];
  heads: OpinionHead[];
}

const EMPTY = new Uint8Array(0);

/** Builds whose parts the main thread has not released yet, by request id. */
const held = new Map<number, { opinions: HeldOpinion[]; spill: SpillFile }>();

function opinionOf(build: number, opinion: number) {
  const o = held.get(build)?.opinions[opinion];
  if (!o) throw new Error("the parsed opinion is no longer held by the parse worker");
  return o;
}

function handle(req: WorkerRequest): unknown {
  if (req.op === "part") return opinionOf(req.build, req.opinion).part(req.index);
  if (req.op === "passages") return opinionOf(req.build, req.opinion).passages(req.from);
  if (req.op === "release") {
    held.get(req.build)?.spill.close();
    return void held.delete(req.build);
  }
  const ref = buildReference(req.ref);
  // Each file's bytes are dropped as soon as they are decoded (decisions 077, 082): the request
  // object lives until the answer, and a 20 MB file left in it stayed beside the parse's strings
  // and, with few major collections in the worker, the whole write of the build.
  const parse = (f: WorkerFile) => {
    const big = sizeProblem(f.bytes.length);
    const decoded = big ? { ok: false as const, reason: big } : decodeOpinionFile(f.bytes);
    f.bytes = EMPTY;
    return decoded.ok ? candidatesOf(f.name, decoded.source, ref, req.subjectId) : decoded;
  };
  if (req.op === "keys") {
    const r = parse(req.files[0]);
    return r.ok ? { ok: true, keys: r.candidates.map((c) => c.key) } : r;
  }
  const failed: BuildResult["failed"] = [];
  const candidates: Candidate[] = [];
  for (const f of req.files) {
    const r = parse(f);
    if (r.ok) candidates.push(...r.candidates);
    else failed.push({ file: f.name, reason: r.reason });
    // The parse's intermediates (each pass over a 20 MB text leaves a 20 MB string in the
    // large-object space) go now, before the passages are cut (decision 082).
    collectNow();
  }
  // Written to a spill file (decision 082): once this returns, no string of the parse is reachable.
  const spill = new SpillFile();
  try {
    const opinions = groupAndPrepare(candidates).map((p) => spillOpinion(p, spill));
    candidates.length = 0;
    held.set(req.id, { opinions: opinions.map((o) => o.held), spill });
    return { failed, heads: opinions.map((o) => o.head) } satisfies BuildResult;
  } catch (err) {
    spill.close();
    throw err;
  }
}

parentPort?.on("message", (req: WorkerRequest) => {
  try {
    const result = handle(req);
    // A text part crosses as bytes, its buffers moved, not copied (decision 077): as strings the
    // worker made two 256 KB strings a part, which piled up in its heap (≈ 40 MB) between its
    // rare collections while the main thread wrote.
    const transfer = req.op === "part" ? [(result as BytePart).body.buffer, (result as BytePart).text.buffer] : [];
    parentPort?.postMessage({ id: req.id, result }, transfer as ArrayBuffer[]);
  } catch (err) {
    parentPort?.postMessage({ id: req.id, error: (err as Error).message ?? String(err) });
  }
  // After a parse or a release the worker's heap is mostly garbage (decision 074 §6): collect it
  // here, where a pause holds no request, instead of letting it grow to the heap cap.
  // On the next turn: in this frame `req` and `result` are still live (a head's `textHead` slice
  // keeps the whole 20 MB plain text), so a collection here kept them until the next parse.
  // A second collection on the turn after gives the emptied pages back (as `settleHeap` does).
  if (req.op !== "part" && req.op !== "passages") setImmediate(() => collectNow() && setImmediate(collectNow));
});
