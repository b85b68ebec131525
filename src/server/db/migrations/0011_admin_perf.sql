ALTER TABLE "user" ADD COLUMN "last_active_day" date;--> statement-breakpoint
CREATE INDEX "analytics_events_user_recent_idx" ON "analytics_events" USING btree ("created_at","user_id") WHERE "analytics_events"."user_id" is not null and "analytics_events"."name" <> 'visit';--> statement-breakpoint
CREATE INDEX "user_activity_week1_idx" ON "user_activity" USING btree ("user_id") WHERE "user_activity"."active_week1";--> statement-breakpoint
CREATE INDEX "user_last_active_day_idx" ON "user" USING btree ("last_active_day");