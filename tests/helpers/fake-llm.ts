/**
 * Fake LLM providers for tests: real HTTP servers on 127.0.0.1 speaking the streaming protocols of
 *   - OpenAI-compatible chat completions: POST {base}/chat/completions (SSE `data: {chunk}` …
 *     `data: [DONE]`, or one JSON body when `stream` is false), errors as `{ error: { message } }`;
 *   - Anthropic Messages: POST {base}/messages (SSE events message_start … message_stop, or one JSON
 *     message), errors as `{ type: "error", error: { type, message } }`.
 * `base` is what LLM_BASE_URL takes (it ends in /v1). Script each request's reply with `reply()`;
 * every request is recorded (path, headers, parsed body) for assertions.
 *
 *   const llm = await startFakeOpenAI();
 *   llm.reply({ kind: "text", text: "Hearsay is … [1]." });
 *   … LLM_PROVIDER=openai-compatible LLM_BASE_URL=llm.url LLM_MODEL=test-model …
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeReply =
  /** Stream `text` in chunks of `chunkSize` characters (default 12), `delayMs` apart. */
  | { kind: "text"; text: string; chunkSize?: number; delayMs?: number }
  /** Answer with an HTTP error status and the provider's error body. */
  | { kind: "status"; status: number; message?: string; headers?: Record<string, string> }
  /** Accept the request and never answer (a time-out before the first token). */
  | { kind: "hang" }
  /** Stream the first chunks of `text`, then go silent with the connection open (a time-out mid-answer). */
  | { kind: "stall"; text: string }
  /** Stream the first chunks of `text`, then drop the connection (a stream cut mid-answer). */
  | { kind: "cut"; text: string }
  /** Stream the first chunks of `text`, then send the provider's in-stream error event. */
  | { kind: "stream-error"; text: string; message?: string };

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
}

export interface FakeLlmServer {
  /** Base URL for LLM_BASE_URL, e.g. http://127.0.0.1:41234/v1 */
  url: string;
  requests: RecordedRequest[];
  /** Queues replies for the next requests; the last one keeps answering once the queue is empty. */
  reply(...replies: FakeReply[]): void;
  close(): Promise<void>;
}

type Protocol = "openai" | "anthropic";

const chunksOf = (text: string, size: number) => {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function openAiChunk(content: string | null, finish: string | null) {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: "fake-model",
    choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }],
    ...(finish ? { usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 } } : {}),
  };
}

