/**
 * A lexicon entry held to its context (decisions 091, 092): the entry fires only when one of
 * `context` (a regex alternation, as source text) appears anywhere in the same message, before or
 * after the match ("private company" names state action only beside constitutional rights; "said
 * sure" is consent only where the police are).
 */
export function contextGuard(context: string): string {
  return `(?:(?<=\\b(?:${context})\\b[\\s\\S]*)|(?=[\\s\\S]*\\b(?:${context})\\b))`;
}

/**
 * `pattern` held to its context: every top-level alternative of `pattern` needs one of `context` in
 * the message (the pattern is wrapped in a group before contextGuard is appended).
 */
export function inContext(pattern: RegExp, context: string): RegExp {
  return new RegExp(`(?:${pattern.source})${contextGuard(context)}`, pattern.flags);
}

/**
 * `pattern` kept out of a context: every top-level alternative of `pattern` fires only when none of
 * `context` appears anywhere in the same message ("a 911 call" is an excited utterance's, not where
 * the police entered without a warrant and the owner moves to suppress; decision 097).
 */
export function outOfContext(pattern: RegExp, context: string): RegExp {
  return new RegExp(
    `(?:${pattern.source})(?<![\\s\\S]*\\b(?:${context})\\b[\\s\\S]*)(?![\\s\\S]*\\b(?:${context})\\b)`,
    pattern.flags,
  );
}

/** A trial that ended with no verdict (a hung jury, a mistrial): a retrial is double jeopardy's question, not preclusion's. */
export const NO_VERDICT = String.raw`hung|mistrial|deadlock\w*|(?:couldn'?t|could not|can'?t|cannot|unable to|did not|didn'?t) (?:\w+ )?agree`;
