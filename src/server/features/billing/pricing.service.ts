/**
 * Pricing (SPEC.md §3 pricing entry, §7 get-pricing): `{success, source, data}` read from the
 * `pricing` table; when that fails, the §9 fallback ($10 USD, 1000 cents, for Premium and
 * Unlimited) with `source: "fallback"`. `GET /api/pricing` and the landing pages both use `readPricing`.
 */
import { asc } from "drizzle-orm";
import type { Logger } from "pino";
import { FALLBACK_PRICING, type PricingEntry, type PricingResponse } from "../../../contract/pricing";
import type { Db } from "../../db/client";
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
    const rows = await db.select().from(pricing).orderBy(asc(pricing.sortOrder));
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
