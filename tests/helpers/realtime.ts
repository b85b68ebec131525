/**
 * A test subscriber to `GET /api/realtime`: collects `change` frames, resolves `ready` on the
 * first `ready` frame, and `waitFor(pred)` until a matching change arrives (or fails after 5 s).
 */
import type { RealtimeChange } from "../../src/contract/threads";
import type { Client } from "./server";

export interface Subscription {
  changes: RealtimeChange[];
  ready: Promise<void>;
  waitFor(pred: (c: RealtimeChange) => boolean, timeoutMs?: number): Promise<RealtimeChange>;
  close(): void;
}

export function subscribe(base: string, c: Client): Subscription {
  const controller = new AbortController();
  const changes: RealtimeChange[] = [];
  const waiters = new Set<() => void>();
  let readyResolve!: () => void;
  let readyReject!: (e: unknown) => void;
  const ready = new Promise<void>((res, rej) => {
    readyResolve = res;
    readyReject = rej;
  });
  (async () => {
    const res = await fetch(`${base}/api/realtime`, {
      headers: {
        origin: base,
        cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        accept: "text/event-stream",
      },
      signal: controller.signal,
    });
    if (res.status !== 200 || !res.body) throw new Error(`realtime subscribe failed: ${res.status}`);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += value;
      let i = buf.indexOf("\n\n");
      while (i >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        i = buf.indexOf("\n\n");
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event === "ready") readyResolve();
        if (event === "change" && data) {
          changes.push(JSON.parse(data));
          for (const w of [...waiters]) w();
        }
      }
    }
  })().catch((err) => {
    if (!controller.signal.aborted) readyReject(err);
  });
  return {
    changes,
    ready,
    waitFor(pred, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = changes.find(pred);
          if (hit) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(hit);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching realtime change within ${timeoutMs} ms; got ${JSON.stringify(changes)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}
