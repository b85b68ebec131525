/**
 * Background jobs' wire shapes (issue 11 §5), shared by server and web: what `GET /api/jobs/:id`
 * and `POST /api/jobs/:id/cancel` answer. Times are ISO 8601 UTC strings.
 */
import { z } from "zod";

export const JOB_STATE_VALUES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;

export const jobStatusSchema = z.object({
  id: z.string(),
  kind: z.string(),
  state: z.enum(JOB_STATE_VALUES),
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  /** One line for the owner ("Parsing 3 of 15 files…"). */
  message: z.string(),
  /** The last attempt's error (a queued job with an error is waiting for its retry). */
  error: z.string().nullable(),
  /** The handler's answer once succeeded (e.g. the case-law import report), else null. */
  result: z.unknown(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** True once the job will not change any more. */
export const isJobDone = (s: JobStatus["state"]) => s === "succeeded" || s === "failed" || s === "cancelled";

import { defineRoute } from "./route";

export const jobsApi = {
  get: defineRoute({
    method: "get",
    path: "/api/jobs/:id",
    summary:
      "One background job you started (administrators: any): state queued|running|succeeded|failed|cancelled, progress 0–100, a message, the last error and, once succeeded, its result. Another user's job is 404.",
    tags: ["jobs"],
    responses: { 200: jobStatusSchema },
    errors: ["NOT_FOUND"],
    stable: true,
  }),
  cancel: defineRoute({
    method: "post",
    path: "/api/jobs/:id/cancel",
    summary:
      "Cancels a job: a queued job at once, a running one as soon as its handler sees the request (state stays running until then). 409 once it has finished.",
    tags: ["jobs"],
    responses: { 200: jobStatusSchema },
    errors: ["NOT_FOUND", "CONFLICT"],
  }),
};
