CREATE TABLE "leave_allocations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"source" text DEFAULT 'MANUAL' NOT NULL,
	"accrual_key" text,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"granted" numeric(7, 3) NOT NULL,
	"carried_over" numeric(7, 3) DEFAULT 0 NOT NULL,
	"approver_id" bigint,
	"status_changer_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leave_attendance" (
	"user_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"year_start" date NOT NULL,
	"rate" numeric(5, 4) NOT NULL,
	CONSTRAINT "leave_attendance_user_id_year_start_pk" PRIMARY KEY("user_id","year_start")
);
--> statement-breakpoint
CREATE TABLE "leave_hr_users" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"hire_date" date,
	"leave_date" date,
	"job_title" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leave_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"ref_id" bigint NOT NULL,
	"action" text NOT NULL,
	"actor_id" bigint,
	"summary" text DEFAULT '' NOT NULL,
	"days" numeric(7, 3) DEFAULT 0 NOT NULL,
	"detail" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leave_policies" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"sub_org_manageable" boolean DEFAULT true NOT NULL,
	"annual_leave_allocation_date" text DEFAULT 'HIRE_DATE' NOT NULL,
	"first_annual_leave_rounding" text DEFAULT 'HALF_DAY_UP' NOT NULL,
	"first_annual_leave_decimal_place" integer DEFAULT 1 NOT NULL,
	"advance_next_allocation_allowed" boolean DEFAULT false NOT NULL,
	"under_one_year_leave_available_next_year" boolean DEFAULT false NOT NULL,
	"carry_over_max_days" numeric(7, 3) DEFAULT 0 NOT NULL,
	"promotion_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leave_promotions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"allocation_id" bigint NOT NULL,
	"round" integer NOT NULL,
	"unused_days" numeric(7, 3) NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leave_templates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"default_allocation" numeric(7, 3) DEFAULT 0 NOT NULL,
	"default_validity_period" integer DEFAULT 0 NOT NULL,
	"full_day_allowed" boolean DEFAULT true NOT NULL,
	"half_day_allowed" boolean DEFAULT true NOT NULL,
	"quarter_day_allowed" boolean DEFAULT false NOT NULL,
	"one_hour_allowed" boolean DEFAULT false NOT NULL,
	"weekend_included" boolean DEFAULT false NOT NULL,
	"paid" boolean DEFAULT true NOT NULL,
	"employee_application_allowed" boolean DEFAULT true NOT NULL,
	"admin_cancellation_only" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leave_usage_allocations" (
	"usage_id" bigint NOT NULL,
	"allocation_id" bigint NOT NULL,
	"days" numeric(7, 3) NOT NULL,
	CONSTRAINT "leave_usage_allocations_usage_id_allocation_id_pk" PRIMARY KEY("usage_id","allocation_id")
);
--> statement-breakpoint
CREATE TABLE "leave_usages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"unit" text NOT NULL,
	"used_days" numeric(7, 3) NOT NULL,
	"status" text NOT NULL,
	"supported_by_allocation" boolean DEFAULT true NOT NULL,
	"approver_id" bigint,
	"status_changer_id" bigint,
	"created_by" bigint,
	"approval_document_id" bigint,
	"calendar_uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leave_allocations" ADD CONSTRAINT "leave_allocations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_allocations" ADD CONSTRAINT "leave_allocations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_allocations" ADD CONSTRAINT "leave_allocations_template_id_leave_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."leave_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_allocations" ADD CONSTRAINT "leave_allocations_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_allocations" ADD CONSTRAINT "leave_allocations_status_changer_id_users_id_fk" FOREIGN KEY ("status_changer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_allocations" ADD CONSTRAINT "leave_allocations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_attendance" ADD CONSTRAINT "leave_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_attendance" ADD CONSTRAINT "leave_attendance_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_hr_users" ADD CONSTRAINT "leave_hr_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_hr_users" ADD CONSTRAINT "leave_hr_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_logs" ADD CONSTRAINT "leave_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_logs" ADD CONSTRAINT "leave_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_logs" ADD CONSTRAINT "leave_logs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_policies" ADD CONSTRAINT "leave_policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_promotions" ADD CONSTRAINT "leave_promotions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_promotions" ADD CONSTRAINT "leave_promotions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_promotions" ADD CONSTRAINT "leave_promotions_allocation_id_leave_allocations_id_fk" FOREIGN KEY ("allocation_id") REFERENCES "public"."leave_allocations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_templates" ADD CONSTRAINT "leave_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_usage_allocations" ADD CONSTRAINT "leave_usage_allocations_usage_id_leave_usages_id_fk" FOREIGN KEY ("usage_id") REFERENCES "public"."leave_usages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_usage_allocations" ADD CONSTRAINT "leave_usage_allocations_allocation_id_leave_allocations_id_fk" FOREIGN KEY ("allocation_id") REFERENCES "public"."leave_allocations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_usages" ADD CONSTRAINT "leave_usages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_usages" ADD CONSTRAINT "leave_usages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_usages" ADD CONSTRAINT "leave_usages_template_id_leave_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."leave_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_usages" ADD CONSTRAINT "leave_usages_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_usages" ADD CONSTRAINT "leave_usages_status_changer_id_users_id_fk" FOREIGN KEY ("status_changer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_usages" ADD CONSTRAINT "leave_usages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leave_allocations_user_idx" ON "leave_allocations" USING btree ("company_id","user_id","valid_to");--> statement-breakpoint
CREATE INDEX "leave_allocations_pending_idx" ON "leave_allocations" USING btree ("company_id","approver_id") WHERE status = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "leave_allocations_accrual_uq" ON "leave_allocations" USING btree ("user_id","accrual_key") WHERE accrual_key is not null;--> statement-breakpoint
CREATE INDEX "leave_hr_users_company_idx" ON "leave_hr_users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "leave_logs_user_idx" ON "leave_logs" USING btree ("company_id","user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "leave_promotions_uq" ON "leave_promotions" USING btree ("allocation_id","round");--> statement-breakpoint
CREATE INDEX "leave_promotions_company_idx" ON "leave_promotions" USING btree ("company_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "leave_templates_annual_uq" ON "leave_templates" USING btree ("company_id") WHERE type = 'ANNUAL';--> statement-breakpoint
CREATE UNIQUE INDEX "leave_templates_name_uq" ON "leave_templates" USING btree ("company_id",lower("name")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "leave_usage_allocations_alloc_idx" ON "leave_usage_allocations" USING btree ("allocation_id");--> statement-breakpoint
CREATE INDEX "leave_usages_user_idx" ON "leave_usages" USING btree ("company_id","user_id","start_at");--> statement-breakpoint
CREATE INDEX "leave_usages_pending_idx" ON "leave_usages" USING btree ("company_id","approver_id") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "leave_usages_approval_idx" ON "leave_usages" USING btree ("approval_document_id") WHERE approval_document_id is not null;