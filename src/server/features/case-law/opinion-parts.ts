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

/** The parts of an opinion held in this thread (CLI, tests, CourtListener import). */
export function localParts(p: PreparedOpinion): OpinionParts {
  const s = slicer(p);
  return { head: s.head(), part: async (i) => s.part(i), passages: async (from) => s.passages(from) };
}
