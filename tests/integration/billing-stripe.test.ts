/**
 * Billing through Stripe (issue 14, decision 054) against the real server and a fake Stripe API
 * (tests/helpers/fake-stripe.ts): checkout, promo codes, the portal, and every webhook event,
 * replays, bad signatures, out-of-order delivery and a failed renewal through the grace period;
 * manual renewal; the referral program through its reward and clawback (decision 058).
 * The app's clock is injected so the grace period can pass; webhook signatures follow that clock.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvents, billingEvents } from "../../src/server/db/schema";
import { setPrice } from "../../src/server/features/billing/pricing.service";
import { setPlan } from "../../src/server/features/billing/subscriptions.service";
import { type FakeStripe, startFakeStripe } from "../helpers/fake-stripe";
import {
  type Client,
  client,
  STRONG_PASSWORD,
  signedInUser,
  startTestServer,
  type TestServer,
  tokenFromLink,
} from "../helpers/server";
import { userIdOf } from "../helpers/users";

const DAY = 86_400_000;
let clock = Date.now();
let fake: FakeStripe;
let server: TestServer;
let hook: string;
type Summary = {
  isActive: boolean;
  tierName: string;
  status: string | null;
  cancel_at_period_end: boolean;
  stripe_price_id: string | null;
  stripe_customer_id: string | null;
  current_period_end: string | null;
};
type Sub = Record<string, unknown> & { id: string; metadata: Record<string, string> };

beforeAll(async () => {
  fake = await startFakeStripe({ now: () => clock });
  fake.addPrice("price_unlimited_month", { unitAmount: 1000 });
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true", ...fake.env() }, { now: () => new Date(clock) });
  hook = `${server.url}/api/billing/webhook`;
  await mapPrice("price_unlimited_month");
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const summary = async (c: Client) => (await c.json<Summary>("/api/subscription")).body;
const mapPrice = (providerPriceId: string | null) =>
  setPrice(server.database.db, { tier: "unlimited", interval: "month", cents: 1000, currency: "usd", providerPriceId });
const ledger = (id: string) => server.database.db.select().from(billingEvents).where(eq(billingEvents.id, id));

/** Signs up a user and starts a paid checkout; returns the client, the user id and the fake's subscription. */
async function checkedOut(email: string) {
  const c = await signedInUser(server, email);
  const r = await c.json<{ clientSecret: string; flow: string }>("/api/billing/checkout", {
    body: { purchaseType: "subscription", tier: "Premium" },
  });
  expect(r.status).toBe(200);
  const userId = await userIdOf(c);
  const sub = [...fake.subscriptions.values()].find((s) => (s.metadata as Record<string, string>).userId === userId);
  return { c, userId, sub: sub as Sub, checkout: r.body };
}

async function deliver(type: string, object: Record<string, unknown>, opts: { created?: number } = {}) {
  const event = fake.event(type, object, opts);
  const res = await fake.deliver(hook, event);
  return { event, status: res.status, body: (await res.json()) as { duplicate: boolean; outcome: string } };
}

