/**
 * Routes of the admin companion page, /admin/askjds (issue 17 §2; contract
 * src/contract/admin-companion.ts; decision 065): LLM settings (the key sealed, never answered),
 * a test prompt, system prompt versions, quality figures; and the students' thumbs on answers.
 */
import type { Hono } from "hono";
import { adminOpsApi, feedbackApi } from "../../../../contract/admin-ops";
import type { AppEnv } from "../../../lib/context";
import { publicSettings, saveSettings } from "../../../ai/llm/settings";
import { AppError } from "../../../lib/errors";
import { handle } from "../../../lib/route";
import { authSecret } from "../../../lib/secret";
import { actorOf, recordAdminAction } from "../audit.service";
import {
  activatePrompt,
  addPrompt,
  companionQuality,
  listPrompts,
  SYSTEM_PROMPT,
  setFeedback,
  testPrompt,
} from "./companion.service";

/** Registers the companion page's routes (and the students' feedback route) on the operator router. */
export function companionRoutes(r: Hono<AppEnv>) {
  const dbOf = (c: { get(k: "deps"): AppEnv["Variables"]["deps"] }) => c.get("deps").database.db;
  handle(r, adminOpsApi.companion, async (c) => {
    const { database, env } = c.get("deps");
    return {
      settings: await publicSettings(database.db, env),
      prompts: await listPrompts(database.db),
      builtInPrompt: SYSTEM_PROMPT,
    };
  });
  handle(r, adminOpsApi.saveCompanion, async (c, { body }) => {
    const actor = actorOf(c);
    const { database, env } = c.get("deps");
    const { reason, apiKey, ...rest } = body;
    if (rest.provider === "openai-compatible" && (!rest.baseUrl || !rest.model))
      throw new AppError("VALIDATION_FAILED", "baseUrl: an OpenAI-compatible provider needs a base URL and a model.");
    if (rest.provider === "anthropic" && !rest.model)
      throw new AppError("VALIDATION_FAILED", "model: name the Anthropic model to use.");
    return database.db.transaction(async (tx) => {
      const before = await publicSettings(tx, env);
      await saveSettings(
        tx,
        authSecret(env),
        { ...rest, ...(apiKey === undefined ? {} : { apiKey: apiKey || null }) },
        actor.id,
      );
      const after = await publicSettings(tx, env);
      if (after.provider === "anthropic" && !after.apiKeySet)
        throw new AppError("VALIDATION_FAILED", "apiKey: Anthropic needs an API key.");
      const { updatedAt: _b, ...b } = before;
      const { updatedAt: _a, ...a } = after;
      await recordAdminAction(tx, actor, {
        action: "companion.settings.update",
        targetType: "settings",
        targetId: "companion",
        targetLabel: "Companion LLM",
        reason,
        before: { ...b, apiKeyChanged: false },
        after: { ...a, apiKeyChanged: apiKey !== undefined },
      });
      return after;
    });
  });
  handle(r, adminOpsApi.testCompanion, async (c, { body }) => {
    const { database, env } = c.get("deps");
    return testPrompt(database.db, env, authSecret(env), body.prompt);
  });
  handle(r, adminOpsApi.addPrompt, async (c, { body }) => {
    const actor = actorOf(c);
    return dbOf(c).transaction(async (tx) => {
      const row = await addPrompt(tx, body.content, body.activate, actor.id);
      await recordAdminAction(tx, actor, {
        action: "companion.prompt.add",
        targetType: "prompt",
        targetId: row.id,
        targetLabel: `System prompt v${row.version}`,
        reason: body.reason,
        after: { version: row.version, active: row.active, chars: row.content.length },
      });
      return { prompts: await listPrompts(tx) };
    });
  });
  handle(r, adminOpsApi.activatePrompt, async (c, { params, body }) => {
    const actor = actorOf(c);
    return dbOf(c).transaction(async (tx) => {
      const version = await activatePrompt(tx, params.id);
      await recordAdminAction(tx, actor, {
        action: "companion.prompt.activate",
        targetType: "prompt",
        targetId: params.id,
        targetLabel: version === null ? "Built-in system prompt" : `System prompt v${version}`,
        reason: body.reason,
        after: { version },
      });
      return { prompts: await listPrompts(tx) };
    });
  });
  handle(r, adminOpsApi.companionQuality, async (c, { query }) => ({
    days: await companionQuality(dbOf(c), query.days, c.get("deps").now?.() ?? new Date()),
  }));
  handle(r, feedbackApi.set, async (c, { params, body, user }) => ({
    thumb: await setFeedback(dbOf(c), user.id, params.id, body.thumb),
  }));
}
