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