describe("checkout", () => {
  it("prices:set maps a tier to a Stripe price and /api/pricing shows it", async () => {
    const row = await setPrice(server.database.db, {
      tier: "Unlimited",
      interval: "year",
      cents: 9999,
      currency: "usd",
      providerPriceId: "price_unlimited_year",
    });
    expect(row).toMatchObject({ id: "unlimited-year", formatted_price: "$99.99", display_currency: "USD" });
    const r = await client(server.url).json<{ source: string; data: { tier_name: string; formatted_price: string }[] }>(
      "/api/pricing",
    );
    expect(r.body.source).toBe("database");
    expect(r.body.data.map((d) => `${d.tier_name} ${d.formatted_price}`)).toEqual([
      "Free $0",
      "Unlimited $10",
      "Unlimited $99.99",
    ]);
    await expect(
      setPrice(server.database.db, { tier: "gold", interval: "month", cents: 1, currency: "usd" }),
    ).rejects.toThrow(/tier/);
    // Not for sale online again (the fake has no yearly price): checkout keeps using the monthly one.
    await setPrice(server.database.db, { tier: "unlimited", interval: "year", cents: 9999, currency: "usd" });
  });

  it("without a Stripe price mapped, checkout says so instead of charging", async () => {
    const c = await signedInUser(server, "unmapped@example.com");
    const before = fake.subscriptions.size;
    await mapPrice(null);
    try {
      const r = await c.json<{ error: { code: string; message: string } }>("/api/billing/checkout", {
        body: { purchaseType: "subscription", tier: "unlimited" },
      });
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe("PAYMENTS_NOT_CONFIGURED");
      expect(fake.subscriptions.size).toBe(before);
    } finally {
      await mapPrice("price_unlimited_month");
    }
  });

  it("a Trial user upgrades: payment flow, webhooks make them Unlimited without any Stripe call", async () => {
    const { c, userId, sub, checkout } = await checkedOut("upgrader@example.com");
    expect(checkout.flow).toBe("payment");
    expect(checkout.clientSecret).toMatch(/^pi_.+_secret_/);
    expect(sub.metadata).toMatchObject({ userId, tier: "unlimited", originalTier: "Premium" });
    expect((await summary(c)).tierName).toBe("Trial");

    const before = fake.requests.length;
    expect((await deliver("customer.subscription.created", sub)).body.outcome).toBe("applied");
    expect((await summary(c)).tierName).toBe("Trial"); // incomplete until paid
    const paid = fake.updateSubscription(sub.id, { status: "active" });
    const firstInvoice = { ...fake.invoiceFor(sub.id, "paid"), billing_reason: "subscription_create" };
    expect((await deliver("invoice.paid", firstInvoice)).status).toBe(200);
    expect((await deliver("customer.subscription.updated", paid)).body.outcome).toBe("applied");
    expect(fake.requests.length).toBe(before);

    const s = await summary(c);
    expect(s).toMatchObject({
      isActive: true,
      tierName: "unlimited",
      status: "active",
      stripe_price_id: "price_unlimited_month",
      cancel_at_period_end: false,
    });
    expect(s.stripe_customer_id).toMatch(/^cus_/);
    expect((await c.json("/api/features/question_bank")).status).toBe(200);

    // Already paying: a second checkout is refused rather than creating a second subscription.
    const again = await c.json<{ error: { code: string } }>("/api/billing/checkout", {
      body: { purchaseType: "subscription", tier: "unlimited" },
    });
    expect(again.status).toBe(409);

    // Portal opens for a customer; cancellation at period end is shown, then deletion means Free.
    const portal = await c.json<{ url: string }>("/api/billing/portal", { method: "POST" });
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(new RegExp(`^${fake.url}/p/session/bps_`));
    const canceling = fake.updateSubscription(sub.id, { cancel_at_period_end: true });
    await deliver("customer.subscription.updated", canceling, { created: Math.floor(clock / 1000) + 1 });
    expect(await summary(c)).toMatchObject({ tierName: "unlimited", cancel_at_period_end: true });
    const ended = fake.updateSubscription(sub.id, { status: "canceled", ended_at: Math.floor(clock / 1000) + 2 });
    await deliver("customer.subscription.deleted", ended, { created: Math.floor(clock / 1000) + 2 });
    // Back to what remains: the sign-up trial (still running), not Unlimited.
    expect(await summary(c)).toMatchObject({ tierName: "Trial", stripe_price_id: "trial" });
    // SPEC.md §7 analytics, once each.
    const events = await server.database.db
      .select({ name: analyticsEvents.name, properties: analyticsEvents.properties })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, userId));
    const billingNames = events.map((e) => e.name).filter((n) => /checkout|purchase|canceled/.test(n));
    expect(billingNames.sort()).toEqual(["initiate_checkout", "purchase_complete", "subscription_canceled"]);
    expect(events.find((e) => e.name === "purchase_complete")?.properties).toEqual({
      tier: "unlimited",
      amountCents: 1000,
      currency: "usd",
    });
  });

  it("tier names are lower-cased, 'premium' maps to unlimited, anything else is 400", async () => {
    const c = await signedInUser(server, "tiers@example.com");
    const bad = await c.json<{ error: { code: string } }>("/api/billing/checkout", {
      body: { purchaseType: "subscription", tier: "gold" },
    });
    expect(bad.status).toBe(400);
    const ok = await c.json<{ tier: string }>("/api/billing/checkout", {
      body: { purchaseType: "subscription", tier: "UNLIMITED" },
    });
    expect(ok.body.tier).toBe("unlimited");
    expect(
      (await client(server.url).json("/api/billing/checkout", { body: { purchaseType: "subscription" } })).status,
    ).toBe(401);
  });
});

