ALTER TABLE "boards" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "cash_to_return_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "cash_returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "removed_how" text;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "prizes" ADD COLUMN "received_by" text;