CREATE TABLE "mail_aliases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_away_configs" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"use_away" boolean DEFAULT false NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"contents" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_away_replies" (
	"user_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"sender" text NOT NULL,
	"period" timestamp with time zone NOT NULL,
	"replied_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_away_replies_user_id_sender_period_pk" PRIMARY KEY("user_id","sender","period")
);
--> statement-breakpoint
CREATE TABLE "mail_external_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"server_name" text NOT NULL,
	"protocol" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"secure" boolean DEFAULT true NOT NULL,
	"email" text NOT NULL,
	"login_id" text NOT NULL,
	"password_enc" text NOT NULL,
	"tag" text NOT NULL,
	"keep_on_server" boolean DEFAULT true NOT NULL,
	"use_smtp" boolean DEFAULT false NOT NULL,
	"smtp_host" text DEFAULT '' NOT NULL,
	"smtp_port" integer DEFAULT 465 NOT NULL,
	"smtp_secure" boolean DEFAULT true NOT NULL,
	"smtp_status" text,
	"privacy_agreed" boolean DEFAULT false NOT NULL,
	"auth_status" text DEFAULT 'NONE' NOT NULL,
	"fetch_status" text DEFAULT 'IDLE' NOT NULL,
	"fetched_count" integer DEFAULT 0 NOT NULL,
	"total_count" integer DEFAULT 0 NOT NULL,
	"last_protocol_message" text,
	"last_fetch_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_external_seen" (
	"account_id" bigint NOT NULL,
	"uid" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_external_seen_account_id_uid_pk" PRIMARY KEY("account_id","uid")
);
--> statement-breakpoint
CREATE TABLE "mail_forward_configs" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"use_yn" boolean DEFAULT false NOT NULL,
	"save_original" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_forward_targets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"address" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"token_hash" text,
	"requested_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_rules" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"condition_options" jsonb NOT NULL,
	"condition_key" text NOT NULL,
	"folder_id" bigint NOT NULL,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_sender_lists" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint,
	"kind" text NOT NULL,
	"pattern" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_signatures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"title" text NOT NULL,
	"sign_style" text DEFAULT 'DEFAULT' NOT NULL,
	"contents" text DEFAULT '' NOT NULL,
	"use_new_mail" boolean DEFAULT false NOT NULL,
	"use_reply_forward" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_spam_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"mail_id" bigint,
	"adr_from" text NOT NULL,
	"pattern" text NOT NULL,
	"msg_size" integer NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'BLOCKED' NOT NULL,
	"insert_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "mail_folders_system_uq";--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "mail_aliases" ADD CONSTRAINT "mail_aliases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_aliases" ADD CONSTRAINT "mail_aliases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_away_configs" ADD CONSTRAINT "mail_away_configs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_away_configs" ADD CONSTRAINT "mail_away_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_away_replies" ADD CONSTRAINT "mail_away_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_away_replies" ADD CONSTRAINT "mail_away_replies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_external_accounts" ADD CONSTRAINT "mail_external_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_external_accounts" ADD CONSTRAINT "mail_external_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_external_seen" ADD CONSTRAINT "mail_external_seen_account_id_mail_external_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mail_external_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_forward_configs" ADD CONSTRAINT "mail_forward_configs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_forward_configs" ADD CONSTRAINT "mail_forward_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_forward_targets" ADD CONSTRAINT "mail_forward_targets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_forward_targets" ADD CONSTRAINT "mail_forward_targets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_rules" ADD CONSTRAINT "mail_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_rules" ADD CONSTRAINT "mail_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_rules" ADD CONSTRAINT "mail_rules_folder_id_mail_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."mail_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_sender_lists" ADD CONSTRAINT "mail_sender_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_sender_lists" ADD CONSTRAINT "mail_sender_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_signatures" ADD CONSTRAINT "mail_signatures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_signatures" ADD CONSTRAINT "mail_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_spam_log" ADD CONSTRAINT "mail_spam_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_spam_log" ADD CONSTRAINT "mail_spam_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_spam_log" ADD CONSTRAINT "mail_spam_log_mail_id_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_aliases_address_uq" ON "mail_aliases" USING btree ("address");--> statement-breakpoint
CREATE INDEX "mail_aliases_user_idx" ON "mail_aliases" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_external_accounts_user_email_uq" ON "mail_external_accounts" USING btree ("user_id","email");--> statement-breakpoint
CREATE INDEX "mail_external_accounts_due_idx" ON "mail_external_accounts" USING btree ("last_fetch_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_forward_targets_uq" ON "mail_forward_targets" USING btree ("user_id","address");--> statement-breakpoint
CREATE INDEX "mail_forward_targets_token_idx" ON "mail_forward_targets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "mail_rules_user_order_idx" ON "mail_rules" USING btree ("user_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_rules_user_condition_uq" ON "mail_rules" USING btree ("user_id","condition_key");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_sender_lists_uq" ON "mail_sender_lists" USING btree ("company_id",coalesce("user_id", 0),"kind","pattern");--> statement-breakpoint
CREATE INDEX "mail_sender_lists_user_idx" ON "mail_sender_lists" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "mail_signatures_user_idx" ON "mail_signatures" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mail_spam_log_user_idx" ON "mail_spam_log" USING btree ("user_id","insert_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mails_category_idx" ON "mails" USING btree ("received_at") WHERE category is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_folders_system_uq" ON "mail_folders" USING btree ("user_id","folder_type") WHERE folder_type in ('INBOX','TOME','SENT','DRAFTS','DELETED','SPAM','SMART','PRIVATE_ROOT','SEARCH_ROOT');