describe("promo codes", () => {
  it("validate-coupon answers the SPEC §3 fields for an active code, upper-casing the input", async () => {
    const { promotionCodeId, couponId } = fake.addPromotionCode({
      code: "SPRING20",
      percentOff: 20,
      duration: "repeating",
      durationInMonths: 3,
    });
    fake.addPromotionCode({ code: "OLDCODE", amountOff: 500, active: false });
    const c = await signedInUser(server, "coupons@example.com");
    const r = await c.json("/api/billing/validate-coupon", { body: { couponCode: " spring20 " } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      valid: true,
      promotion_code_id: promotionCodeId,
      coupon_id: couponId,
      percent_off: 20,
      amount_off: null,
      duration: "repeating",
      duration_in_months: 3,
    });
    for (const code of ["OLDCODE", "NOPE", ""]) {
      const bad = await c.json<{ valid: boolean; promotion_code_id: string | null }>("/api/billing/validate-coupon", {
        body: { couponCode: code },
      });
      expect(bad.body).toMatchObject({ valid: false, promotion_code_id: null });
    }
    fake.failWith = 500;
    try {
      const down = await c.json<{ error: { code: string } }>("/api/billing/validate-coupon", {
        body: { couponCode: "SPRING20" },
      });
      expect(down.status).toBe(502);
      expect(down.body.error.code).toBe("PAYMENT_PROVIDER_ERROR");
    } finally {
      fake.failWith = null;
    }
  });

  it("a 100%-off code starts the setup flow (seti_), a discount lowers the charge, a bad code is refused", async () => {
    fake.addPromotionCode({ code: "FREEMONTH", percentOff: 100 });
    fake.addPromotionCode({ code: "HALF", percentOff: 50 });
    const a = await signedInUser(server, "free-month@example.com");
    const setup = await a.json<{ clientSecret: string; flow: string; amountCents: number }>("/api/billing/checkout", {
      body: { purchaseType: "subscription", tier: "unlimited", couponCode: "freemonth" },
    });
    expect(setup.body).toMatchObject({ flow: "setup", amountCents: 0 });
    expect(setup.body.clientSecret).toMatch(/^seti_/);
    const b = await signedInUser(server, "half@example.com");
    const half = await b.json<{ flow: string; amountCents: number }>("/api/billing/checkout", {
      body: { purchaseType: "subscription", couponCode: "HALF" },
    });
    expect(half.body).toMatchObject({ flow: "payment", amountCents: 500 });
    const bad = await b.json<{ error: { message: string } }>("/api/billing/checkout", {
      body: { purchaseType: "subscription", couponCode: "NOT-A-CODE" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("Invalid or expired promo code");
  });
});

describe("portal", () => {
  it("a user who never paid online gets the §8 no-subscription message; signed out is 401", async () => {
    const c = await signedInUser(server, "no-customer@example.com");
    const r = await c.json<{ error: { code: string; message: string } }>("/api/billing/portal", { method: "POST" });
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe("No subscription found. Please purchase a subscription first.");
    expect((await client(server.url).json("/api/billing/portal", { method: "POST" })).status).toBe(401);
  });

  it("checkout.session.completed links the customer, so the portal opens", async () => {
    const c = await signedInUser(server, "hosted@example.com");
    const userId = await userIdOf(c);
    const customer = "cus_hosted";
    fake.customers.set(customer, { id: customer, object: "customer" });
    const r = await deliver("checkout.session.completed", {
      id: "cs_test_1",
      object: "checkout.session",
      mode: "subscription",
      customer,
      client_reference_id: userId,
      metadata: {},
    });
    expect(r.body.outcome).toBe("applied");
    expect((await c.json("/api/billing/portal", { method: "POST" })).status).toBe(200);
  });
});

describe("webhook", () => {
  it("a replayed event (×10, in a row and at once) has no second effect", async () => {
    const { c, sub } = await checkedOut("replay@example.com");
    const active = fake.updateSubscription(sub.id, { status: "active" });
    const event = fake.event("customer.subscription.updated", active);
    const first = await fake.deliver(hook, event);
    expect(await first.json()).toMatchObject({ duplicate: false, outcome: "applied" });
    // A newer cancellation, then the old event again ten times: still cancelling at period end.
    const canceling = fake.updateSubscription(sub.id, { cancel_at_period_end: true });
    await deliver("customer.subscription.updated", canceling, { created: event.created as number });
    expect((await summary(c)).cancel_at_period_end).toBe(true);
    for (let i = 0; i < 5; i++) {
      const res = await fake.deliver(hook, event);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ duplicate: true });
    }
    const burst = await Promise.all(Array.from({ length: 5 }, () => fake.deliver(hook, event)));
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await summary(c)).cancel_at_period_end).toBe(true);
    expect(await ledger(event.id as string)).toHaveLength(1);
  });

  it("a bad, missing or stale signature, or a tampered body, is 400 and records nothing", async () => {
    const event = fake.event("customer.subscription.updated", { id: "sub_x", object: "subscription", metadata: {} });
    const payload = JSON.stringify(event);
    const post = (signature: string | null, body = payload) =>
      fetch(hook, {
        method: "POST",
        headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
        body,
      });
    const wrongSecret = await post(fake.sign(payload, { secret: "whsec_not_the_secret" }));
    expect(wrongSecret.status).toBe(400);
    expect(((await wrongSecret.json()) as { error: { code: string } }).error.code).toBe("BAD_REQUEST");
    expect((await post(null)).status).toBe(400);
    expect((await post(fake.sign(payload, { timestamp: Math.floor(clock / 1000) - 301 }))).status).toBe(400);
    expect((await post(fake.sign(payload), payload.replace("sub_x", "sub_y"))).status).toBe(400);
    expect((await post("t=abc,v1=def")).status).toBe(400);
    expect(await ledger(event.id as string)).toHaveLength(0);
    // The same bytes, signed right, are accepted.
    expect((await post(fake.sign(payload))).status).toBe(200);
  });

  it("out of order: 'updated' (active) before 'created' (incomplete) ends active", async () => {
    const { c, sub } = await checkedOut("out-of-order@example.com");
    const t = Math.floor(clock / 1000);
    const created = fake.event("customer.subscription.created", sub, { created: t });
    const active = fake.updateSubscription(sub.id, { status: "active" });
    const updated = fake.event("customer.subscription.updated", active, { created: t + 5 });
    expect(await (await fake.deliver(hook, updated)).json()).toMatchObject({ outcome: "applied" });
    expect(await (await fake.deliver(hook, created)).json()).toMatchObject({ outcome: "ignored_stale" });
    expect(await summary(c)).toMatchObject({ tierName: "unlimited", status: "active" });
    // Also an invoice that comes first: the row starts from it.
    const { c: c2, sub: sub2 } = await checkedOut("invoice-first@example.com");
    fake.updateSubscription(sub2.id, { status: "active" });
    await deliver("invoice.paid", fake.invoiceFor(sub2.id, "paid"), { created: t + 5 });
    expect((await summary(c2)).tierName).toBe("unlimited");
    await deliver("customer.subscription.created", sub2, { created: t });
    expect(await summary(c2)).toMatchObject({ tierName: "unlimited", stripe_customer_id: sub2.customer });
  });

  it("an event for an unknown user is recorded and answered 200", async () => {
    const r = await deliver("customer.subscription.updated", {
      id: "sub_ghost",
      object: "subscription",
      customer: "cus_ghost",
      status: "active",
      metadata: { userId: "no-such-user" },
      items: { data: [] },
    });
    expect(r.status).toBe(200);
    expect(r.body.outcome).toBe("unknown_user");
    const [row] = await ledger(r.event.id as string);
    expect(row).toMatchObject({ type: "customer.subscription.updated", outcome: "unknown_user", userId: null });
    const other = await deliver("payment_intent.created", { id: "pi_1", object: "payment_intent" });
    expect(other.body.outcome).toBe("unhandled");
  });

  it("a failed renewal: past_due and an email, access for 7 days of grace, then Free; a later payment restores it", async () => {
    const { c, sub } = await checkedOut("renewal@example.com");
    const active = fake.updateSubscription(sub.id, { status: "active" });
    await deliver("customer.subscription.created", active);
    expect((await summary(c)).tierName).toBe("unlimited");

    const start = clock;
    try {
      clock += 30 * DAY; // renewal day
      const renewed = fake.updateSubscription(sub.id, {
        status: "past_due",
        current_period_end: Math.floor((clock + 30 * DAY) / 1000),
      });
      expect((await deliver("invoice.payment_failed", fake.invoiceFor(sub.id, "open"))).body.outcome).toBe("applied");
      await deliver("customer.subscription.updated", renewed);
      expect(await summary(c)).toMatchObject({ status: "past_due", tierName: "unlimited", isActive: true });
      const mail = server.outbox().filter((m) => m.to === "renewal@example.com" && /payment failed/i.test(m.subject));
      expect(mail).toHaveLength(1);
      expect(mail[0].links[0]).toBe(`${server.url}/settings`);

      clock += 6 * DAY; // a retry fails again: grace still counts from the first failure
      await deliver("invoice.payment_failed", fake.invoiceFor(sub.id, "open"));
      expect((await summary(c)).tierName).toBe("unlimited");
      clock += 1 * DAY + 60_000; // just past 7 days
      expect(await summary(c)).toMatchObject({ status: "past_due", tierName: "Free", isActive: false });
      expect((await c.json("/api/features/question_bank")).status).toBe(403);

      clock += DAY; // the customer updates the card and the invoice is paid
      await deliver("invoice.paid", fake.invoiceFor(sub.id, "paid"));
      expect(await summary(c)).toMatchObject({ status: "active", tierName: "unlimited", isActive: true });
    } finally {
      clock = start;
    }
  });
});

