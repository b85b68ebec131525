/**
 * Issue 12 item 15: one user cannot hold more than REALTIME_STREAMS_PER_USER open realtime streams
 * on a process; one more is refused with 429 and Retry-After, and a closed stream frees its slot.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REALTIME_STREAMS_PER_USER } from "../../src/server/features/chat/realtime.routes";
import { type Subscription, subscribe } from "../helpers/realtime";
import { type Client, signedInUser, startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" });
});
afterAll(() => server?.close());

/** Opens /api/realtime and returns the status and Retry-After, closing the stream at once. */
async function tryOpen(c: Client): Promise<{ status: number; retryAfter: string | null; code?: string }> {
  const controller = new AbortController();
  const res = await fetch(`${server.url}/api/realtime`, {
    headers: { origin: server.url, cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    signal: controller.signal,
  });
  const out = { status: res.status, retryAfter: res.headers.get("retry-after"), code: undefined as string | undefined };
  if (res.status !== 200) out.code = ((await res.json()) as { error: { code: string } }).error.code;
  controller.abort();
  return out;
}

describe("realtime streams per user (item 15)", () => {
  it(`caps one user at ${REALTIME_STREAMS_PER_USER} open streams; others and freed slots are unaffected`, async () => {
    expect(REALTIME_STREAMS_PER_USER).toBe(8);
    const ada = await signedInUser(server, "tabs@example.com");
    const bob = await signedInUser(server, "other-tabs@example.com");
    const tabs: Subscription[] = [];
    for (let i = 0; i < REALTIME_STREAMS_PER_USER; i++) tabs.push(subscribe(server.url, ada));
    await Promise.all(tabs.map((t) => t.ready));

    const refused = await tryOpen(ada);
    expect(refused).toEqual({ status: 429, retryAfter: "30", code: "RATE_LIMITED" });
    // Refusals do not take a slot: still refused, and another user is not affected.
    expect((await tryOpen(ada)).status).toBe(429);
    const bobTab = subscribe(server.url, bob);
    await bobTab.ready;

    // Closing a tab frees its slot (the server sees the disconnect shortly after).
    tabs.pop()!.close();
    let again = await tryOpen(ada);
    for (let i = 0; i < 50 && again.status === 429; i++) {
      await new Promise((r) => setTimeout(r, 100));
      again = await tryOpen(ada);
    }
    expect(again.status).toBe(200);
    for (const t of [...tabs, bobTab]) t.close();
  });
});
