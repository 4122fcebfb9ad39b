// Leave and HR entities (002 §3 "Leave") and the calls under api/leaves and api/hr/leaves (002 §7; the payloads
// are ours: "not shown" in the spec). Module gate useLeave → 403 leave.disabled. Roles: HR = company admin or
// users.is_hr; an organisation manager (organization_members.is_manager) approves the members of their
// organisation (and of its sub-organisations when policy.subOrgManageable); members see their own.
// Dates are YYYY-MM-DD in LEAVE_TIME_ZONE; numbers of days are decimals in steps of 0.125.
//
// api/leaves
//   GET    list?date&organId&includeChildren&page&size     MembersPage (HR: any organisation; a manager: the
//                                                           organisations they manage; others 403 leave.not_allowed)
//   GET    users/{id}?date                                  UserLeave: the member's dashboard ("me" not used: the
//                                                           caller's id; HR and the member's approvers may read others)
//   GET    approvers                                        Approver[] for the caller (their organisation's manager,
//                                                           else up the tree); 400 leave.no_approver when none
//   GET    policies                                         Policy; PUT policies (HR) policyBody → 200 Policy
//   GET    templates                                        Template[] (active; ANNUAL first)
//   POST   templates                                        templateBody → 201 Template (HR; CUSTOM only)
//   PATCH  templates/{id}                                   templateBody partial → 200 (HR; ANNUAL's kind fixed)
//   DELETE templates/{id}                                   200 (HR; 409 leave.template_in_use when used)
//   GET    templates/{id}/allocations?date                  Allocation[] of the type (HR)
//   GET    templates/{id}/usages?date                       Usage[] of the type (HR)
//   GET    allocations?userId&date                          Allocation[] (own; HR/approver for others)
//   GET    allocations/{id}                                 Allocation
//   GET    allocations/pending                              Allocation[] waiting for the caller's decision
//   POST   allocations                                      allocationRequestBody → 201 (an employee asks, e.g.
//                                                           보상휴가; PENDING for the approver)
//   PATCH  allocations/{id}                                 allocationRequestBody → 200 (own PENDING only, else
//                                                           409 leave.not_editable)
//   PATCH  allocations/{id}/decision                        decisionBody → 200 (the approver: APPROVED/REJECTED)
//   DELETE allocations/{id}                                 200 (own PENDING)
//   GET    usages?userId&from&to                            Usage[]
//   GET    usages/{id}                                      Usage
//   GET    usages/pending                                   Usage[] waiting for the caller's decision
//   POST   usages                                           usageBody → 201 Usage (PENDING; 400 leave.exceeds_balance,
//                                                           leave.no_approver, leave.reason_required, leave.expired,
//                                                           leave.unit_not_allowed, leave.invalid_days, leave.overlaps,
//                                                           leave.application_not_allowed). With viaApproval (the
//                                                           company uses approval): an approval document of the
//                                                           휴가신청서 form is drafted and decides the usage.
//   POST   usages/preview                                   usageBody → 200 UsagePreview: the days it would take as
//                                                           POST usages counts them (weekends, public holidays), or
//                                                           400 leave.invalid_days / leave.unit_not_allowed; writes nothing
//   PATCH  usages/{id}                                      usageBody → 200 (own PENDING; used → 409 leave.already_used;
//                                                           approved → 409 leave.not_editable)
//   PATCH  usages/{id}/decision                             decisionBody → 200 (the approver)
//   DELETE usages/{id}                                      200: cancel (own PENDING; own APPROVED not yet started
//                                                           unless the type is adminCancellationOnly → 403
//                                                           leave.admin_cancellation_only; used → 409 already_used)
// api/hr/leaves (HR only, else 403 leave.hr_only)
//   GET    pending/count                                    PendingCount (allocations + usages PENDING, company-wide)
//   GET    pending                                          HrPending: those PENDING items, company-wide, oldest
//                                                           first (at most HR_PENDING_MAX of each), with whose they are
//   GET    report?kind=ledger|usage&from&to&organId&includeChildren   an .xlsx (연차휴가대장 / usage report)
//   POST   allocations                                      allocationBody → 201 Allocation (APPROVED at once)
//   PATCH  allocations/{id}                                 allocationBody partial → 200 (an approved allocation's
//                                                           numbers: HR only; its status too)
//   GET    usages/untracked?page&size                       Page<Usage>: approved usages not supported by an allocation
//   PATCH  usages/{id}/status                               statusBody → 200 (any status change, logged)
//   GET    users?organId&includeChildren&page&size          Page<HrUser> (hire dates and job data)
//   PATCH  users/{id}                                       hrUserBody → 200 HrUser (hire date, leave date, job title)
//   PUT    users/{id}/attendance                            attendanceBody → 200 (a service year below 80%: §60(2))
//   GET    promotions?year                                  Promotion[] (§61 notices sent: who, when, which round)
//   POST   accrual/run                                      200 { granted, expired }: run the accrual for the company now
//                                                           (the job does it daily on its own)
import { z } from "zod";
import {
  DECIMAL_PLACES,
  FISCAL_DATE_PATTERN,
  LEAVE_STATUSES,
  REASON_MAX,
  ROUNDINGS,
  SUMMARY_MAX,
  TEMPLATE_KINDS,
  TEMPLATE_NAME_MAX,
} from "./constants.ts";
import type { AllocationSource, LeaveStatus, LeaveUnit, LogKind, Rounding, TemplateKind } from "./constants.ts";

