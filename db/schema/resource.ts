// Resource booking (issue 26; 002 §3 "Resource booking"): custom resource types, the company's resources
// (meeting rooms, cars, equipment), who may book each, bookings and their repeating series.
//
// - resources.type: MEETING_ROOM, CAR, EQUIPMENT or CUSTOM_<id>; a custom type's row is custom_type_id
//   (restrict: a type with resources cannot be deleted).
// - resources.image_blob_key: the image's bytes in the blob store (the backup and the blob collector find
//   columns named *_blob_key in the catalogue).
// - resource_booker_users / resource_booker_organs: the bookers of a SELECTED resource (an organisation
//   includes its sub-organisations).
// - resource_bookings.period: tstzrange(start_at, end_at, '[)'), generated. The migration adds the exclusion
//   constraint resource_bookings_no_overlap (btree_gist): no two REQUESTED or CONFIRMED bookings of one
//   resource overlap, so concurrent bookings of one slot give one booking and 23P01 for the rest.
// - resource_bookings.calendar_event_id: the event in the booker's DEFAULT calendar that mirrors the booking
//   (set null when the booker deletes it in the calendar).
import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, customType, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { organizations, users } from "./users.ts";
import { calendarEvents } from "./calendar.ts";

const tstzrange = customType<{ data: string }>({ dataType: () => "tstzrange" });

export const resourceTypes = pgTable("resource_types", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
}, (t) => [uniqueIndex("resource_types_name_uq").on(t.companyId, sql`lower(${t.name})`)]);

export const resources = pgTable("resources", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  type: text("type").notNull(),
  customTypeId: bigint("custom_type_id", { mode: "number" }).references(() => resourceTypes.id, { onDelete: "restrict" }),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  capacity: integer("capacity"),
  location: text("location").notNull().default(""),
  status: text("status").notNull().default("IN_USE"),
  needsApproval: boolean("needs_approval").notNull().default(false),
  approverUserId: bigint("approver_user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  bookerScope: text("booker_scope").notNull().default("ALL"),
  imageBlobKey: text("image_blob_key"),
  imageType: text("image_type"),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}, (t) => [
  index("resources_company_idx").on(t.companyId, t.type),
  index("resources_custom_type_idx").on(t.customTypeId).where(sql`custom_type_id is not null`),
  index("resources_approver_idx").on(t.approverUserId).where(sql`approver_user_id is not null`),
  check("resources_custom_type_ck", sql`(type like 'CUSTOM\\_%') = (custom_type_id is not null)`),
]);

export const resourceBookerUsers = pgTable("resource_booker_users", {
  resourceId: bigint("resource_id", { mode: "number" }).notNull().references(() => resources.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
}, (t) => [primaryKey({ columns: [t.resourceId, t.userId] }), index("resource_booker_users_user_idx").on(t.userId)]);

export const resourceBookerOrgans = pgTable("resource_booker_organs", {
  resourceId: bigint("resource_id", { mode: "number" }).notNull().references(() => resources.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  organId: bigint("organ_id", { mode: "number" }).notNull().references(() => organizations.id, { onDelete: "cascade" }),
}, (t) => [primaryKey({ columns: [t.resourceId, t.organId] }), index("resource_booker_organs_organ_idx").on(t.organId)]);

/** A repeating booking as asked: its occurrences are resource_bookings rows with this series_id. */
export const resourceBookingSeries = pgTable("resource_booking_series", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  resourceId: bigint("resource_id", { mode: "number" }).notNull().references(() => resources.id, { onDelete: "cascade" }),
  bookerUserId: bigint("booker_user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  frequency: text("frequency").notNull(),
  interval: integer("interval").notNull(),
  untilDate: date("until_date", { mode: "string" }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

export const resourceBookings = pgTable("resource_bookings", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  resourceId: bigint("resource_id", { mode: "number" }).notNull().references(() => resources.id, { onDelete: "cascade" }),
  seriesId: bigint("series_id", { mode: "number" }).references(() => resourceBookingSeries.id, { onDelete: "set null" }),
  bookerUserId: bigint("booker_user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  note: text("note").notNull().default(""),
  status: text("status").notNull(),
  startAt: timestamp("start_at", { withTimezone: true }).notNull(),
  endAt: timestamp("end_at", { withTimezone: true }).notNull(),
  period: tstzrange("period").generatedAlwaysAs(sql`tstzrange(start_at, end_at, '[)')`),
  rejectReason: text("reject_reason"),
  decidedByUserId: bigint("decided_by_user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  calendarEventId: bigint("calendar_event_id", { mode: "number" }).references(() => calendarEvents.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}, (t) => [
  check("resource_bookings_range_ck", sql`end_at > start_at`),
  index("resource_bookings_resource_idx").on(t.resourceId, t.startAt),
  index("resource_bookings_booker_idx").on(t.companyId, t.bookerUserId, t.endAt),
  index("resource_bookings_series_idx").on(t.seriesId).where(sql`series_id is not null`),
  index("resource_bookings_pending_idx").on(t.resourceId).where(sql`status = 'REQUESTED'`),
  index("resource_bookings_event_idx").on(t.calendarEventId).where(sql`calendar_event_id is not null`),
]);
