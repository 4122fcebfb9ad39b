CREATE TABLE "access_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"action" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"plan_type" text DEFAULT 'FREE' NOT NULL,
	"domain_status" text DEFAULT 'AVAILABLE' NOT NULL,
	"signup_email" text,
	"use_home" boolean DEFAULT true NOT NULL,
	"use_flow" boolean DEFAULT true NOT NULL,
	"use_calendar" boolean DEFAULT true NOT NULL,
	"use_contact" boolean DEFAULT true NOT NULL,
	"use_customer" boolean DEFAULT true NOT NULL,
	"use_drive" boolean DEFAULT true NOT NULL,
	"use_board" boolean DEFAULT true NOT NULL,
	"use_wiki" boolean DEFAULT true NOT NULL,
	"use_todo" boolean DEFAULT true NOT NULL,
	"use_leave" boolean DEFAULT true NOT NULL,
	"use_approval" boolean DEFAULT true NOT NULL,
	"use_resource" boolean DEFAULT true NOT NULL,
	"use_mail_history" boolean DEFAULT true NOT NULL,
	"use_team_chat" boolean DEFAULT true NOT NULL,
	"use_messenger" boolean DEFAULT true NOT NULL,
	"customize_ui" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo" text,
	"footer" text,
	"page_title" text,
	"security_mfa" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_configs" (
	"company_id" bigint NOT NULL,
	"module" text NOT NULL,
	"config" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_domains" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"domain" text NOT NULL,
	"status" text DEFAULT 'AVAILABLE' NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_members" (
	"company_id" bigint NOT NULL,
	"organ_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"is_manager" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"parent_id" bigint,
	"name" text NOT NULL,
	"email" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"password_hash" text NOT NULL,
	"change_type" text NOT NULL,
	"ip" text,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"actor_user_id" bigint,
	"refresh_hash" text NOT NULL,
	"previous_hash" text,
	"generation" integer DEFAULT 0 NOT NULL,
	"user_agent" text,
	"ip" text,
	"created_at" timestamp with time zone NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text
);
--> statement-breakpoint
CREATE TABLE "shared_account_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"shared_account_id" bigint,
	"shared_by_user_id" bigint NOT NULL,
	"shared_to_user_id" bigint NOT NULL,
	"actor_user_id" bigint NOT NULL,
	"action" text NOT NULL,
	"detail" text,
	"ip" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"shared_by_user_id" bigint NOT NULL,
	"shared_to_user_id" bigint NOT NULL,
	"status" text NOT NULL,
	"expire_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signup_verifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"token_hash" text,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_service_configs" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"first_screen_module_type" text DEFAULT 'mail' NOT NULL,
	"tutorials" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"username" text NOT NULL,
	"account_name" text NOT NULL,
	"display_name" text NOT NULL,
	"personal_email" text,
	"language_type" text DEFAULT 'ko' NOT NULL,
	"theme" text DEFAULT 'light' NOT NULL,
	"total_quota" bigint NOT NULL,
	"used_size" bigint DEFAULT 0 NOT NULL,
	"role" text DEFAULT 'ROLE_USER' NOT NULL,
	"is_hr" boolean DEFAULT false NOT NULL,
	"is_org_chart_restricted" boolean DEFAULT false NOT NULL,
	"organ_id" bigint,
	"job_grade" text,
	"position" text,
	"join_type" text DEFAULT 'NORMAL' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"password_hash" text NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_password_change" boolean DEFAULT false NOT NULL,
	"bypass_two_factor" boolean DEFAULT false NOT NULL,
	"two_factor_auth" boolean DEFAULT false NOT NULL,
	"totp_secret" text,
	"totp_pending_secret" text,
	"totp_last_step" bigint,
	"logout_all_sessions" boolean DEFAULT false NOT NULL,
	"last_login_at" timestamp with time zone,
	"prev_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_history" ADD CONSTRAINT "access_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_history" ADD CONSTRAINT "access_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_configs" ADD CONSTRAINT "company_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_domains" ADD CONSTRAINT "company_domains_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_organ_id_organizations_id_fk" FOREIGN KEY ("organ_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_history" ADD CONSTRAINT "password_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_history" ADD CONSTRAINT "password_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_account_logs" ADD CONSTRAINT "shared_account_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_account_logs" ADD CONSTRAINT "shared_account_logs_shared_by_user_id_users_id_fk" FOREIGN KEY ("shared_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_account_logs" ADD CONSTRAINT "shared_account_logs_shared_to_user_id_users_id_fk" FOREIGN KEY ("shared_to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_account_logs" ADD CONSTRAINT "shared_account_logs_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_accounts" ADD CONSTRAINT "shared_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_accounts" ADD CONSTRAINT "shared_accounts_shared_by_user_id_users_id_fk" FOREIGN KEY ("shared_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_accounts" ADD CONSTRAINT "shared_accounts_shared_to_user_id_users_id_fk" FOREIGN KEY ("shared_to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_service_configs" ADD CONSTRAINT "user_service_configs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_service_configs" ADD CONSTRAINT "user_service_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_history_user_idx" ON "access_history" USING btree ("user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_signup_email_uq" ON "companies" USING btree ("signup_email");--> statement-breakpoint
CREATE UNIQUE INDEX "company_configs_pk" ON "company_configs" USING btree ("company_id","module");--> statement-breakpoint
CREATE UNIQUE INDEX "company_domains_domain_uq" ON "company_domains" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "company_domains_company_idx" ON "company_domains" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "login_failures_key_idx" ON "login_failures" USING btree ("key","at");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_members_pk" ON "organization_members" USING btree ("organ_id","user_id");--> statement-breakpoint
CREATE INDEX "organization_members_user_idx" ON "organization_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "organizations_company_parent_idx" ON "organizations" USING btree ("company_id","parent_id");--> statement-breakpoint
CREATE INDEX "password_history_user_idx" ON "password_history" USING btree ("user_id","changed_at");--> statement-breakpoint
CREATE INDEX "sessions_refresh_idx" ON "sessions" USING btree ("refresh_hash");--> statement-breakpoint
CREATE INDEX "sessions_previous_idx" ON "sessions" USING btree ("previous_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shared_account_logs_by_idx" ON "shared_account_logs" USING btree ("shared_by_user_id","at");--> statement-breakpoint
CREATE INDEX "shared_account_logs_to_idx" ON "shared_account_logs" USING btree ("shared_to_user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_accounts_pair_uq" ON "shared_accounts" USING btree ("shared_by_user_id","shared_to_user_id");--> statement-breakpoint
CREATE INDEX "shared_accounts_to_idx" ON "shared_accounts" USING btree ("shared_to_user_id");--> statement-breakpoint
CREATE INDEX "signup_verifications_email_idx" ON "signup_verifications" USING btree ("email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");