/**
 * The configured model (issue 4 §4): LLM_PROVIDER = openai-compatible (chat completions — OpenAI,
 * Ollama, vLLM, llama.cpp, LM Studio at LLM_BASE_URL; never /v1/responses) or anthropic.
 * Provider failures become the LLM_* AppErrors with messages a student can act on.
 */
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { APICallError, type LanguageModel } from "ai";
import type { Env } from "../../env";
import { AppError } from "../../lib/errors";

/** The model for `env`, or null with LLM_PROVIDER=none. env.ts guarantees the needed variables. */
export function languageModel(env: Env): LanguageModel | null {
  if (env.LLM_PROVIDER === "openai-compatible") {
    const provider = createOpenAICompatible({
      name: "llm",
      baseURL: env.LLM_BASE_URL!,
      apiKey: env.LLM_API_KEY,
      includeUsage: true,
    });
    return provider.chatModel(env.LLM_MODEL!);
  }
  if (env.LLM_PROVIDER === "anthropic") {
    const provider = createAnthropic({
      apiKey: env.LLM_API_KEY,
      ...(env.LLM_BASE_URL ? { baseURL: env.LLM_BASE_URL } : {}),
    });
    return provider(env.LLM_MODEL!);
  }
  return null;
}

/** Why a call ended early, as decided by the engine (a time-out is our own inactivity timer). */
export type FailureContext = { timedOut: boolean; timeoutMs: number; started: boolean };

/** The HTTP status of a provider error, looking through wrappers (RetryError, cause chains). */
function statusOf(err: unknown, depth = 0): number | undefined {
  if (!err || typeof err !== "object" || depth > 4) return undefined;
  if (APICallError.isInstance(err)) return err.statusCode;
  const e = err as { statusCode?: unknown; status?: unknown; lastError?: unknown; cause?: unknown; errors?: unknown[] };
  if (typeof e.statusCode === "number") return e.statusCode;
  return (
    statusOf(e.lastError, depth + 1) ??
    statusOf(e.cause, depth + 1) ??
    (Array.isArray(e.errors) ? statusOf(e.errors.at(-1), depth + 1) : undefined)
  );
}

/**
 * LLM_TIMEOUT_MS in words: "45 seconds", "1 second", "0.4 seconds", "2 minutes", "90 seconds"
 * (never rounded to "0 seconds").
 */
export function durationPhrase(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return ms === 60_000 ? "1 minute" : `${ms / 60_000} minutes`;
  const s = ms / 1000;
  if (s === 1) return "1 second";
  return `${Number.isInteger(s) ? s : Number(s.toFixed(s < 10 ? 1 : 0))} seconds`;
}

/**
 * Maps any provider failure to one AppError:
 *   401/403 → LLM_UNAUTHORIZED · 429 → LLM_RATE_LIMITED · our time-out → LLM_TIMEOUT ·
 *   the stream breaking after text arrived → LLM_INTERRUPTED · anything else (5xx, 529,
 *   connection refused) → LLM_UNAVAILABLE.
 */
export function toLlmError(err: unknown, ctx: FailureContext): AppError {
  if (err instanceof AppError) return err;
  const status = statusOf(err);
  if (ctx.timedOut)
    return new AppError(
      "LLM_TIMEOUT",
      `The AI model did not respond within ${durationPhrase(ctx.timeoutMs)}, so the answer was stopped. Your question is saved — please try again.`,
      { status },
    );
  if (status === 401 || status === 403)
    return new AppError(
      "LLM_UNAUTHORIZED",
      "The AI provider refused this server's credentials. Your question is saved; an administrator needs to check the AI settings (LLM_API_KEY) before the companion can answer with the model.",
      { status },
    );
  if (status === 429)
    return new AppError(
      "LLM_RATE_LIMITED",
      "The AI provider is receiving too many requests right now. Your question is saved — please wait a moment and try again.",
      { status },
    );
  if (ctx.started && (status === undefined || status < 400))
    return new AppError(
      "LLM_INTERRUPTED",
      "The answer was cut off before it finished, so it was not saved as complete. Your question is saved — please try again.",
      { status },
    );
  return new AppError(
    "LLM_UNAVAILABLE",
    "The AI provider is unavailable right now. Your question is saved — please try again in a moment.",
    { status },
  );
}
