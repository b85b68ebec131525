/**
 * Admin-only routes (SPEC.md §2.5). A signed-in non-admin gets 403 FORBIDDEN ("You don't have
 * permission to access this admin area.", as the admin pages show it), so these are `auth: "user"`
 * routes that check the admin flag themselves.
 */
import { z } from "zod";
import { defineRoute } from "./route";

export const adminApi = {
  overview: defineRoute({
    method: "get",
    path: "/api/admin/overview",
    summary: "Admins only: counts of users and uninvestigated error logs.",
    tags: ["admin"],
    responses: { 200: z.object({ users: z.number().int(), openErrors: z.number().int() }) },
    errors: ["FORBIDDEN"],
  }),
};
