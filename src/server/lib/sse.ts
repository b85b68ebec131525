/**
 * Server-sent events without a framework helper, so the producer keeps full control:
 * `sseResponse` drains its source to the end even after the client has gone (the source decides
 * what a disconnect means, e.g. storing a stopped answer), and `sseChannel` is a long-lived stream
 * with a heartbeat for the realtime change feed.
 */
const encoder = new TextEncoder();

export const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
} as const;

/** One SSE frame; `data` is JSON-encoded (so it never contains a raw newline). */
export const sseFrame = (event: string, data: unknown) =>
  encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

/** Streams every `{event, data}` of `source` as SSE. Write failures (client gone) are ignored; the source is still drained. */
export function sseResponse(
  source: AsyncIterable<{ event: string; data: unknown }>,
  headers: Record<string, string> = {},
): Response {
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        for await (const { event, data } of source) {
          if (!open) continue;
          try {
            controller.enqueue(sseFrame(event, data));
          } catch {
            open = false;
          }
        }
      } finally {
        if (open) {
          open = false;
          try {
            controller.close();
          } catch {
            // already closed by a cancel
          }
        }
      }
    },
    cancel() {
      open = false;
    },
  });
  return new Response(body, { status: 200, headers: { ...SSE_HEADERS, ...headers } });
}

/**
 * A long-lived SSE stream: `setup(send)` runs once and returns its teardown, called when the client
 * goes away (`signal`) or the stream is cancelled. A comment line every `heartbeatMs` keeps proxies
 * from closing an idle connection.
 */
export function sseChannel(opts: {
  signal: AbortSignal;
  heartbeatMs?: number;
  setup: (send: (event: string, data: unknown) => void) => () => void;
}): Response {
  let teardown: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
    teardown?.();
    teardown = null;
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (event: string, data: unknown) => {
        try {
          controller.enqueue(sseFrame(event, data));
        } catch {
          stop();
        }
      };
      teardown = opts.setup(send);
      timer = setInterval(() => {
        try {
          controller.enqueue(encoder.encode(": ping\n\n"));
        } catch {
          stop();
        }
      }, opts.heartbeatMs ?? 25_000);
      const end = () => {
        stop();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      // A client gone before the stream started would never fire "abort": end at once.
      if (opts.signal.aborted) end();
      else opts.signal.addEventListener("abort", end, { once: true });
    },
    cancel: stop,
  });
  return new Response(body, { status: 200, headers: SSE_HEADERS });
}
