CREATE TABLE "calendar_project_states" (
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"subscribed" boolean DEFAULT true NOT NULL,
	"checked" boolean DEFAULT true NOT NULL,
	"color" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_project_states" ADD CONSTRAINT "calendar_project_states_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_project_states" ADD CONSTRAINT "calendar_project_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_project_states_pk" ON "calendar_project_states" USING btree ("user_id","project_id");--> statement-breakpoint
CREATE INDEX "calendar_project_states_project_idx" ON "calendar_project_states" USING btree ("company_id","project_id");