ALTER TABLE "opinions" ADD COLUMN "doctrine" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "opinions_doctrine_idx" ON "opinions" USING gin ("doctrine");