/**
 * Billing endpoints (SPEC.md §3, §6, §7):
 *   GET /api/pricing             {success, source, data}: the pricing table or the §9 fallback (public)
 *   GET /api/subscription        the get-user-subscription summary
 *   GET /api/features/:feature   {feature, allowed:true}; 403 UPGRADE_REQUIRED when the tier lacks it, 404 unknown id
 */
import { Hono } from "hono";
import { billingApi } from "../../../contract/billing";
import { FEATURE_IDS, type FeatureId } from "../../../domain/plans";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { handle } from "../../lib/route";
import { entitlementsOf, requireFeature } from "./entitlements";
import { readPricing } from "./pricing.service";

export function billingRoutes() {
  const r = new Hono<AppEnv>();

  handle(r, billingApi.pricing, (c) => readPricing({ db: c.get("deps").database.db, logger: c.get("deps").logger }));

  handle(r, billingApi.subscription, (c) => entitlementsOf(c).summary());

  handle(r, billingApi.feature, async (c, { params }) => {
    const feature = params.feature;
    if (!(FEATURE_IDS as readonly string[]).includes(feature)) throw new AppError("NOT_FOUND", "Unknown feature.");
    await requireFeature(c, feature as FeatureId);
    return { feature: feature as FeatureId, allowed: true as const };
  });

  return r;
}
