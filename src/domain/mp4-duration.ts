/**
 * The duration of an MP4 / QuickTime file from its own container (ISO/IEC 14496-12 §4.2 box
 * layout, §8.2.2 `mvhd`), with no decoder and no ffprobe (decision 069). Pure: the caller hands
 * a `read(offset, length)` that returns up to `length` bytes at `offset` (a file, a storage
 * Range request), so a 2 GB file costs a few small reads whether `moov` comes first
 * ("fast start") or last.
 *
 * Box: 32-bit big-endian size, 4-character type; size 1 = a 64-bit size follows; size 0 = to
 * the end of the file. `mvhd` v0: version/flags (4), creation (4), modification (4), timescale
 * (4), duration (4); v1: the two times and the duration are 64-bit. Duration = duration /
 * timescale seconds. A fragmented file whose `mvhd` says 0 takes `mvex/mehd`'s
 * fragment_duration instead.
 */

export type ReadAt = (offset: number, length: number) => Promise<Uint8Array>;

interface Box {
  type: string;
  /** Offset of the box's payload (after its header). */
  start: number;
  /** Offset just past the box. */
  end: number;
}

const u32 = (b: Uint8Array, i: number) => ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;
const u64 = (b: Uint8Array, i: number) => u32(b, i) * 2 ** 32 + u32(b, i + 4);
const fourcc = (b: Uint8Array, i: number) => String.fromCharCode(b[i], b[i + 1], b[i + 2], b[i + 3]);

/** The boxes directly inside [from, to), read header by header (at most `limit` of them). */
async function* boxes(read: ReadAt, from: number, to: number, limit = 10_000): AsyncGenerator<Box> {
  let at = from;
  for (let n = 0; at + 8 <= to && n < limit; n++) {
    const h = await read(at, 16);
    if (h.length < 8) return;
    let size = u32(h, 0);
    const type = fourcc(h, 4);
    let header = 8;
    if (size === 1) {
      if (h.length < 16) return;
      size = u64(h, 8);
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || !/^[\x20-\x7e]{4}$/.test(type)) return; // not a box: stop, never loop
    yield { type, start: at + header, end: Math.min(at + size, to) };
    at += size;
  }
}

async function child(read: ReadAt, parent: Box, type: string): Promise<Box | null> {
  for await (const b of boxes(read, parent.start, parent.end)) if (b.type === type) return b;
  return null;
}

/** Seconds of `mvhd` (or `mehd` for a fragmented file) in a file of `size` bytes; null when it has none. */
export async function mp4DurationS(read: ReadAt, size: number): Promise<number | null> {
  let moov: Box | null = null;
  for await (const b of boxes(read, 0, size))
    if (b.type === "moov") {
      moov = b;
      break;
    }
  if (!moov) return null;
  const mvhd = await child(read, moov, "mvhd");
  if (!mvhd) return null;
  const m = await read(mvhd.start, 32);
  const v1 = m[0] === 1;
  if (m.length < (v1 ? 32 : 20)) return null;
  const timescale = v1 ? u32(m, 20) : u32(m, 12);
  let duration = v1 ? u64(m, 24) : u32(m, 16);
  const unknown = v1 ? duration === 2 ** 64 - 1 || duration === 0 : duration === 0xffffffff || duration === 0;
  if (unknown) {
    duration = 0;
    const mvex = await child(read, moov, "mvex");
    const mehd = mvex ? await child(read, mvex, "mehd") : null;
    if (mehd) {
      const e = await read(mehd.start, 12);
      duration = e[0] === 1 ? u64(e, 4) : u32(e, 4);
    }
  }
  if (!timescale || !duration) return null;
  return duration / timescale;
}
