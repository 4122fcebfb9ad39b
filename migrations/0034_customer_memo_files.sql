CREATE TABLE "customer_history_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"history_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"content_type" text NOT NULL,
	"file_blob_key" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_history_files" ADD CONSTRAINT "customer_history_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_history_files" ADD CONSTRAINT "customer_history_files_history_id_customer_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."customer_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_history_files_uq" ON "customer_history_files" USING btree ("history_id","position");