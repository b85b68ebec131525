CREATE TABLE "case_collection_items" (
	"collection_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_collection_items_collection_id_kind_target_id_pk" PRIMARY KEY("collection_id","kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "case_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courtlistener_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "note_case_links" (
	"note_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	CONSTRAINT "note_case_links_note_id_kind_target_id_pk" PRIMARY KEY("note_id","kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "note_tags" (
	"note_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "note_tags_note_id_tag_id_pk" PRIMARY KEY("note_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, left(text, 500000)), 'B')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opinion_passages" (
	"opinion_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"text" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, text)) STORED NOT NULL,
	CONSTRAINT "opinion_passages_opinion_id_ordinal_pk" PRIMARY KEY("opinion_id","ordinal")
);
--> statement-breakpoint
CREATE TABLE "opinion_texts" (
	"opinion_id" uuid PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opinions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope" text NOT NULL,
	"owner_id" text,
	"cite_key" text NOT NULL,
	"name" text NOT NULL,
	"citation" text,
	"court" text,
	"year" integer,
	"decided_on" date,
	"subject_id" text,
	"word_count" integer NOT NULL,
	"headnote" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"source_format" text NOT NULL,
	"search" "tsvector" NOT NULL,
	"head" "tsvector" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_briefs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"opinion_id" uuid,
	"name" text NOT NULL,
	"citation" text,
	"court" text,
	"year" integer,
	"subject_id" text,
	"topic_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"sections" jsonb NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(citation, '')), 'A') || setweight(to_tsvector('english'::regconfig, text), 'B')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_collection_items" ADD CONSTRAINT "case_collection_items_collection_id_case_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "case_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_collections" ADD CONSTRAINT "case_collections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_case_links" ADD CONSTRAINT "note_case_links_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_tags" ADD CONSTRAINT "note_tags_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_tags" ADD CONSTRAINT "note_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion_passages" ADD CONSTRAINT "opinion_passages_opinion_id_opinions_id_fk" FOREIGN KEY ("opinion_id") REFERENCES "opinions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinion_texts" ADD CONSTRAINT "opinion_texts_opinion_id_opinions_id_fk" FOREIGN KEY ("opinion_id") REFERENCES "opinions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opinions" ADD CONSTRAINT "opinions_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_briefs" ADD CONSTRAINT "student_briefs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_briefs" ADD CONSTRAINT "student_briefs_opinion_id_opinions_id_fk" FOREIGN KEY ("opinion_id") REFERENCES "opinions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_collections_user_idx" ON "case_collections" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "note_case_links_target_idx" ON "note_case_links" USING btree ("kind","target_id");--> statement-breakpoint
CREATE INDEX "note_tags_tag_idx" ON "note_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "notes_user_idx" ON "notes" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "notes_search_idx" ON "notes" USING gin ("search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "opinion_passages_search_idx" ON "opinion_passages" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "opinions_scope_cite_key_idx" ON "opinions" USING btree ("scope","cite_key");--> statement-breakpoint
CREATE INDEX "opinions_head_idx" ON "opinions" USING gin ("head");--> statement-breakpoint
CREATE INDEX "opinions_search_idx" ON "opinions" USING gin ("search");--> statement-breakpoint
CREATE INDEX "opinions_year_idx" ON "opinions" USING btree ("year");--> statement-breakpoint
CREATE INDEX "student_briefs_user_idx" ON "student_briefs" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "student_briefs_opinion_idx" ON "student_briefs" USING btree ("opinion_id");--> statement-breakpoint
CREATE INDEX "student_briefs_search_idx" ON "student_briefs" USING gin ("search") WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "tags_user_name_idx" ON "tags" USING btree ("user_id",lower("name"));