/**
 * A prepared opinion as the writer consumes it (issue 12 item 1, decision 056): a small head
 * (metadata, word count, and the first 400,000 UTF-16 units of the plain text, which the search
 * vectors use) and the long parts — reading and plain text in pieces of `TEXT_PART_CHARS`,
 * passages in batches of `PASSAGE_BATCH` — fetched one at a time. The parse worker answers the
 * parts on request (parse-worker.ts), so a 20 MB opinion never crosses to the main thread whole
 * (≈ 60 MB as one message before); the in-process importer slices its own copy (`localParts`).
 * Pure: no database, so the worker can load it.
 */
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

/**
 * Offsets cutting the UTF-8 `bytes` into pieces of at most `size` bytes, each starting on a
 * character (never inside a multi-byte sequence): `[0, …, bytes.length]`; empty input gives
 * `[0, 0]` (one empty piece). A piece of `size` bytes decodes to at most `size` UTF-16 units
 * (`size` ≥ 4: a smaller one still keeps each character whole).
 */
export function byteCuts(bytes: Uint8Array, size: number): number[] {
  const cuts = [0];
  for (let at = 0; at < bytes.length; ) {
    const limit = Math.min(bytes.length, at + size);
    let end = limit;
    // 0b10xxxxxx is a continuation byte: back up to the start of its character.
    while (end < bytes.length && end > at && (bytes[end] & 0xc0) === 0x80) end--;
    // A `size` smaller than one character: take that whole character.
    if (end === at) for (end = limit; end < bytes.length && (bytes[end] & 0xc0) === 0x80; ) end++;
    cuts.push(end);
    at = end;
  }
  if (cuts.length === 1) cuts.push(0);
  return cuts;
}

/**
 * A prepared opinion held compactly (decision 077): its reading text, plain text and passages
 * as UTF-8 bytes outside the JavaScript heap (one buffer each; the plain text shares the
 * reading text's when they are the same string, and the passages are one buffer with their
 * offsets), so no string of the parse stays reachable. The parse worker holds a build this way
 * while the main thread writes it: held as strings it kept ≈ 70 MB of heap and the decoded
 * file for each 20 MB opinion. Parts are cut at most `TEXT_PART_CHARS` bytes on character
 * boundaries (so at most that many UTF-16 units, never a split surrogate pair); what each part
 * and passage batch decodes to concatenates to the same texts as `slicer`'s.
 * Returns the head (computed once, not kept) and the part readers.
 */
export function compactOpinion(p: PreparedOpinion): { head: OpinionHead; held: HeldOpinion } {
  const body = Buffer.from(p.body, "utf8");
  const text = p.text === p.body ? body : Buffer.from(p.text, "utf8");
  const lengths = p.passages.map((s) => Buffer.byteLength(s, "utf8"));
  const offsets = new Uint32Array(lengths.length + 1);
  for (let i = 0; i < lengths.length; i++) offsets[i + 1] = offsets[i] + lengths[i];
  const passageBytes = Buffer.allocUnsafe(offsets[lengths.length]);
  for (let i = 0; i < lengths.length; i++) passageBytes.write(p.passages[i], offsets[i], lengths[i], "utf8");
  const bodyCuts = byteCuts(body, TEXT_PART_CHARS);
  const textCuts = text === body ? bodyCuts : byteCuts(text, TEXT_PART_CHARS);
  const { body: _body, text: _text, passages: _passages, ...rest } = p;
  // A copy with its own ArrayBuffer, so the worker can transfer it (Buffer#slice would be a view).
  const piece = (bytes: Uint8Array, cuts: number[], i: number) =>
    i + 1 < cuts.length ? new Uint8Array(bytes.subarray(cuts[i], cuts[i + 1])) : new Uint8Array(0);
  return {
    head: {
      ...rest,
      textHead: p.text.slice(0, TEXT_HEAD_CHARS),
      parts: Math.max(bodyCuts.length, textCuts.length) - 1,
      passageCount: lengths.length,
    },
    held: {
      part: (i) => ({ body: piece(body, bodyCuts, i), text: piece(text, textCuts, i) }),
      passages: (from) => {
        const out: string[] = [];
        for (let i = from; i < Math.min(lengths.length, from + PASSAGE_BATCH); i++)
          out.push(utf8.decode(passageBytes.subarray(offsets[i], offsets[i + 1])));
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

/** The part readers of a compactly held opinion (`compactOpinion`). */
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
