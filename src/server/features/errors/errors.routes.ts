/**
 * Error logs (issue 2 §11, SPEC.md §3): `POST /api/errors {message, stack?, url?}` stores an
 * uncaught client error (202); server 5xx are stored by `recordError` (errors.service.ts) from app.onError.
 * Client reports are rate limited so a crash loop cannot flood the table: 20 a minute per client
 * (user or IP), 300 a minute for all clients together; extra reports are dropped (still 202, the
 * client cannot do better). Server errors never count against that budget and are always stored.
 */
import { Hono } from "hono";
import { errorsApi } from "../../../contract/errors-log";
import type { AppEnv } from "../../lib/context";
import { handle } from "../../lib/route";
import { recordError } from "./errors.service";

export function errorRoutes() {
  const r = new Hono<AppEnv>();
  handle(r, errorsApi.report, async (c, { user, body: b }) => {
    const clientKey = user?.id ?? c.req.header("x-lexmate-client-ip") ?? "unknown";
    const stored = await recordError(c.get("deps"), {
      message: b.message,
      stackTrace: b.stack ?? null,
      userId: user?.id ?? null,
      source: "client",
      url: b.url,
      clientKey,
    });
    return { stored };
  });
  return r;
}
