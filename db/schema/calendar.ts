// The calendar module (issue 23). A calendar (calendars) holds events; an event row (calendar_events) is ONE
// iCalendar object: every VEVENT of one UID in that calendar (the series master and its RECURRENCE-ID
// overrides), kept as its iCalendar text, as a CalDAV collection stores a resource, plus the columns the
// queries need, extracted from that text on every write. Internal attendees also have rows
// (calendar_event_attendees) so an invitee's DEFAULT calendar shows the event at once; each write is logged
// per calendar (calendar_changes) for CalDAV sync-collection. Per-user state of a calendar (tree selection,
// own colour, subscriptions) lives in calendar_user_states.
import { sql } from "drizzle-orm";
import {
  bigint, bigserial, boolean, customType, index, integer, pgTable, text, timestamp, uniqueIndex,
} from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { organizations, users } from "./users.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * type: DEFAULT (one per user, created on first use), PRIVATE, PUBLIC (others may subscribe), ORGANIZATION
 * (one per organisation, no owner), HOLIDAY (one per company, no owner), EXTERNAL (a Google calendar of a
 * connection), PROJECT (a flow project's). Views of others' calendars (SUBSCRIPTION, PUBLIC_SUBSCRIPTION) are
 * per-user states, not calendars.
 */
export const calendars = pgTable("calendars", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  ownerUserId: bigint("owner_user_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
  type: text("type").notNull(),
  organId: bigint("organ_id", { mode: "number" }).references(() => organizations.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  color: text("color").notNull(),
  description: text("description"),
  /** PUBLIC calendars: listed by find/public for others to subscribe. */
  isPublic: boolean("is_public").notNull().default(false),
  /** Later: EXTERNAL calendars' connection and remote id, PROJECT calendars' project. */
  connectionId: bigint("connection_id", { mode: "number" }),
  externalId: text("external_id"),
  projectId: bigint("project_id", { mode: "number" }),
  /** The last change's sequence in calendar_changes (CalDAV sync token, CTag). */
  syncSeq: bigint("sync_seq", { mode: "number" }).notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}, (t) => [
  index("calendars_owner_idx").on(t.companyId, t.ownerUserId),
  uniqueIndex("calendars_default_uq").on(t.companyId, t.ownerUserId).where(sql`type = 'DEFAULT'`),
  uniqueIndex("calendars_organization_uq").on(t.companyId, t.organId).where(sql`type = 'ORGANIZATION'`),
  uniqueIndex("calendars_holiday_uq").on(t.companyId).where(sql`type = 'HOLIDAY'`),
  index("calendars_public_idx").on(t.companyId).where(sql`is_public`),
]);

/**
 * A user's state of one calendar they see: whether it is checked in the tree (no row: checked), their own
 * colour (null: the calendar's), and a subscription: PUBLIC_SUBSCRIPTION (a colleague's PUBLIC calendar),
 * ORGANIZATION (another organisation's calendar, read only), or null; hidden: a calendar shared with them that
 * they took out of their tree (cancelSubscription; subscribe brings it back).
 */
export const calendarUserStates = pgTable("calendar_user_states", {
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  calendarId: bigint("calendar_id", { mode: "number" }).notNull().references(() => calendars.id, { onDelete: "cascade" }),
  selected: boolean("selected").notNull().default(true),
  color: text("color"),
  subscription: text("subscription"),
  hidden: boolean("hidden").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex("calendar_user_states_pk").on(t.userId, t.calendarId),
  index("calendar_user_states_calendar_idx").on(t.calendarId),
]);

/** One iCalendar object (a UID in a calendar) and what the queries need from it. */
export const calendarEvents = pgTable("calendar_events", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  calendarId: bigint("calendar_id", { mode: "number" }).notNull().references(() => calendars.id, { onDelete: "cascade" }),
  uid: text("uid").notNull(),
  /** The VCALENDAR text: the master VEVENT, its overrides, unknown properties kept as they came. */
  ical: text("ical").notNull(),
  summary: text("summary").notNull().default(""),
  location: text("location").notNull().default(""),
  description: text("description").notNull().default(""),
  isAllDay: boolean("is_all_day").notNull().default(false),
  /** The master's DTSTART zone (IANA); null: floating or UTC. */
  tzid: text("tzid"),
  /** The first occurrence's start and the last one's end; last_end null: a series without end. */
  firstStart: timestamp("first_start", { withTimezone: true }).notNull(),
  lastEnd: timestamp("last_end", { withTimezone: true }),
  isRecurring: boolean("is_recurring").notNull().default(false),
  /**
   * A series, or an event longer than LONG_SPAN_DAYS (server/modules/calendar/events/store.ts): the month
   * query finds these through their own small index, all others by their start alone (starts from
   * LONG_SPAN_DAYS before the range), so it never walks a calendar's whole past.
   */
  longSpan: boolean("long_span").notNull().default(false),
  /** Who made it in the suite (edits it besides privilege-3 users); null: imported or from outside. */
  ownerUserId: bigint("owner_user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  organizerUserId: bigint("organizer_user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  organizerEmail: text("organizer_email"),
  /** Leave events (the leave module, later): the leave's state. */
  isLeave: boolean("is_leave").notNull().default(false),
  leaveStatus: text("leave_status"),
  /** The iCalendar SEQUENCE of the master; the ETag changes on every write. */
  sequence: integer("sequence").notNull().default(0),
  etag: text("etag").notNull(),
  searchVector: tsvector("search_vector"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex("calendar_events_uid_uq").on(t.calendarId, t.uid),
  index("calendar_events_range_idx").on(t.calendarId, t.firstStart, t.lastEnd),
  index("calendar_events_long_idx").on(t.calendarId, t.firstStart).where(sql`long_span`),
  index("calendar_events_search_idx").using("gin", t.searchVector),
]);

/** Attendees of an event who are users of the company (user_id), and outside ones (user_id null). */
export const calendarEventAttendees = pgTable("calendar_event_attendees", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  eventId: bigint("event_id", { mode: "number" }).notNull().references(() => calendarEvents.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  name: text("name").notNull().default(""),
  /** CHAIR, REQ-PARTICIPANT, OPT-PARTICIPANT, NON-PARTICIPANT */
  role: text("role").notNull(),
  /** NEEDS-ACTION, ACCEPTED, DECLINED, TENTATIVE */
  partStat: text("part_stat").notNull(),
}, (t) => [
  uniqueIndex("calendar_event_attendees_uq").on(t.eventId, t.email),
  index("calendar_event_attendees_user_idx").on(t.userId, t.eventId),
]);

/** Every write of an object, per calendar, in order (CalDAV sync-collection); deleted: the object is gone. */
export const calendarChanges = pgTable("calendar_changes", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  calendarId: bigint("calendar_id", { mode: "number" }).notNull().references(() => calendars.id, { onDelete: "cascade" }),
  seq: bigint("seq", { mode: "number" }).notNull(),
  uid: text("uid").notNull(),
  deleted: boolean("deleted").notNull().default(false),
  /** A deleted object's name in the collection when a CalDAV client chose it (not "<uid>.ics"): sync reports it gone by that name. */
  name: text("name"),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
}, (t) => [uniqueIndex("calendar_changes_seq_uq").on(t.calendarId, t.seq)]);
