/**
 * Serialises one student's writes that must not race: runs `fn` in a transaction that first locks
 * the student's `user` row (`SELECT … FOR UPDATE`). Used where "find the current attempt, else
 * start one" would otherwise let two requests sent at once (two tabs, a double submit) each start
 * their own. Other students are not blocked; the lock ends with the transaction.
 * @returns what `fn` returns; an error thrown by `fn` rolls the transaction back and is rethrown.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { user } from "../db/schema";

export function withStudentLock<T>(db: DbOrTx, userId: string, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    return fn(tx);
  });
}
