CREATE TABLE "exam_items" (
	"session_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" text NOT NULL,
	"set_id" text,
	"choices" jsonb,
	"key" text,
	"response" text,
	"correct" boolean,
	"flagged" boolean DEFAULT false NOT NULL,
	"rubric_checked" integer[],
	"answered_at" timestamp with time zone,
	CONSTRAINT "exam_items_session_id_position_pk" PRIMARY KEY("session_id","position")
);
--> statement-breakpoint
CREATE TABLE "exam_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"config" jsonb NOT NULL,
	"total" integer NOT NULL,
	"current_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "exam_items" ADD CONSTRAINT "exam_items_session_id_exam_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "exam_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sessions" ADD CONSTRAINT "exam_sessions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_sessions_user_idx" ON "exam_sessions" USING btree ("user_id","created_at");