/**
 * The study companion's answer engine (issue 4). Entry points for the chat routes:
 *
 *   const engine = createAnswerEngine({ db, env, logger });
 *   for await (const ev of engine.answer({ userId, question, history, signal })) …
 *
 * With LLM_PROVIDER=none (default) answers are composed from the official content and the
 * student's own sources; otherwise the configured model writes them from the same retrieved,
 * numbered sources. See docs/ARCHITECTURE.md "Study companion" and decisions 010–014.
 */
import type { Logger } from "pino";
import type { Db } from "../db/client";
import type { Env } from "../env";
import { IndexCache } from "./index-cache";
import { createClient } from "./llm/client";
import { createLlmEngine } from "./llm/llm-engine";
import { languageModel } from "./llm/provider";
import { createLocalEngine } from "./local-engine";
import type { AnswerEngine, LlmClient } from "./types";

export type { AnswerEngine, AnswerEvent, AnswerInput, LlmClient, RetrievedSource, UserSourceProvider } from "./types";
export { registerUserSourceProvider } from "./user-sources";

export interface CompanionEngine extends AnswerEngine {
  /** Builds the search index now (call at boot so the first question does not wait ≈ 0.5 s). */
  warm(): Promise<void>;
}

export interface CreateAnswerEngineOptions {
  db: Db;
  env: Env;
  logger?: Logger;
  /** Pause between streamed deltas of composed answers (ms); default 0. */
  deltaDelayMs?: number;
  /** How often (ms) the content seed's hash is checked for a rebuild; default 2000. */
  indexCheckMs?: number;
}

/**
 * The engine for the configured provider: composed answers with LLM_PROVIDER=none, the model's
 * otherwise. Throws nothing at creation; provider errors surface per answer as LLM_* AppErrors.
 */
export function createAnswerEngine(opts: CreateAnswerEngineOptions): CompanionEngine {
  const cache = new IndexCache(opts.db, opts.logger, opts.indexCheckMs);
  const model = languageModel(opts.env);
  const engine = model
    ? createLlmEngine({ db: opts.db, cache, model, timeoutMs: opts.env.LLM_TIMEOUT_MS, logger: opts.logger })
    : createLocalEngine({ db: opts.db, cache, logger: opts.logger, deltaDelayMs: opts.deltaDelayMs });
  return {
    answer: (input) => engine.answer(input),
    warm: async () => {
      await cache.get();
    },
  };
}

/** The configured model for other features' free-text needs, or null with LLM_PROVIDER=none. */
export function createLlmClient(env: Env): LlmClient | null {
  const model = languageModel(env);
  return model ? createClient(model, env.LLM_TIMEOUT_MS) : null;
}
