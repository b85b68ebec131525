CREATE TABLE "outline_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"outline_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"reason" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"entry_count" integer NOT NULL,
	"entries" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outline_entries" ADD COLUMN "mark" text;--> statement-breakpoint
ALTER TABLE "outline_versions" ADD CONSTRAINT "outline_versions_outline_id_outlines_id_fk" FOREIGN KEY ("outline_id") REFERENCES "outlines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outline_versions_outline_idx" ON "outline_versions" USING btree ("outline_id","number");