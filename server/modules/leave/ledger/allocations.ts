// Allocations: an employee's request for days (e.g. 보상휴가: PENDING until their approver decides), its edit
// and withdrawal while PENDING, the decision, the reads; HR's grants (APPROVED at once) and edits. Only APPROVED
// allocations count toward a balance (balance.ts). An allocation that stops being APPROVED leaves the usages
// that drew from it unsupported (the untracked list).
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { leaveAllocations, leaveUsageAllocations, leaveUsages } from "../../../../db/schema/index.ts";
import { LEAVE_ERRORS } from "../../../../shared/leave/errors.ts";
import type {
  Allocation, allocationBody, allocationPatchBody, allocationRequestBody, allocationsQuery, decisionBody,
} from "../../../../shared/leave/leave.ts";
import type { z } from "zod";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { ensureLeaveDefaults } from "../settings/defaults.ts";
import { approversOf, isDeciderOf, isHr, managedUserIds } from "../settings/roles.ts";
import { findTemplate, requireHr } from "../settings/templates.ts";
import { requireListable, requireUser, visibleAllocation } from "./access.ts";
import { isDate } from "./dates.ts";
import { writeLog } from "./logs.ts";
import { notifyLeave } from "./notify.ts";
import { presentAllocation, presentAllocations } from "./present.ts";
import { type AllocationRow, allocationsOfUser, drawnFrom, findAllocation, lockHrUser, pendingAllocationsOf } from "./repo.ts";

function checkDates(validFrom: string, validTo: string) {
  if (!isDate(validFrom) || !isDate(validTo) || validTo < validFrom) throw new AppError(400, LEAVE_ERRORS.invalidDays);
}

const present = (caller: Caller, row: AllocationRow) => presentAllocation(caller.deps.db, caller.auth.companyId, row, caller.deps.clock.now());

export async function listAllocations(caller: Caller, q: z.infer<typeof allocationsQuery>): Promise<Allocation[]> {
  const userId = await requireListable(caller, q.userId);
  const rows = await allocationsOfUser(caller.deps.db, caller.auth.companyId, userId, { date: q.date });
  return await presentAllocations(caller.deps.db, caller.auth.companyId, rows, caller.deps.clock.now());
}

export async function getAllocation(caller: Caller, id: number): Promise<Allocation> {
  return await present(caller, await visibleAllocation(caller, id));
}

export async function pendingAllocations(caller: Caller): Promise<Allocation[]> {
  const { db, clock } = caller.deps;
  const { companyId } = caller.auth;
  await ensureLeaveDefaults(db, companyId);
  const rows = await pendingAllocationsOf(db, companyId, await managedUserIds(db, companyId, caller.auth.userId));
  return await presentAllocations(db, companyId, rows, clock.now());
}

/** POST allocations: the caller asks for days of a special type; PENDING for their approver. */
export async function requestAllocation(caller: Caller, input: z.infer<typeof allocationRequestBody>): Promise<Allocation> {
  const { db, clock } = caller.deps;
  const { companyId, userId: me } = caller.auth;
  const template = await findTemplate(db, companyId, input.templateId);
  if (template.type === "ANNUAL" || !template.employeeApplicationAllowed) throw new AppError(403, LEAVE_ERRORS.applicationNotAllowed);
  checkDates(input.validFrom, input.validTo);
  if (input.granted <= 0) throw new AppError(400, LEAVE_ERRORS.invalidDays);
  const approvers = await approversOf(db, companyId, me);
  if (!approvers.length) throw new AppError(400, LEAVE_ERRORS.noApprover);
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const [row] = await tx.insert(leaveAllocations).values({
      companyId, userId: me, templateId: template.id, name: template.name, reason: input.reason, status: "PENDING",
      source: "REQUEST", validFrom: input.validFrom, validTo: input.validTo, granted: input.granted,
      approverId: approvers[0].id, createdBy: me, createdAt: now, updatedAt: now,
    }).returning();
    await writeLog(tx, { companyId, userId: me, kind: "ALLOCATION", refId: row.id, action: "PENDING", actorId: me, summary: template.name, days: input.granted, at: now });
    return row;
  });
  await notifyLeave(caller.deps, companyId, me, { kind: "REQUESTED", title: template.name, dates: `${input.validFrom} ~ ${input.validTo}` });
  return await present(caller, row);
}

