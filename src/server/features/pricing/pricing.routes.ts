/**
 * `GET /api/pricing` (SPEC.md §3 pricing entry, §7 get-pricing): `{success, source, data}` read
 * from the `pricing` table; when that fails, the §9 fallback ($10 USD, 1000 cents, for Premium
 * and Unlimited) with `source: "fallback"`.
 */
import { asc } from "drizzle-orm";
import { Hono } from "hono";
import { FALLBACK_PRICE_CENTS } from "../../../domain/plans";
import type { Db } from "../../db/client";
import { pricing } from "../../db/schema";
import type { AppEnv } from "../../lib/context";
import { documentRoute } from "../../lib/openapi";

export interface PricingEntry {
  tier_name: string;
  interval_type: string;
  display_price_cents: number;
  display_currency: string;
  formatted_price: string;
}

export const FALLBACK_PRICING: PricingEntry[] = [
  { tier_name: "Free", interval_type: "month", display_price_cents: 0, display_currency: "USD", formatted_price: "$0" },
  { tier_name: "Premium", interval_type: "month", display_price_cents: FALLBACK_PRICE_CENTS, display_currency: "USD", formatted_price: "$10" },
  { tier_name: "Unlimited", interval_type: "month", display_price_cents: FALLBACK_PRICE_CENTS, display_currency: "USD", formatted_price: "$10" },
];

/** The default rows seeded at boot (idempotent). */
export async function seedPricing(db: Db) {
  const rows = [
    { id: "free-month", tierName: "Free", intervalType: "month", displayPriceCents: 0, displayCurrency: "USD", formattedPrice: "$0", sortOrder: 0 },
    { id: "unlimited-month", tierName: "Unlimited", intervalType: "month", displayPriceCents: 1000, displayCurrency: "USD", formattedPrice: "$10", sortOrder: 1 },
  ];
  for (const row of rows) await db.insert(pricing).values(row).onConflictDoNothing();
}

export function pricingRoutes() {
  const r = new Hono<AppEnv>();
  documentRoute({ method: "get", path: "/api/pricing", summary: "Plan prices (database, or the $10 fallback).", tags: ["billing"], responses: { 200: { description: "{success, source, data}" } } });
  r.get("/pricing", async (c) => {
    try {
      const rows = await c.get("deps").database.db.select().from(pricing).orderBy(asc(pricing.sortOrder));
      if (!rows.length) throw new Error("no pricing rows");
      const data: PricingEntry[] = rows.map((p) => ({
        tier_name: p.tierName,
        interval_type: p.intervalType,
        display_price_cents: p.displayPriceCents,
        display_currency: p.displayCurrency,
        formatted_price: p.formattedPrice,
      }));
      return c.json({ success: true, source: "database", data });
    } catch (err) {
      c.get("deps").logger.warn({ err }, "pricing unavailable, using fallback");
      return c.json({ success: true, source: "fallback", data: FALLBACK_PRICING });
    }
  });
  return r;
}
