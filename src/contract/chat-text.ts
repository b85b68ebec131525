/**
 * Chat constants the web client needs at run time, kept free of zod so importing them does not
 * pull the schema library into the browser bundle (the schemas live in ./threads.ts).
 */

/** Longest question a student may send (characters). Longer is a 400, never silently cut. */
export const MAX_MESSAGE_CHARS = 8000;

/** Messages for an answer that failed (errorCode of an assistant message with status "error"); shown with a Retry button. */
export const ANSWER_FAILURE_MESSAGES: Record<string, string> = {
  LLM_UNAUTHORIZED:
    "The AI provider refused this server's API key, so no answer was produced. Please tell your administrator; you can retry once it is fixed.",
  LLM_RATE_LIMITED: "The AI provider is rate limiting this server right now. Wait a moment and retry.",
  LLM_UNAVAILABLE: "The AI provider is unavailable right now. Please retry in a moment.",
  // No number here: the limit is the server's LLM_TIMEOUT_MS (the live error names it).
  LLM_TIMEOUT: "The AI provider took longer than this server's time limit to answer. Please retry.",
  LLM_INTERRUPTED: "The answer was cut off before it finished. Please retry.",
  INTERNAL: "Something went wrong on our side while answering. Please retry.",
  STOPPED: "You stopped this answer.",
};

/**
 * Page sizes of the thread list and a thread's messages (decision 044): without `limit` a page
 * holds the default; `limit` may ask for 1 to MAX_PAGE_SIZE rows.
 */
export const THREAD_PAGE_SIZE = 50;
export const MESSAGE_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
