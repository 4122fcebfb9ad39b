// Rows of the leave tables as the contract's entities (shared/leave/leave.ts), for the dashboards' reads: each
// SELECT below names the columns its presenter reads, so one query serves a whole list.
import { sql } from "drizzle-orm";
import type {
  Allocation, HrUser, LeaveLog, Template, Usage,
} from "../../../../shared/leave/leave.ts";
import type { AllocationSource, LeaveStatus, LeaveUnit, LogKind, TemplateKind } from "../../../../shared/leave/constants.ts";
import { localDate, localTime } from "./period.ts";

type Row = Record<string, unknown>;

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const millis = (v: unknown) => (v instanceof Date ? v.getTime() : Date.parse(String(v)));
/** Days are numeric(7,3): sums come back as text; keep them exact to the 0.125 step. */
export const days = (v: unknown) => Math.round(num(v) * 1000) / 1000;
/** jobGrade's value meaning "none" is dropped (002 §3 HR user). */
const grade = (v: unknown) => {
  const s = str(v);
  return s === null || s === "" || s.toUpperCase() === "NONE" ? null : s;
};

/** The columns hrUserOf reads, for a query over users u. */
export const HR_USER_COLUMNS = sql`u.id, u.username, u.account_name, u.job_grade, u.position, u.organ_id,
  h.hire_date::text as hire_date, h.leave_date::text as leave_date, h.job_title, o.name as organ_name,
  exists (select 1 from organization_members mm where mm.user_id = u.id and mm.organ_id = u.organ_id and mm.is_manager) as is_manager`;
/** The joins HR_USER_COLUMNS needs. */
export const HR_USER_JOINS = sql`left join leave_hr_users h on h.user_id = u.id
  left join organizations o on o.id = u.organ_id and o.company_id = u.company_id`;

export function hrUserOf(r: Row): HrUser {
  return {
    id: Number(r.id),
    username: String(r.username),
    accountName: String(r.account_name),
    hireDate: str(r.hire_date),
    leaveDate: str(r.leave_date),
    organId: r.organ_id === null ? null : Number(r.organ_id),
    organName: str(r.organ_name),
    jobTitle: str(r.job_title) ?? str(r.position),
    jobGrade: grade(r.job_grade),
    isManager: Boolean(r.is_manager),
  };
}

export function templateOf(r: Row): Template {
  return {
    id: Number(r.id),
    type: String(r.type) as TemplateKind,
    name: String(r.name),
    defaultAllocation: days(r.default_allocation),
    defaultValidityPeriod: Number(r.default_validity_period),
    fullDayAllowed: Boolean(r.full_day_allowed),
    halfDayAllowed: Boolean(r.half_day_allowed),
    quarterDayAllowed: Boolean(r.quarter_day_allowed),
    oneHourAllowed: Boolean(r.one_hour_allowed),
    weekendIncluded: Boolean(r.weekend_included),
    paid: Boolean(r.paid),
    employeeApplicationAllowed: Boolean(r.employee_application_allowed),
    adminCancellationOnly: Boolean(r.admin_cancellation_only),
  };
}

/**
 * The columns allocationOf reads, for a query over leave_allocations a joined to leave_templates t; `asOf` is
 * the instant up to which approved usages count as used (002 §3: started and approved).
 */
export const allocationColumns = (asOf: Date) => sql`a.id, a.user_id, a.template_id, t.type as template_type, a.name,
  a.reason, a.status, a.valid_from::text as valid_from, a.valid_to::text as valid_to, a.granted, a.carried_over,
  a.source, a.approver_id, ap.account_name as approver_name, a.status_changer_id, sc.account_name as status_changer_name,
  a.created_at,
  coalesce((select sum(ua.days) from leave_usage_allocations ua join leave_usages us on us.id = ua.usage_id
    where ua.allocation_id = a.id and us.status = 'APPROVED' and us.start_at <= ${asOf.toISOString()}::timestamptz), 0) as used`;
export const ALLOCATION_JOINS = sql`join leave_templates t on t.id = a.template_id
  left join users ap on ap.id = a.approver_id left join users sc on sc.id = a.status_changer_id`;

export function allocationOf(r: Row): Allocation {
  const granted = days(r.granted), used = days(r.used), carriedOver = days(r.carried_over);
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    templateId: Number(r.template_id),
    templateType: String(r.template_type) as TemplateKind,
    name: String(r.name),
    reason: String(r.reason),
    status: String(r.status) as LeaveStatus,
    validFrom: String(r.valid_from),
    validTo: String(r.valid_to),
    granted,
    used,
    carriedOver,
    remaining: days(granted - used + carriedOver),
    source: String(r.source) as AllocationSource,
    approverId: r.approver_id === null ? null : Number(r.approver_id),
    approverName: str(r.approver_name),
    statusChangerId: r.status_changer_id === null ? null : Number(r.status_changer_id),
    statusChangerName: str(r.status_changer_name),
    createdTime: millis(r.created_at),
  };
}

/** The columns usageOf reads, for a query over leave_usages us. */
export const USAGE_COLUMNS = sql`us.id, us.user_id, ow.account_name as user_name, us.template_id, t.name as template_name,
  us.summary, us.reason, us.start_at, us.end_at, us.unit, us.used_days, us.status, us.supported_by_allocation,
  us.approver_id, ap.account_name as approver_name, us.status_changer_id, sc.account_name as status_changer_name,
  us.created_by, cb.account_name as created_by_name, us.created_at, us.approval_document_id`;
export const USAGE_JOINS = sql`join users ow on ow.id = us.user_id join leave_templates t on t.id = us.template_id
  left join users ap on ap.id = us.approver_id left join users sc on sc.id = us.status_changer_id
  left join users cb on cb.id = us.created_by`;

const person = (id: unknown, name: unknown) => (id === null || id === undefined ? null : { id: Number(id), name: String(name ?? "") });

export function usageOf(r: Row, now: Date): Usage {
  const start = millis(r.start_at), end = millis(r.end_at);
  const unit = String(r.unit) as LeaveUnit;
  const partDay = unit !== "FULL_DAY";
  const status = String(r.status) as LeaveStatus;
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    userName: String(r.user_name),
    templateId: Number(r.template_id),
    templateName: String(r.template_name),
    summary: String(r.summary),
    reason: String(r.reason),
    start,
    end,
    startDate: localDate(start),
    // A full day ends at the end of its last working day; its end instant may be the next midnight.
    endDate: localDate(partDay ? end : end - 1),
    startTime: partDay ? localTime(start) : null,
    endTime: partDay ? localTime(end) : null,
    unit,
    usedDays: days(r.used_days),
    status,
    supportedByAllocation: Boolean(r.supported_by_allocation),
    used: status === "APPROVED" && start <= now.getTime(),
    approver: person(r.approver_id, r.approver_name),
    statusChanger: person(r.status_changer_id, r.status_changer_name),
    createdBy: person(r.created_by, r.created_by_name) ?? { id: Number(r.user_id), name: String(r.user_name) },
    createdTime: millis(r.created_at),
    approvalDocumentId: r.approval_document_id === null ? null : Number(r.approval_document_id),
  };
}

export function logOf(r: Row): LeaveLog {
  return {
    id: Number(r.id),
    kind: String(r.kind) as LogKind,
    refId: Number(r.ref_id),
    action: String(r.action),
    actor: person(r.actor_id, r.actor_name),
    summary: String(r.summary),
    days: days(r.days),
    at: millis(r.at),
  };
}
