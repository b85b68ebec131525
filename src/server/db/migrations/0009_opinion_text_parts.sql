ALTER TABLE "opinion_texts" ADD COLUMN "part" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "opinion_texts" DROP CONSTRAINT "opinion_texts_pkey";--> statement-breakpoint
ALTER TABLE "opinion_texts" ADD CONSTRAINT "opinion_texts_opinion_id_part_pk" PRIMARY KEY("opinion_id","part");