export interface Policy {
  subOrgManageable: boolean;
  /** "HIRE_DATE" or a fiscal-year start "MM-DD". */
  annualLeaveAllocationDate: string;
  firstAnnualLeaveRounding: Rounding;
  firstAnnualLeaveDecimalPlace: number;
  /** An employee may use next year's annual leave in advance (up to what the next grant will be). */
  advanceNextAllocationAllowed: boolean;
  /** The first year's monthly leave (max 11) stays usable into the second year (else it expires one year after hire). */
  underOneYearLeaveAvailableNextYear: boolean;
  /** Unused annual leave carried into the next grant, at most this many days (0: none). */
  carryOverMaxDays: number;
  /** §61 사용촉진 notices are sent. */
  promotionEnabled: boolean;
  /** The day annualLeaveAllocationDate last changed (set by PUT; the accrual applies the basis from then on, never back); null: always. */
  basisSince: string | null;
}

export interface Template {
  id: number;
  type: TemplateKind;
  name: string;
  defaultAllocation: number;
  /** Days an allocation of this type stays valid (0: until the end of its year). */
  defaultValidityPeriod: number;
  fullDayAllowed: boolean;
  halfDayAllowed: boolean;
  quarterDayAllowed: boolean;
  oneHourAllowed: boolean;
  weekendIncluded: boolean;
  paid: boolean;
  employeeApplicationAllowed: boolean;
  adminCancellationOnly: boolean;
}

/** 002 §3 HR user (jobGrade's "none" value dropped). */
export interface HrUser {
  id: number;
  username: string;
  accountName: string;
  hireDate: string | null;
  leaveDate: string | null;
  organId: number | null;
  organName: string | null;
  jobTitle: string | null;
  jobGrade: string | null;
  isManager: boolean;
}

export interface PersonRef {
  id: number;
  name: string;
}

export interface Allocation {
  id: number;
  userId: number;
  /** Whose days these are (the requester of a PENDING request). */
  userName: string;
  templateId: number;
  templateType: TemplateKind;
  name: string;
  reason: string;
  status: LeaveStatus;
  validFrom: string;
  validTo: string;
  granted: number;
  used: number;
  carriedOver: number;
  /** granted - used + carriedOver (002 §3). */
  remaining: number;
  source: AllocationSource;
  approverId: number | null;
  approverName: string | null;
  statusChangerId: number | null;
  statusChangerName: string | null;
  createdTime: number;
}

export interface Usage {
  id: number;
  userId: number;
  userName: string;
  templateId: number;
  templateName: string;
  summary: string;
  reason: string;
  /** Epoch ms of the start and end instants. */
  start: number;
  end: number;
  /** The dates and, for part-day units, the times (YYYY-MM-DD, HH:mm). */
  startDate: string;
  endDate: string;
  startTime: string | null;
  endTime: string | null;
  unit: LeaveUnit;
  usedDays: number;
  status: LeaveStatus;
  supportedByAllocation: boolean;
  /** Started and approved: counts as used (002 §3). */
  used: boolean;
  approver: PersonRef | null;
  statusChanger: PersonRef | null;
  createdBy: PersonRef;
  createdTime: number;
  /** Decided through this approval document (휴가신청서), when it went that way. */
  approvalDocumentId: number | null;
}

/** POST usages/preview: what an application would take (nothing is written). */
export interface UsagePreview {
  usedDays: number;
  startDate: string;
  endDate: string;
  startTime: string | null;
  endTime: string | null;
}

