CREATE TABLE "fan_local_imports" (
	"user_id" text PRIMARY KEY NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	"summary" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fan_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text,
	"favorite_mascot" text,
	"favorite_college" text,
	"favorite_sports" text[] DEFAULT '{}'::text[] NOT NULL,
	"favorite_teams" text[] DEFAULT '{}'::text[] NOT NULL,
	"favorite_stars" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fan_profiles_favorites_capped" CHECK (cardinality("fan_profiles"."favorite_sports") <= 50 and cardinality("fan_profiles"."favorite_teams") <= 50 and cardinality("fan_profiles"."favorite_stars") <= 50)
);
--> statement-breakpoint
CREATE TABLE "fan_trophy_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"team" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fan_trophy_items_type" CHECK ("fan_trophy_items"."type" in ('logo', 'bobblehead', 'trophy'))
);
--> statement-breakpoint
CREATE TABLE "gaming_achievements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"game" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"date_earned" date,
	"platform" text NOT NULL,
	"rarity" text NOT NULL,
	"tracking_link" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gaming_achievements_rarity" CHECK ("gaming_achievements"."rarity" in ('common', 'rare', 'epic', 'legendary')),
	CONSTRAINT "gaming_achievements_link_http" CHECK ("gaming_achievements"."tracking_link" is null or "gaming_achievements"."tracking_link" ~ '^https?://')
);
--> statement-breakpoint
CREATE TABLE "gaming_page_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"player_name" text,
	"psn_handle" text,
	"xbox_handle" text,
	"steam_handle" text,
	"epic_handle" text,
	"twitch_handle" text,
	"youtube_handle" text,
	"tiktok_handle" text,
	"instagram_handle" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gaming_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"psn_handle" text,
	"xbox_handle" text,
	"steam_handle" text,
	"epic_handle" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gaming_trophies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"game" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"date_earned" date,
	"platform" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gaming_trophies_type" CHECK ("gaming_trophies"."type" in ('bronze', 'silver', 'gold', 'platinum'))
);
--> statement-breakpoint
ALTER TABLE "fan_local_imports" ADD CONSTRAINT "fan_local_imports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_profiles" ADD CONSTRAINT "fan_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_trophy_items" ADD CONSTRAINT "fan_trophy_items_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gaming_achievements" ADD CONSTRAINT "gaming_achievements_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gaming_page_profiles" ADD CONSTRAINT "gaming_page_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gaming_profiles" ADD CONSTRAINT "gaming_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gaming_trophies" ADD CONSTRAINT "gaming_trophies_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fan_trophy_items_user_idx" ON "fan_trophy_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "gaming_achievements_user_idx" ON "gaming_achievements" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "gaming_trophies_user_idx" ON "gaming_trophies" USING btree ("user_id","created_at");