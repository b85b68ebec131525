CREATE TABLE "integrated_set_items" (
	"id" text PRIMARY KEY NOT NULL,
	"set_id" text NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"topic_id" text NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"prompt" text NOT NULL,
	"choices" jsonb,
	"answer" text[],
	"explanations" jsonb,
	"model_answer" text,
	"rubric" jsonb,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "integrated_sets" (
	"id" text PRIMARY KEY NOT NULL,
	"subject_id" text NOT NULL,
	"title" text NOT NULL,
	"difficulty" text NOT NULL,
	"scenario" text NOT NULL,
	"documents" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"content_hash" text NOT NULL,
	"retired_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "performance_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"subject_ids" text[] NOT NULL,
	"skills" text[] NOT NULL,
	"minutes" integer NOT NULL,
	"memo" text NOT NULL,
	"file" jsonb NOT NULL,
	"library" jsonb NOT NULL,
	"rubric" jsonb NOT NULL,
	"model_answer" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"content_hash" text NOT NULL,
	"retired_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "study_exam_plans" (
	"user_id" text PRIMARY KEY NOT NULL,
	"exam_date" text NOT NULL,
	"format" text NOT NULL,
	"weekly_hours" integer NOT NULL,
	"days_off" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integrated_item_answers" (
	"attempt_id" uuid NOT NULL,
	"item_id" text NOT NULL,
	"selected" text[],
	"correct" boolean,
	"text" text,
	"rubric_checked" integer[],
	"earned" integer,
	"possible" integer,
	"ai_grade" jsonb,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"graded_at" timestamp with time zone,
	CONSTRAINT "integrated_item_answers_attempt_id_item_id_pk" PRIMARY KEY("attempt_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "integrated_set_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"set_id" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "performance_task_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"task_id" text NOT NULL,
	"draft" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"auto_submitted" boolean DEFAULT false NOT NULL,
	"rubric_checked" integer[],
	"earned" integer,
	"possible" integer,
	"ai_grade" jsonb,
	"graded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "skills" text[] DEFAULT '{issue-spotting}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_items" ADD CONSTRAINT "exam_items_session_id_exam_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "exam_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sessions" ADD CONSTRAINT "exam_sessions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_exam_plans" ADD CONSTRAINT "study_exam_plans_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrated_item_answers" ADD CONSTRAINT "integrated_item_answers_attempt_id_integrated_set_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "integrated_set_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrated_set_attempts" ADD CONSTRAINT "integrated_set_attempts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_task_attempts" ADD CONSTRAINT "performance_task_attempts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integrated_set_items_set_idx" ON "integrated_set_items" USING btree ("set_id","position");--> statement-breakpoint
CREATE INDEX "integrated_sets_subject_idx" ON "integrated_sets" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "exam_sessions_user_idx" ON "exam_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "integrated_set_attempts_user_idx" ON "integrated_set_attempts" USING btree ("user_id","set_id","started_at");--> statement-breakpoint
CREATE INDEX "performance_task_attempts_user_idx" ON "performance_task_attempts" USING btree ("user_id","task_id","started_at");--> statement-breakpoint
CREATE INDEX "question_attempts_question_idx" ON "question_attempts" USING btree ("question_id","user_id","answered_at");