/** Account queries behind the account routes (SPEC.md §2.4, §7). */
import { and, count, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { flashcards, messages, profiles, user as userTable } from "../../db/schema";

/** Whether the address's user is confirmed: true/false, or null when no such user exists. */
export async function findEmailVerified({ db, email }: { db: DbOrTx; email: string }): Promise<boolean | null> {
  const [row] = await db.select({ v: userTable.emailVerified }).from(userTable).where(eq(userTable.email, email));
  return row ? row.v : null;
}

/**
 * The four counters of /settings/statistics (SPEC.md §2.4, §7): lifetime messages (profile
 * counter, null without a profile), complete assistant answers, live official flashcards, the
 * user's own flashcards.
 */
export async function getAccountStats({ db, userId }: { db: DbOrTx; userId: string }) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const [official] = await db
    .select({ n: count() })
    .from(flashcards)
    .where(and(eq(flashcards.isOfficial, true), isNull(flashcards.retiredAt)));
  const [own] = await db
    .select({ n: count() })
    .from(flashcards)
    .where(and(eq(flashcards.isOfficial, false), eq(flashcards.createdBy, userId)));
  // SPEC.md §7: count of messages where role is assistant and user_id (only complete answers count).
  const [answers] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.role, "assistant"), eq(messages.status, "complete")));
  return {
    lifetimeMessages: profile?.lifetimeMessageCount ?? null,
    assistantMessages: answers?.n ?? null,
    officialFlashcards: official?.n ?? null,
    ownFlashcards: own?.n ?? null,
  };
}
