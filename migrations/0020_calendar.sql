CREATE TABLE "calendar_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"calendar_id" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"uid" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_event_attendees" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"user_id" bigint,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"role" text NOT NULL,
	"part_stat" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"calendar_id" bigint NOT NULL,
	"uid" text NOT NULL,
	"ical" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_all_day" boolean DEFAULT false NOT NULL,
	"tzid" text,
	"first_start" timestamp with time zone NOT NULL,
	"last_end" timestamp with time zone,
	"is_recurring" boolean DEFAULT false NOT NULL,
	"owner_user_id" bigint,
	"organizer_user_id" bigint,
	"organizer_email" text,
	"is_leave" boolean DEFAULT false NOT NULL,
	"leave_status" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"etag" text NOT NULL,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_user_states" (
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"calendar_id" bigint NOT NULL,
	"selected" boolean DEFAULT true NOT NULL,
	"color" text,
	"subscription" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendars" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"owner_user_id" bigint,
	"type" text NOT NULL,
	"organ_id" bigint,
	"title" text NOT NULL,
	"color" text NOT NULL,
	"description" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"connection_id" bigint,
	"external_id" text,
	"project_id" bigint,
	"sync_seq" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_changes" ADD CONSTRAINT "calendar_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_changes" ADD CONSTRAINT "calendar_changes_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_attendees" ADD CONSTRAINT "calendar_event_attendees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_attendees" ADD CONSTRAINT "calendar_event_attendees_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_attendees" ADD CONSTRAINT "calendar_event_attendees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_organizer_user_id_users_id_fk" FOREIGN KEY ("organizer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_user_states" ADD CONSTRAINT "calendar_user_states_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_user_states" ADD CONSTRAINT "calendar_user_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_user_states" ADD CONSTRAINT "calendar_user_states_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendars" ADD CONSTRAINT "calendars_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendars" ADD CONSTRAINT "calendars_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendars" ADD CONSTRAINT "calendars_organ_id_organizations_id_fk" FOREIGN KEY ("organ_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_changes_seq_uq" ON "calendar_changes" USING btree ("calendar_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_event_attendees_uq" ON "calendar_event_attendees" USING btree ("event_id","email");--> statement-breakpoint
CREATE INDEX "calendar_event_attendees_user_idx" ON "calendar_event_attendees" USING btree ("user_id","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_events_uid_uq" ON "calendar_events" USING btree ("calendar_id","uid");--> statement-breakpoint
CREATE INDEX "calendar_events_range_idx" ON "calendar_events" USING btree ("calendar_id","first_start","last_end");--> statement-breakpoint
CREATE INDEX "calendar_events_series_idx" ON "calendar_events" USING btree ("calendar_id","first_start") WHERE is_recurring;--> statement-breakpoint
CREATE INDEX "calendar_events_search_idx" ON "calendar_events" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_user_states_pk" ON "calendar_user_states" USING btree ("user_id","calendar_id");--> statement-breakpoint
CREATE INDEX "calendar_user_states_calendar_idx" ON "calendar_user_states" USING btree ("calendar_id");--> statement-breakpoint
CREATE INDEX "calendars_owner_idx" ON "calendars" USING btree ("company_id","owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendars_default_uq" ON "calendars" USING btree ("company_id","owner_user_id") WHERE type = 'DEFAULT';--> statement-breakpoint
CREATE UNIQUE INDEX "calendars_organization_uq" ON "calendars" USING btree ("company_id","organ_id") WHERE type = 'ORGANIZATION';--> statement-breakpoint
CREATE UNIQUE INDEX "calendars_holiday_uq" ON "calendars" USING btree ("company_id") WHERE type = 'HOLIDAY';--> statement-breakpoint
CREATE INDEX "calendars_public_idx" ON "calendars" USING btree ("company_id") WHERE is_public;