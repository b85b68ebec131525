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
ALTER TABLE "content_overrides" ADD CONSTRAINT "content_overrides_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;