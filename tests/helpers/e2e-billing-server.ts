/**
 * A server of its own for the billing browser tests (tests/e2e/billing.spec.ts): the fake Stripe
 * API (tests/helpers/fake-stripe.ts) and the real app pointed at it, on PGlite in a temp DATA_DIR.
 * Prints `{"url","dataDir"}` on one line, then runs one JSON command per stdin line and answers one
 * JSON line:
 *   {"cmd":"activate","email"}            the user's newest fake subscription becomes active: signed
 *                                         customer.subscription.updated + invoice.paid are delivered
 *   {"cmd":"cancelAtPeriodEnd","email"}   customer.subscription.updated with cancel_at_period_end
 *   {"cmd":"failWith","status":500|null}  every fake Stripe call answers that status (an outage)
 *   {"cmd":"mapPrice","on":true|false}    the Unlimited monthly price is (not) mapped to a Stripe price
 * Prices: price_e2e_month ($10). Promotion codes: FREEMONTH (100 % once), HALF (50 % once).
 * Run with `node --import tsx tests/helpers/e2e-billing-server.ts`; SIGTERM closes it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { eq } from "drizzle-orm";
import pino from "pino";
import { boot } from "../../src/server/boot";
import { user } from "../../src/server/db/schema";
import { parseEnv } from "../../src/server/env";
import { setPrice } from "../../src/server/features/billing/pricing.service";
import { startFakeStripe } from "./fake-stripe";

const fake = await startFakeStripe();
fake.addPrice("price_e2e_month", { unitAmount: 1000 });
fake.addPromotionCode({ code: "FREEMONTH", percentOff: 100 });
fake.addPromotionCode({ code: "HALF", percentOff: 50 });
const dataDir = mkdtempSync(join(tmpdir(), "lexmate-e2e-billing-"));
const server = await boot({
  env: parseEnv({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    NODE_ENV: "production",
    RATE_LIMIT_DISABLED: "true",
    ...fake.env(),
  }),
  logger: pino({ level: "silent" }),
});
const db = server.database.db;
const mapPrice = (on: boolean) =>
  setPrice(db, {
    tier: "unlimited",
    interval: "month",
    cents: 1000,
    currency: "usd",
    providerPriceId: on ? "price_e2e_month" : null,
  });
await mapPrice(true);
const hook = `${server.url}/api/billing/webhook`;
process.stdout.write(`${JSON.stringify({ url: server.url, dataDir })}\n`);

async function subscriptionOf(email: string) {
  const [u] = await db.select().from(user).where(eq(user.email, email.toLowerCase()));
  if (!u) throw new Error(`no user ${email}`);
  const subs = [...fake.subscriptions.values()].filter((s) => (s.metadata as Record<string, string>).userId === u.id);
  const sub = subs[subs.length - 1];
  if (!sub) throw new Error(`no fake subscription for ${email}`);
  return String(sub.id);
}

async function deliver(type: string, object: Record<string, unknown>) {
  const res = await fake.deliver(hook, fake.event(type, object));
  if (res.status !== 200) throw new Error(`webhook ${type}: ${res.status} ${await res.text()}`);
}

for await (const line of createInterface({ input: process.stdin })) {
  try {
    const c = JSON.parse(line) as { cmd: string; email?: string; status?: number | null; on?: boolean };
    if (c.cmd === "activate") {
      const id = await subscriptionOf(c.email ?? "");
      const active = fake.updateSubscription(id, { status: "active" });
      await deliver("invoice.paid", { ...fake.invoiceFor(id, "paid"), billing_reason: "subscription_create" });
      await deliver("customer.subscription.updated", active);
    } else if (c.cmd === "cancelAtPeriodEnd") {
      const id = await subscriptionOf(c.email ?? "");
      await deliver("customer.subscription.updated", fake.updateSubscription(id, { cancel_at_period_end: true }));
    } else if (c.cmd === "failWith") fake.failWith = c.status ?? null;
    else if (c.cmd === "mapPrice") await mapPrice(!!c.on);
    else throw new Error(`unknown command ${c.cmd}`);
    process.stdout.write(`${JSON.stringify({ ok: true })}\n`);
  } catch (err) {
    process.stdout.write(`${JSON.stringify({ ok: false, error: (err as Error).message })}\n`);
  }
}

process.on("SIGTERM", () => {
  void Promise.all([server.close(), fake.close()]).finally(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
