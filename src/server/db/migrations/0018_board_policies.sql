ALTER TABLE "board_results" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "board_results" ADD COLUMN "corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "unfilled_policy" text DEFAULT 'play-on' NOT NULL;--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "min_entries" integer;--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "notice" text;--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "feed_problem" text;--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "manual_scoring" boolean DEFAULT false NOT NULL;