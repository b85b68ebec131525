/** GET /api/admin/dashboard?range=7|30|90 (issue 17 §2 dashboard): figures in dashboard.service.ts. */
import type { Hono } from "hono";
import { adminApi } from "../../../contract/admin";
import type { AppEnv } from "../../lib/context";
import { nowOf } from "../../lib/http";
import { handle } from "../../lib/route";
import { getDashboard } from "./dashboard.service";

export function dashboardRoutes(r: Hono<AppEnv>) {
  handle(r, adminApi.dashboard, (c, { query }) =>
    getDashboard(c.get("deps").database.db, Number(query.range) as 7 | 30 | 90, nowOf(c)),
  );
}
