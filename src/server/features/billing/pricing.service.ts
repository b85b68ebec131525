/**
 * Pricing (SPEC.md §3 pricing entry, §7 get-pricing): `{success, source, data}` read from the
 * `pricing` table; when that fails, the §9 fallback ($10 USD, 1000 cents, for Premium and
 * Unlimited) with `source: "fallback"`. `GET /api/pricing` and the landing pages both use `readPricing`.
 */
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Logger } from "pino";
import { FALLBACK_PRICING, type PricingEntry, type PricingResponse } from "../../../contract/pricing";
import type { Db, DbOrTx } from "../../db/client";
import { pricing } from "../../db/schema";

export { FALLBACK_PRICING, type PricingEntry };

/** The default rows seeded at boot (idempotent). */
export async function seedPricing(db: Db) {
  const rows = [
    {
      id: "free-month",
      tierName: "Free",
      intervalType: "month",
      displayPriceCents: 0,
      displayCurrency: "USD",
      formattedPrice: "$0",
      sortOrder: 0,
    },
    {
      id: "unlimited-month",
      tierName: "Unlimited",
      intervalType: "month",
      displayPriceCents: 1000,
      displayCurrency: "USD",
      formattedPrice: "$10",
      sortOrder: 1,
    },
  ];
  for (const row of rows) await db.insert(pricing).values(row).onConflictDoNothing();
}

/** Pricing from the database, or the §9 fallback (logged as a warning) when it cannot be read or is empty. Never throws. */
export async function readPricing({ db, logger }: { db: Db; logger: Logger }): Promise<PricingResponse> {
  try {
    const rows = await db.select().from(pricing).where(eq(pricing.active, true)).orderBy(asc(pricing.sortOrder));
    if (!rows.length) throw new Error("no pricing rows");
    const data: PricingEntry[] = rows.map((p) => ({
      tier_name: p.tierName,
      interval_type: p.intervalType,
      display_price_cents: p.displayPriceCents,
      display_currency: p.displayCurrency,
      formatted_price: p.formattedPrice,
    }));
    return { success: true, source: "database", data };
  } catch (err) {
    logger.warn({ err }, "pricing unavailable, using fallback");
    return { success: true, source: "fallback", data: FALLBACK_PRICING };
  }
}

/** "$10", "$9.99", "€12": whole amounts without decimals. */
export function formatPrice(cents: number, currency: string): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

/**
 * The price mapping of issue 14 §7 (`npm run cli -- prices:set <tier> <interval> <cents> <currency>
 * [providerPriceId]`, DESIGN.md §5): upserts the row `<tier>-<interval>` (e.g. `unlimited-month`)
 * that `/api/pricing` shows and checkout charges through `providerPriceId` (a Stripe `price_…`).
 * Throws Error on a bad tier, interval, amount or currency.
 */
export async function setPrice(
  db: Db,
  p: { tier: string; interval: string; cents: number; currency: string; providerPriceId?: string | null },
): Promise<PricingEntry & { id: string; provider_price_id: string | null }> {
  const tier = p.tier.trim().toLowerCase();
  if (!["free", "unlimited", "premium"].includes(tier)) throw new Error("tier must be free, premium or unlimited");
  if (p.interval !== "month" && p.interval !== "year") throw new Error("interval must be month or year");
  if (!Number.isInteger(p.cents) || p.cents < 0) throw new Error("cents must be a whole number ≥ 0");
  if (!/^[a-z]{3}$/i.test(p.currency)) throw new Error("currency must be an ISO 4217 code, e.g. USD");
  if (p.providerPriceId && !/^price_\w+$/.test(p.providerPriceId))
    throw new Error("the Stripe price id starts with price_");
  const row = {
    id: `${tier}-${p.interval}`,
    tierName: tier[0].toUpperCase() + tier.slice(1),
    intervalType: p.interval,
    displayPriceCents: p.cents,
    displayCurrency: p.currency.toUpperCase(),
    formattedPrice: formatPrice(p.cents, p.currency),
    providerPriceId: p.providerPriceId ?? null,
    active: true,
    sortOrder: tier === "free" ? 0 : p.interval === "month" ? 1 : 2,
  };
  await db
    .insert(pricing)
    .values(row)
    .onConflictDoUpdate({ target: pricing.id, set: { ...row, id: undefined } });
  return {
    id: row.id,
    tier_name: row.tierName,
    interval_type: row.intervalType,
    display_price_cents: row.displayPriceCents,
    display_currency: row.displayCurrency,
    formatted_price: row.formattedPrice,
    provider_price_id: row.providerPriceId,
  };
}

/** The active price mapping with a provider price id for a tier (monthly first), or null. */
export async function findPriceMapping(db: DbOrTx, tier: "unlimited") {
  const rows = await db
    .select()
    .from(pricing)
    .where(and(eq(pricing.active, true), isNotNull(pricing.providerPriceId)));
  const forTier = rows.filter((r) => r.tierName.toLowerCase() === tier);
  return forTier.find((r) => r.intervalType === "month") ?? forTier[0] ?? null;
}
