/**
 * Thread rules shared by server and web (SPEC.md §3, §4, §5): the default title, the short
 * title made from a first question, rename validation, and the sidebar grouping
 * (Today, Yesterday, This Week, then "Month YYYY", newest first). Pure: `now` is passed in.
 */

/** SPEC.md §3: a new thread's title. */
export const DEFAULT_THREAD_TITLE = "New Conversation";
/** Longest title a student may give a thread (characters); longer renames are refused, not cut. */
export const MAX_THREAD_TITLE = 120;
/** Longest automatic title made from a first question (characters, ellipsis included). */
export const AUTO_TITLE_MAX = 60;

/** Abbreviations that end with a period without ending a sentence (case names, citations, Latin). */
const ABBREVIATIONS = new Set([
  "v",
  "vs",
  "co",
  "corp",
  "inc",
  "ltd",
  "llc",
  "no",
  "nos",
  "art",
  "sec",
  "st",
  "jr",
  "sr",
  "mr",
  "mrs",
  "ms",
  "dr",
  "u.s",
  "e.g",
  "i.e",
  "cf",
  "id",
  "etc",
  "p",
  "pp",
  "cal",
  "n.y",
  "f",
  "supp",
  "app",
  "ct",
  "s.ct",
]);

/** Index just after the first sentence's final punctuation, or the text's length. */
function firstSentenceEnd(text: string): number {
  const re = /[.?!](?=\s|$)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0] !== ".") return m.index + 1;
    const word = /([A-Za-z.]+)$/.exec(text.slice(0, m.index))?.[1]?.toLowerCase() ?? "";
    if (!ABBREVIATIONS.has(word) && !word.includes(".") && !/^[a-z]$/.test(word)) return m.index + 1;
  }
  return text.length;
}

/**
 * A short title from the first question: the first line, Markdown punctuation removed,
 * whitespace collapsed, the first sentence if it is long enough, cut at a word boundary to at
 * most 60 characters with an ellipsis, first letter upper-cased. Blank input gives the default.
 */
export function titleFromQuestion(question: string): string {
  let text = question
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*_#>~|]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!text) return DEFAULT_THREAD_TITLE;
  const end = firstSentenceEnd(text);
  if (end >= 12 && end < text.length) text = text.slice(0, end);
  if (text.length > AUTO_TITLE_MAX) {
    const cut = text.slice(0, AUTO_TITLE_MAX - 1);
    const space = cut.lastIndexOf(" ");
    text = `${(space > AUTO_TITLE_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
  }
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * SPEC.md §4/§5: a rename saves a non-empty trimmed title and ignores an empty one.
 * Returns the title to save, or null when the rename must be ignored (empty, or unchanged).
 */
export function renamedTitle(input: string, current: string): string | null {
  const t = input.replace(/\s+/g, " ").trim();
  if (!t || t === current) return null;
  return t;
}

export interface ThreadLike {
  id: string;
  createdAt: string | Date;
}

export interface ThreadGroup<T> {
  /** "Today", "Yesterday", "This Week" or e.g. "March 2026". */
  label: string;
  threads: T[];
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function fmt(timeZone: string | undefined, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone ?? ""}|${JSON.stringify(opts)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, ...opts });
    formatters.set(key, f);
  }
  return f;
}

/** The calendar day of `d` in `timeZone` as a day number (days since 1970-01-01). */
function dayNumber(d: Date, timeZone?: string): number {
  const parts = fmt(timeZone, { year: "numeric", month: "numeric", day: "numeric" }).formatToParts(d);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Math.floor(Date.UTC(get("year"), get("month") - 1, get("day")) / 86_400_000);
}

/**
 * Groups threads for the sidebar (SPEC.md §4): newest first; calendar days are the student's
 * (`timeZone`, default the runtime's). Today; Yesterday; This Week (2–6 days ago); older threads
 * by month and year ("March 2026"). A thread dated in the future (clock skew) counts as Today.
 */
export function groupThreads<T extends ThreadLike>(
  threads: readonly T[],
  now: Date,
  timeZone?: string,
): ThreadGroup<T>[] {
  const today = dayNumber(now, timeZone);
  const sorted = [...threads].sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime());
  const groups: ThreadGroup<T>[] = [];
  for (const t of sorted) {
    const created = new Date(t.createdAt);
    const ago = today - dayNumber(created, timeZone);
    const label =
      ago <= 0
        ? "Today"
        : ago === 1
          ? "Yesterday"
          : ago < 7
            ? "This Week"
            : fmt(timeZone, { month: "long", year: "numeric" }).format(created);
    const last = groups[groups.length - 1];
    if (last && last.label === label) last.threads.push(t);
    else groups.push({ label, threads: [t] });
  }
  return groups;
}

/** After deleting `deletedId`: the thread to open next (the one after it in the list, else the one before), or null for /chat. */
export function nextThreadAfterDelete<T extends { id: string }>(list: readonly T[], deletedId: string): T | null {
  const i = list.findIndex((t) => t.id === deletedId);
  const rest = list.filter((t) => t.id !== deletedId);
  if (!rest.length) return null;
  if (i < 0) return rest[0];
  return rest[Math.min(i, rest.length - 1)];
}
