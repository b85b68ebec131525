/**
 * Starts the parse worker (parse-worker.ts) and talks to it. From TypeScript (tests, `npm run
 * dev`, the CLI) the worker imports `parse-worker.ts` through tsx; from the bundle (`npm start`)
 * it runs `parse-worker.mjs`, which scripts/build-server.mjs writes beside `main.mjs`.
 *
 * One worker per process, started on first use and stopped when the last import using it ends
 * (or after `IDLE_MS` without work), so its heap is given back between imports. Its old
 * generation is capped at `WORKER_HEAP_MB`: a 20 MB opinion needs ≈ 100 MB while parsing (twice
 * that when the text is not Latin-1), and the cap makes V8 collect before it grows the process
 * further (decision 056). Imports share it one call at a time (calls queue in the worker).
 */
import { Worker } from "node:worker_threads";
import type { ReferenceRows } from "./import-prepare";
import { type BytePart, decodePart, type OpinionParts } from "./opinion-parts";
import type { BuildResult, KeysResult, WorkerFile, WorkerRequest } from "./parse-worker";

/** A build's outcome: its opinions' parts are fetched from the worker as they are written. */
export interface ParsedBuild {
  failed: BuildResult["failed"];
  opinions: OpinionParts[];
  /** Lets the worker drop the opinions (call when written, or given up). */
  release(): Promise<void>;
}

type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, "id"> : never) : never;

/** A worker idle this long (ms) is stopped. */
const IDLE_MS = 15_000;
/** The worker's old-generation heap cap (MB). */
const WORKER_HEAP_MB = 256;
/** The worker's young-generation cap (MB; decision 082). */
const WORKER_YOUNG_MB = 8;

export interface ParseWorker {
  /** Parses one file and answers the citation keys of its opinions (or why it is not an opinion). */
  keys(file: WorkerFile, subjectId: string | null): Promise<KeysResult>;
  /** Parses files whose opinions belong together and answers them merged and ready to write, part by part. */
  build(files: WorkerFile[], subjectId: string | null): Promise<ParsedBuild>;
  /** Ends this session; a call still running is abandoned (the worker is restarted). */
  close(): Promise<void>;
}

/** The worker's entry: the bundled `.mjs`, or a bootstrap that registers tsx and imports the `.ts`. */
function workerEntry(): URL | string {
  if (import.meta.url.endsWith(".mjs")) return new URL("./parse-worker.mjs", import.meta.url);
  const ts = new URL("./parse-worker.ts", import.meta.url).href;
  return `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(ts)}); });`;
}

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

class SharedWorker {
  private worker: Worker | null = null;
  private next = 1;
  private readonly pending = new Map<number, Pending>();
  private idle: NodeJS.Timeout | null = null;

  private start(): Worker {
    const entry = workerEntry();
    const w = new Worker(entry, {
      eval: typeof entry === "string",
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_MB },
    });
    w.on("message", (m: { id: number; result?: unknown; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve(m.result);
      this.settle();
    });
    const fail = (err: Error) => {
      if (this.worker !== w) return;
      this.worker = null;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    w.on("error", fail);
    w.on("exit", (code) => fail(new Error(`the parse worker stopped (exit code ${code})`)));
    return w;
  }

  private settle() {
    if (this.pending.size || !this.worker) return;
    this.worker.unref();
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => void this.stop(), IDLE_MS);
    this.idle.unref();
  }

  /** Sends `req`; answers the result and the request id (a build's handle). */
  call<T>(req: Request): Promise<{ id: number; result: T }> {
    if (this.idle) clearTimeout(this.idle);
    this.worker ??= this.start();
    const w = this.worker;
    w.ref();
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      w.postMessage(
        { id, ...req } as WorkerRequest,
        "files" in req ? req.files.map((f) => f.bytes.buffer as ArrayBuffer) : [],
      );
    }).then((result) => ({ id, result }));
  }

  async stop() {
    const w = this.worker;
    this.worker = null;
    if (this.idle) clearTimeout(this.idle);
    for (const p of this.pending.values()) p.reject(new Error("the parse worker was stopped"));
    this.pending.clear();
    await w?.terminate();
  }
}

const shared = new SharedWorker();
/** Parse sessions open now: the worker stops when the last one closes. */
let sessions = 0;

/** A parse session that reconciles with the official-brief reference `ref`. File bytes are transferred, not copied. */
export function startParseWorker(ref: ReferenceRows): ParseWorker {
  let open = true;
  sessions++;
  /** Calls of this session still running. */
  let running = 0;
  const call = async <T>(req: Request) => {
    if (!open) throw new Error("the parse session is closed");
    running++;
    try {
      return await shared.call<T>(req);
    } finally {
      running--;
    }
  };
  return {
    keys: async (file, subjectId) => (await call<KeysResult>({ op: "keys", files: [file], subjectId, ref })).result,
    build: async (files, subjectId) => {
      const { id: build, result } = await call<BuildResult>({ op: "build", files, subjectId, ref });
      return {
        failed: result.failed,
        opinions: result.heads.map((head, opinion) => ({
          head,
          part: async (index) => decodePart((await call<BytePart>({ op: "part", build, opinion, index })).result),
          passages: async (from) => (await call<string[]>({ op: "passages", build, opinion, from })).result,
        })),
        release: async () => {
          if (open) await call({ op: "release", build }).catch(() => {});
        },
      };
    },
    close: async () => {
      if (!open) return;
      open = false;
      sessions--;
      // A session closed mid-call (cancel) stops the worker so its parse does not run on; the
      // last session to close stops it so its heap is returned now, not IDLE_MS later.
      if (running > 0 || sessions === 0) await shared.stop();
    },
  };
}
