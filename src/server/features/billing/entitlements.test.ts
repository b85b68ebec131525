/**
 * Entitlements (issue 11 §2): the tier is read at most once per request, and the one
 * premiumRequired error carries the SPEC.md §6 messages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser, startTestServer, type TestServer } from "../../../../tests/helpers/server";
import { createEntitlements, premiumRequired } from "./entitlements";
import { setPlan } from "./subscriptions.service";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true" });
});
afterAll(async () => {
  await server?.close();
});

describe("entitlements", () => {
  it("reads the subscription once per request: later plan changes show on the next request only", async () => {
    const c = await signedInUser(server, `entitled-${Date.now()}@example.com`);
    const userId = (await c.json<{ user: { id: string } }>("/api/me")).body.user.id;
    const db = server.database.db;
    await setPlan({ db, userId, plan: "unlimited" });
    const request = createEntitlements({ db, userId, now: () => new Date() });
    expect(request.summary()).toBe(request.summary());
    expect(await request.tier()).toBe("unlimited");
    expect(await request.has("question_bank")).toBe(true);
    await setPlan({ db, userId, plan: "free" });
    expect(await request.tier()).toBe("unlimited");
    const next = createEntitlements({ db, userId, now: () => new Date() });
    expect(await next.tier()).toBe("Free");
    expect(await next.has("question_bank")).toBe(false);
  });

  it("premiumRequired is a 403 UPGRADE_REQUIRED with the feature's message", () => {
    const cards = premiumRequired("flashcards");
    expect([cards.status, cards.code, cards.message, cards.details]).toEqual([
      403,
      "UPGRADE_REQUIRED",
      "Official flashcards are part of Unlimited. Upgrade to study them.",
      { feature: "flashcards" },
    ]);
    const bank = premiumRequired("question_bank");
    expect(bank.message).toBe("The question bank is part of Unlimited. Upgrade to use it.");
    expect(bank.details).toEqual({ feature: "question_bank" });
  });
});
