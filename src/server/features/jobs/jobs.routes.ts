/**
 * Background-job routes (issue 11 §5; contract `jobsApi` in src/contract/jobs.ts). Signed-in
 * users follow and cancel their own jobs; administrators any job; another user's job answers 404.
 *   GET  /api/jobs/:id          → {id, kind, state, progress, message, error, result, attempts, …}
 *   POST /api/jobs/:id/cancel   → the job after the request (queued: cancelled; running: stopping)
 */
import { Hono } from "hono";
import { jobsApi } from "../../../contract/jobs";
import { cancelJob, getJobStatus } from "../../jobs/jobs.service";
import type { AppEnv } from "../../lib/context";
import { handle } from "../../lib/route";

export function jobsRoutes() {
  const r = new Hono<AppEnv>();
  handle(r, jobsApi.get, async (c, { user, params }) =>
    getJobStatus({ jobs: c.get("deps").jobs, user, id: params.id }),
  );
  handle(r, jobsApi.cancel, async (c, { user, params }) =>
    cancelJob({ jobs: c.get("deps").jobs, user, id: params.id }),
  );
  return r;
}
