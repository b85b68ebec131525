/**
 * Route helpers: `requireUser` (401 UNAUTHENTICATED), `requireFeature` (403 UPGRADE_REQUIRED),
 * `requireAdmin` (403 FORBIDDEN) and `parseBody`/`parseQuery` (400 VALIDATION_FAILED naming the
 * field). Handlers stay short: validate, authorize, call a service, map the result.
 */
import type { Context } from "hono";
import type { z } from "zod";
import { type FeatureId, hasFeature } from "../../domain/plans";
import { getSubscriptionSummary } from "../services/subscriptions";
import type { AppEnv, SessionUser } from "./context";
import { AppError } from "./errors";

export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw new AppError("UNAUTHENTICATED", "Your session has expired. Please log in again.");
  return user;
}

export function requireAdmin(c: Context<AppEnv>): SessionUser {
  const user = requireUser(c);
  if (!user.isAdmin) throw new AppError("FORBIDDEN", "You don't have permission to access this admin area.");
  return user;
}

/** Throws 403 UPGRADE_REQUIRED unless the user's tier includes `feature` (SPEC.md §6). */
export async function requireFeature(c: Context<AppEnv>, feature: FeatureId): Promise<SessionUser> {
  const user = requireUser(c);
  const deps = c.get("deps");
  const summary = await getSubscriptionSummary(deps.database.db, user.id, deps.now?.() ?? new Date());
  if (!hasFeature(summary.tierName, feature)) {
    throw new AppError("UPGRADE_REQUIRED", "This feature is part of Unlimited. Upgrade to use it.", { feature });
  }
  return user;
}

function validation(error: z.ZodError): AppError {
  const first = error.issues[0];
  const field = first?.path.join(".") || "body";
  return new AppError("VALIDATION_FAILED", `${field}: ${first?.message ?? "invalid"}`, {
    issues: error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
  });
}

export async function parseBody<T extends z.ZodType>(c: Context<AppEnv>, schema: T): Promise<z.infer<T>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new AppError("BAD_REQUEST", "The request body is not valid JSON.");
  }
  const r = schema.safeParse(raw);
  if (!r.success) throw validation(r.error);
  return r.data;
}

export function parseQuery<T extends z.ZodType>(c: Context<AppEnv>, schema: T): z.infer<T> {
  const r = schema.safeParse(c.req.query());
  if (!r.success) throw validation(r.error);
  return r.data;
}

export const nowOf = (c: Context<AppEnv>) => c.get("deps").now?.() ?? new Date();
