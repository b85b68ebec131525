/**
 * The askjds page (issue 17 §2, decision 065): the companion's stored LLM configuration
 * (src/server/ai/llm/settings.ts), a test prompt, versioned system prompts and quality figures.
 */
import { generateText } from "ai";
import { and, desc, eq, sql } from "drizzle-orm";
import type { CompanionQualityDay } from "../../../../contract/admin-ops";
import { activePrompt, effectiveLlm, modelFor } from "../../../ai/llm/settings";
import { SYSTEM_PROMPT } from "../../../ai/llm/prompt";
import { toLlmError } from "../../../ai/llm/provider";
import { createClient } from "../../../ai/llm/client";
import type { LlmClient } from "../../../ai/types";
import { authSecret } from "../../../lib/secret";
import { type DbOrTx, num, rows } from "../../../db/client";
import { companionPrompts, messageFeedback, messages } from "../../../db/schema";
import type { Env } from "../../../env";
import { AppError } from "../../../lib/errors";

export { SYSTEM_PROMPT };

/** Every prompt version, newest first. */
export async function listPrompts(db: DbOrTx) {
  const list = await db.select().from(companionPrompts).orderBy(desc(companionPrompts.version));
  return list.map((p) => ({
    id: p.id,
    version: p.version,
    content: p.content,
    active: p.active,
    createdAt: p.createdAt.toISOString(),
  }));
}

/** Saves a new version (version = last + 1); `activate` makes it the only active one. */
export async function addPrompt(db: DbOrTx, content: string, activate: boolean, by: string) {
  const [{ v }] = await db
    .select({ v: sql<number>`coalesce(max(${companionPrompts.version}), 0)` })
    .from(companionPrompts);
  if (activate) await db.update(companionPrompts).set({ active: false }).where(eq(companionPrompts.active, true));
  const [row] = await db
    .insert(companionPrompts)
    .values({ version: Number(v) + 1, content, active: activate, createdBy: by })
    .returning();
  return row;
}

/** Makes `id` the active version; `builtin` deactivates every stored version. NOT_FOUND otherwise. */
export async function activatePrompt(db: DbOrTx, id: string): Promise<number | null> {
  if (id !== "builtin") {
    const [row] = await db
      .select({ version: companionPrompts.version })
      .from(companionPrompts)
      .where(sql`${companionPrompts.id}::text = ${id}`);
    if (!row) throw new AppError("NOT_FOUND", "No such prompt version.");
  }
  await db.update(companionPrompts).set({ active: false }).where(eq(companionPrompts.active, true));
  if (id === "builtin") return null;
  const [row] = await db
    .update(companionPrompts)
    .set({ active: true })
    .where(sql`${companionPrompts.id}::text = ${id}`)
    .returning();
  return row.version;
}

/**
 * The model other features draft with (case briefs, flashcards; decision 067): the configuration
 * an admin stored on /admin/askjds, else the LLM_* environment (decision 065), bounded by
 * LLM_TIMEOUT_MS. null when neither configures a model (the caller says so). Read on every call,
 * so a change on the companion page applies to the next draft in every process.
 */
export async function draftingLlm(db: DbOrTx, env: Env): Promise<LlmClient | null> {
  const model = modelFor(await effectiveLlm(db, env, authSecret(env)), env);
  return model ? createClient(model, env.LLM_TIMEOUT_MS) : null;
}

/**
 * One prompt to the configured model (stored settings, else the environment), with the active
 * system prompt, no retries, bounded by LLM_TIMEOUT_MS. Never throws for provider failures: they
 * come back as `error` with the LLM_* code and message students would see.
 */
