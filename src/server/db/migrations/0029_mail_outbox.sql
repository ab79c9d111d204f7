ALTER TABLE "mail_notifications" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "mail_notifications" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "mail_notifications" ADD COLUMN "attachments" jsonb;