/**
 * `LlmClient` for features other than the companion that want free text from the configured model
 * (drafting briefs or flashcards). One non-streaming call, no retries; failures are the LLM_*
 * AppErrors; the whole call is bounded by LLM_TIMEOUT_MS.
 */
import { generateText, type LanguageModel } from "ai";
import type { LlmClient } from "../types";
import { toLlmError } from "./provider";

export function createClient(model: LanguageModel, timeoutMs: number): LlmClient {
  return {
    async complete({ system, prompt, maxOutputTokens, signal }) {
      const ac = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        ac.abort(new Error("timeout"));
      }, timeoutMs);
      const onAbort = () => ac.abort(signal?.reason);
      signal?.addEventListener("abort", onAbort, { once: true });
      try {
        const { text } = await generateText({
          model,
          system,
          prompt,
          maxOutputTokens: maxOutputTokens ?? 1500,
          maxRetries: 0,
          abortSignal: ac.signal,
        });
        return text;
      } catch (err) {
        if (signal?.aborted && !timedOut) throw signal.reason;
        throw toLlmError(err, { timedOut, timeoutMs, started: false });
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
      }
    },
  };
}
