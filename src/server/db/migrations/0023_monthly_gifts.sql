CREATE TABLE "donor_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "donor_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giving_statements_sent" (
	"email" text NOT NULL,
	"year" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "giving_statements_sent_email_year_pk" PRIMARY KEY("email","year")
);
--> statement-breakpoint
CREATE TABLE "monthly_gift_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gift_id" uuid NOT NULL,
	"invoice_id" text NOT NULL,
	"status" text NOT NULL,
	"reference" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monthly_gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donation_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"subscription_id" text NOT NULL,
	"customer_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"amount_cents" integer NOT NULL,
	"donor_email" text NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"state_event_at" timestamp with time zone NOT NULL,
	"local_card" text,
	"created_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "monthly_gifts_donation_id_unique" UNIQUE("donation_id"),
	CONSTRAINT "monthly_gifts_subscription_id_unique" UNIQUE("subscription_id")
);
--> statement-breakpoint
ALTER TABLE "monthly_gift_charges" ADD CONSTRAINT "monthly_gift_charges_gift_id_monthly_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."monthly_gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_gifts" ADD CONSTRAINT "monthly_gifts_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_gift_charges_invoice_status_idx" ON "monthly_gift_charges" USING btree ("invoice_id","status");--> statement-breakpoint
CREATE INDEX "monthly_gift_charges_gift_idx" ON "monthly_gift_charges" USING btree ("gift_id","at");--> statement-breakpoint
CREATE INDEX "monthly_gifts_email_idx" ON "monthly_gifts" USING btree ("donor_email");--> statement-breakpoint
CREATE INDEX "monthly_gifts_due_idx" ON "monthly_gifts" USING btree ("status","current_period_end");