// Leave and HR (issue 27; 002 "Leave"). Contract: shared/leave/.
//
// - leave_policies: one row per company (made on first use with the defaults).
// - leave_templates: the leave types; every company has exactly one ANNUAL template (made on first use).
// - leave_hr_users: HR data of a user the users table does not hold (hire and leave dates, job title).
// - leave_attendance: a service year in which the user worked under 80% (근로기준법 §60(2)): that year earns
//   monthly leave instead of the 15 days.
// - leave_allocations: days granted (accrual_key makes the accrual job idempotent: one row per user and key,
//   e.g. "monthly:2026-04-01", "annual:2027-03-01").
// - leave_usages: leave taken or asked for; days are numeric(7,3) in steps of 0.125. leave_usage_allocations
//   says which allocations a usage draws from (the oldest expiring first), which is how "used" and
//   "supportedByAllocation" are computed. Balance checks take the user's hr row lock (select ... for update), so
//   two applications racing for the last day cannot both pass.
// - leave_logs: the activity log (USAGE / ALLOCATION).
// - leave_promotions: §61 notices sent (one per allocation and round).
import { sql } from "drizzle-orm";
import {
  bigint, bigserial, boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

const days = (name: string) => numeric(name, { precision: 7, scale: 3, mode: "number" });

export const leavePolicies = pgTable("leave_policies", {
  companyId: bigint("company_id", { mode: "number" }).primaryKey().references(() => companies.id, { onDelete: "cascade" }),
  subOrgManageable: boolean("sub_org_manageable").notNull().default(true),
  annualLeaveAllocationDate: text("annual_leave_allocation_date").notNull().default("HIRE_DATE"),
  firstAnnualLeaveRounding: text("first_annual_leave_rounding").notNull().default("HALF_DAY_UP"),
  firstAnnualLeaveDecimalPlace: integer("first_annual_leave_decimal_place").notNull().default(1),
  advanceNextAllocationAllowed: boolean("advance_next_allocation_allowed").notNull().default(false),
  underOneYearLeaveAvailableNextYear: boolean("under_one_year_leave_available_next_year").notNull().default(false),
  carryOverMaxDays: days("carry_over_max_days").notNull().default(0),
  promotionEnabled: boolean("promotion_enabled").notNull().default(false),
  /** The day annualLeaveAllocationDate last changed (the accrual applies a basis from then on); null: always. */
  basisSince: date("basis_since", { mode: "string" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const leaveTemplates = pgTable("leave_templates", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  type: text("type").notNull(),
  name: text("name").notNull(),
  defaultAllocation: days("default_allocation").notNull().default(0),
  defaultValidityPeriod: integer("default_validity_period").notNull().default(0),
  fullDayAllowed: boolean("full_day_allowed").notNull().default(true),
  halfDayAllowed: boolean("half_day_allowed").notNull().default(true),
  quarterDayAllowed: boolean("quarter_day_allowed").notNull().default(false),
  oneHourAllowed: boolean("one_hour_allowed").notNull().default(false),
  weekendIncluded: boolean("weekend_included").notNull().default(false),
  paid: boolean("paid").notNull().default(true),
  employeeApplicationAllowed: boolean("employee_application_allowed").notNull().default(true),
  adminCancellationOnly: boolean("admin_cancellation_only").notNull().default(false),
  sortOrder: integer("sort_order").notNull().default(0),
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex("leave_templates_annual_uq").on(t.companyId).where(sql`type = 'ANNUAL'`),
  uniqueIndex("leave_templates_name_uq").on(t.companyId, sql`lower(${t.name})`).where(sql`deleted_at is null`),
]);

export const leaveHrUsers = pgTable("leave_hr_users", {
  userId: bigint("user_id", { mode: "number" }).primaryKey().references(() => users.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  hireDate: date("hire_date", { mode: "string" }),
  leaveDate: date("leave_date", { mode: "string" }),
  jobTitle: text("job_title"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("leave_hr_users_company_idx").on(t.companyId)]);

export const leaveAttendance = pgTable("leave_attendance", {
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  yearStart: date("year_start", { mode: "string" }).notNull(),
  rate: numeric("rate", { precision: 5, scale: 4, mode: "number" }).notNull(),
  /** The year's fully attended months (§60(2): a year under 80% earns one day for each); null: not recorded. */
  fullMonths: integer("full_months"),
}, (t) => [primaryKey({ columns: [t.userId, t.yearStart] })]);

export const leaveAllocations = pgTable("leave_allocations", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  templateId: bigint("template_id", { mode: "number" }).notNull().references(() => leaveTemplates.id),
  name: text("name").notNull().default(""),
  reason: text("reason").notNull().default(""),
  status: text("status").notNull(),
  source: text("source").notNull().default("MANUAL"),
  accrualKey: text("accrual_key"),
  validFrom: date("valid_from", { mode: "string" }).notNull(),
  validTo: date("valid_to", { mode: "string" }).notNull(),
  granted: days("granted").notNull(),
  carriedOver: days("carried_over").notNull().default(0),
  approverId: bigint("approver_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  statusChangerId: bigint("status_changer_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  createdBy: bigint("created_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index("leave_allocations_user_idx").on(t.companyId, t.userId, t.validTo),
  index("leave_allocations_pending_idx").on(t.companyId, t.approverId).where(sql`status = 'PENDING'`),
  uniqueIndex("leave_allocations_accrual_uq").on(t.userId, t.accrualKey).where(sql`accrual_key is not null`),
]);

export const leaveUsages = pgTable("leave_usages", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  templateId: bigint("template_id", { mode: "number" }).notNull().references(() => leaveTemplates.id),
  summary: text("summary").notNull().default(""),
  reason: text("reason").notNull().default(""),
  startAt: timestamp("start_at", { withTimezone: true }).notNull(),
  endAt: timestamp("end_at", { withTimezone: true }).notNull(),
  unit: text("unit").notNull(),
  usedDays: days("used_days").notNull(),
  status: text("status").notNull(),
  supportedByAllocation: boolean("supported_by_allocation").notNull().default(true),
  approverId: bigint("approver_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  statusChangerId: bigint("status_changer_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  createdBy: bigint("created_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  approvalDocumentId: bigint("approval_document_id", { mode: "number" }),
  /** The calendar event that shows it (its UID in the user's DEFAULT calendar). */
  calendarUid: text("calendar_uid"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index("leave_usages_user_idx").on(t.companyId, t.userId, t.startAt),
  index("leave_usages_pending_idx").on(t.companyId, t.approverId).where(sql`status = 'PENDING'`),
  index("leave_usages_approval_idx").on(t.approvalDocumentId).where(sql`approval_document_id is not null`),
]);

export const leaveUsageAllocations = pgTable("leave_usage_allocations", {
  usageId: bigint("usage_id", { mode: "number" }).notNull().references(() => leaveUsages.id, { onDelete: "cascade" }),
  allocationId: bigint("allocation_id", { mode: "number" }).notNull().references(() => leaveAllocations.id, { onDelete: "cascade" }),
  days: days("days").notNull(),
}, (t) => [primaryKey({ columns: [t.usageId, t.allocationId] }), index("leave_usage_allocations_alloc_idx").on(t.allocationId)]);

export const leaveLogs = pgTable("leave_logs", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  kind: text("kind").notNull(),
  refId: bigint("ref_id", { mode: "number" }).notNull(),
  action: text("action").notNull(),
  actorId: bigint("actor_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  summary: text("summary").notNull().default(""),
  days: days("days").notNull().default(0),
  detail: jsonb("detail").$type<Record<string, unknown>>(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("leave_logs_user_idx").on(t.companyId, t.userId, t.at)]);

export const leavePromotions = pgTable("leave_promotions", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  allocationId: bigint("allocation_id", { mode: "number" }).notNull().references(() => leaveAllocations.id, { onDelete: "cascade" }),
  round: integer("round").notNull(),
  unusedDays: days("unused_days").notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex("leave_promotions_uq").on(t.allocationId, t.round), index("leave_promotions_company_idx").on(t.companyId, t.sentAt)]);
