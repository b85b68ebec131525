/**
 * Note templates: the official ones (content/templates, seeded into note_templates with
 * is_official) and the student's own (created_by = user). Own templates are sanitized HTML.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { noteTemplates } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { sanitizeRichText } from "../../lib/sanitize";
import { checkNoteSize } from "./notes.service";

const cols = {
  id: noteTemplates.id,
  title: noteTemplates.title,
  description: noteTemplates.description,
  html: noteTemplates.html,
  isOfficial: noteTemplates.isOfficial,
};

/** Official templates (not retired) and the user's own, own first, by title. */
export async function listTemplates({ db, userId }: { db: DbOrTx; userId: string }) {
  return db
    .select(cols)
    .from(noteTemplates)
    .where(
      and(isNull(noteTemplates.retiredAt), or(eq(noteTemplates.isOfficial, true), eq(noteTemplates.createdBy, userId))),
    )
    .orderBy(asc(noteTemplates.isOfficial), asc(noteTemplates.title));
}

/** Saves an own template (HTML sanitized); PAYLOAD_TOO_LARGE over 1 MB. */
export async function createTemplate({
  db,
  userId,
  template: t,
}: {
  db: DbOrTx;
  userId: string;
  template: { title: string; description: string; html: string };
}) {
  checkNoteSize(t.html);
  const [row] = await db
    .insert(noteTemplates)
    .values({
      id: `own-${randomUUID()}`,
      title: t.title,
      description: t.description,
      html: sanitizeRichText(t.html),
      isOfficial: false,
      createdBy: userId,
    })
    .returning(cols);
  return row;
}

const own = (userId: string, id: string) =>
  and(eq(noteTemplates.id, id), eq(noteTemplates.createdBy, userId), eq(noteTemplates.isOfficial, false));

/** Edits an own template; NOT_FOUND for an official or another user's one. */
export async function updateTemplate({
  db,
  userId,
  id,
  changes: t,
}: {
  db: DbOrTx;
  userId: string;
  id: string;
  changes: { title?: string; description?: string; html?: string };
}) {
  if (t.html !== undefined) checkNoteSize(t.html);
  const [row] = await db
    .update(noteTemplates)
    .set({
      ...(t.title !== undefined ? { title: t.title } : {}),
      ...(t.description !== undefined ? { description: t.description } : {}),
      ...(t.html !== undefined ? { html: sanitizeRichText(t.html) } : {}),
      updatedAt: new Date(),
    })
    .where(own(userId, id))
    .returning(cols);
  if (!row) throw new AppError("NOT_FOUND", "No such template.");
  return row;
}

/** Deletes an own template; NOT_FOUND for an official or another user's one. */
export async function deleteTemplate({ db, userId, id }: { db: DbOrTx; userId: string; id: string }) {
  const [row] = await db.delete(noteTemplates).where(own(userId, id)).returning({ id: noteTemplates.id });
  if (!row) throw new AppError("NOT_FOUND", "No such template.");
}
