/**
 * Study settings (issue 6 §2; DESIGN.md §5): desired retention, daily limits for new cards and
 * reviews, and the time zone whose local midnight starts the study day. Defaults
 * (`STUDY_DEFAULTS`) apply until the student saves.
 */
import { eq } from "drizzle-orm";
import { STUDY_DEFAULTS } from "../../../domain/study";
import type { DbOrTx } from "../../db/client";
import { studySettings } from "../../db/schema";

export interface StudySettings {
  desiredRetention: number;
  newPerDay: number;
  maxReviewsPerDay: number;
  timeZone: string;
}

/** The student's settings, defaults when never saved. */
export async function getStudySettings({ db, userId }: { db: DbOrTx; userId: string }): Promise<StudySettings> {
  const [row] = await db.select().from(studySettings).where(eq(studySettings.userId, userId));
  if (!row) return { ...STUDY_DEFAULTS };
  return {
    desiredRetention: row.desiredRetention,
    newPerDay: row.newPerDay,
    maxReviewsPerDay: row.maxReviewsPerDay,
    timeZone: row.timeZone,
  };
}

/** True once the student (or their browser, saving its time zone) has saved settings. */
export async function studySettingsSaved({ db, userId }: { db: DbOrTx; userId: string }): Promise<boolean> {
  const [row] = await db
    .select({ userId: studySettings.userId })
    .from(studySettings)
    .where(eq(studySettings.userId, userId));
  return !!row;
}

/** Saves settings (validated by the route). Changing retention affects future ratings only. */
export async function updateStudySettings({
  db,
  userId,
  patch,
}: {
  db: DbOrTx;
  userId: string;
  patch: Partial<StudySettings>;
}): Promise<StudySettings> {
  const next = { ...(await getStudySettings({ db, userId })), ...patch };
  await db
    .insert(studySettings)
    .values({ userId, ...next })
    .onConflictDoUpdate({ target: studySettings.userId, set: { ...next, updatedAt: new Date() } });
  return next;
}
