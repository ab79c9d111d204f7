ALTER TABLE "audit_log" ADD COLUMN "organization_id" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "organization_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_organization_idx" ON "audit_log" USING btree ("organization_id","seq");--> statement-breakpoint
CREATE INDEX "donations_organization_idx" ON "donations" USING btree ("organization_id");--> statement-breakpoint
-- The audit log's records so far belong to the organization of the board they name (`<board>` or `<board>/<period>`).
UPDATE "audit_log" SET "organization_id" = "boards"."organization_id" FROM "boards" WHERE "boards"."slug" = split_part("audit_log"."target", '/', 1);