/** 002 §3 balance summary, for annual leave and for each custom type. */
/**
 * A member's balance of one leave type at a date, over the period shown (calcStart..calcEnd: the span of the
 * allocations valid on the date; for annual leave with none, the policy's period containing the date).
 */
export interface BalanceSummary {
  totalGranted: number;
  /** Still to be granted in the period by the accrual (e.g. the first year's remaining months). */
  toBeGranted: number;
  granted: number;
  used: number;
  remaining: number;
  /**
   * Lapsed within the shown period: the unused days of allocations whose validity ended on or after calcStart
   * and before the date. What lapsed before the period (e.g. last year's grant ending the day before calcStart)
   * is not counted here but in expiredBefore.
   */
  expired: number;
  /** Lapsed before the shown period, in the 365 days before the date: the previous period's unused days (additive). */
  expiredBefore: number;
  carriedOver: number;
  calcStart: string;
  calcEnd: string;
}

export interface LeaveLog {
  id: number;
  kind: LogKind;
  refId: number;
  /** CREATED, UPDATED, APPROVED, REJECTED, PENDING, CANCELLED, GRANTED, EXPIRED, ... */
  action: string;
  actor: PersonRef | null;
  summary: string;
  days: number;
  at: number;
}

export interface UserLeave {
  user: HrUser;
  annual: BalanceSummary;
  custom: Array<{ template: Template; balance: BalanceSummary }>;
  allocations: Allocation[];
  usages: Usage[];
  /** The activity of the last ACTIVITY_LOG_DAYS. */
  logs: LeaveLog[];
  /** The caller may apply for this user (self) / decide / edit as HR. */
  canApply: boolean;
  canManage: boolean;
}

export interface MemberRow {
  user: HrUser;
  annual: BalanceSummary;
  customRemaining: number;
  pendingCount: number;
}

export interface MembersPage {
  content: MemberRow[];
  totalElements: number;
  totalPages: number;
  /** 002 §2: page is 1-based in the route; the answer's too. */
  page: number;
  pageSize: number;
}

export interface Approver {
  id: number;
  name: string;
  organId: number;
  organName: string;
}

export interface PendingCount {
  allocations: number;
  usages: number;
  total: number;
}

/** At most this many PENDING usages and as many allocations in HrPending (the count says how many in all). */
export const HR_PENDING_MAX = 200;

/** GET api/hr/leaves/pending: what waits for a decision anywhere in the company (HR), oldest first. */
export interface HrPending {
  usages: Usage[];
  allocations: Allocation[];
}

export interface Promotion {
  userId: number;
  userName: string;
  allocationId: number;
  round: 1 | 2;
  unusedDays: number;
  sentAt: number;
}

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "leave.invalid_days");
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "leave.invalid_days");
const days = z.number().min(0).max(366).refine((v) => Number.isInteger(v * 8), "leave.invalid_days");
const id = z.coerce.number().int().positive();

export const dateQuery = z.object({ date: date.optional() });
export const membersQuery = z.object({
  date: date.optional(),
  organId: id.optional(),
  includeChildren: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(15),
});

export const policyBody = z.object({
  subOrgManageable: z.boolean(),
  annualLeaveAllocationDate: z.string().refine((v) => v === "HIRE_DATE" || FISCAL_DATE_PATTERN.test(v), "common.validation"),
  firstAnnualLeaveRounding: z.enum(ROUNDINGS),
  firstAnnualLeaveDecimalPlace: z.number().int().refine((v) => (DECIMAL_PLACES as readonly number[]).includes(v), "common.validation"),
  advanceNextAllocationAllowed: z.boolean(),
  underOneYearLeaveAvailableNextYear: z.boolean(),
  carryOverMaxDays: days,
  promotionEnabled: z.boolean(),
});

export const templateBody = z.object({
  name: z.string().trim().min(1).max(TEMPLATE_NAME_MAX),
  defaultAllocation: days.default(0),
  defaultValidityPeriod: z.number().int().min(0).max(3660).default(0),
  fullDayAllowed: z.boolean().default(true),
  halfDayAllowed: z.boolean().default(true),
  quarterDayAllowed: z.boolean().default(false),
  oneHourAllowed: z.boolean().default(false),
  weekendIncluded: z.boolean().default(false),
  paid: z.boolean().default(true),
  employeeApplicationAllowed: z.boolean().default(true),
  adminCancellationOnly: z.boolean().default(false),
});
/**
 * A PATCH changes the fields it names (no defaults filled in). It may name the kind: only the one the type has
 * (ANNUAL stays ANNUAL, a CUSTOM type cannot become ANNUAL: leave.annual_template_fixed).
 */