/** The caller's own PENDING request (409 leave.not_editable for anything else of theirs). */
async function ownPending(caller: Caller, tx: DbOrTx, id: number): Promise<AllocationRow> {
  const row = await visibleAllocation(caller, id, tx, true);
  if (row.userId !== caller.auth.userId) throw new AppError(403, LEAVE_ERRORS.notAllowed);
  if (row.status !== "PENDING") throw new AppError(409, LEAVE_ERRORS.notEditable);
  return row;
}

export async function editRequest(caller: Caller, id: number, input: z.infer<typeof allocationRequestBody>): Promise<Allocation> {
  const { db, clock } = caller.deps;
  const { companyId, userId: me } = caller.auth;
  const template = await findTemplate(db, companyId, input.templateId);
  if (template.type === "ANNUAL" || !template.employeeApplicationAllowed) throw new AppError(403, LEAVE_ERRORS.applicationNotAllowed);
  checkDates(input.validFrom, input.validTo);
  if (input.granted <= 0) throw new AppError(400, LEAVE_ERRORS.invalidDays);
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    await ownPending(caller, tx, id);
    const [row] = await tx.update(leaveAllocations).set({
      templateId: template.id, name: template.name, reason: input.reason, validFrom: input.validFrom, validTo: input.validTo,
      granted: input.granted, updatedAt: now,
    }).where(eq(leaveAllocations.id, id)).returning();
    await writeLog(tx, { companyId, userId: me, kind: "ALLOCATION", refId: id, action: "UPDATED", actorId: me, summary: template.name, days: input.granted, at: now });
    return row;
  });
  await notifyLeave(caller.deps, companyId, me, null);
  return await present(caller, row);
}

export async function withdrawRequest(caller: Caller, id: number): Promise<Allocation> {
  const { db, clock } = caller.deps;
  const { companyId, userId: me } = caller.auth;
  const now = clock.now();
  const shown = await db.transaction(async (tx) => {
    const row = await ownPending(caller, tx, id);
    const shown = await presentAllocation(tx, companyId, row, now);
    await tx.delete(leaveAllocations).where(eq(leaveAllocations.id, id));
    await writeLog(tx, { companyId, userId: me, kind: "ALLOCATION", refId: id, action: "CANCELLED", actorId: me, summary: row.name, days: row.granted, at: now });
    return shown;
  });
  await notifyLeave(caller.deps, companyId, me, null);
  return shown;
}

/** Usages drawing from allocations that no longer count lose their support (HR sees them as untracked). */
async function unsupportDraws(tx: DbOrTx, allocationId: number) {
  const usageIds = (await tx.select({ id: leaveUsageAllocations.usageId }).from(leaveUsageAllocations)
    .where(eq(leaveUsageAllocations.allocationId, allocationId))).map((r) => r.id);
  if (!usageIds.length) return;
  await tx.delete(leaveUsageAllocations).where(eq(leaveUsageAllocations.allocationId, allocationId));
  await tx.update(leaveUsages).set({ supportedByAllocation: false }).where(inArray(leaveUsages.id, usageIds));
}

export async function decideAllocation(caller: Caller, id: number, input: z.infer<typeof decisionBody>): Promise<Allocation> {
  const { db, clock } = caller.deps;
  const { companyId, userId: me } = caller.auth;
  const seen = await visibleAllocation(caller, id);
  if (seen.userId === me || !(isHr(caller) || await isDeciderOf(db, companyId, me, seen.userId))) {
    throw new AppError(403, LEAVE_ERRORS.notApprover);
  }
  const now = clock.now();
  const row = await transactionWithRetry(db, async (tx) => {
    await lockHrUser(tx, companyId, seen.userId);
    const cur = await visibleAllocation(caller, id, tx, true);
    if (cur.status !== "PENDING") throw new AppError(409, LEAVE_ERRORS.notPending);
    const [row] = await tx.update(leaveAllocations).set({ status: input.status, approverId: me, statusChangerId: me, updatedAt: now })
      .where(eq(leaveAllocations.id, id)).returning();
    await writeLog(tx, {
      companyId, userId: cur.userId, kind: "ALLOCATION", refId: id, action: input.status, actorId: me, summary: cur.name,
      days: cur.granted, at: now, detail: input.comment ? { comment: input.comment } : undefined,
    });
    return row;
  });
  await notifyLeave(caller.deps, companyId, row.userId, { kind: input.status, title: row.name, dates: `${row.validFrom} ~ ${row.validTo}`, actorId: caller.auth.userId });
  return await present(caller, row);
}

