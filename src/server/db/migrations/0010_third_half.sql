CREATE TABLE "content_overrides" (
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"fields" jsonb NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_overrides_kind_item_id_pk" PRIMARY KEY("kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "user_activity" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_active_day" date NOT NULL,
	"active_week1" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_overrides" ADD CONSTRAINT "content_overrides_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_activity_last_day_idx" ON "user_activity" USING btree ("last_active_day");--> statement-breakpoint
CREATE INDEX "user_name_idx" ON "user" USING btree ("name");--> statement-breakpoint
CREATE INDEX "user_disabled_idx" ON "user" USING btree ("disabled_at") WHERE "user"."disabled_at" is not null;