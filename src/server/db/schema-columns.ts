/** Column helpers shared by every schema file: timestamptz in UTC, `created_at` / `updated_at` default now(). */
import { timestamp } from "drizzle-orm/pg-core";

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
export const createdAt = () => ts("created_at").notNull().defaultNow();
export const updatedAt = () => ts("updated_at").notNull().defaultNow();
