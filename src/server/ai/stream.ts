/**
 * Streams finished text the way a model would: deltas of a few words, each handed to the event
 * loop separately so an SSE response flushes them one by one. Never splits a word, a Markdown
 * marker or a citation marker ("[12]").
 */

/** Splits `text` into deltas of about `words` words (whitespace kept with the word before it). */
export function toDeltas(text: string, words = 4): string[] {
  const pieces = text.match(/\S+\s*/g) ?? [];
  const lead = /^\s+/.exec(text)?.[0] ?? "";
  const out: string[] = [];
  for (let i = 0; i < pieces.length; i += words) out.push(pieces.slice(i, i + words).join(""));
  if (lead && out.length) out[0] = lead + out[0];
  return out;
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Yields the deltas of `text`; throws the signal's reason when aborted. `delayMs` paces them (0 = as fast as the loop turns). */
export async function* streamText(
  text: string,
  opts: { signal?: AbortSignal; delayMs?: number } = {},
): AsyncGenerator<string> {
  for (const d of toDeltas(text)) {
    opts.signal?.throwIfAborted();
    yield d;
    if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
    else await tick();
  }
}
