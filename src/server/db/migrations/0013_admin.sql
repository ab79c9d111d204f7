CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "entries" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "pledge_collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "added_by_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_seq_idx" ON "audit_log" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "entries_created_idx" ON "entries" USING btree ("created_at","id");