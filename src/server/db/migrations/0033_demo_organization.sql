-- The organization that holds every board made before organizations (src/server/db/demo-organization.ts).
INSERT INTO "organization" ("id", "name", "slug", "created_at", "status") VALUES ('org_fangrid_demo', 'FanGrid Demo', 'fangrid-demo', now(), 'active') ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "boards" ADD COLUMN "organization_id" text DEFAULT 'org_fangrid_demo' NOT NULL;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boards_organization_idx" ON "boards" USING btree ("organization_id");