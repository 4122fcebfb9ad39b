-- Resource booking (issue 26). btree_gist lets the exclusion constraint at the end combine resource_id (=) with the
-- booking's period (&&): two held bookings of one resource never overlap, whatever runs concurrently.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "resource_booker_organs" (
	"resource_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"organ_id" bigint NOT NULL,
	CONSTRAINT "resource_booker_organs_resource_id_organ_id_pk" PRIMARY KEY("resource_id","organ_id")
);
--> statement-breakpoint
CREATE TABLE "resource_booker_users" (
	"resource_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "resource_booker_users_resource_id_user_id_pk" PRIMARY KEY("resource_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "resource_booking_series" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"resource_id" bigint NOT NULL,
	"booker_user_id" bigint NOT NULL,
	"frequency" text NOT NULL,
	"interval" integer NOT NULL,
	"until_date" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_bookings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"resource_id" bigint NOT NULL,
	"series_id" bigint,
	"booker_user_id" bigint NOT NULL,
	"title" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"period" "tstzrange" GENERATED ALWAYS AS (tstzrange(start_at, end_at, '[)')) STORED,
	"reject_reason" text,
	"decided_by_user_id" bigint,
	"calendar_event_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "resource_bookings_range_ck" CHECK (end_at > start_at)
);
--> statement-breakpoint
CREATE TABLE "resource_types" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"type" text NOT NULL,
	"custom_type_id" bigint,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"capacity" integer,
	"location" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'IN_USE' NOT NULL,
	"needs_approval" boolean DEFAULT false NOT NULL,
	"approver_user_id" bigint,
	"booker_scope" text DEFAULT 'ALL' NOT NULL,
	"image_blob_key" text,
	"image_type" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "resources_custom_type_ck" CHECK ((type like 'CUSTOM\_%') = (custom_type_id is not null))
);
--> statement-breakpoint
ALTER TABLE "resource_booker_organs" ADD CONSTRAINT "resource_booker_organs_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_booker_organs" ADD CONSTRAINT "resource_booker_organs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_booker_organs" ADD CONSTRAINT "resource_booker_organs_organ_id_organizations_id_fk" FOREIGN KEY ("organ_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_booker_users" ADD CONSTRAINT "resource_booker_users_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_booker_users" ADD CONSTRAINT "resource_booker_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_booker_users" ADD CONSTRAINT "resource_booker_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_booking_series" ADD CONSTRAINT "resource_booking_series_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_booking_series" ADD CONSTRAINT "resource_booking_series_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_booking_series" ADD CONSTRAINT "resource_booking_series_booker_user_id_users_id_fk" FOREIGN KEY ("booker_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_bookings" ADD CONSTRAINT "resource_bookings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_bookings" ADD CONSTRAINT "resource_bookings_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_bookings" ADD CONSTRAINT "resource_bookings_series_id_resource_booking_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."resource_booking_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_bookings" ADD CONSTRAINT "resource_bookings_booker_user_id_users_id_fk" FOREIGN KEY ("booker_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_bookings" ADD CONSTRAINT "resource_bookings_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_bookings" ADD CONSTRAINT "resource_bookings_calendar_event_id_calendar_events_id_fk" FOREIGN KEY ("calendar_event_id") REFERENCES "public"."calendar_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_types" ADD CONSTRAINT "resource_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_custom_type_id_resource_types_id_fk" FOREIGN KEY ("custom_type_id") REFERENCES "public"."resource_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_approver_user_id_users_id_fk" FOREIGN KEY ("approver_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_booker_organs_organ_idx" ON "resource_booker_organs" USING btree ("organ_id");--> statement-breakpoint
CREATE INDEX "resource_booker_users_user_idx" ON "resource_booker_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "resource_bookings_resource_idx" ON "resource_bookings" USING btree ("resource_id","start_at");--> statement-breakpoint
CREATE INDEX "resource_bookings_booker_idx" ON "resource_bookings" USING btree ("company_id","booker_user_id","end_at");--> statement-breakpoint
CREATE INDEX "resource_bookings_series_idx" ON "resource_bookings" USING btree ("series_id") WHERE series_id is not null;--> statement-breakpoint
CREATE INDEX "resource_bookings_pending_idx" ON "resource_bookings" USING btree ("resource_id") WHERE status = 'REQUESTED';--> statement-breakpoint
CREATE INDEX "resource_bookings_event_idx" ON "resource_bookings" USING btree ("calendar_event_id") WHERE calendar_event_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "resource_types_name_uq" ON "resource_types" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "resources_company_idx" ON "resources" USING btree ("company_id","type");--> statement-breakpoint
CREATE INDEX "resources_custom_type_idx" ON "resources" USING btree ("custom_type_id") WHERE custom_type_id is not null;--> statement-breakpoint
CREATE INDEX "resources_approver_idx" ON "resources" USING btree ("approver_user_id") WHERE approver_user_id is not null;--> statement-breakpoint
ALTER TABLE "resource_bookings" ADD CONSTRAINT "resource_bookings_no_overlap" EXCLUDE USING gist ("resource_id" WITH =, "period" WITH &&) WHERE (status in ('REQUESTED', 'CONFIRMED'));
