/**
 * Entitlements (SPEC.md §3 feature matrix, §6): the signed-in user's subscription summary and
 * tier, resolved at most ONCE per request. `entitlementsMiddleware()` puts a lazy resolver on the
 * context (`c.get("entitlements")`); nothing is read from the database until a route asks.
 * `requireFeature` is the one feature gate (lib/http.ts and `handle()` delegate to it);
 * `premiumRequired` is the one 403 UPGRADE_REQUIRED error for plan-gated content.
 */
import type { Context, MiddlewareHandler } from "hono";
import { type FeatureId, hasFeature, type TierName } from "../../../domain/plans";
import type { Db } from "../../db/client";
import type { AppEnv, SessionUser } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { getSubscriptionSummary, type SubscriptionSummary } from "./subscriptions.service";

/** A request's entitlements; every method reads the database at most once per request. */
export interface Entitlements {
  /** The subscription summary of SPEC.md §7 (cached for the request). */
  summary(): Promise<SubscriptionSummary>;
  tier(): Promise<TierName>;
  has(feature: FeatureId): Promise<boolean>;
}

/** A lazy, memoized resolver for `userId` at instant `now` (UTC). */
export function createEntitlements(opts: { db: Db; userId: string; now: () => Date }): Entitlements {
  let pending: Promise<SubscriptionSummary> | null = null;
  const summary = () => {
    pending ??= getSubscriptionSummary({ db: opts.db, userId: opts.userId, now: opts.now() });
    // A failed read is not cached: the next caller tries again.
    pending.catch(() => {
      pending = null;
    });
    return pending;
  };
  return {
    summary,
    tier: async () => (await summary()).tierName,
    has: async (feature) => hasFeature((await summary()).tierName, feature),
  };
}

/** Sets `c.get("entitlements")` for a signed-in request (after the session middleware). */
export function entitlementsMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get("user");
    if (user) {
      const deps = c.get("deps");
      c.set(
        "entitlements",
        createEntitlements({ db: deps.database.db, userId: user.id, now: () => deps.now?.() ?? new Date() }),
      );
    }
    await next();
  };
}

/** The request's entitlements. Throws 401 UNAUTHENTICATED when signed out. */
export function entitlementsOf(c: Context<AppEnv>): Entitlements {
  const user = c.get("user");
  if (!user) throw new AppError("UNAUTHENTICATED", "Your session has expired. Please log in again.");
  let e = c.get("entitlements");
  if (!e) {
    const deps = c.get("deps");
    e = createEntitlements({ db: deps.database.db, userId: user.id, now: () => deps.now?.() ?? new Date() });
    c.set("entitlements", e);
  }
  return e;
}

/**
 * The one feature gate: the signed-in user, or 401 UNAUTHENTICATED when signed out, or 403
 * UPGRADE_REQUIRED `{details: {feature}}` when the tier lacks `feature` (SPEC.md §6).
 */
export async function requireFeature(c: Context<AppEnv>, feature: FeatureId): Promise<SessionUser> {
  const entitlements = entitlementsOf(c);
  if (!(await entitlements.has(feature))) {
    throw new AppError("UPGRADE_REQUIRED", "This feature is part of Unlimited. Upgrade to use it.", { feature });
  }
  return c.get("user") as SessionUser;
}

const PREMIUM_MESSAGES: Partial<Record<FeatureId, string>> = {
  flashcards: "Official flashcards are part of Unlimited. Upgrade to study them.",
  question_bank: "The question bank is part of Unlimited. Upgrade to use it.",
};

/**
 * The 403 UPGRADE_REQUIRED error for plan-gated content (SPEC.md §6): official flashcards
 * ("Official flashcards are part of Unlimited. Upgrade to study them.") and the question bank
 * ("The question bank is part of Unlimited. Upgrade to use it."); details `{feature}`.
 */
export function premiumRequired(feature: FeatureId): AppError {
  const message = PREMIUM_MESSAGES[feature] ?? "This feature is part of Unlimited. Upgrade to use it.";
  return new AppError("UPGRADE_REQUIRED", message, { feature });
}
