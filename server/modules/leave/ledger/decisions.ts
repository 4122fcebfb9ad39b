// Deciding usages: the approver's PATCH usages/{id}/decision (a PENDING usage not decided by an approval
// document), HR's PATCH hr/leaves/usages/{id}/status (any change, logged), and the same change made by an
// approval document's end (approval-link.ts). A rejected usage gives its days back (its draws removed) and shows
// DENIED in the calendar; an approved one CONFIRMED. HR turning a rejected usage back to PENDING or APPROVED draws
// its days again, beyond the balance if need be (supportedByAllocation false).
import { eq } from "drizzle-orm";
import type { Tx } from "../../../../db/client.ts";
import { leaveTemplates, leaveUsages } from "../../../../db/schema/index.ts";
import type { LeaveStatus } from "../../../../shared/leave/constants.ts";
import { LEAVE_ERRORS } from "../../../../shared/leave/errors.ts";
import type { decisionBody, statusBody, Usage } from "../../../../shared/leave/leave.ts";
import type { z } from "zod";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { isDeciderOf, isHr } from "../settings/roles.ts";
import { requireHr } from "../settings/templates.ts";
import { visibleUsage } from "./access.ts";
import { releaseAdvance } from "./advance.ts";
import { planDraw, writeDraws } from "./balance.ts";
import { announceCalendars, markUsageEvent, writeUsageEvent } from "./calendar-link.ts";
import { localDate, localTime } from "./dates.ts";
import { writeLog } from "./logs.ts";
import { notifyLeave } from "./notify.ts";
import { presentUsage } from "./present.ts";
import { clearDraws, drawsOfUsage, lockHrUser, type UsageRow } from "./repo.ts";
import { companyUsage, datesText } from "./usages.ts";

export interface StatusChange {
  row: UsageRow;
  calendarId: number | null;
  templateName: string;
}

/** Sets a usage's status in the caller's transaction (the user's lock taken): draws, calendar, log. */
export async function changeUsageStatus(
  tx: Tx, deps: AppDeps, cur: UsageRow, status: LeaveStatus, actorId: number | null, o: { comment?: string; via?: string } = {},
): Promise<StatusChange> {
  const now = deps.clock.now();
  const [template] = await tx.select().from(leaveTemplates).where(eq(leaveTemplates.id, cur.templateId));
  let supported = cur.supportedByAllocation;
  if (status === "REJECTED") {
    await releaseAdvance(tx, cur.id);
    await clearDraws(tx, cur.id);
  } else if (cur.status === "REJECTED" && (await drawsOfUsage(tx, cur.id)).length === 0) {
    // Back from REJECTED: the days are drawn again (HR may exceed the balance).
    const startDate = localDate(cur.startAt.getTime());
    const endDate = localDate(cur.endAt.getTime());
    const plan = await planDraw(tx, cur.companyId, cur.userId, cur.templateId, startDate, endDate, cur.usedDays, now);
    await writeDraws(tx, cur.id, plan.draws);
    supported = plan.shortfall === 0;
  }
  const [row] = await tx.update(leaveUsages).set({
    status, statusChangerId: actorId, supportedByAllocation: supported, updatedAt: now,
    ...(status !== "PENDING" && actorId !== null && cur.userId !== actorId ? { approverId: actorId } : {}),
  }).where(eq(leaveUsages.id, cur.id)).returning();
  let calendarId = await markUsageEvent(tx, deps, row, status);
  if (calendarId === null && row.calendarUid === null) {
    const ev = await writeUsageEvent(tx, deps, row, template.name);
    await tx.update(leaveUsages).set({ calendarUid: ev.uid }).where(eq(leaveUsages.id, row.id));
    calendarId = ev.calendarId;
  }
  await writeLog(tx, {
    companyId: cur.companyId, userId: cur.userId, kind: "USAGE", refId: cur.id, action: status, actorId, summary: template.name,
    days: cur.usedDays, at: now, detail: { from: cur.status, comment: o.comment || undefined, via: o.via, supportedByAllocation: supported },
  });
  return { row, calendarId, templateName: template.name };
}

export const noticeDates = (row: UsageRow) => {
  const partDay = row.unit !== "FULL_DAY";
  return datesText({
    startDate: localDate(row.startAt.getTime()), endDate: localDate(row.endAt.getTime()),
    startTime: partDay ? localTime(row.startAt.getTime()) : null, endTime: partDay ? localTime(row.endAt.getTime()) : null,
  });
};

async function finish(caller: Caller, c: StatusChange, notice: boolean): Promise<Usage> {
  const { deps } = caller;
  await announceCalendars(deps, c.row.companyId, [c.calendarId]);
  const decided = c.row.status === "APPROVED" || c.row.status === "REJECTED";
  await notifyLeave(deps, c.row.companyId, c.row.userId, notice && decided
    ? { kind: c.row.status as "APPROVED" | "REJECTED", title: c.templateName, dates: noticeDates(c.row), actorId: caller.auth.userId }
    : null);
  return await presentUsage(deps.db, c.row.companyId, c.row, deps.clock.now());
}

/** PATCH usages/{id}/decision: the member's decider (or HR) approves or rejects a PENDING usage. */
export async function decideUsage(caller: Caller, id: number, input: z.infer<typeof decisionBody>): Promise<Usage> {
  const { db } = caller.deps;
  const { companyId, userId: me } = caller.auth;
  const seen = await visibleUsage(caller, id);
  if (seen.userId === me || !(isHr(caller) || await isDeciderOf(db, companyId, me, seen.userId))) {
    throw new AppError(403, LEAVE_ERRORS.notApprover);
  }
  const change = await transactionWithRetry(db, async (tx) => {
    await lockHrUser(tx, companyId, seen.userId);
    const cur = await visibleUsage(caller, id, tx, true);
    if (cur.status !== "PENDING") throw new AppError(409, LEAVE_ERRORS.notPending);
    if (cur.approvalDocumentId !== null) throw new AppError(409, LEAVE_ERRORS.viaApproval);
    return await changeUsageStatus(tx, caller.deps, cur, input.status, me, { comment: input.comment });
  });
  return await finish(caller, change, true);
}

/** PATCH hr/leaves/usages/{id}/status: HR sets any status (logged). */
export async function setUsageStatus(caller: Caller, id: number, input: z.infer<typeof statusBody>): Promise<Usage> {
  requireHr(caller);
  const { db } = caller.deps;
  const { companyId, userId: me } = caller.auth;
  const seen = await companyUsage(db, caller, id);
  const change = await transactionWithRetry(db, async (tx) => {
    await lockHrUser(tx, companyId, seen.userId);
    const cur = await companyUsage(tx, caller, id);
    return await changeUsageStatus(tx, caller.deps, cur, input.status, me, { comment: input.comment, via: "HR" });
  });
  return await finish(caller, change, change.row.status !== seen.status);
}
