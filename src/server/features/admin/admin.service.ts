/** Admin dashboard queries (SPEC.md §2.5). */
import { count, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { errorLogs, user as userTable } from "../../db/schema";

/** Counts of users and of error logs not yet investigated. */
export async function getAdminOverview({ db }: { db: DbOrTx }): Promise<{ users: number; openErrors: number }> {
  const [users] = await db.select({ n: count() }).from(userTable);
  const [errors] = await db.select({ n: count() }).from(errorLogs).where(eq(errorLogs.investigated, false));
  return { users: users.n, openErrors: errors.n };
}
