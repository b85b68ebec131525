/**
 * An AnswerEngine that follows a script, for tests of the chat routes that must control timing
 * and failure exactly (the answer engine itself is tested on its own, with fake LLM servers).
 * `next` is consumed per call; with an empty queue it answers normally.
 */
import type { Citation } from "../../src/contract/chat";
import type { ErrorCode } from "../../src/contract/errors";
import type { AnswerEngine, AnswerInput } from "../../src/server/ai/types";
import { AppError } from "../../src/server/lib/errors";

export type Step =
  | {
      kind: "answer";
      chunks?: string[];
      citations?: Citation[];
      declined?: boolean;
      unverified?: string[];
      delayMs?: number;
    }
  | { kind: "fail"; code: ErrorCode; afterChunks: string[] }
  | { kind: "hang"; chunks: string[] };

export const SAMPLE_CITATION: Citation = {
  n: 1,
  id: "contracts-acceptance",
  kind: "topic",
  title: "Acceptance",
  cite: "Contracts · Acceptance",
  url: "/library/topics/contracts-acceptance",
};

export interface ScriptedEngine extends AnswerEngine {
  next: Step[];
  calls: AnswerInput[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function scriptedEngine(): ScriptedEngine {
  const engine: ScriptedEngine = {
    next: [],
    calls: [],
    async *answer(input) {
      engine.calls.push(input);
      const step: Step = engine.next.shift() ?? { kind: "answer" };
      if (step.kind === "answer") {
        const citations = step.citations ?? [SAMPLE_CITATION];
        const chunks = step.chunks ?? [
          "An acceptance is ",
          "a manifestation of assent ",
          "to the terms of an offer [1].",
        ];
        yield { type: "sources", citations };
        for (const text of chunks) {
          if (step.delayMs) await sleep(step.delayMs);
          yield { type: "delta", text };
        }
        yield {
          type: "done",
          content: chunks.join(""),
          citations,
          declined: step.declined ?? false,
          unverified: step.unverified ?? [],
        };
        return;
      }
      yield { type: "sources", citations: [SAMPLE_CITATION] };
      for (const text of step.kind === "fail" ? step.afterChunks : step.chunks) yield { type: "delta", text };
      if (step.kind === "fail") throw new AppError(step.code, `provider failed: ${step.code}`);
      await new Promise<void>((resolve) => {
        if (input.signal?.aborted) resolve();
        input.signal?.addEventListener("abort", () => resolve());
      });
      throw new DOMException("aborted", "AbortError");
    },
  };
  return engine;
}

/** Reads an SSE response into `[{event, data}]` (data JSON-parsed; tests check its shape). */
// biome-ignore lint/suspicious/noExplicitAny: the frames' JSON is asserted field by field in the tests
export async function readSse(res: Response): Promise<{ event: string; data: any }[]> {
  const text = await res.text();
  return text
    .split("\n\n")
    .filter((block) => block.trim() && !block.startsWith(":"))
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = block
        .split("\n")
        .filter((l) => l.startsWith("data: "))
        .map((l) => l.slice(6))
        .join("\n");
      return { event, data: JSON.parse(data) };
    });
}
