/**
 * The answer engine with a configured model (issue 4 §4). Same retrieval as the composed engine;
 * below the relevance threshold (or for small talk) it answers exactly as the composed engine does
 * and never calls the model. Otherwise the numbered sources go into the prompt, the model's text is
 * streamed through the citation filter, and the finished answer lists the sources it cited and the
 * case names it mentions that no source holds (`unverified`).
 *
 * Failures throw the LLM_* AppErrors (provider.ts) — after any deltas already sent; the caller must
 * not store a partial answer as complete. A time-out is LLM_TIMEOUT_MS without a chunk (before the
 * first token or between two); the caller's abort signal ends the stream with its own reason.
 */
import { streamText } from "ai";
import type { LanguageModel } from "ai";
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import { composeAnswer } from "../compose/answer";
import type { IndexCache } from "../index-cache";
import { DECLINE_BELOW, prepare } from "../prepare";
import { streamText as streamComposed } from "../stream";
import type { AnswerEngine, AnswerEvent, AnswerInput } from "../types";
import { impossibleCitations, invalidMarkerNotes, MarkerFilter, tidy, unverifiedCaseNames } from "./citations";
import { SYSTEM_PROMPT, selectSources, trimHistory, userMessage } from "./prompt";
import { toLlmError } from "./provider";
import { smallTalk } from "../compose/decline";
import { parseChoices } from "../compose/mbe";

export interface LlmEngineOptions {
  db: Db;
  cache: IndexCache;
  model: LanguageModel;
  timeoutMs: number;
  logger?: Logger;
  maxOutputTokens?: number;
  /** System prompt (the admin's active version); default SYSTEM_PROMPT. */
  system?: string;
  /** Called once per model call with its wall time (ms) and outcome (an LLM_* code on failure). */
  onCall?: (call: { latencyMs: number; ok: boolean; errorCode: string | null }) => void;
}

class Timeout extends Error {}

export function createLlmEngine(opts: LlmEngineOptions): AnswerEngine {
  return {
    async *answer(input: AnswerInput): AsyncGenerator<AnswerEvent> {
      input.signal?.throwIfAborted();
      const prep = await prepare({ cache: opts.cache, db: opts.db, logger: opts.logger, input });
      if (prep.relevance < DECLINE_BELOW || smallTalk(input.question)) {
        const { content, declined, sources, declineKind, kind } = composeAnswer(prep, input.question);
        yield { type: "sources", citations: sources.citations };
        for await (const text of streamComposed(content, { signal: input.signal })) yield { type: "delta", text };
        yield {
          type: "done",
          content,
          citations: sources.citations,
          declined,
          unverified: [],
          kind: kind ?? prep.classification.kind,
          ...(declineKind ? { declineKind } : {}),
        };
        return;
      }

      const sources = selectSources(prep);
      const all = sources.citations;
      yield { type: "sources", citations: all };

      const ac = new AbortController();
      let timedOut = false;
      let timer: NodeJS.Timeout | undefined;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          timedOut = true;
          ac.abort(new Timeout());
        }, opts.timeoutMs);
      };
      const onAbort = () => ac.abort(input.signal?.reason);
      input.signal?.addEventListener("abort", onAbort, { once: true });
      const filter = new MarkerFilter(new Set(all.map((c) => c.n)));
      let content = "";
      let started = false;
      let finished = false;
      const t0 = performance.now();
      try {
        arm();
        const result = streamText({
          model: opts.model,
          system: opts.system ?? SYSTEM_PROMPT,
          messages: [...trimHistory(input.history), { role: "user", content: userMessage(sources, input.question) }],
          maxOutputTokens: opts.maxOutputTokens ?? 1500,
          temperature: 0.2,
          maxRetries: 0,
          abortSignal: ac.signal,
          // Errors arrive as "error" parts below; the SDK's default handler would only log them.
          onError: () => {},
        });
        for await (const part of result.fullStream) {
          arm();
          if (part.type === "text-delta") {
            started = true;
            const text = filter.push(part.text);
            content += text;
            if (text) yield { type: "delta", text };
          } else if (part.type === "error") {
            throw part.error;
          } else if (part.type === "abort") {
            throw ac.signal.reason ?? new Error("aborted");
          } else if (part.type === "finish") {
            // A stream that ends without the provider's own end-of-answer is a cut, not an answer.
            finished = part.finishReason === "stop" || part.finishReason === "length";
          }
        }
        if (!finished) throw new Error("The model's stream ended without finishing its answer.");
      } catch (err) {
        if (input.signal?.aborted && !timedOut) throw input.signal.reason;
        const appErr = toLlmError(err, { timedOut, timeoutMs: opts.timeoutMs, started });
        opts.logger?.warn(
          { code: appErr.code, status: (appErr.details as { status?: number } | undefined)?.status },
          "LLM answer failed",
        );
        opts.onCall?.({ latencyMs: Math.round(performance.now() - t0), ok: false, errorCode: appErr.code });
        throw appErr;
      } finally {
        clearTimeout(timer);
        input.signal?.removeEventListener("abort", onAbort);
      }
      opts.onCall?.({ latencyMs: Math.round(performance.now() - t0), ok: true, errorCode: null });
      const rest = filter.flush();
      if (rest) {
        content += rest;
        yield { type: "delta", text: rest };
      }
      const final = tidy(content).trim();
      const citations = all.filter((c) => filter.used.has(c.n));
      // Case names no source holds, markers of sources that do not exist, citations dated in the future.
      const unverified = [
        ...unverifiedCaseNames(final, sources.retrieved()),
        ...invalidMarkerNotes(final),
        ...impossibleCitations(final),
      ];
      yield {
        type: "done",
        content: final,
        citations,
        declined: false,
        unverified,
        // A stem with lettered choices is an MBE question whether the model or the composer answers it.
        kind: parseChoices(input.question) ? "mbe" : prep.classification.kind,
        ...(filter.removed.length ? { invalidMarkers: filter.removed } : {}),
      };
    },
  };
}
