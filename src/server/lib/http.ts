/**
 * Route helpers: `requireUser` (401 UNAUTHENTICATED), `requireFeature` (403 UPGRADE_REQUIRED),
 * `requireAdmin` (403 FORBIDDEN) and `parseBody`/`parseQuery` (400 VALIDATION_FAILED naming the
 * field). Handlers stay short: validate, authorize, call a service, map the result.
 * Both parsers refuse a NUL character (U+0000) in any string: PostgreSQL cannot store one in
 * `text`, so it would otherwise surface as a 500 from the database.
 */
import type { Context } from "hono";
import type { z } from "zod";
import type { FeatureId } from "../../domain/plans";
import { requireFeature as requireEntitledFeature } from "../features/billing/entitlements";
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

/**
 * Throws 401 UNAUTHENTICATED when signed out, 403 UPGRADE_REQUIRED unless the user's tier includes
 * `feature` (SPEC.md §6). Delegates to the one gate in features/billing/entitlements (the tier is
 * read once per request).
 */
export async function requireFeature(c: Context<AppEnv>, feature: FeatureId): Promise<SessionUser> {
  requireUser(c);
  return requireEntitledFeature(c, feature);
}

/**
 * Path of the first string (or key) holding U+0000 in a parsed JSON value or query, or null.
 * Iterative with an explicit stack, so a deeply nested body (issue 12 item 2: depth 5,000 in
 * 10 KB) cannot overflow the call stack.
 */
export function nulPath(value: unknown): string | null {
  interface Frame {
    v: unknown;
    key?: string;
    parent?: Frame;
  }
  const pathOf = (f: Frame, last?: string) => {
    const parts = last === undefined ? [] : [last];
    for (let at: Frame | undefined = f; at?.key !== undefined; at = at.parent) parts.unshift(at.key);
    return parts.join(".");
  };
  const stack: Frame[] = [{ v: value }];
  while (stack.length) {
    const f = stack.pop()!;
    if (typeof f.v === "string") {
      if (f.v.includes("\u0000")) return pathOf(f) || "body";
    } else if (f.v && typeof f.v === "object") {
      const entries = Object.entries(f.v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i];
        if (k.includes("\u0000")) return pathOf(f, k);
        stack.push({ v: child, key: k, parent: f });
      }
    }
  }
  return null;
}

function rejectNul(raw: unknown) {
  const at = nulPath(raw);
  if (at !== null)
    throw new AppError("VALIDATION_FAILED", `${at}: must not contain a NUL character (U+0000)`, {
      issues: [{ path: at, message: "must not contain a NUL character (U+0000)" }],
    });
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
  rejectNul(raw);
  const r = schema.safeParse(raw);
  if (!r.success) throw validation(r.error);
  return r.data;
}

export function parseQuery<T extends z.ZodType>(c: Context<AppEnv>, schema: T): z.infer<T> {
  rejectNul(c.req.query());
  const r = schema.safeParse(c.req.query());
  if (!r.success) throw validation(r.error);
  return r.data;
}

export const nowOf = (c: Context<AppEnv>) => c.get("deps").now?.() ?? new Date();
