/** Profile rows (SPEC.md §3: id equals the user id). */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { profiles } from "../../db/schema";

export type Profile = typeof profiles.$inferSelect;

/**
 * Splits the single name typed at sign-up into first and last name (issue 12 item 20): the first
 * word is the first name, the rest (single spaces) the last name; each cut to 100 characters (the
 * profile limit). An empty name gives two empty strings.
 */
export function namesFromSignUp(name: string | null | undefined): { firstName: string; lastName: string } {
  const words = String(name ?? "")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return { firstName: (words[0] ?? "").slice(0, 100), lastName: words.slice(1).join(" ").slice(0, 100) };
}

/**
 * Returns the user's profile, creating it when missing (SPEC.md §7 profiles): with `names` when
 * given (the sign-up name, `namesFromSignUp`), otherwise empty. An existing row is never changed.
 */
export async function ensureProfile({
  db,
  userId,
  names,
}: {
  db: DbOrTx;
  userId: string;
  names?: { firstName: string; lastName: string };
}): Promise<Profile> {
  const [found] = await db.select().from(profiles).where(eq(profiles.id, userId));
  if (found) return found;
  await db
    .insert(profiles)
    .values({ id: userId, ...(names ?? {}) })
    .onConflictDoNothing();
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId));
  return row;
}

/** Updates first and last name (trimmed); SPEC.md §7 update_user_profile. */
export async function updateProfile({
  db,
  userId,
  names,
}: {
  db: DbOrTx;
  userId: string;
  names: { firstName: string; lastName: string };
}): Promise<Profile> {
  await ensureProfile({ db, userId });
  const [row] = await db
    .update(profiles)
    .set({ firstName: names.firstName.trim(), lastName: names.lastName.trim(), updatedAt: new Date() })
    .where(eq(profiles.id, userId))
    .returning();
  return row;
}
