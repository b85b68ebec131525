/**
 * Maintenance mode (admin settings, issue 17): while it is on, the app is read-only for
 * students — every POST, PUT, PATCH or DELETE under /api answers 503 MAINTENANCE with a clear
 * message — except signing in and out and confirming an email (`/api/auth/*`, `/api/account/*`),
 * error reports, the billing webhook (Stripe's changes must land) and administrators (who keep
 * working, e.g. to switch it off). Reads are untouched. The web shows the banner from GET /api/site.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { getSettings } from "./settings.service";

const WRITE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const ALWAYS_OPEN = ["/api/auth/", "/api/account/", "/api/admin/", "/api/errors", "/api/billing/webhook"];

export const MAINTENANCE_MESSAGE =
  "Lexmate is in maintenance mode: you can read everything, but changes are paused. Please try again shortly.";

export function maintenanceGate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!WRITE.has(c.req.method) || c.get("user")?.isAdmin || ALWAYS_OPEN.some((p) => c.req.path.startsWith(p)))
      return next();
    const settings = await getSettings(c.get("deps").database.db);
    if (settings.maintenanceMode) throw new AppError("MAINTENANCE", MAINTENANCE_MESSAGE);
    await next();
  };
}
