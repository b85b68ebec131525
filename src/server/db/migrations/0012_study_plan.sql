CREATE TABLE "study_exam_plans" (
	"user_id" text PRIMARY KEY NOT NULL,
	"exam_date" text NOT NULL,
	"format" text NOT NULL,
	"weekly_hours" integer NOT NULL,
	"days_off" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "study_exam_plans" ADD CONSTRAINT "study_exam_plans_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_attempts_question_idx" ON "question_attempts" USING btree ("question_id","user_id","answered_at");