/**
 * Admin endpoints (SPEC.md §2.5). A signed-in non-admin gets 403 FORBIDDEN (the admin pages show
 * its message), signed out 401.
 *   GET /api/admin/overview   {users, openErrors}
 */
import { Hono } from "hono";
import { adminApi } from "../../../contract/admin";
import type { AppEnv } from "../../lib/context";
import { requireAdmin } from "../../lib/http";
import { handle } from "../../lib/route";
import { getAdminOverview } from "./admin.service";

export function adminRoutes() {
  const r = new Hono<AppEnv>();
  handle(r, adminApi.overview, (c) => {
    requireAdmin(c);
    return getAdminOverview({ db: c.get("deps").database.db });
  });
  return r;
}
