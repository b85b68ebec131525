/**
 * Billing without Stripe keys (issue 14 §1, decision 054): a self-hosted server never pretends to
 * charge anyone; every payment route answers 409 PAYMENTS_NOT_CONFIGURED with one honest line.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, signedInUser, startTestServer, type TestServer } from "../helpers/server";

describe("without Stripe configured", () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer({ RATE_LIMIT_DISABLED: "true" });
  }, 120_000);
  afterAll(async () => {
    await plain?.close();
  });

  it("nothing pretends to charge: every payment route answers 409 PAYMENTS_NOT_CONFIGURED", async () => {
    const config = await client(plain.url).json("/api/billing/config");
    expect(config.body).toEqual({ configured: false, publishableKey: null });
    const csp = (await client(plain.url).fetch("/api/health")).headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("stripe.com");
    const c = await signedInUser(plain, "self-hosted@example.com");
    const checkout = await c.json<{ error: { code: string; message: string } }>("/api/billing/checkout", {
      body: { purchaseType: "subscription", tier: "unlimited" },
    });
    expect(checkout.status).toBe(409);
    expect(checkout.body.error).toEqual({
      code: "PAYMENTS_NOT_CONFIGURED",
      message: "Online payment is not configured on this server. Ask an administrator to grant your plan.",
    });
    expect((await c.json("/api/billing/validate-coupon", { body: { couponCode: "X" } })).status).toBe(409);
    expect((await c.json("/api/billing/portal", { method: "POST" })).status).toBe(409);
    const hookRes = await fetch(`${plain.url}/api/billing/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=x" },
      body: "{}",
    });
    expect(hookRes.status).toBe(409);
    // The referral program needs Stripe for its rewards: it says it is off (decision 058).
    const refer = await c.json<{ enabled: boolean; rewardCents: number; code: string }>("/api/referrals/me");
    expect(refer.status).toBe(200);
    expect(refer.body).toMatchObject({ enabled: false, rewardCents: 0 });
    // Renew of a plan that is not manual sends the student to checkout, which says the above.
    expect((await c.json("/api/billing/renew", { method: "POST" })).body).toEqual({ renewed: false, checkout: true });
  });
});
