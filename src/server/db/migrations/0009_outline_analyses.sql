CREATE TABLE "outline_analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"outline_id" uuid,
	"file_key" text,
	"file_name" text,
	"format" text NOT NULL,
	"title" text NOT NULL,
	"subject_id" text,
	"syllabus" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"job_id" text,
	"error" text,
	"runs" integer DEFAULT 1 NOT NULL,
	"report" jsonb,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outline_analyses" ADD CONSTRAINT "outline_analyses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outline_analyses_user_idx" ON "outline_analyses" USING btree ("user_id","created_at");