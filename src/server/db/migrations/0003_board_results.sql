CREATE TABLE "board_result_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"board_id" uuid NOT NULL,
	"period" text NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_results" (
	"board_id" uuid NOT NULL,
	"period" text NOT NULL,
	"team_a_score" integer NOT NULL,
	"team_b_score" integer NOT NULL,
	"cell" integer NOT NULL,
	"entry_id" uuid,
	"prize_cents" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "board_results_board_id_period_pk" PRIMARY KEY("board_id","period")
);
--> statement-breakpoint
ALTER TABLE "board_result_log" ADD CONSTRAINT "board_result_log_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_results" ADD CONSTRAINT "board_results_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_results" ADD CONSTRAINT "board_results_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE set null ON UPDATE no action;