CREATE TABLE "benefits" (
	"slug" text PRIMARY KEY NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"icon" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "f1_races" (
	"slug" text PRIMARY KEY NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"race" text NOT NULL,
	"date" text NOT NULL,
	"location" text NOT NULL,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq_items" (
	"slug" text PRIMARY KEY NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"section" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "featured_categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"href" text NOT NULL,
	"icon" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hub_destinations" (
	"slug" text PRIMARY KEY NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"href" text NOT NULL,
	"badge" text,
	"icon" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_stats" (
	"slug" text PRIMARY KEY NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"label" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mlb_weekend_games" (
	"slug" text PRIMARY KEY NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"away_team" text NOT NULL,
	"home_team" text NOT NULL,
	"date" text NOT NULL,
	"time" text NOT NULL,
	"location" text NOT NULL,
	"status" text NOT NULL,
	"away_score" integer,
	"home_score" integer,
	"away_hits" integer,
	"home_hits" integer,
	"inning" text
);
--> statement-breakpoint
CREATE TABLE "preseason_games" (
	"slug" text PRIMARY KEY NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"date" text NOT NULL,
	"away_team" text NOT NULL,
	"home_team" text NOT NULL,
	"week" text NOT NULL,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "summer_league_games" (
	"slug" text PRIMARY KEY NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date" text NOT NULL,
	"home_team" text NOT NULL,
	"away_team" text NOT NULL,
	"time" text NOT NULL,
	"venue" text NOT NULL,
	"is_live" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_offers" (
	"slug" text PRIMARY KEY NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"min_price_cents" integer NOT NULL,
	"max_price_cents" integer NOT NULL
);
