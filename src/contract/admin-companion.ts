/**
 * The admin companion page, /admin/askjds (issue 17 §2; decision 065): the companion's LLM
 * settings (the API key never answered), a test prompt, versioned system prompts and daily
 * quality figures; plus the students' thumbs on its answers. Part of `adminOpsApi` (admin-ops.ts).
 */
import { z } from "zod";
import { adminReason } from "./admin";
import { defineRoute } from "./route";

const reasonBody = z.object({ reason: adminReason });
const iso = z.string();

// ── askjds (companion) ────────────────────────────────────────────────────────────────────────
export const LLM_PROVIDERS = ["none", "openai-compatible", "anthropic"] as const;
export const companionSettingsView = z.object({
  /** stored: saved on this page; environment: the LLM_* variables (nothing saved yet). */
  source: z.enum(["stored", "environment"]),
  provider: z.enum(LLM_PROVIDERS),
  model: z.string().nullable(),
  baseUrl: z.string().nullable(),
  /** Whether an API key is stored; the key itself never leaves the server. */
  apiKeySet: z.boolean(),
  updatedAt: iso.nullable(),
});
export const companionPromptRow = z.object({
  id: z.string(),
  version: z.number().int(),
  content: z.string(),
  active: z.boolean(),
  createdAt: iso,
});
export const companionQualityDay = z.object({
  day: z.string(),
  answers: z.number().int(),
  declines: z.number().int(),
  citations: z.number().int(),
  thumbsUp: z.number().int(),
  thumbsDown: z.number().int(),
  llmCalls: z.number().int(),
  llmErrors: z.number().int(),
  /** Median model-call latency that day (ms), null without calls. */
  medianLatencyMs: z.number().int().nullable(),
});
export type CompanionQualityDay = z.infer<typeof companionQualityDay>;

export const adminCompanionApi = {
  companion: defineRoute({
    method: "get",
    path: "/api/admin/companion",
    auth: "admin",
    summary:
      "Admins only: the companion's LLM settings (never the API key: only whether one is stored), its system prompt versions and the built-in prompt.",
    tags: ["admin"],
    responses: {
      200: z.object({
        settings: companionSettingsView,
        prompts: z.array(companionPromptRow),
        builtInPrompt: z.string(),
      }),
    },
  }),
  saveCompanion: defineRoute({
    method: "put",
    path: "/api/admin/companion/settings",
    auth: "admin",
    summary:
      "Admins only: saves provider, model, base URL and API key (omit apiKey to keep the stored one, null to remove it). The key is stored encrypted with a key derived from AUTH_SECRET and never answered. Audited (without the key).",
    tags: ["admin"],
    body: z.object({
      provider: z.enum(LLM_PROVIDERS),
      model: z.string().trim().max(200).nullable(),
      baseUrl: z.url().max(500).nullable(),
      apiKey: z.string().max(500).nullable().optional(),
      reason: adminReason,
    }),
    responses: { 200: companionSettingsView },
  }),
  testCompanion: defineRoute({
    method: "post",
    path: "/api/admin/companion/test",
    auth: "admin",
    summary:
      "Admins only: sends one prompt to the configured provider (stored settings, else the environment) with the active system prompt; answers its text and latency, or the provider's error.",
    tags: ["admin"],
    body: z.object({ prompt: z.string().trim().min(1).max(4000) }),
    responses: {
      200: z.object({
        ok: z.boolean(),
        provider: z.string(),
        model: z.string().nullable(),
        text: z.string(),
        latencyMs: z.number().int(),
        error: z.object({ code: z.string(), message: z.string() }).nullable(),
      }),
    },
  }),
  addPrompt: defineRoute({
    method: "post",
    path: "/api/admin/companion/prompts",
    auth: "admin",
    summary: "Admins only: saves a new system prompt version (optionally making it active). Audited.",
    tags: ["admin"],
    body: z.object({
      content: z.string().trim().min(20).max(20_000),
      activate: z.boolean().default(true),
      reason: adminReason,
    }),
    responses: { 200: z.object({ prompts: z.array(companionPromptRow) }) },
  }),
  activatePrompt: defineRoute({
    method: "post",
    path: "/api/admin/companion/prompts/:id/activate",
    auth: "admin",
    summary:
      "Admins only: makes a prompt version the active one; id `builtin` returns to the built-in prompt. Audited.",
    tags: ["admin"],
    body: reasonBody,
    responses: { 200: z.object({ prompts: z.array(companionPromptRow) }) },
    errors: ["NOT_FOUND"],
  }),
  companionQuality: defineRoute({
    method: "get",
    path: "/api/admin/companion/quality",
    auth: "admin",
    summary:
      "Admins only: the companion per UTC day over the last `days` (7–90): answers, declines, citations, students' thumbs up/down, model calls, LLM errors, median latency (ms).",
    tags: ["admin"],
    query: z.object({ days: z.coerce.number().int().min(7).max(90).default(30) }),
    responses: { 200: z.object({ days: z.array(companionQualityDay) }) },
  }),
};

/** Students' thumbs on companion answers (feeds the askjds quality figures). */
export const feedbackApi = {
  set: defineRoute({
    method: "put",
    path: "/api/chat/messages/:id/feedback",
    summary:
      "Your thumb on one of the companion's answers in your own thread: 1 up, -1 down, 0 removes it. Another user's message is 404.",
    tags: ["chat"],
    body: z.object({ thumb: z.union([z.literal(1), z.literal(-1), z.literal(0)]) }),
    responses: { 200: z.object({ thumb: z.number().int() }) },
    errors: ["NOT_FOUND"],
  }),
};
