/**
 * Only http(s) URLs may become links (issue 12 item 12): `data:`, `javascript:`, `vbscript:` and
 * anything that does not parse give null, so the caller renders text instead of an `href`.
 */
export function safeHttpUrl(url: unknown): string | null {
  if (typeof url !== "string") return null;
  try {
    const u = new URL(url);
    return u.protocol === "https:" || u.protocol === "http:" ? u.toString() : null;
  } catch {
    return null;
  }
}
