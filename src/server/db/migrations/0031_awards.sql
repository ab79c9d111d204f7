ALTER TABLE "board_results" ADD COLUMN "kind" text DEFAULT 'main' NOT NULL;--> statement-breakpoint
ALTER TABLE "board_results" DROP CONSTRAINT "board_results_board_id_period_pk";--> statement-breakpoint
ALTER TABLE "board_results" ADD CONSTRAINT "board_results_board_id_period_kind_pk" PRIMARY KEY("board_id","period","kind");--> statement-breakpoint
ALTER TABLE "prizes" ADD COLUMN "kind" text DEFAULT 'main' NOT NULL;--> statement-breakpoint
DROP INDEX "prizes_board_period_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "prizes_board_period_kind_idx" ON "prizes" USING btree ("board_id","period","kind");