export async function testPrompt(db: DbOrTx, env: Env, secret: string, prompt: string) {
  const cfg = await effectiveLlm(db, env, secret);
  const model = modelFor(cfg, env);
  const base = { provider: cfg.provider, model: cfg.model };
  if (!model)
    return {
      ...base,
      ok: false,
      text: "",
      latencyMs: 0,
      error: {
        code: "NOT_CONFIGURED",
        message:
          cfg.provider === "none"
            ? "No model is configured: the companion composes answers from the course content. Choose a provider to test one."
            : "The configuration is incomplete: a model name is required, and a base URL (OpenAI-compatible) or an API key (Anthropic).",
      },
    };
  const system = (await activePrompt(db))?.content ?? SYSTEM_PROMPT;
  const ac = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ac.abort(new Error("timeout"));
  }, env.LLM_TIMEOUT_MS);
  const t0 = performance.now();
  try {
    const { text } = await generateText({
      model,
      system,
      prompt,
      maxOutputTokens: 400,
      maxRetries: 0,
      abortSignal: ac.signal,
    });
    return { ...base, ok: true, text, latencyMs: Math.round(performance.now() - t0), error: null };
  } catch (err) {
    const e = toLlmError(err, { timedOut, timeoutMs: env.LLM_TIMEOUT_MS, started: false });
    return {
      ...base,
      ok: false,
      text: "",
      latencyMs: Math.round(performance.now() - t0),
      error: { code: e.code, message: e.message },
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Quality per UTC day over the last `days` days (oldest first, every day present). */
export async function companionQuality(db: DbOrTx, days: number, now = new Date()): Promise<CompanionQualityDay[]> {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const dayOf = (col: unknown) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [answers, thumbs, calls] = await Promise.all([
    rows<{ day: string; answers: unknown; declines: unknown; citations: unknown }>(
      db,
      sql`select ${dayOf(messages.createdAt)} as day, count(*) as answers, count(*) filter (where ${messages.declined}) as declines,
             coalesce(sum(jsonb_array_length(${messages.citations})), 0) as citations
          from ${messages} where ${messages.role} = 'assistant' and ${messages.createdAt} >= ${start} group by 1`,
    ),
    rows<{ day: string; up: unknown; down: unknown }>(
      db,
      sql`select ${dayOf(messageFeedback.createdAt)} as day, count(*) filter (where ${messageFeedback.thumb} > 0) as up,
             count(*) filter (where ${messageFeedback.thumb} < 0) as down
          from ${messageFeedback} where ${messageFeedback.createdAt} >= ${start} group by 1`,
    ),
    rows<{ day: string; calls: unknown; errors: unknown; median: unknown }>(
      db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as calls, count(*) filter (where not ok) as errors,
             percentile_cont(0.5) within group (order by latency_ms) as median
          from companion_calls where created_at >= ${start} group by 1`,
    ),
  ]);
  const byDay = <T extends { day: string }>(list: T[]) => new Map(list.map((r) => [r.day, r]));
  const a = byDay(answers);
  const t = byDay(thumbs);
  const c = byDay(calls);
  const out: CompanionQualityDay[] = [];
  for (let i = 0; i < days; i++) {
    const day = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const cr = c.get(day);
    out.push({
      day,
      answers: num(a.get(day)?.answers),
      declines: num(a.get(day)?.declines),
      citations: num(a.get(day)?.citations),
      thumbsUp: num(t.get(day)?.up),
      thumbsDown: num(t.get(day)?.down),
      llmCalls: num(cr?.calls),
      llmErrors: num(cr?.errors),
      medianLatencyMs: cr?.median == null ? null : Math.round(Number(cr.median)),
    });
  }
  return out;
}

/**
 * A student's thumb on a companion answer of their own thread: 1, -1, or 0 to remove it.
 * NOT_FOUND for another user's message, a question, or no such message.
 */
export async function setFeedback(db: DbOrTx, userId: string, messageId: string, thumb: 1 | -1 | 0): Promise<number> {
  if (!/^[0-9a-f-]{36}$/i.test(messageId)) throw new AppError("NOT_FOUND", "No such answer.");
  const [m] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.userId, userId), eq(messages.role, "assistant")));
  if (!m) throw new AppError("NOT_FOUND", "No such answer.");
  if (thumb === 0) {
    await db
      .delete(messageFeedback)
      .where(and(eq(messageFeedback.messageId, messageId), eq(messageFeedback.userId, userId)));
    return 0;
  }
  await db
    .insert(messageFeedback)
    .values({ messageId, userId, thumb })
    .onConflictDoUpdate({
      target: [messageFeedback.messageId, messageFeedback.userId],
      set: { thumb, createdAt: new Date() },
    });
  return thumb;
}
