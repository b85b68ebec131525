import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
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

/**
 * One row per user with any activity (decision 068), kept by `track()` on a user's first event
 * of a UTC day: the last active day (active users over 7 / 30 days count rows of an index range
 * instead of distinct users over every activity day) and whether the user was active in the
 * first week after signing up (the funnel's step). `analytics_daily` also gets the internal
 * roll-up `active_users` (users active that day) for the chart.
 */
export const userActivity = pgTable(
  "user_activity",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    lastActiveDay: date("last_active_day", { mode: "string" }).notNull(),
    activeWeek1: boolean("active_week1").notNull().default(false),
  },
  (t) => [
    index("user_activity_last_day_idx").on(t.lastActiveDay),
    // The funnel's week-1 step probes only the users active in their first week (decision 075).
    index("user_activity_week1_idx").on(t.userId).where(sql`${t.activeWeek1}`),
  ],
);
