CREATE TABLE "outline_entries" (
	"id" uuid NOT NULL,
	"outline_id" uuid NOT NULL,
	"parent_id" uuid,
	"position" double precision NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"embed_kind" text,
	"embed_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outline_entries_outline_id_id_pk" PRIMARY KEY("outline_id","id")
);
--> statement-breakpoint
CREATE TABLE "outlines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"subject_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outline_entries" ADD CONSTRAINT "outline_entries_outline_id_outlines_id_fk" FOREIGN KEY ("outline_id") REFERENCES "outlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlines" ADD CONSTRAINT "outlines_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outline_entries_outline_idx" ON "outline_entries" USING btree ("outline_id","parent_id","position");--> statement-breakpoint
CREATE INDEX "outlines_user_idx" ON "outlines" USING btree ("user_id","updated_at");