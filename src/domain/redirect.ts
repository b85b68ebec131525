/**
 * Where sign-in may send the student back to (issue 12 item 18): only a path on this site.
 * Accepts "/cases/x?y=1#z"; rejects absolute URLs ("https://…", "javascript:…"), protocol-relative
 * ("//evil", "/\\evil", "/\t/evil" – browsers read a backslash or tab there as a slash), anything
 * not starting with "/", and the auth pages themselves (which would loop). Returns null when unsafe.
 */
export function safeRedirectPath(raw: string | null | undefined): string | null {
  if (!raw || typeof raw !== "string" || raw.length > 2000) return null;
  if (!raw.startsWith("/")) return null;
  // Control characters and whitespace are dropped by URL parsers, turning "/\t/evil" into "//evil".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\s\\]/.test(raw)) return null;
  if (raw.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(raw, "http://same.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://same.invalid") return null;
  if (url.pathname === "/auth" || url.pathname.startsWith("/auth/") || url.pathname === "/login") return null;
  return url.pathname + url.search + url.hash;
}
