/**
 * A small MP4 written by the test suite itself (no ffmpeg here): a well-formed ISO BMFF file —
 * `ftyp`, an `mdat` of `mediaBytes` bytes, then `moov` with `mvhd` (timescale, duration) and one
 * `trak` (`tkhd`, `mdia/mdhd`, `hdlr`) — the layout a camera or an encoder without "fast start"
 * writes, with the movie header at the end. The media bytes are not decodable frames; the file is
 * for the upload path and the duration probe (src/domain/mp4-duration.ts), not for playback.
 */

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};
export const box = (type: string, ...parts: Buffer[]) => {
  const payload = Buffer.concat(parts);
  return Buffer.concat([u32(8 + payload.length), Buffer.from(type, "latin1"), payload]);
};
const matrix = Buffer.concat([
  u32(0x10000),
  u32(0),
  u32(0),
  u32(0),
  u32(0x10000),
  u32(0),
  u32(0),
  u32(0),
  u32(0x40000000),
]);

/** `mvhd` version 0 (32-bit times) or 1 (64-bit), per ISO/IEC 14496-12 §8.2.2. */
export function mvhd(timescale: number, duration: number, version: 0 | 1 = 0) {
  const times =
    version === 1
      ? Buffer.concat([u64(0), u64(0), u32(timescale), u64(duration)])
      : Buffer.concat([u32(0), u32(0), u32(timescale), u32(duration)]);
  return box(
    "mvhd",
    Buffer.from([version, 0, 0, 0]),
    times,
    u32(0x10000), // rate 1.0
    Buffer.from([0x01, 0x00]), // volume 1.0
    Buffer.alloc(10),
    matrix,
    Buffer.alloc(24),
    u32(2), // next track id
  );
}

/** The whole file: `durationS` seconds at timescale 1000 with `mediaBytes` of media data. */
export function makeMp4(opts: { durationS: number; mediaBytes: number; version?: 0 | 1; moovFirst?: boolean }): Buffer {
  const timescale = 1000;
  const duration = Math.round(opts.durationS * timescale);
  const ftyp = box("ftyp", Buffer.from("isom", "latin1"), u32(0x200), Buffer.from("isomiso2avc1mp41", "latin1"));
  const media = Buffer.alloc(opts.mediaBytes);
  for (let i = 0; i < media.length; i++) media[i] = (i * 31 + 7) & 0xff;
  const mdat = box("mdat", media);
  const tkhd = box(
    "tkhd",
    Buffer.from([0, 0, 0, 3]),
    u32(0),
    u32(0),
    u32(1),
    u32(0),
    u32(duration),
    Buffer.alloc(8),
    Buffer.alloc(8),
    matrix,
    u32(320 << 16),
    u32(240 << 16),
  );
  const mdhd = box(
    "mdhd",
    Buffer.from([0, 0, 0, 0]),
    u32(0),
    u32(0),
    u32(timescale),
    u32(duration),
    Buffer.from([0x55, 0xc4, 0, 0]),
  );
  const hdlr = box(
    "hdlr",
    Buffer.alloc(4),
    u32(0),
    Buffer.from("vide", "latin1"),
    Buffer.alloc(12),
    Buffer.from("Video\0", "latin1"),
  );
  const moov = box("moov", mvhd(timescale, duration, opts.version ?? 0), box("trak", tkhd, box("mdia", mdhd, hdlr)));
  return opts.moovFirst ? Buffer.concat([ftyp, moov, mdat]) : Buffer.concat([ftyp, mdat, moov]);
}
