DROP INDEX "calendar_events_series_idx";--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "long_span" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "calendar_events_long_idx" ON "calendar_events" USING btree ("calendar_id","first_start") WHERE long_span;--> statement-breakpoint
UPDATE "calendar_events" SET "long_span" = true WHERE "is_recurring" OR "last_end" IS NULL OR "last_end" > "first_start" + interval '14 days';
