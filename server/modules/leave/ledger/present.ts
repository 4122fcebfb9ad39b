// Rows as the API's Allocation and Usage (shared/leave/leave.ts), with the names of the people and types.
import type { Allocation, Usage } from "../../../../shared/leave/leave.ts";
import type { AllocationSource, LeaveStatus, LeaveUnit, TemplateKind } from "../../../../shared/leave/constants.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import { localDate, localTime, roundDays } from "./dates.ts";
import { type AllocationRow, drawnFrom, namesOf, templatesById, type UsageRow } from "./repo.ts";

export async function presentAllocations(db: DbOrTx, companyId: number, rows: AllocationRow[], now: Date): Promise<Allocation[]> {
  const drawn = await drawnFrom(db, rows.map((r) => r.id), now);
  const names = await namesOf(db, companyId, rows.flatMap((r) => [r.userId, r.approverId, r.statusChangerId]));
  const types = await templatesById(db, companyId, rows.map((r) => r.templateId));
  return rows.map((r) => {
    const used = drawn.get(r.id)?.used ?? 0;
    return {
      id: r.id, userId: r.userId, userName: names.get(r.userId) ?? "", templateId: r.templateId, templateType: (types.get(r.templateId)?.type ?? "CUSTOM") as TemplateKind,
      name: r.name || types.get(r.templateId)?.name || "", reason: r.reason, status: r.status as LeaveStatus,
      validFrom: r.validFrom, validTo: r.validTo, granted: r.granted, used, carriedOver: r.carriedOver,
      remaining: roundDays(r.granted - used + r.carriedOver), source: r.source as AllocationSource,
      approverId: r.approverId, approverName: r.approverId ? names.get(r.approverId) ?? null : null,
      statusChangerId: r.statusChangerId, statusChangerName: r.statusChangerId ? names.get(r.statusChangerId) ?? null : null,
      createdTime: r.createdAt.getTime(),
    };
  });
}

export async function presentUsages(db: DbOrTx, companyId: number, rows: UsageRow[], now: Date): Promise<Usage[]> {
  const names = await namesOf(db, companyId, rows.flatMap((r) => [r.userId, r.approverId, r.statusChangerId, r.createdBy]));
  const types = await templatesById(db, companyId, rows.map((r) => r.templateId));
  const ref = (id: number | null) => (id === null ? null : { id, name: names.get(id) ?? "" });
  return rows.map((r) => {
    const partDay = r.unit !== "FULL_DAY";
    return {
      id: r.id, userId: r.userId, userName: names.get(r.userId) ?? "", templateId: r.templateId,
      templateName: types.get(r.templateId)?.name ?? "", summary: r.summary, reason: r.reason,
      start: r.startAt.getTime(), end: r.endAt.getTime(),
      startDate: localDate(r.startAt.getTime()), endDate: localDate(r.endAt.getTime()),
      startTime: partDay ? localTime(r.startAt.getTime()) : null,
      endTime: partDay ? localTime(r.endAt.getTime()) : null,
      unit: r.unit as LeaveUnit, usedDays: r.usedDays, status: r.status as LeaveStatus,
      supportedByAllocation: r.supportedByAllocation, used: r.status === "APPROVED" && r.startAt.getTime() <= now.getTime(),
      approver: ref(r.approverId), statusChanger: ref(r.statusChangerId), createdBy: ref(r.createdBy ?? r.userId)!,
      createdTime: r.createdAt.getTime(), approvalDocumentId: r.approvalDocumentId,
    };
  });
}

export async function presentUsage(db: DbOrTx, companyId: number, row: UsageRow, now: Date): Promise<Usage> {
  return (await presentUsages(db, companyId, [row], now))[0];
}
export async function presentAllocation(db: DbOrTx, companyId: number, row: AllocationRow, now: Date): Promise<Allocation> {
  return (await presentAllocations(db, companyId, [row], now))[0];
}
