ALTER TABLE "board_result_log" ADD COLUMN "source" text DEFAULT 'organizer' NOT NULL;--> statement-breakpoint
ALTER TABLE "board_results" ADD COLUMN "source" text DEFAULT 'organizer' NOT NULL;