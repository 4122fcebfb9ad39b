CREATE TABLE "mail_followups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"mail_id" bigint NOT NULL,
	"envelope_from" text NOT NULL,
	"local" boolean NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_followups" ADD CONSTRAINT "mail_followups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_followups" ADD CONSTRAINT "mail_followups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_followups" ADD CONSTRAINT "mail_followups_mail_id_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_followups_due_idx" ON "mail_followups" USING btree ("run_after");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_followups_mail_uq" ON "mail_followups" USING btree ("mail_id");