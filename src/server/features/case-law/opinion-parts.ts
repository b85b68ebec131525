/**
 * A prepared opinion as the writer consumes it (issue 12 item 1, decision 056): a small head
 * (metadata, word count, and the first 400,000 UTF-16 units of the plain text, which the search
 * vectors use) and the long parts — reading and plain text in pieces of `TEXT_PART_CHARS`,
 * passages in batches of `PASSAGE_BATCH` — fetched one at a time. The parse worker answers the
 * parts on request (parse-worker.ts), so a 20 MB opinion never crosses to the main thread whole
 * (≈ 60 MB as one message before); the in-process importer slices its own copy (`localParts`).
 * No database, so the worker can load it; its only I/O is the build's spill file (`SpillFile`).
 */
import { randomUUID } from "node:crypto";
import { closeSync, openSync, readSync, unlinkSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PreparedOpinion } from "./import-prepare";

/** Characters of text per `opinion_texts` row (one statement each). */
export const TEXT_PART_CHARS = 256 * 1024;
/** Passages per insert statement. */
export const PASSAGE_BATCH = 50;
/** The prefix of the plain text the search vectors read (`left(…, 200000)` characters ≤ 400,000 units). */
export const TEXT_HEAD_CHARS = 400_000;

/** `s` in pieces of about `size` UTF-16 units, never splitting a surrogate pair; "" is one empty piece. */
export function pieces(s: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; ) {
    let end = Math.min(s.length, i + size);
    const last = s.charCodeAt(end - 1);
    if (end < s.length && last >= 0xd800 && last <= 0xdbff) end--;
    out.push(s.slice(i, end));
    i = end;
  }
  return out.length ? out : [""];
}

/** Everything of a prepared opinion but its reading text, plain text and passages. */
export type OpinionHead = Omit<PreparedOpinion, "body" | "text" | "passages"> & {
  /** The plain text's first `TEXT_HEAD_CHARS` UTF-16 units. */
  textHead: string;
  /** Rows of `opinion_texts`: max(pieces of the body, pieces of the text). */
  parts: number;
  passageCount: number;
};

export interface OpinionParts {
  head: OpinionHead;
  /** Row `i` (0 ≤ i < head.parts) of the texts; the shorter one's extra rows are "". */
  part(i: number): Promise<{ body: string; text: string }>;
  /** The passages from index `from` (a multiple of PASSAGE_BATCH), at most PASSAGE_BATCH of them. */
  passages(from: number): Promise<string[]>;
}

/** The pieces of one opinion, computed once: what `part` and `passages` answer from. */
export function slicer(p: PreparedOpinion) {
  let cut: { body: string[]; text: string[] } | null = null;
  const cuts = () => {
    cut ??= { body: pieces(p.body, TEXT_PART_CHARS), text: pieces(p.text, TEXT_PART_CHARS) };
    return cut;
  };
  const { body: _body, text, passages: _passages, ...rest } = p;
  return {
    head(): OpinionHead {
      const c = cuts();
      return {
        ...rest,
        textHead: text.slice(0, TEXT_HEAD_CHARS),
        parts: Math.max(c.body.length, c.text.length),
        passageCount: p.passages.length,
      };
    },
    part(i: number) {
      const c = cuts();
      return { body: c.body[i] ?? "", text: c.text[i] ?? "" };
    },
    passages: (from: number) => p.passages.slice(from, from + PASSAGE_BATCH),
  };
}

const utf8 = new TextDecoder();

/** Bytes the spill file buffers before it writes (≥ 3 × TEXT_PART_CHARS: one part's UTF-8). */
const SPILL_BUFFER_BYTES = 1024 * 1024;

/**
 * An unlinked temporary file a parse worker's build is written to (decision 082): texts and
 * passages as UTF-8, appended through one reused 1 MB buffer and read back by byte range. The
 * file is unlinked as soon as it is open, so it goes away with the descriptor — on `close`, or
 * when the worker or process ends for any reason. Its pages are the kernel's page cache, not the
 * server's resident memory. Throws what `fs` throws (ENOSPC, EMFILE): the build then fails.
 */
export class SpillFile {
  private readonly fd: number;
  private readonly buffer = Buffer.allocUnsafe(SPILL_BUFFER_BYTES);
  /** Bytes in `buffer` not yet written. */
  private buffered = 0;
  /** Bytes already in the file. */
  private written = 0;

