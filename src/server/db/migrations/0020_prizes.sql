CREATE TABLE "prizes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"board_id" uuid NOT NULL,
	"period" text NOT NULL,
	"entry_id" uuid NOT NULL,
	"prize_cents" integer NOT NULL,
	"state" text DEFAULT 'unclaimed' NOT NULL,
	"method" text,
	"handle" text,
	"claimed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"paid_reference" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"review_note" text
);
--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "claim_window_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "payout_methods" jsonb DEFAULT '["pickup"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "prizes" ADD CONSTRAINT "prizes_board_id_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."boards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prizes" ADD CONSTRAINT "prizes_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prizes_board_period_idx" ON "prizes" USING btree ("board_id","period");--> statement-breakpoint
CREATE INDEX "prizes_state_expiry_idx" ON "prizes" USING btree ("state","expires_at");--> statement-breakpoint
CREATE INDEX "prizes_entry_idx" ON "prizes" USING btree ("entry_id");