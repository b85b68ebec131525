/** Client error reports (SPEC.md §3 error_logs; issue 2 §11). */
import { z } from "zod";
import { defineRoute } from "./route";

export const errorReportBody = z.object({
  message: z.string().trim().min(1).max(2000),
  stack: z.string().max(20_000).optional(),
  url: z.string().max(2000).optional(),
});

export const errorsApi = {
  report: defineRoute({
    method: "post",
    path: "/api/errors",
    summary: "Report an uncaught client error (rate limited: 20 a minute per client, 300 in all).",
    tags: ["errors"],
    auth: "public",
    body: errorReportBody,
    responses: { 202: z.object({ stored: z.boolean().describe("false when dropped over the limit") }) },
  }),
};
