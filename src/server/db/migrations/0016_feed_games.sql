CREATE TABLE "feed_games" (
	"league" text NOT NULL,
	"event_id" text NOT NULL,
	"team_a" text NOT NULL,
	"team_b" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"status" text NOT NULL,
	"status_name" text NOT NULL,
	"period" integer NOT NULL,
	"detail" text NOT NULL,
	"snapshot" jsonb,
	"snapshot_at" timestamp with time zone,
	"read_at" timestamp with time zone NOT NULL,
	"final_at" timestamp with time zone,
	CONSTRAINT "feed_games_league_event_id_pk" PRIMARY KEY("league","event_id")
);
--> statement-breakpoint
CREATE INDEX "feed_games_starts_idx" ON "feed_games" USING btree ("league","starts_at");