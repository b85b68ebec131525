/** Service routes: health check and the OpenAPI document of the API. */
import { z } from "zod";
import { defineRoute } from "./route";

export const metaApi = {
  health: defineRoute({
    method: "get",
    path: "/api/health",
    summary: "Liveness and database check (runs SELECT 1).",
    tags: ["meta"],
    auth: "public",
    stable: true,
    responses: {
      200: z.object({ status: z.literal("ok"), db: z.enum(["pglite", "postgres"]), version: z.string() }),
    },
  }),
  openapi: defineRoute({
    method: "get",
    path: "/api/openapi.json",
    summary: "This API as an OpenAPI 3.1 document, built from the contract declarations.",
    tags: ["meta"],
    auth: "public",
    stable: true,
    responses: {
      200: z
        .object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }) })
        .loose()
        .describe("OpenAPI 3.1 document"),
    },
  }),
};
