/**
 * Image type by its leading bytes ("magic numbers"), not by what a client claims in
 * `Content-Type`. Used for lesson posters (issue 15 §4; decision 069, "Poster and duration from
 * the browser").
 *
 * Signatures (first bytes of the file):
 * - JPEG: `FF D8 FF` (JFIF/Exif SOI marker followed by a marker byte; ISO/IEC 10918-1 Annex B)
 * - PNG:  `89 50 4E 47 0D 0A 1A 0A` (PNG spec §5.2, the 8-byte signature)
 * - WebP: `RIFF` <4-byte size> `WEBP` (RIFF container with the WebP form type)
 */
export type ImageType = "image/jpeg" | "image/png" | "image/webp";

/** File-name extension per type. */
export const IMAGE_EXT: Record<ImageType, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (b: Uint8Array, at: number, s: string) =>
  b.length >= at + s.length && [...s].every((ch, i) => b[at + i] === ch.charCodeAt(0));

/** The type `bytes` begin with, or null when they are not a JPEG, PNG or WebP image. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && PNG.every((v, i) => bytes[i] === v)) return "image/png";
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP")) return "image/webp";
  return null;
}
