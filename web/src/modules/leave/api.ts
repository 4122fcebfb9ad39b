// Leave and HR calls (002 §7 "Leave"; every call and its shape in shared/leave/leave.ts), through the app's API
// client. The reports are bytes: fetched with the bearer token and saved under the server's file name.
import type {
  Allocation, Approver, HrPending, HrUser, LeaveLog, MembersPage, PendingCount, Policy, Promotion, Template, Usage, UsagePreview, UserLeave,
} from "@shared/leave/leave.ts";
import type { LeaveStatus, LeaveUnit } from "@shared/leave/constants.ts";
import type { Page } from "@shared/paging.ts";
import { api, authorized, downloadName } from "../../lib/api.ts";

export type { LeaveLog };
const L = "/api/leaves";
const H = "/api/hr/leaves";

export interface UsageBody {
  templateId: number;
  userId?: number;
  startDate: string;
  endDate: string;
  unit: LeaveUnit;
  startTime?: string;
  hours?: number;
  summary: string;
  reason: string;
  viaApproval: boolean;
}
export interface AllocationBody {
  userId: number;
  templateId: number;
  name: string;
  reason: string;
  validFrom: string;
  validTo: string;
  granted: number;
  carriedOver: number;
  status: LeaveStatus;
}
export type PolicyBody = Policy;
export type TemplateBody = Omit<Template, "id" | "type">;
export interface Decision {
  status: "APPROVED" | "REJECTED";
  comment: string;
}
export interface HrUserBody {
  hireDate?: string | null;
  leaveDate?: string | null;
  jobTitle?: string | null;
}

// api/leaves
export const members = (q: { date?: string; organId?: number; includeChildren?: boolean; page: number; size: number }, signal?: AbortSignal) =>
  api<MembersPage>(`${L}/list`, { signal, query: { ...q, includeChildren: q.includeChildren ? "true" : "false" } });
export const userLeave = (id: number, date: string | undefined, signal?: AbortSignal) => api<UserLeave>(`${L}/users/${id}`, { signal, query: { date } });
export const approvers = (signal?: AbortSignal) => api<Approver[]>(`${L}/approvers`, { signal });
export const policy = (signal?: AbortSignal) => api<Policy>(`${L}/policies`, { signal });
export const savePolicy = (body: PolicyBody) => api<Policy>(`${L}/policies`, { method: "PUT", json: body });
export const templates = (signal?: AbortSignal) => api<Template[]>(`${L}/templates`, { signal });
export const createTemplate = (body: TemplateBody) => api<Template>(`${L}/templates`, { method: "POST", json: body });
export const patchTemplate = (id: number, body: Partial<TemplateBody>) => api<Template>(`${L}/templates/${id}`, { method: "PATCH", json: body });
export const deleteTemplate = (id: number) => api(`${L}/templates/${id}`, { method: "DELETE" });
export const usage = (id: number, signal?: AbortSignal) => api<Usage>(`${L}/usages/${id}`, { signal });
export const pendingUsages = (signal?: AbortSignal) => api<Usage[]>(`${L}/usages/pending`, { signal });
export const pendingAllocations = (signal?: AbortSignal) => api<Allocation[]>(`${L}/allocations/pending`, { signal });
export const apply = (body: UsageBody) => api<Usage>(`${L}/usages`, { method: "POST", json: body });
/** The days an application would take as the server counts them (public holidays left out); writes nothing. */
export const previewUsage = (body: Pick<UsageBody, "templateId" | "unit" | "startDate" | "endDate">, signal?: AbortSignal) =>
  api<UsagePreview>(`${L}/usages/preview`, { method: "POST", json: body, signal });
export const editUsage = (id: number, body: UsageBody) => api<Usage>(`${L}/usages/${id}`, { method: "PATCH", json: body });
export const cancelUsage = (id: number) => api(`${L}/usages/${id}`, { method: "DELETE" });
export const decideUsage = (id: number, d: Decision) => api<Usage>(`${L}/usages/${id}/decision`, { method: "PATCH", json: d });
export const decideAllocation = (id: number, d: Decision) => api<Allocation>(`${L}/allocations/${id}/decision`, { method: "PATCH", json: d });
export const deleteAllocation = (id: number) => api(`${L}/allocations/${id}`, { method: "DELETE" });

// api/hr/leaves (HR only)
export const hrPendingCount = (signal?: AbortSignal) => api<PendingCount>(`${H}/pending/count`, { signal });
export const hrPending = (signal?: AbortSignal) => api<HrPending>(`${H}/pending`, { signal });
export const grant = (body: AllocationBody) => api<Allocation>(`${H}/allocations`, { method: "POST", json: body });
export const editAllocation = (id: number, body: Partial<Omit<AllocationBody, "userId">>) =>
  api<Allocation>(`${H}/allocations/${id}`, { method: "PATCH", json: body });
export const untracked = (page: number, size: number, signal?: AbortSignal) => api<Page<Usage>>(`${H}/usages/untracked`, { signal, query: { page, size } });
export const changeStatus = (id: number, status: LeaveStatus, comment: string) =>
  api<Usage>(`${H}/usages/${id}/status`, { method: "PATCH", json: { status, comment } });
export const hrUsers = (q: { organId?: number; includeChildren?: boolean; page: number; size: number }, signal?: AbortSignal) =>
  api<Page<HrUser>>(`${H}/users`, { signal, query: { ...q, includeChildren: q.includeChildren ? "true" : "false" } });
export const editHrUser = (id: number, body: HrUserBody) => api<HrUser>(`${H}/users/${id}`, { method: "PATCH", json: body });
export const setAttendance = (id: number, yearStart: string, rate: number) =>
  api(`${H}/users/${id}/attendance`, { method: "PUT", json: { yearStart, rate } });
export const promotions = (year: number, signal?: AbortSignal) => api<Promotion[]>(`${H}/promotions`, { signal, query: { year } });
export const runAccrual = () => api<{ granted: number; expired: number }>(`${H}/accrual/run`, { method: "POST" });

export interface ReportQuery {
  kind: "ledger" | "usage";
  from: string;
  to: string;
  organId?: number;
  includeChildren: boolean;
}

/** GET hr/leaves/report: the 연차휴가대장 or the usage report as an .xlsx, with the server's file name. */
export async function report(q: ReportQuery, fallback: string): Promise<{ blob: Blob; name: string }> {
  const u = new URLSearchParams({ kind: q.kind, from: q.from, to: q.to, includeChildren: String(q.includeChildren) });
  if (q.organId) u.set("organId", String(q.organId));
  const res = await authorized(`${H}/report?${u}`);
  const name = downloadName(res, fallback);
  return { blob: await res.blob(), name };
}
