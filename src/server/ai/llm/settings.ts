/**
 * The companion's stored LLM configuration (issue 17 askjds page, decision 065). An administrator
 * saves provider, model, base URL and API key in `companion_settings`; once a row exists it
 * replaces the LLM_* environment variables for the companion and other LLM features. The API key
 * is sealed with AES-256-GCM under a key derived from AUTH_SECRET (lib/secret.ts) and never leaves
 * the server; `publicSettings` reports only whether one is stored.
 * The active row of `companion_prompts` replaces the built-in SYSTEM_PROMPT.
 */
import { desc, eq } from "drizzle-orm";
import type { LanguageModel } from "ai";
import type { DbOrTx } from "../../db/client";
import { companionPrompts, companionSettings } from "../../db/schema";
import type { Env } from "../../env";
import { openSecret, sealSecret } from "../../lib/secret";
import { languageModel } from "./provider";

export const API_KEY_PURPOSE = "companion-llm-api-key";
export type LlmProviderName = "none" | "openai-compatible" | "anthropic";

/** What the companion runs with: the stored configuration, else the environment's. */
export interface EffectiveLlm {
  source: "stored" | "environment";
  provider: LlmProviderName;
  model: string | null;
  baseUrl: string | null;
  apiKey: string | null;
}

/** The stored row's fields an admin may see (never the key). */
export interface PublicLlmSettings {
  source: "stored" | "environment";
  provider: LlmProviderName;
  model: string | null;
  baseUrl: string | null;
  apiKeySet: boolean;
  updatedAt: string | null;
}

const ROW = "default";

/** The configuration in force (the API key decrypted; null when it cannot be opened). */
export async function effectiveLlm(db: DbOrTx, env: Env, secret: string): Promise<EffectiveLlm> {
  const [row] = await db.select().from(companionSettings).where(eq(companionSettings.id, ROW));
  if (!row)
    return {
      source: "environment",
      provider: env.LLM_PROVIDER,
      model: env.LLM_MODEL ?? null,
      baseUrl: env.LLM_BASE_URL ?? null,
      apiKey: env.LLM_API_KEY ?? null,
    };
  return {
    source: "stored",
    provider: row.provider,
    model: row.model,
    baseUrl: row.baseUrl,
    apiKey: row.apiKeyEnc ? openSecret(secret, API_KEY_PURPOSE, row.apiKeyEnc) : null,
  };
}

/** The settings as the admin page shows them: `apiKeySet` instead of the key. */
export async function publicSettings(db: DbOrTx, env: Env): Promise<PublicLlmSettings> {
  const [row] = await db.select().from(companionSettings).where(eq(companionSettings.id, ROW));
  if (!row)
    return {
      source: "environment",
      provider: env.LLM_PROVIDER,
      model: env.LLM_MODEL ?? null,
      baseUrl: env.LLM_BASE_URL ?? null,
      apiKeySet: !!env.LLM_API_KEY,
      updatedAt: null,
    };
  return {
    source: "stored",
    provider: row.provider,
    model: row.model,
    baseUrl: row.baseUrl,
    apiKeySet: !!row.apiKeyEnc,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Saves the configuration. `apiKey`: a string replaces the stored key, null removes it, undefined
 * keeps it. Returns the public view.
 */
export async function saveSettings(
  db: DbOrTx,
  secret: string,
  s: { provider: LlmProviderName; model: string | null; baseUrl: string | null; apiKey?: string | null },
  by: string,
): Promise<void> {
  const [row] = await db.select().from(companionSettings).where(eq(companionSettings.id, ROW));
  const apiKeyEnc =
    s.apiKey === undefined ? (row?.apiKeyEnc ?? null) : s.apiKey ? sealSecret(secret, API_KEY_PURPOSE, s.apiKey) : null;
  const values = {
    provider: s.provider,
    model: s.model,
    baseUrl: s.baseUrl,
    apiKeyEnc,
    updatedBy: by,
    updatedAt: new Date(),
  };
  await db
    .insert(companionSettings)
    .values({ id: ROW, ...values })
    .onConflictDoUpdate({ target: companionSettings.id, set: values });
}

/** The model for a configuration, or null (provider none, or a required field missing). */
export function modelFor(cfg: EffectiveLlm, env: Env): LanguageModel | null {
  if (cfg.provider === "none" || !cfg.model) return null;
  if (cfg.provider === "openai-compatible" && !cfg.baseUrl) return null;
  if (cfg.provider === "anthropic" && !cfg.apiKey) return null;
  return languageModel({
    ...env,
    LLM_PROVIDER: cfg.provider,
    LLM_MODEL: cfg.model,
    LLM_BASE_URL: cfg.baseUrl ?? undefined,
    LLM_API_KEY: cfg.apiKey ?? undefined,
  });
}

/** The active system prompt's text, or null (the built-in prompt applies). */
export async function activePrompt(db: DbOrTx): Promise<{ version: number; content: string } | null> {
  const [row] = await db
    .select({ version: companionPrompts.version, content: companionPrompts.content })
    .from(companionPrompts)
    .where(eq(companionPrompts.active, true))
    .orderBy(desc(companionPrompts.version))
    .limit(1);
  return row ?? null;
}