/** POST hr/leaves/allocations: HR grants days (APPROVED unless said otherwise). */
export async function grantAllocation(caller: Caller, input: z.infer<typeof allocationBody>): Promise<Allocation> {
  requireHr(caller);
  const { db, clock } = caller.deps;
  const { companyId, userId: me } = caller.auth;
  await requireUser(db, companyId, input.userId);
  const template = await findTemplate(db, companyId, input.templateId);
  checkDates(input.validFrom, input.validTo);
  const now = clock.now();
  const row = await transactionWithRetry(db, async (tx) => {
    await lockHrUser(tx, companyId, input.userId);
    const [row] = await tx.insert(leaveAllocations).values({
      companyId, userId: input.userId, templateId: template.id, name: input.name || template.name, reason: input.reason,
      status: input.status, source: "MANUAL", validFrom: input.validFrom, validTo: input.validTo, granted: input.granted,
      carriedOver: input.carriedOver, approverId: me, statusChangerId: me, createdBy: me, createdAt: now, updatedAt: now,
    }).returning();
    await writeLog(tx, {
      companyId, userId: input.userId, kind: "ALLOCATION", refId: row.id, action: input.status === "APPROVED" ? "GRANTED" : input.status,
      actorId: me, summary: row.name, days: input.granted, at: now,
    });
    return row;
  });
  await notifyLeave(caller.deps, companyId, row.userId, null);
  return await present(caller, row);
}

/** PATCH hr/leaves/allocations/{id}: HR changes an allocation's numbers, dates or status. */
export async function editAllocation(caller: Caller, id: number, input: z.infer<typeof allocationPatchBody>): Promise<Allocation> {
  requireHr(caller);
  const { db, clock } = caller.deps;
  const { companyId, userId: me } = caller.auth;
  const seen = await findAllocation(db, companyId, id);
  if (!seen) throw new AppError(404, LEAVE_ERRORS.notFound);
  if (input.templateId !== undefined) await findTemplate(db, companyId, input.templateId);
  const now = clock.now();
  const row = await transactionWithRetry(db, async (tx) => {
    await lockHrUser(tx, companyId, seen.userId);
    const cur = (await findAllocation(tx, companyId, id, true))!;
    const next = { ...cur, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) } as AllocationRow;
    checkDates(next.validFrom, next.validTo);
    const held = (await drawnFrom(tx, [id], now)).get(id)?.held ?? 0;
    if (next.status === "APPROVED" && next.granted + next.carriedOver < held) throw new AppError(409, LEAVE_ERRORS.exceedsBalance, { held });
    if (cur.status === "APPROVED" && next.status !== "APPROVED") await unsupportDraws(tx, id);
    const [row] = await tx.update(leaveAllocations).set({
      templateId: next.templateId, name: next.name, reason: next.reason, validFrom: next.validFrom, validTo: next.validTo,
      granted: next.granted, carriedOver: next.carriedOver, status: next.status, statusChangerId: me, updatedAt: now,
    }).where(eq(leaveAllocations.id, id)).returning();
    await writeLog(tx, {
      companyId, userId: cur.userId, kind: "ALLOCATION", refId: id, action: cur.status !== next.status ? next.status : "UPDATED",
      actorId: me, summary: row.name, days: row.granted, at: now,
      detail: { before: { granted: cur.granted, carriedOver: cur.carriedOver, validFrom: cur.validFrom, validTo: cur.validTo, status: cur.status } },
    });
    return row;
  });
  await notifyLeave(caller.deps, companyId, row.userId, null);
  return await present(caller, row);
}

/** HR's lists of a type (templates/{id}/allocations): the allocations valid on the date (all when none). */
export async function allocationsOfType(caller: Caller, templateId: number, date?: string): Promise<Allocation[]> {
  requireHr(caller);
  const { db, clock } = caller.deps;
  const { companyId } = caller.auth;
  await findTemplate(db, companyId, templateId, true);
  const rows = await db.select().from(leaveAllocations).where(and(
    eq(leaveAllocations.companyId, companyId), eq(leaveAllocations.templateId, templateId),
    date ? sql`${leaveAllocations.validFrom} <= ${date} and ${leaveAllocations.validTo} >= ${date}` : undefined,
  )).orderBy(leaveAllocations.userId, leaveAllocations.validTo);
  return await presentAllocations(db, companyId, rows, clock.now());
}
