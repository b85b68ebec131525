/** Test users on a plan (SPEC.md §6 tiers). */
import { setPlan } from "../../src/server/features/billing/subscriptions.service";
import type { Client, TestServer } from "./server";

/** The signed-in client's user id (GET /api/me). */
export async function userIdOf(c: Client): Promise<string> {
  return (await c.json<{ user: { id: string } }>("/api/me")).body.user.id;
}

/** Moves the signed-in client's user to the Free plan. */
export async function makeFree(server: TestServer, c: Client): Promise<void> {
  await setPlan({ db: server.database.db, userId: await userIdOf(c), plan: "free" });
}
