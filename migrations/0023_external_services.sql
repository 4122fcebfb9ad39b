CREATE TABLE "external_calendar_syncs" (
	"calendar_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"connection_id" bigint NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"sync_token" text,
	"synced_at" timestamp with time zone,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "external_connections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"service_type" text NOT NULL,
	"registration_id" text NOT NULL,
	"subject" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"access_token_enc" text NOT NULL,
	"refresh_token_enc" text,
	"expires_at" timestamp with time zone,
	"scopes" text DEFAULT '' NOT NULL,
	"error_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_oauth_pending" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"registration_id" text NOT NULL,
	"ticket_hash" text NOT NULL,
	"started" boolean DEFAULT false NOT NULL,
	"browser_nonce_hash" text,
	"code_verifier" text,
	"redirect_uri" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_service_settings" (
	"company_id" bigint NOT NULL,
	"registration_id" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"client_id" text DEFAULT '' NOT NULL,
	"client_secret_enc" text,
	"authorization_uri" text NOT NULL,
	"token_uri" text NOT NULL,
	"revocation_uri" text NOT NULL,
	"user_info_uri" text NOT NULL,
	"api_base_url" text NOT NULL,
	"scopes" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "external_service_settings_company_id_registration_id_pk" PRIMARY KEY("company_id","registration_id")
);
--> statement-breakpoint
ALTER TABLE "external_calendar_syncs" ADD CONSTRAINT "external_calendar_syncs_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendar_syncs" ADD CONSTRAINT "external_calendar_syncs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_calendar_syncs" ADD CONSTRAINT "external_calendar_syncs_connection_id_external_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."external_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_connections" ADD CONSTRAINT "external_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_connections" ADD CONSTRAINT "external_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_oauth_pending" ADD CONSTRAINT "external_oauth_pending_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_oauth_pending" ADD CONSTRAINT "external_oauth_pending_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_service_settings" ADD CONSTRAINT "external_service_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_calendar_syncs_connection_idx" ON "external_calendar_syncs" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "external_calendar_syncs_due_idx" ON "external_calendar_syncs" USING btree ("synced_at");--> statement-breakpoint
CREATE UNIQUE INDEX "external_connections_account_uq" ON "external_connections" USING btree ("user_id","registration_id","subject");--> statement-breakpoint
CREATE INDEX "external_connections_user_idx" ON "external_connections" USING btree ("company_id","user_id","service_type");--> statement-breakpoint
CREATE UNIQUE INDEX "external_oauth_pending_ticket_uq" ON "external_oauth_pending" USING btree ("ticket_hash");