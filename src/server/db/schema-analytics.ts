import { date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { user } from "./schema-auth";

/**
 * Daily roll-ups written beside every analytics event (issue 17 §4), so the admin dashboard reads
 * a few hundred rows instead of scanning `analytics_events` (1,000,000 events: p95 ≤ 300 ms).
 * `analytics_daily`: events per UTC day and name. `user_activity_days`: one row per user and UTC
 * day with any event (active users over 24 h / 7 d / 30 d, week-1 activity of the funnel).
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    name: text("name").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.name] })],
);

export const userActivityDays = pgTable(
  "user_activity_days",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index("user_activity_days_day_idx").on(t.day)],
);