export const templatePatchBody = z.object({
  name: z.string().trim().min(1).max(TEMPLATE_NAME_MAX),
  defaultAllocation: days,
  defaultValidityPeriod: z.number().int().min(0).max(3660),
  fullDayAllowed: z.boolean(),
  halfDayAllowed: z.boolean(),
  quarterDayAllowed: z.boolean(),
  oneHourAllowed: z.boolean(),
  weekendIncluded: z.boolean(),
  paid: z.boolean(),
  employeeApplicationAllowed: z.boolean(),
  adminCancellationOnly: z.boolean(),
  type: z.enum(TEMPLATE_KINDS),
}).partial();

/** HR's allocation (002 §3 fields). */
export const allocationBody = z.object({
  userId: id,
  templateId: id,
  name: z.string().trim().max(TEMPLATE_NAME_MAX).default(""),
  reason: z.string().trim().max(REASON_MAX).default(""),
  validFrom: date,
  validTo: date,
  granted: days,
  carriedOver: days.default(0),
  status: z.enum(LEAVE_STATUSES).default("APPROVED"),
});
export const allocationPatchBody = allocationBody.omit({ userId: true }).partial();

/** An employee's request for days (e.g. 보상휴가), decided by their approver. */
export const allocationRequestBody = z.object({
  templateId: id,
  reason: z.string().trim().min(1).max(REASON_MAX),
  validFrom: date,
  validTo: date,
  granted: days,
});

export const usageBody = z.object({
  templateId: id,
  /** For whom: the caller (HR may apply for others). */
  userId: id.optional(),
  startDate: date,
  endDate: date,
  unit: z.enum(["FULL_DAY", "HALF_DAY", "QUARTER_DAY", "ONE_HOUR"]),
  /** Part-day units: the start time (HALF_DAY 09:00 or 14:00, QUARTER_DAY / ONE_HOUR any half hour). */
  startTime: time.optional(),
  /** ONE_HOUR: how many hours (1..7). */
  hours: z.number().int().min(1).max(7).optional(),
  summary: z.string().trim().max(SUMMARY_MAX).default(""),
  reason: z.string().trim().max(REASON_MAX).default(""),
  /** Go through the approval module's 휴가신청서 (useApproval). */
  viaApproval: z.boolean().default(false),
});
export type UsageInput = z.infer<typeof usageBody>;

export const decisionBody = z.object({
  status: z.enum(["APPROVED", "REJECTED"]),
  comment: z.string().trim().max(REASON_MAX).default(""),
});
export const statusBody = z.object({ status: z.enum(LEAVE_STATUSES), comment: z.string().trim().max(REASON_MAX).default("") });

export const usagesQuery = z.object({ userId: id.optional(), from: date.optional(), to: date.optional() });
export const allocationsQuery = z.object({ userId: id.optional(), date: date.optional() });

export const hrUserBody = z.object({
  hireDate: date.nullable().optional(),
  leaveDate: date.nullable().optional(),
  jobTitle: z.string().trim().max(60).nullable().optional(),
});
export interface Attendance {
  userId: number;
  yearStart: string;
  rate: number;
  /** The year's fully attended months, when HR gave them. */
  fullMonths: number | null;
}
export const hrUsersQuery = z.object({
  organId: id.optional(),
  includeChildren: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(15),
});
export const attendanceBody = z.object({
  /** The service year (its start date) and the attendance rate in it (0..1). */
  yearStart: date,
  rate: z.number().min(0).max(1),
  /** The year's fully attended months (§60(2): under 80%, one day each; leave_attendance.full_months). */
  fullMonths: z.number().int().min(0).max(12).nullable().optional(),
});
export const reportQuery = z.object({
  kind: z.enum(["ledger", "usage"]).default("ledger"),
  from: date,
  to: date,
  organId: id.optional(),
  includeChildren: z.enum(["true", "false"]).default("true").transform((v) => v === "true"),
});

/** GET hr/leaves/usages/untracked: 1-based like every leave list (002 §2), 10 per page (002 §9). */
export const untrackedQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
});
/** GET hr/leaves/promotions?year: the notices sent in that calendar year (LEAVE_TIME_ZONE); default this year. */
export const promotionsQuery = z.object({ year: z.coerce.number().int().min(2000).max(9999).optional() });
