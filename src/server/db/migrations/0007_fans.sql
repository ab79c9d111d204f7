CREATE TABLE "custom_game_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"team1" text NOT NULL,
	"team2" text NOT NULL,
	"game_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "custom_game_entries_teams_differ" CHECK ("custom_game_entries"."team1" <> "custom_game_entries"."team2"),
	CONSTRAINT "custom_game_entries_amount_positive" CHECK ("custom_game_entries"."amount_cents" >= 100)
);
--> statement-breakpoint
CREATE TABLE "tracked_games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"release_date" date,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_game_entries" ADD CONSTRAINT "custom_game_entries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_games" ADD CONSTRAINT "tracked_games_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracked_games_user_idx" ON "tracked_games" USING btree ("user_id","created_at");