describe("configuration", () => {
  it("the publishable key reaches the browser and the CSP allows Stripe only when configured", async () => {
    const r = await client(server.url).json("/api/billing/config");
    expect(r.body).toEqual({ configured: true, publishableKey: fake.publishableKey });
    const csp = (await client(server.url).fetch("/api/health")).headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("frame-src https://js.stripe.com https://hooks.stripe.com");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe("renew (SPEC.md §4 banner)", () => {
  it("a manual plan renews for 30 days when due; a Stripe or trial plan is sent to checkout", async () => {
    const c = await signedInUser(server, "manual@example.com");
    const userId = await userIdOf(c);
    await setPlan({ db: server.database.db, userId, plan: "unlimited", now: new Date(clock) });
    const early = await c.json<{ error: { code: string; message: string } }>("/api/billing/renew", { method: "POST" });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe("Your subscription is not due for renewal yet.");
    const start = clock;
    try {
      clock += 31 * DAY; // expired a day ago: the banner says so and Renew extends from now
      expect(await summary(c)).toMatchObject({ tierName: "Free", stripe_price_id: "manual_activation_unlimited" });
      const r = await c.json<{ renewed: boolean; current_period_end: string }>("/api/billing/renew", {
        method: "POST",
      });
      expect(r.body).toEqual({ renewed: true, current_period_end: new Date(clock + 30 * DAY).toISOString() });
      expect(await summary(c)).toMatchObject({ tierName: "unlimited", isActive: true });
    } finally {
      clock = start;
    }
    const trial = await signedInUser(server, "renew-trial@example.com");
    expect((await trial.json("/api/billing/renew", { method: "POST" })).body).toEqual({
      renewed: false,
      checkout: true,
    });
  });
});

/** Signs up and confirms with an existing client `c` (which may carry a referral cookie). */
async function signUpWith(c: Client, email: string) {
  const up = await c.json("/api/auth/sign-up/email", { body: { email, password: STRONG_PASSWORD, name: "Ref" } });
  expect(up.status).toBe(200);
  const token = tokenFromLink(server.lastLink(email, "/auth/callback"));
  expect((await c.json("/api/account/confirm", { body: { token } })).status).toBe(200);
  return c;
}

type Stats = {
  enabled: boolean;
  code: string;
  link: string;
  invited: number;
  signedUp: number;
  paid: number;
  creditCents: number;
  rewardCents: number;
  referredBy: boolean;
};

describe("referral program (decision 058)", () => {
  const balanceOf = (customer: string) => Number(fake.customers.get(customer)?.balance ?? 0);

  it("link → sign-up → first paid invoice credits both sides; a replay credits nothing more; a refund within 30 days claws both back", async () => {
    const ann = await signedInUser(server, "referrer.ann@gmail.com");
    const annId = await userIdOf(ann);
    const first = (await ann.json<Stats>("/api/referrals/me")).body;
    expect(first).toMatchObject({ enabled: true, invited: 0, signedUp: 0, paid: 0, creditCents: 0, rewardCents: 1000 });
    expect(first.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.link).toBe(`${server.url}/?ref=${first.code}`);
    expect((await ann.json<Stats>("/api/referrals/me")).body.code).toBe(first.code);

    // A visitor arrives through the link (lower case works); a later visit with another code does not override it.
    const bob = client(server.url);
    const visit = await bob.fetch(`/?ref=${first.code.toLowerCase()}`);
    expect(visit.status).toBe(200);
    expect(bob.cookies.get("lm_ref")).toMatch(new RegExp(`^${first.code}\\.\\d+$`));
    const other = await signedInUser(server, "other-referrer@example.com");
    const otherCode = (await other.json<Stats>("/api/referrals/me")).body.code;
    await bob.fetch(`/pricing?ref=${otherCode}`);
    expect(bob.cookies.get("lm_ref")).toMatch(new RegExp(`^${first.code}\\.`));
    await signUpWith(bob, "bob.referred@example.com");
    expect((await bob.json<Stats>("/api/referrals/me")).body.referredBy).toBe(true);
    expect((await ann.json<Stats>("/api/referrals/me")).body).toMatchObject({ invited: 1, signedUp: 1, paid: 0 });
    expect((await other.json<Stats>("/api/referrals/me")).body).toMatchObject({ invited: 0, signedUp: 0 });

    // Bob pays his first invoice.
    const r = await bob.json<{ clientSecret: string }>("/api/billing/checkout", {
      body: { purchaseType: "subscription", tier: "unlimited" },
    });
    expect(r.status).toBe(200);
    const bobId = await userIdOf(bob);
    const sub = [...fake.subscriptions.values()].find((s) => (s.metadata as Record<string, string>).userId === bobId)!;
    fake.attachCard(String(sub.customer), "fp_bob");
    fake.updateSubscription(String(sub.id), { status: "active" });
    const invoice = { ...fake.invoiceFor(String(sub.id), "paid"), billing_reason: "subscription_create" };
    const paid = fake.event("invoice.paid", invoice);
    expect((await fake.deliver(hook, paid)).status).toBe(200);
    const annStats = (await ann.json<Stats>("/api/referrals/me")).body;
    expect(annStats).toMatchObject({ invited: 1, signedUp: 1, paid: 1, creditCents: 1000 });
    const annCustomer = (await ann.json<Summary>("/api/subscription")).body.stripe_customer_id;
    const annCus = [...fake.customers.values()].find(
      (cu) => (cu.metadata as Record<string, string>)?.userId === annId,
    )!;
    expect(annCustomer).toBeNull(); // Ann never subscribed: the credit waits on her customer for her first invoice
    expect(balanceOf(String(annCus.id))).toBe(-1000);
    expect(balanceOf(String(sub.customer))).toBe(-1000);
    const credits = fake.balanceTransactions.length;

    // Replayed ten times: nothing more.
    for (let i = 0; i < 10; i++)
      expect((await (await fake.deliver(hook, paid)).json()) as object).toMatchObject({ duplicate: true });
    // A second paid invoice (renewal) is not a new conversion.
    await deliver("invoice.paid", fake.invoiceFor(String(sub.id), "paid"));
    expect(fake.balanceTransactions.length).toBe(credits);

    // Refund 10 days later: both rewards are clawed back.
    const start = clock;
    try {
      clock += 10 * DAY;
      const refund = await deliver("charge.refunded", fake.refundedCharge(String(sub.customer), 1000));
      expect(refund.body.outcome).toBe("applied");
      expect(balanceOf(String(annCus.id))).toBe(0);
      expect(balanceOf(String(sub.customer))).toBe(0);
      expect((await ann.json<Stats>("/api/referrals/me")).body).toMatchObject({ paid: 0, creditCents: 0, signedUp: 1 });
      // A second refund event changes nothing more.
      await deliver("charge.refunded", fake.refundedCharge(String(sub.customer), 1000));
      expect(balanceOf(String(annCus.id))).toBe(0);
    } finally {
      clock = start;
    }
  });

  it("no self-referral: own code, same e-mail after normalisation, same card; unknown and second codes are refused", async () => {
    const ann = await signedInUser(server, "self.ref@gmail.com");
    const code = (await ann.json<Stats>("/api/referrals/me")).body.code;
    const own = await ann.json<{ error: { message: string } }>("/api/referrals/claim", { body: { code } });
    expect(own.status).toBe(400);
    expect(own.body.error.message).toBe("You cannot use your own referral code.");
    const alias = await signedInUser(server, "selfref+second@googlemail.com");
    expect((await alias.json("/api/referrals/claim", { body: { code } })).status).toBe(400);
    expect((await alias.json("/api/referrals/claim", { body: { code: "ZZZZZZZZ" } })).status).toBe(404);

    // Ann has a card on file; a "friend" who pays with the same card earns nobody anything.
    const annCheckout = await ann.json("/api/billing/checkout", { body: { purchaseType: "subscription" } });
    expect(annCheckout.status).toBe(200);
    const annId = await userIdOf(ann);
    const annSub = [...fake.subscriptions.values()].find(
      (s) => (s.metadata as Record<string, string>).userId === annId,
    )!;
    fake.attachCard(String(annSub.customer), "fp_shared");
    const friend = await signedInUser(server, "friend@example.com");
    const claim = await friend.json("/api/referrals/claim", { body: { code: code.toLowerCase() } });
    expect(claim.status).toBe(200);
    expect((await friend.json("/api/referrals/claim", { body: { code } })).status).toBe(409);
    const friendId = await userIdOf(friend);
    await friend.json("/api/billing/checkout", { body: { purchaseType: "subscription" } });
    const fsub = [...fake.subscriptions.values()].find(
      (s) => (s.metadata as Record<string, string>).userId === friendId,
    )!;
    fake.attachCard(String(fsub.customer), "fp_shared");
    const before = fake.balanceTransactions.length;
    await deliver("invoice.paid", {
      ...fake.invoiceFor(String(fsub.id), "paid"),
      billing_reason: "subscription_create",
    });
    expect(fake.balanceTransactions.length).toBe(before);
    expect((await ann.json<Stats>("/api/referrals/me")).body).toMatchObject({ signedUp: 1, paid: 0, creditCents: 0 });
  });

  it("a refund more than 30 days after the first payment keeps the reward; a refund for an unknown customer is recorded", async () => {
    const ann = await signedInUser(server, "late-refund-referrer@example.com");
    const code = (await ann.json<Stats>("/api/referrals/me")).body.code;
    const kim = await signedInUser(server, "kim@example.com");
    // The code typed at checkout attributes the account.
    const r = await kim.json("/api/billing/checkout", {
      body: { purchaseType: "subscription", affiliateId: code },
    });
    expect(r.status).toBe(200);
    const kimId = await userIdOf(kim);
    const sub = [...fake.subscriptions.values()].find((s) => (s.metadata as Record<string, string>).userId === kimId)!;
    expect((sub.metadata as Record<string, string>).affiliateId).toBe(code);
    await deliver("invoice.paid", {
      ...fake.invoiceFor(String(sub.id), "paid"),
      billing_reason: "subscription_create",
    });
    expect((await ann.json<Stats>("/api/referrals/me")).body).toMatchObject({ paid: 1, creditCents: 1000 });
    const start = clock;
    try {
      clock += 31 * DAY;
      await deliver("charge.refunded", fake.refundedCharge(String(sub.customer), 1000));
      expect((await ann.json<Stats>("/api/referrals/me")).body).toMatchObject({ paid: 1, creditCents: 1000 });
    } finally {
      clock = start;
    }
    const ghost = await deliver("charge.refunded", fake.refundedCharge("cus_nobody", 500));
    expect(ghost).toMatchObject({ status: 200, body: { outcome: "unknown_user" } });
  });
});
