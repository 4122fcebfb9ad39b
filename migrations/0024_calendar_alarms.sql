CREATE TABLE "calendar_alarm_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"occurrence_start" timestamp with time zone NOT NULL,
	"minutes_before" integer NOT NULL,
	"fired_at" timestamp with time zone NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_alarm_plans" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"next_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_alarm_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"by_mail" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_alarm_plans" ADD CONSTRAINT "calendar_alarm_plans_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_alarm_plans" ADD CONSTRAINT "calendar_alarm_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_alarm_settings" ADD CONSTRAINT "calendar_alarm_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_alarm_settings" ADD CONSTRAINT "calendar_alarm_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_alarm_deliveries_uq" ON "calendar_alarm_deliveries" USING btree ("event_id","occurrence_start","minutes_before");--> statement-breakpoint
CREATE INDEX "calendar_alarm_deliveries_fired_idx" ON "calendar_alarm_deliveries" USING btree ("fired_at");--> statement-breakpoint
CREATE INDEX "calendar_alarm_plans_due_idx" ON "calendar_alarm_plans" USING btree ("next_at") WHERE next_at is not null;--> statement-breakpoint
-- Events written before alarms fired: planned from now; the job's first look plans each properly.
INSERT INTO "calendar_alarm_plans" ("event_id", "company_id", "next_at", "updated_at")
  SELECT "id", "company_id", now(), now() FROM "calendar_events" WHERE strpos("ical", 'BEGIN:VALARM') > 0
  ON CONFLICT DO NOTHING;
