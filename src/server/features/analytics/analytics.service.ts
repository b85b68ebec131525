/** Records an analytics event (SPEC.md §7 names). Never throws: analytics must not break a request. */
import type { DbOrTx } from "../../db/client";
import { analyticsEvents } from "../../db/schema";

export type AnalyticsName =
  | "signed_up"
  | "logged_in"
  | "logged_out"
  | "chat_thread_created"
  | "chat_message_sent"
  | "chat_response_received"
  | "flashcard_created"
  | "flashcard_studied"
  | "search"
  | "filter_applied"
  | "initiate_checkout"
  | "purchase_complete"
  | "subscription_canceled"
  | "view_course"
  | "course_enrolled"
  | "lesson_completed";

export async function track({
  db,
  name,
  userId,
  properties = {},
}: {
  db: DbOrTx;
  name: AnalyticsName;
  userId: string | null;
  properties?: Record<string, unknown>;
}) {
  try {
    await db.insert(analyticsEvents).values({ name, userId, properties });
  } catch {
    // ignored on purpose
  }
}
