// Calendar alarms that fire (issue 23 "alarms"; server/modules/calendar/alarms/). The alarms themselves are the
// VALARMs of each event object (calendar_events.ical); these tables only plan and record their firing:
// - calendar_alarm_plans: per event object (a single event or a whole series) the instant its next alarm
//   falls due, rewritten on every write of the object and after each firing, so the job's query is one index
//   range (next_at <= now) instead of expanding every series on every tick;
// - calendar_alarm_deliveries: one row per fired alarm (object, occurrence start, minutes before), the claim
//   that makes each alarm fire once even when several instances run the job at the same moment;
// - calendar_alarm_settings: a user's choice to get alarms by mail too (no row: browser only).
import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, integer, pgTable, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { users } from "./users.ts";
import { calendarEvents } from "./calendar.ts";

export const calendarAlarmPlans = pgTable("calendar_alarm_plans", {
  eventId: bigint("event_id", { mode: "number" }).primaryKey().references(() => calendarEvents.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  /**
   * The earliest alarm instant not handled yet; null: none to come. The job handles the alarms from here to
   * now (those older than the grace window are skipped), then plans the next one after now.
   */
  nextAt: timestamp("next_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}, (t) => [index("calendar_alarm_plans_due_idx").on(t.nextAt).where(sql`next_at is not null`)]);

/**
 * No foreign key to calendar_events on purpose: the job inserts here while it holds the plan row's lock, and a
 * key check would wait for an event row that a writer holds FOR UPDATE while it waits for that plan row.
 * Rows older than a day are purged by the job (an alarm is never fired again after its grace window).
 */
export const calendarAlarmDeliveries = pgTable("calendar_alarm_deliveries", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull(),
  eventId: bigint("event_id", { mode: "number" }).notNull(),
  /** The occurrence's start (all-day: 00:00 of its first day in the event's zone). */
  occurrenceStart: timestamp("occurrence_start", { withTimezone: true }).notNull(),
  minutesBefore: integer("minutes_before").notNull(),
  firedAt: timestamp("fired_at", { withTimezone: true }).notNull(),
  /** How many users it reached (browser and, when chosen, mail). */
  recipients: integer("recipients").notNull().default(0),
}, (t) => [
  uniqueIndex("calendar_alarm_deliveries_uq").on(t.eventId, t.occurrenceStart, t.minutesBefore),
  index("calendar_alarm_deliveries_fired_idx").on(t.firedAt),
]);

export const calendarAlarmSettings = pgTable("calendar_alarm_settings", {
  userId: bigint("user_id", { mode: "number" }).primaryKey().references(() => users.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  byMail: boolean("by_mail").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
