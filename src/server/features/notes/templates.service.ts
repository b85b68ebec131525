/**
 * Note templates: the official ones (content/templates, seeded into note_templates with
 * is_official) and the student's own (created_by = user). Own templates are sanitized HTML.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client";
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

export async function listTemplates(db: Db, userId: string) {
  return db
    .select(cols)
    .from(noteTemplates)
    .where(
      and(isNull(noteTemplates.retiredAt), or(eq(noteTemplates.isOfficial, true), eq(noteTemplates.createdBy, userId))),
    )
    .orderBy(asc(noteTemplates.isOfficial), asc(noteTemplates.title));
}

export async function createTemplate(db: Db, userId: string, t: { title: string; description: string; html: string }) {
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

export async function updateTemplate(
  db: Db,
  userId: string,
  id: string,
  t: { title?: string; description?: string; html?: string },
) {
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

export async function deleteTemplate(db: Db, userId: string, id: string) {
  const [row] = await db.delete(noteTemplates).where(own(userId, id)).returning({ id: noteTemplates.id });
  if (!row) throw new AppError("NOT_FOUND", "No such template.");
}
