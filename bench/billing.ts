/**
 * Billing bench (DESIGN.md §6: webhook p95 ≤ 50 ms, checkout start p95 ≤ 150 ms against the fake
 * Stripe). Boots the real server on PGlite (or DATABASE_URL) with tests/helpers/fake-stripe.ts,
 * then times, sequentially from one client:
 *  - POST /api/billing/checkout (a Stripe subscription created at the fake; customer reused)
 *  - POST /api/billing/webhook with signed customer.subscription.updated events (distinct ids)
 * Run alone with `npx tsx bench/billing.ts`, or as part of `npm run bench`. Reports; asserts nothing.
 */
import { setPrice } from "../src/server/features/billing/pricing.service";
import { startFakeStripe } from "../tests/helpers/fake-stripe";
import { signedInUser, startTestServer } from "../tests/helpers/server";

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/** Rows for `npm run bench` (bench/run.ts): checkout start and webhook p95 against the fake Stripe. */
export async function benchBilling(): Promise<[string, string, string][]> {
  const fake = await startFakeStripe();
  fake.addPrice("price_bench", { unitAmount: 1000 });
  const server = await startTestServer({ RATE_LIMIT_DISABLED: "true", ...fake.env() });
  try {
    await setPrice(server.database.db, {
      tier: "unlimited",
      interval: "month",
      cents: 1000,
      currency: "usd",
      providerPriceId: "price_bench",
    });
    const users = await Promise.all(
      Array.from({ length: 5 }, (_, i) => signedInUser(server, `bench-${i}@example.com`)),
    );
    const checkout: number[] = [];
    for (let round = 0; round < 105; round++) {
      const c = users[round % users.length];
      const t0 = performance.now();
      const r = await c.fetch("/api/billing/checkout", { body: { purchaseType: "subscription", tier: "unlimited" } });
      await r.text();
      if (r.status !== 200) throw new Error(`checkout ${r.status}`);
      if (round >= 5) checkout.push(performance.now() - t0);
    }
    const subs = [...fake.subscriptions.values()];
    const hook = `${server.url}/api/billing/webhook`;
    const webhook: number[] = [];
    for (let i = 0; i < 320; i++) {
      const sub = fake.updateSubscription(subs[i % subs.length].id as string, { status: "active" });
      const event = fake.event("customer.subscription.updated", sub, { created: Math.floor(Date.now() / 1000) + i });
      const t0 = performance.now();
      const r = await fake.deliver(hook, event);
      await r.text();
      if (r.status !== 200) throw new Error(`webhook ${r.status}`);
      if (i >= 20) webhook.push(performance.now() - t0);
    }
    const fig = (xs: number[]) => `${pct(xs, 95).toFixed(1)} ms (${pct(xs, 50).toFixed(1)})`;
    return [
      [
        `billing: checkout start vs fake Stripe, p95 (p50), n=${checkout.length}, ${server.database.kind}`,
        fig(checkout),
        "≤ 150 ms",
      ],
      [
        `billing: signed webhook applied, p95 (p50), n=${webhook.length}, ${server.database.kind}`,
        fig(webhook),
        "≤ 50 ms",
      ],
    ];
  } finally {
    await server.close();
    await fake.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  benchBilling()
    .then((rows) => {
      for (const [a, b, c] of rows) console.log(`${a}  ${b}  ${c}`);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
