CREATE TABLE "board_cells" (
	"board_id" uuid NOT NULL,
	"cell" integer NOT NULL,
	"entry_id" uuid NOT NULL,
	CONSTRAINT "board_cells_board_id_cell_pk" PRIMARY KEY("board_id","cell"),
	CONSTRAINT "board_cells_cell_range" CHECK ("board_cells"."cell" between 0 and 99)
);
--> statement-breakpoint
CREATE TABLE "boards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"game_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"format" text NOT NULL,
	"entry_rule" jsonb NOT NULL,
	"prize_table" jsonb NOT NULL,
	"organization" text NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"locked_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boards_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"board_id" uuid NOT NULL,
	"user_id" text,
	"phone" text NOT NULL,
	"nickname" text NOT NULL,
	"code" text NOT NULL,
	"amount_cents" integer,
	"team_support" text,
	"organization" text,
	"referral_code" text,
	"game_code" text,
	"ticket_number" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "entries_ticket_number_unique" UNIQUE("ticket_number")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"league" text NOT NULL,
	"team_a" text NOT NULL,
	"team_b" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"venue" text NOT NULL,
	"feed_id" text,
	CONSTRAINT "games_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "board_cells" ADD CONSTRAINT "board_cells_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_cells" ADD CONSTRAINT "board_cells_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_cells_entry_idx" ON "board_cells" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "boards_game_sequence_idx" ON "boards" USING btree ("game_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "entries_board_code_idx" ON "entries" USING btree ("board_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "entries_board_idempotency_idx" ON "entries" USING btree ("board_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "entries_user_idx" ON "entries" USING btree ("user_id");