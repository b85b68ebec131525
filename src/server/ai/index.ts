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
import { activePrompt, effectiveLlm, modelFor } from "./llm/settings";
import { companionCalls } from "../db/schema";
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
  /**
   * AUTH_SECRET (lib/secret.ts). Given, every answer reads the administrator's stored LLM
   * configuration and active system prompt (llm/settings.ts), which replace the LLM_* variables,
   * and records each model call's latency in `companion_calls`. Absent: the environment only.
   */
  secret?: string;
}

/**
 * The engine for the configured provider: composed answers with LLM_PROVIDER=none, the model's
 * otherwise. Throws nothing at creation; provider errors surface per answer as LLM_* AppErrors.
 */
export function createAnswerEngine(opts: CreateAnswerEngineOptions): CompanionEngine {
  const cache = new IndexCache(opts.db, opts.logger, opts.indexCheckMs);
  const local = createLocalEngine({ db: opts.db, cache, logger: opts.logger, deltaDelayMs: opts.deltaDelayMs });
  const timeoutMs = opts.env.LLM_TIMEOUT_MS;
  const envModel = languageModel(opts.env);
  const fromEnv = envModel
    ? createLlmEngine({ db: opts.db, cache, model: envModel, timeoutMs, logger: opts.logger })
    : local;
  const { secret } = opts;
  /** The engine for this answer: the stored configuration when there is one (decision 065). */
  const current = async (): Promise<AnswerEngine> => {
    if (!secret) return fromEnv;
    const [cfg, prompt] = await Promise.all([effectiveLlm(opts.db, opts.env, secret), activePrompt(opts.db)]);
    if (cfg.source === "environment" && !prompt) return envCalls ?? fromEnv;
    const model = modelFor(cfg, opts.env);
    if (!model) return local;
    return createLlmEngine({
      db: opts.db,
      cache,
      model,
      timeoutMs,
      logger: opts.logger,
      system: prompt?.content,
      onCall: (c) => recordCall(cfg.provider, cfg.model, c),
    });
  };
  const recordCall = (
    provider: string,
    model: string | null,
    c: { latencyMs: number; ok: boolean; errorCode: string | null },
  ) => {
    opts.db
      .insert(companionCalls)
      .values({ provider, model, ...c })
      .catch((err: unknown) => opts.logger?.warn({ err }, "could not record a companion call"));
  };
  const envCalls =
    envModel && secret
      ? createLlmEngine({
          db: opts.db,
          cache,
          model: envModel,
          timeoutMs,
          logger: opts.logger,
          onCall: (c) => recordCall(opts.env.LLM_PROVIDER, opts.env.LLM_MODEL ?? null, c),
        })
      : null;
  return {
    async *answer(input) {
      yield* (await current()).answer(input);
    },
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
