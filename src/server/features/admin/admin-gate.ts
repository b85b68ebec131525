/**
 * The one gate of `/api/admin/*` (SPEC.md §2.5, §6; DESIGN.md §5): signed out → 401
 * UNAUTHENTICATED, signed in without `is_admin` → 404 NOT_FOUND ("No such API route.", the same
 * answer as an unknown path, so the admin surface is not discoverable). Mounted once in app.ts
 * in front of every router, so a route another feature adds under /api/admin is covered too, and
 * so are unknown admin paths. `handle()` also refuses non-admins on `auth: "admin"` routes.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";

export function adminOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get("user");
    if (!user) throw new AppError("UNAUTHENTICATED", "Your session has expired. Please log in again.");
    if (!user.isAdmin) throw new AppError("NOT_FOUND", "No such API route.");
    await next();
  };
}
