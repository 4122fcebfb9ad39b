// Rows as the contract's HrUser, Template and LeaveLog (shared/leave/leave.ts) for the dashboards' reads; the
// columns HR_USER_COLUMNS names serve a whole page in one query. Allocations and usages: ledger/present.ts.
import { sql } from "drizzle-orm";
import type { HrUser, LeaveLog, Template } from "../../../../shared/leave/leave.ts";
import type { LogKind, TemplateKind } from "../../../../shared/leave/constants.ts";

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

const person = (id: unknown, name: unknown) => (id === null || id === undefined ? null : { id: Number(id), name: String(name ?? "") });

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
