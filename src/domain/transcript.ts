/**
 * Transcripts of course lessons (issue 15 §3–§4): cues `{startS, endS, text}` in seconds, built
 * from WebVTT captions or from a pasted transcript. Pure; used by the course editor's routes.
 */
export interface Cue {
  startS: number;
  endS: number;
  text: string;
}

const TIME = /(?:(\d+):)?(\d{1,2}):(\d{2})(?:[.,](\d{1,3}))?/;

/** "01:02:03.500" / "02:03.5" / "2:03" → seconds, or null. */
export function parseTimestamp(s: string): number | null {
  const m = TIME.exec(s.trim());
  if (!m) return null;
  const [, h, mm, ss, frac] = m;
  return Number(h ?? 0) * 3600 + Number(mm) * 60 + Number(ss) + (frac ? Number(`0.${frac}`) : 0);
}

/**
 * The cues of a WebVTT file, in file order, tags (`<v Speaker>`, `<b>`) removed, lines of one cue
 * joined with a space. Throws an Error when the text does not start with `WEBVTT`.
 */
export function parseWebVtt(vtt: string): Cue[] {
  const text = vtt.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (!/^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(text)) throw new Error("not a WebVTT file (it must start with WEBVTT)");
  const cues: Cue[] = [];
  for (const block of text.split(/\n{2,}/).slice(1)) {
    const lines = block.split("\n").filter((l) => l.trim() !== "");
    const at = lines.findIndex((l) => l.includes("-->"));
    if (at < 0) continue; // NOTE, STYLE, REGION blocks
    const [from, rest] = lines[at].split("-->");
    const startS = parseTimestamp(from);
    const endS = parseTimestamp(rest.trim().split(/\s+/)[0] ?? "");
    if (startS === null || endS === null) continue;
    const body = lines
      .slice(at + 1)
      .join(" ")
      .replace(/<[^>]+>/g, "")
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&nbsp;/g, " ")
      .trim();
    if (body) cues.push({ startS, endS: Math.max(endS, startS), text: body });
  }
  return cues;
}

/**
 * A pasted transcript: each line `mm:ss text` (or `h:mm:ss`, or `[mm:ss] text`) starts a cue; a
 * line without a time continues the previous one. A cue ends where the next starts (the last one
 * at `durationS`, or 5 s after it starts). Lines before the first time are dropped.
 */
export function parsePastedTranscript(text: string, durationS?: number | null): Cue[] {
  const cues: Cue[] = [];
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    const m = /^\[?((?:\d+:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?)\]?\s*[-–—:]?\s*(.*)$/.exec(line);
    const t = m ? parseTimestamp(m[1]) : null;
    if (m && t !== null) cues.push({ startS: t, endS: t, text: m[2] });
    else if (cues.length) cues[cues.length - 1].text = `${cues[cues.length - 1].text} ${line}`.trim();
  }
  for (let i = 0; i < cues.length; i++)
    cues[i].endS = cues[i + 1]?.startS ?? Math.max(cues[i].startS + 5, durationS ?? 0);
  return cues.filter((c) => c.text);
}
