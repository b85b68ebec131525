/**
 * The parse worker keeps a built opinion and hands it over part by part (issue 12 item 1): the
 * build's answer is a small head, and the texts and passages cross one statement's worth at a
 * time, reassembling exactly what the in-process importer writes.
 */
import { describe, expect, it } from "vitest";
import { groupAndPrepare, candidatesOf, buildReference } from "./import-prepare";
import { PASSAGE_BATCH, SpillFile, TEXT_HEAD_CHARS, TEXT_PART_CHARS } from "./opinion-parts";
import { serverEnv } from "../../../../scripts/server-env.mjs";
import { startParseWorker } from "./parse-client";

const REF = { official: [], subjects: [] };
const PARA =
  "The carrier moved freight for the plaintiff, and a winch cable failed on the quay. We hold that a carrier must inspect its cranes at reasonable intervals. ";
const FILE = `---\ntitle: 'Parts v. Pieces Shipping Co.'\ncite: '903 F.4th 77'\njurisdiction: '9th Cir.'\npublished: '2031'\n---\n\n${Array.from({ length: 9000 }, (_, i) => `${PARA}(${i})`).join("\n\n")}`;

/** Reads a build's single opinion back part by part and compares it with the in-process import of `file`. */
async function roundTrip(file: string) {
  const bytes = () => new TextEncoder().encode(file);
  const parsed = candidatesOf("parts.md", bytes(), buildReference(REF), null);
  if (!parsed.ok) throw new Error(parsed.reason);
  const local = groupAndPrepare(parsed.candidates)[0];
  expect(local.text.length).toBeGreaterThan(TEXT_HEAD_CHARS);

  const worker = startParseWorker(REF);
  try {
    const built = await worker.build([{ name: "parts.md", bytes: bytes() }], null);
    expect(built.failed).toEqual([]);
    expect(built.opinions).toHaveLength(1);
    const { head } = built.opinions[0];
    expect(Object.keys(head)).not.toContain("body");
    expect(Object.keys(head)).not.toContain("text");
    expect(Object.keys(head)).not.toContain("passages");
    expect(head.textHead).toBe(local.text.slice(0, TEXT_HEAD_CHARS));
    expect(head.name).toBe("Parts v. Pieces Shipping Co.");
    expect(head.passageCount).toBe(local.passages.length);

    let body = "";
    let text = "";
    for (let i = 0; i < head.parts; i++) {
      const part = await built.opinions[0].part(i);
      expect(part.body.length).toBeLessThanOrEqual(TEXT_PART_CHARS);
      expect(part.text.length).toBeLessThanOrEqual(TEXT_PART_CHARS);
      body += part.body;
      text += part.text;
    }
    expect(body).toBe(local.body);
    expect(text).toBe(local.text);
    const passages: string[] = [];
    for (let from = 0; from < head.passageCount; from += PASSAGE_BATCH) {
      const batch = await built.opinions[0].passages(from);
      expect(batch.length).toBeLessThanOrEqual(PASSAGE_BATCH);
      passages.push(...batch);
    }
    expect(passages).toEqual(local.passages);

    await built.release();
    await expect(built.opinions[0].part(0)).rejects.toThrow(/no longer held/);
    return local;
  } finally {
    await worker.close();
  }
}

describe("the parse worker's parts", () => {
  it("reads back from the spill file exactly what was appended, across its buffer and past it", () => {
    const spill = new SpillFile();
    try {
      const pieces = [
        "a“😀§b".repeat(50_000), // 300 K UTF-16 units (≤ 900 KB of UTF-8): buffered
        "x".repeat(100_000), // may not fit what is left of the 1 MB buffer: flushed first, then buffered
        "é".repeat(600_000), // may be larger than the buffer: written directly
        "",
        "tail",
      ];
      const extents = pieces.map((s) => [spill.size, spill.append(s)]);
      extents.forEach(([at, length], i) => {
        expect(length).toBe(Buffer.byteLength(pieces[i], "utf8"));
        // Read back before and after later appends (a read flushes what is buffered).
        expect(new TextDecoder().decode(spill.read(at, length))).toBe(pieces[i]);
      });
      expect(new TextDecoder().decode(spill.read(extents[0][0], extents[0][1]))).toBe(pieces[0]);
    } finally {
      spill.close();
    }
  });

  it("runs the server with glibc's mmap threshold fixed unless the operator set one (decision 082)", () => {
    expect(serverEnv({ PORT: "3000" })).toEqual({ PORT: "3000", MALLOC_MMAP_THRESHOLD_: "131072" });
    expect(serverEnv({ MALLOC_MMAP_THRESHOLD_: "65536" }).MALLOC_MMAP_THRESHOLD_).toBe("65536");
  });

  it("answers a small head, then texts and passages part by part that add up to the whole opinion", async () => {
    await roundTrip(FILE);
  }, 60_000);

  it("cuts parts between characters when the text is not ASCII and the reading and plain texts differ", async () => {
    // Curly quotes, section signs and an emoji (a surrogate pair; 4 bytes in UTF-8) at every
    // offset, and emphasis so the plain text is shorter than the reading text.
    const para = "The court read § 1983 “broadly” and held the *carrier* liable 🚢 for the cable’s failure. ";
    const file = FILE.replace(/\(\d+\)/g, (m) => `${m} ${para.slice(0, m.length % 7)}${para}`);
    const local = await roundTrip(file);
    expect(local.body).not.toBe(local.text);
    expect(local.text).toContain("🚢");
  }, 60_000);
});