/** One streamed text reply in the protocol's SSE framing: [head events, one event per chunk, tail events]. */
function sse(protocol: Protocol, chunks: string[]): { head: string[]; body: string[]; tail: string[] } {
  const ev = (name: string | null, data: unknown) =>
    `${name ? `event: ${name}\n` : ""}data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;
  if (protocol === "openai") {
    return {
      head: [
        ev(null, {
          ...openAiChunk("", null),
          choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }],
        }),
      ],
      body: chunks.map((c) => ev(null, openAiChunk(c, null))),
      tail: [ev(null, openAiChunk(null, "stop")), ev(null, "[DONE]")],
    };
  }
  return {
    head: [
      ev("message_start", {
        type: "message_start",
        message: {
          id: "msg_fake",
          type: "message",
          role: "assistant",
          model: "fake-model",
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 100, output_tokens: 1 },
        },
      }),
      ev("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }),
      ev("ping", { type: "ping" }),
    ],
    body: chunks.map((c) =>
      ev("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: c } }),
    ),
    tail: [
      ev("content_block_stop", { type: "content_block_stop", index: 0 }),
      ev("message_delta", {
        type: "message_delta",
        delta: { stop_reason: "end_turn", stop_sequence: null },
        usage: { output_tokens: 20 },
      }),
      ev("message_stop", { type: "message_stop" }),
    ],
  };
}

function errorBody(protocol: Protocol, status: number, message: string) {
  if (protocol === "openai")
    return {
      error: {
        message,
        type: status === 401 ? "invalid_request_error" : "server_error",
        code: status === 429 ? "rate_limit_exceeded" : null,
      },
    };
  const type =
    status === 401
      ? "authentication_error"
      : status === 429
        ? "rate_limit_error"
        : status === 529
          ? "overloaded_error"
          : "api_error";
  return { type: "error", error: { type, message } };
}

function completeBody(protocol: Protocol, text: string) {
  if (protocol === "openai")
    return {
      id: "chatcmpl-fake",
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: "fake-model",
      choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
      usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
    };
  return {
    id: "msg_fake",
    type: "message",
    role: "assistant",
    model: "fake-model",
    content: [{ type: "text", text }],
    stop_reason: "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 100, output_tokens: 20 },
  };
}

async function start(protocol: Protocol): Promise<FakeLlmServer> {
  const queue: FakeReply[] = [];
  let last: FakeReply = { kind: "text", text: "OK" };
  const requests: RecordedRequest[] = [];
  const open = new Set<ServerResponse>();
  const expectedPath = protocol === "openai" ? "/v1/chat/completions" : "/v1/messages";

  const server = createServer(async (req, res) => {
    open.add(res);
    res.on("close", () => open.delete(res));
    let raw = "";
    for await (const chunk of req) raw += chunk;
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw || "{}");
    } catch {
      // recorded as empty
    }
    requests.push({ path: req.url ?? "", headers: req.headers, body });
    if (req.method !== "POST" || req.url !== expectedPath) {
      res
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify(errorBody(protocol, 404, `no route ${req.url}`)));
      return;
    }
    const r = queue.shift() ?? last;
    if (r.kind === "status") {
      res
        .writeHead(r.status, { "content-type": "application/json", ...(r.headers ?? {}) })
        .end(JSON.stringify(errorBody(protocol, r.status, r.message ?? `fake error ${r.status}`)));
      return;
    }
    if (r.kind === "hang") return; // never answers; closed by close()
    if (!body.stream) {
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(completeBody(protocol, "text" in r ? r.text : "")));
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    const chunks = chunksOf(r.text, r.kind === "text" ? (r.chunkSize ?? 12) : 12);
    const { head, body: events, tail } = sse(protocol, chunks);
    for (const e of head) res.write(e);
    if (r.kind === "text") {
      for (const e of events) {
        res.write(e);
        if (r.delayMs) await sleep(r.delayMs);
      }
      for (const e of tail) res.write(e);
      res.end();
      return;
    }
    // Partial answers: the first half of the chunks, then the failure.
    for (const e of events.slice(0, Math.max(1, Math.floor(events.length / 2)))) res.write(e);
    await sleep(20);
    if (r.kind === "cut") res.socket?.destroy();
    if (r.kind === "stream-error") {
      const message = r.message ?? "Overloaded";
      if (protocol === "anthropic")
        res.write(
          `event: error\ndata: ${JSON.stringify({ type: "error", error: { type: "overloaded_error", message } })}\n\n`,
        );
      else res.write(`data: ${JSON.stringify({ error: { message, type: "server_error" } })}\n\n`);
      res.end();
    }
    // "stall": keep the connection open without writing.
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    reply(...replies) {
      queue.push(...replies);
      if (replies.length) last = replies[replies.length - 1];
    },
    async close() {
      for (const res of open) res.socket?.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A fake OpenAI-compatible server (chat completions). */
export const startFakeOpenAI = () => start("openai");
/** A fake Anthropic Messages API server. */
export const startFakeAnthropic = () => start("anthropic");

/**
 * The server settings that point the companion at `llm` (a fake OpenAI-compatible server), with
 * rate limits off: spread into `startTestServer`'s env.
 */
export const fakeOpenAIEnv = (llm: FakeLlmServer) => ({
  RATE_LIMIT_DISABLED: "true",
  LLM_PROVIDER: "openai-compatible",
  LLM_BASE_URL: llm.url,
  LLM_MODEL: "test-model",
  LLM_API_KEY: "test-key",
});
