/**
 * The contract between the answer engine (retrieval + composition + LLM providers) and the
 * chat routes. The engine never touches threads or quotas; the routes never build answers.
 */
import type { Citation } from "../../contract/chat";
import type { Db } from "../db/client";
import type { NotLegalKind } from "./scope";

/** One retrieved passage, numbered in the order it will be cited. */
export interface RetrievedSource extends Omit<Citation, "n"> {
  /** Text the answer may draw on (plain text). */
  text: string;
  /** Relevance in [0, 1]; the engine declines below its threshold. */
  score: number;
}

/**
 * Extra sources for one user (their notes and briefs, issue 5). Must only ever return rows
 * owned by `userId`. Registered at app start with `registerUserSourceProvider`.
 */
export type UserSourceProvider = (opts: {
  db: Db;
  userId: string;
  query: string;
  limit: number;
}) => Promise<RetrievedSource[]>;

export interface AnswerInput {
  userId: string;
  question: string;
  /** Earlier turns of the thread, oldest first (the engine trims them to its token budget). */
  history: { role: "user" | "assistant"; content: string }[];
  signal?: AbortSignal;
}

/**
 * Streamed events: `sources` once, then `delta`s, then exactly one `done` (or a thrown AppError).
 * `sources` lists, for composed answers, exactly the sources the answer cites; for model answers,
 * the sources offered to the model — `done.citations` then says which it cited. `done.content` is
 * the text to store (the deltas joined, tidied where an invalid marker was removed).
 */
export type AnswerEvent =
  | { type: "sources"; citations: Citation[] }
  | { type: "delta"; text: string }
  | {
      type: "done";
      content: string;
      citations: Citation[];
      declined: boolean;
      unverified: string[];
      /**
       * The kind of question the answer was shaped for (analytics; eval/run.ts "question kind"):
       * "mbe" for a stem with lettered choices (issue 13 §3), else the classifier's kind.
       */
      kind?: "concept" | "distinction" | "case" | "summary" | "fact_pattern" | "mbe";
      /** Why a declined answer declined (issue 13 §5): see compose/answer.ts `DeclineKind`. */
      declineKind?: "uncovered" | "outside_area" | NotLegalKind;
      /** `[n]` markers the model wrote that matched no source and were removed (LLM answers). */
      invalidMarkers?: number[];
    };

export interface AnswerEngine {
  /** Throws AppError("LLM_UNAUTHORIZED" | "LLM_RATE_LIMITED" | "LLM_UNAVAILABLE" | "LLM_TIMEOUT" | "LLM_INTERRUPTED") on provider failure. */
  answer(input: AnswerInput): AsyncIterable<AnswerEvent>;
}

/**
 * A configured LLM (LLM_PROVIDER ≠ none), for features other than the companion that want
 * free text from the model (draft briefs, draft flashcards). `null` when no provider is set.
 * Errors: the same LLM_* AppErrors as `AnswerEngine.answer`.
 */
export interface LlmClient {
  complete(opts: { system: string; prompt: string; maxOutputTokens?: number; signal?: AbortSignal }): Promise<string>;
}
