DROP INDEX "threads_user_created_idx";--> statement-breakpoint
CREATE INDEX "threads_user_created_id_idx" ON "threads" USING btree ("user_id","created_at","id");