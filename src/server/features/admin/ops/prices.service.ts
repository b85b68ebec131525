/**
 * The price-mapping page (issue 17 §2, issue 14 §7): the `pricing` table that /api/pricing shows
 * and checkout charges through `provider_price_id`. Adding a row is `setPrice` (the `prices:set`
 * CLI's code); here rows can also be turned off and deleted.
 */
import { asc, eq } from "drizzle-orm";
import type { PriceRow } from "../../../../contract/admin-ops";
import type { DbOrTx } from "../../../db/client";
import { pricing } from "../../../db/schema";
import { AppError } from "../../../lib/errors";

const toRow = (p: typeof pricing.$inferSelect): PriceRow => ({
  id: p.id,
  tierName: p.tierName,
  intervalType: p.intervalType,
  displayPriceCents: p.displayPriceCents,
  displayCurrency: p.displayCurrency,
  formattedPrice: p.formattedPrice,
  providerPriceId: p.providerPriceId ?? null,
  active: p.active,
  sortOrder: p.sortOrder,
});

/** Every row, in display order. */
export async function listPrices(db: DbOrTx): Promise<PriceRow[]> {
  return (await db.select().from(pricing).orderBy(asc(pricing.sortOrder), asc(pricing.id))).map(toRow);
}

/** One row; NOT_FOUND otherwise. */
export async function getPrice(db: DbOrTx, id: string): Promise<PriceRow> {
  const [p] = await db.select().from(pricing).where(eq(pricing.id, id));
  if (!p) throw new AppError("NOT_FOUND", "No such price.");
  return toRow(p);
}

/** Turns a row on or off; returns it. */
export async function setPriceActive(db: DbOrTx, id: string, active: boolean): Promise<PriceRow> {
  const [p] = await db.update(pricing).set({ active }).where(eq(pricing.id, id)).returning();
  if (!p) throw new AppError("NOT_FOUND", "No such price.");
  return toRow(p);
}

/** Deletes a row; NOT_FOUND when absent. */
export async function deletePrice(db: DbOrTx, id: string): Promise<void> {
  const gone = await db.delete(pricing).where(eq(pricing.id, id)).returning({ id: pricing.id });
  if (!gone.length) throw new AppError("NOT_FOUND", "No such price.");
}
