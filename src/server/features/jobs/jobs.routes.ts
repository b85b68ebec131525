/**
 * Background-job routes (issue 11 §5). Signed-in users follow and cancel their own jobs;
 * administrators any job; another user's job answers 404.
 *   GET  /api/jobs/:id          → {id, kind, state, progress, message, error, result, attempts, …}
 *   POST /api/jobs/:id/cancel   → the job after the request (queued: cancelled; running: stopping)
 */
import { Hono } from "hono";
import { jobStatusSchema } from "../../../contract/jobs";
import { cancelJob, getJobStatus } from "../../jobs/jobs.service";
import type { AppEnv } from "../../lib/context";
import { requireUser } from "../../lib/http";
import { documentRoute } from "../../lib/openapi";

export function jobsRoutes() {
  const r = new Hono<AppEnv>();

  documentRoute({
    method: "get",
    path: "/api/jobs/:id",
    summary:
      "One background job you started (administrators: any): state queued|running|succeeded|failed|cancelled, progress 0–100, a message, the last error and, once succeeded, its result.",
    tags: ["jobs"],
    auth: true,
    responses: {
      200: { description: "the job", schema: jobStatusSchema },
      401: { description: "signed out" },
      404: { description: "no such job (or another user's)" },
    },
  });
  r.get("/jobs/:id", async (c) => {
    const user = requireUser(c);
    return c.json(await getJobStatus({ jobs: c.get("deps").jobs, user, id: c.req.param("id") }));
  });

  documentRoute({
    method: "post",
    path: "/api/jobs/:id/cancel",
    summary:
      "Cancels a job: a queued job at once, a running one as soon as its handler sees the request (state stays running until then).",
    tags: ["jobs"],
    auth: true,
    responses: {
      200: { description: "the job after the request", schema: jobStatusSchema },
      401: { description: "signed out" },
      404: { description: "no such job (or another user's)" },
      409: { description: "the job has already finished" },
    },
  });
  r.post("/jobs/:id/cancel", async (c) => {
    const user = requireUser(c);
    return c.json(await cancelJob({ jobs: c.get("deps").jobs, user, id: c.req.param("id") }));
  });

  return r;
}
