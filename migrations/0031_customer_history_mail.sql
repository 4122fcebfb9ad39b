ALTER TABLE "customer_history" ADD COLUMN "mail_id" bigint;--> statement-breakpoint
ALTER TABLE "customer_history" ADD COLUMN "mail" jsonb;--> statement-breakpoint
ALTER TABLE "customer_history" ADD COLUMN "mail_blob_key" text;--> statement-breakpoint
ALTER TABLE "customer_history" ADD COLUMN "mail_header_prefix" text;--> statement-breakpoint
CREATE INDEX "customer_history_mail_idx" ON "customer_history" USING btree ("company_id","mail_id") WHERE mail_id is not null;