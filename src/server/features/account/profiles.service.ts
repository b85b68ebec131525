/** Profile rows (SPEC.md §3: id equals the user id). */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../../db/schema";

export type Profile = typeof profiles.$inferSelect;

/** Returns the user's profile, creating an empty one when missing (SPEC.md §7 profiles). */
export async function ensureProfile(db: Db, userId: string): Promise<Profile> {
  const [found] = await db.select().from(profiles).where(eq(profiles.id, userId));
  if (found) return found;
  await db.insert(profiles).values({ id: userId }).onConflictDoNothing();
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId));
  return row;
}

/** Updates first and last name (trimmed); SPEC.md §7 update_user_profile. */
export async function updateProfile(
  db: Db,
  userId: string,
  names: { firstName: string; lastName: string },
): Promise<Profile> {
  await ensureProfile(db, userId);
  const [row] = await db
    .update(profiles)
    .set({ firstName: names.firstName.trim(), lastName: names.lastName.trim(), updatedAt: new Date() })
    .where(eq(profiles.id, userId))
    .returning();
  return row;
}