  constructor(dir = tmpdir()) {
    const path = join(dir, `lexmate-parse-${process.pid}-${randomUUID()}`);
    this.fd = openSync(path, "w+", 0o600);
    unlinkSync(path);
  }

  /** The offset the next append starts at. */
  get size() {
    return this.written + this.buffered;
  }

  /** Appends `s` as UTF-8; answers its byte length. */
  append(s: string): number {
    if (s.length * 3 > this.buffer.length - this.buffered) this.flush();
    if (s.length * 3 > this.buffer.length) {
      const bytes = Buffer.from(s, "utf8");
      this.writeAll(bytes);
      return bytes.length;
    }
    const n = this.buffer.write(s, this.buffered, "utf8");
    this.buffered += n;
    return n;
  }

  /** `length` bytes from `at`, in a buffer of their own (so they can be transferred). */
  read(at: number, length: number): Uint8Array {
    if (at + length > this.written) this.flush();
    const out = new Uint8Array(length);
    for (let got = 0; got < length; ) {
      const n = readSync(this.fd, out, got, length - got, at + got);
      if (n === 0) throw new Error("the parse worker's spill file ended early");
      got += n;
    }
    return out;
  }

  close() {
    closeSync(this.fd);
  }

  private flush() {
    if (!this.buffered) return;
    this.writeAll(this.buffer.subarray(0, this.buffered));
    this.buffered = 0;
  }

  private writeAll(bytes: Uint8Array) {
    for (let done = 0; done < bytes.length; )
      done += writeSync(this.fd, bytes, done, bytes.length - done, this.written + done);
    this.written += bytes.length;
  }
}

/**
 * Writes a prepared opinion to `spill` and answers its head and part readers (decision 082):
 * the reading text and plain text in the pieces `slicer` cuts (≤ `TEXT_PART_CHARS` UTF-16 units,
 * never a split surrogate pair; one set of pieces when both texts are the same string), and the
 * passages one after another with their offsets. Nothing of the opinion stays in the JavaScript
 * heap, so once this returns the parse's strings are garbage; the parse worker held ≈ 40 MB of
 * bytes in memory per 20 MB opinion before (decision 077). What the parts and passage batches
 * decode to is exactly what `slicer` answers.
 */
export function spillOpinion(p: PreparedOpinion, spill: SpillFile): { head: OpinionHead; held: HeldOpinion } {
  const extents = (s: string) => pieces(s, TEXT_PART_CHARS).map((piece) => [spill.size, spill.append(piece)]);
  const body = extents(p.body);
  const text = p.text === p.body ? body : extents(p.text);
  const starts = new Float64Array(p.passages.length + 1);
  starts[0] = spill.size;
  for (let i = 0; i < p.passages.length; i++) starts[i + 1] = starts[i] + spill.append(p.passages[i]);
  const { body: _body, text: _text, passages: _passages, ...rest } = p;
  const read = (e: number[] | undefined) => (e ? spill.read(e[0], e[1]) : new Uint8Array(0));
  const count = p.passages.length;
  return {
    head: {
      ...rest,
      textHead: p.text.slice(0, TEXT_HEAD_CHARS),
      parts: Math.max(body.length, text.length),
      passageCount: count,
    },
    held: {
      part: (i) => ({ body: read(body[i]), text: read(text[i]) }),
      passages: (from) => {
        const to = Math.min(count, from + PASSAGE_BATCH);
        if (from >= to) return [];
        const bytes = spill.read(starts[from], starts[to] - starts[from]);
        const out: string[] = [];
        for (let i = from; i < to; i++)
          out.push(utf8.decode(bytes.subarray(starts[i] - starts[from], starts[i + 1] - starts[from])));
        return out;
      },
    },
  };
}

/** A text row as UTF-8 bytes. */
export interface BytePart {
  body: Uint8Array;
  text: Uint8Array;
}

/** A `BytePart` as the writer takes it. */
export const decodePart = (p: BytePart) => ({ body: utf8.decode(p.body), text: utf8.decode(p.text) });

/** The part readers of an opinion in a spill file (`spillOpinion`). */
export interface HeldOpinion {
  /** Row `i` of the texts as UTF-8 bytes (each its own buffer, to be transferred; `decodePart` reads it). */
  part(i: number): BytePart;
  passages(from: number): string[];
}

/** The parts of an opinion held in this thread (CLI, tests, CourtListener import). */
export function localParts(p: PreparedOpinion): OpinionParts {
  const s = slicer(p);
  return { head: s.head(), part: async (i) => s.part(i), passages: async (from) => s.passages(from) };
}
