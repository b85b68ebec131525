/**
 * Buying one course against the fake Stripe server (issue 15 §2 "Buy"; DESIGN.md §5
 * `POST /api/billing/checkout {purchaseType:"course", courseId}`): a Free student is refused, buys
 * the course (a PaymentIntent for its price), `payment_intent.succeeded` enrolls them for the
 * course's days of access (a replay changes nothing, a second purchase extends from the current
 * end), and `charge.refunded` of that payment ends the enrollment and the access with it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OFFICIAL_COURSE_DAYS, OFFICIAL_COURSE_PRICE } from "../../src/server/features/courses/official-courses";
import { type FakeStripe, startFakeStripe } from "../helpers/fake-stripe";
import { type Client, signedInUser, startTestServer, type TestServer } from "../helpers/server";
import { makeFree } from "../helpers/users";

const DAY = 86_400_000;
let clock = Date.now();
let fake: FakeStripe;
let server: TestServer;
let hook: string;
let ada: Client;

interface Access {
  hasAccess: boolean;
  reason: string;
  message: string;
  enrollment?: { expiresAt: string | null; source: string };
}

beforeAll(async () => {
  fake = await startFakeStripe({ now: () => clock });
  server = await startTestServer({ RATE_LIMIT_DISABLED: "true", ...fake.env() }, { now: () => new Date(clock) });
  hook = `${server.url}/api/billing/webhook`;
  ada = await signedInUser(server, "ada@example.com");
  await makeFree(server, ada);
}, 240_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const access = async () => (await ada.json<Access>("/api/courses/official-contracts/access")).body;
async function deliver(type: string, object: Record<string, unknown>) {
  const event = fake.event(type, object);
  const res = await fake.deliver(hook, event);
  return { event, status: res.status, body: (await res.json()) as { duplicate: boolean; outcome: string } };
}
async function buy() {
  const r = await ada.json<{ clientSecret: string; flow: string; amountCents: number }>("/api/billing/checkout", {
    body: { purchaseType: "course", courseId: "official-contracts" },
  });
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ flow: "payment", amountCents: OFFICIAL_COURSE_PRICE });
  const pi = [...fake.paymentIntents.values()].find((p) => r.body.clientSecret.startsWith(String(p.id)))!;
  expect(pi.metadata).toMatchObject({ purchaseType: "course", courseId: "official-contracts" });
  return pi;
}

describe("course purchase", () => {
  it("a Free student is refused, buys the course, and payment_intent.succeeded enrolls them for its days", async () => {
    const before = await access();
    expect(before).toMatchObject({ hasAccess: false, reason: "none" });
    expect(before.message).toContain("Buy it ($29)");
    const pi = await buy();
    expect((await access()).hasAccess).toBe(false); // nothing until the payment succeeds
    const paid = await deliver("payment_intent.succeeded", { ...pi, status: "succeeded" });
    expect(paid.status).toBe(200);
    expect(paid.body.outcome).toBe("applied");
    const after = await access();
    expect(after).toMatchObject({ hasAccess: true, reason: "enrollment", enrollment: { source: "purchase" } });
    expect(Date.parse(after.enrollment!.expiresAt!)).toBe(clock + OFFICIAL_COURSE_DAYS * DAY);
    // A replay of the same event changes nothing.
    const replay = await fake.deliver(hook, paid.event);
    expect(((await replay.json()) as { duplicate: boolean }).duplicate).toBe(true);
    expect((await access()).enrollment?.expiresAt).toBe(after.enrollment!.expiresAt);
    // Buying while enrolled is refused.
    const again = await ada.json<{ error: { code: string } }>("/api/billing/checkout", {
      body: { purchaseType: "course", courseId: "official-contracts" },
    });
    expect(again.status).toBe(409);
  });

  it("a purchase after expiry starts a new window; a partial refund keeps it; a full refund ends it", async () => {
    clock += (OFFICIAL_COURSE_DAYS + 1) * DAY;
    const expired = await access();
    expect(expired.hasAccess).toBe(false);
    expect(expired.message).toContain("ended on");
    const pi = await buy();
    await deliver("payment_intent.succeeded", { ...pi, status: "succeeded" });
    const renewed = await access();
    expect(renewed.hasAccess).toBe(true);
    expect(Date.parse(renewed.enrollment!.expiresAt!)).toBe(clock + OFFICIAL_COURSE_DAYS * DAY);
    // A partial refund (e.g. a goodwill credit of $5) leaves the enrollment and the access.
    await deliver("charge.refunded", {
      id: "ch_1",
      object: "charge",
      payment_intent: pi.id,
      amount: OFFICIAL_COURSE_PRICE,
      amount_refunded: 500,
      refunded: false,
    });
    const kept = await access();
    expect(kept).toMatchObject({ hasAccess: true, reason: "enrollment" });
    expect(Date.parse(kept.enrollment!.expiresAt!)).toBe(clock + OFFICIAL_COURSE_DAYS * DAY);
    const refund = await deliver("charge.refunded", {
      id: "ch_1",
      object: "charge",
      payment_intent: pi.id,
      amount: OFFICIAL_COURSE_PRICE,
      amount_refunded: OFFICIAL_COURSE_PRICE,
      refunded: true,
    });
    expect(refund.body.outcome).toBe("applied");
    const gone = await access();
    expect(gone).toMatchObject({ hasAccess: false, reason: "none" });
    expect(gone.message).toContain("refunded");
    const lesson = await ada.json(
      "/api/courses/official-contracts/lessons/official-contracts--practice-contracts-formation",
    );
    expect(lesson.status).toBe(403);
  });

  it("a free or unknown course cannot be bought", async () => {
    const r = await ada.json<{ error: { code: string } }>("/api/billing/checkout", {
      body: { purchaseType: "course", courseId: "no-such-course" },
    });
    expect(r.status).toBe(404);
  });
});
