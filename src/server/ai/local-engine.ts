/**
 * The answer engine without an LLM (issue 4 §3, the default): retrieval, then an answer composed
 * from the retrieved sources for the kind of question, streamed in deltas of a few words.
 * Events: `sources` (the citations the answer uses), `delta`s, then one `done`.
 */
import type { Logger } from "pino";
import type { Db } from "../db/client";
import { composeAnswer } from "./compose/answer";
import type { IndexCache } from "./index-cache";
import { prepare } from "./prepare";
import { streamText } from "./stream";
import type { AnswerEngine, AnswerEvent, AnswerInput } from "./types";

export interface LocalEngineOptions {
  db: Db;
  cache: IndexCache;
  logger?: Logger;
  /** Pause between deltas in ms (0: only yield to the event loop). */
  deltaDelayMs?: number;
}

export function createLocalEngine(opts: LocalEngineOptions): AnswerEngine {
  return {
    async *answer(input: AnswerInput): AsyncGenerator<AnswerEvent> {
      input.signal?.throwIfAborted();
      const prep = await prepare({ cache: opts.cache, db: opts.db, logger: opts.logger, input });
      const { content, declined, sources, declineKind, kind } = composeAnswer(prep, input.question);
      const citations = sources.citations;
      yield { type: "sources", citations };
      for await (const text of streamText(content, { signal: input.signal, delayMs: opts.deltaDelayMs }))
        yield { type: "delta", text };
      yield {
        type: "done",
        content,
        citations,
        declined,
        unverified: [],
        kind: kind ?? prep.classification.kind,
        ...(declineKind ? { declineKind } : {}),
      };
    },
  };
}
