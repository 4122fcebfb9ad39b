// Usages: apply (POST usages, and the calendar's event dialog), edit own PENDING, cancel, and the reads. The
// rules of 002 §4/§5: the type allows employee application; special (CUSTOM) leave needs a reason and a valid
// allocation (leave.expired); the days are valid (days.ts); no overlap with the user's own PENDING/APPROVED
// leave; at least one approver (leave.no_approver); within the balance (leave.exceeds_balance), checked and
// drawn under the user's hr row lock. HR may enter leave for a member: APPROVED at once, and beyond the balance
// (supportedByAllocation false: the untracked list). Used leave cannot change (leave.already_used), approved
// leave cannot be edited (leave.not_editable), some types are cancelled by HR only.
import { and, eq } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../../../db/client.ts";
import { leaveTemplates, leaveUsages } from "../../../../db/schema/index.ts";
import { LEAVE_ERRORS } from "../../../../shared/leave/errors.ts";
import type { Usage, UsageInput, UsagePreview, usagesQuery } from "../../../../shared/leave/leave.ts";
import type { z } from "zod";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import { ensureLeaveDefaults, type TemplateRow } from "../settings/defaults.ts";
import { approversOf, isHr, managedUserIds } from "../settings/roles.ts";
import { findTemplate } from "../settings/templates.ts";
import { notFound, requireListable, requireUser, visibleUsage } from "./access.ts";
import { advanceFor, releaseAdvance } from "./advance.ts";
import { planDraw, writeDraws } from "./balance.ts";
import { announceCalendars, removeUsageEvent, writeUsageEvent } from "./calendar-link.ts";
import { instantAt, localDate as localDateOf } from "./dates.ts";
import { spanOf, type UsageSpan } from "./days.ts";
import { writeLog } from "./logs.ts";
import { notifyLeave } from "./notify.ts";
import { presentUsage, presentUsages } from "./present.ts";
import { clearDraws, lockHrUser, overlapping, pendingUsagesOf, type UsageRow, usagesOfTemplate, usagesOfUser } from "./repo.ts";

const err = (status: 400 | 403 | 409, code: string) => new AppError(status, code as `leave.${string}`);

/** The dates as a notice shows them. */
export const datesText = (s: { startDate: string; endDate: string; startTime: string | null; endTime: string | null }) =>
  s.startTime ? `${s.startDate} ${s.startTime}-${s.endTime}` : s.startDate === s.endDate ? s.startDate : `${s.startDate} ~ ${s.endDate}`;

/** The template rules an application meets before its days are counted. */
function checkTemplate(template: TemplateRow, input: UsageInput, byHrForOther: boolean) {
  if (!template.employeeApplicationAllowed && !byHrForOther) throw err(403, LEAVE_ERRORS.applicationNotAllowed);
  if (template.type === "CUSTOM" && !input.reason) throw err(400, LEAVE_ERRORS.reasonRequired);
}

/** Under the user's lock: no overlap, the draw planned (and an advance when the policy allows), or the refusal. */
async function drawFor(
  tx: Tx, caller: Caller, userId: number, template: TemplateRow, span: UsageSpan, entered: boolean, exceptId = 0,
) {
  const { companyId } = caller.auth;
  const now = caller.deps.clock.now();
  if (await overlapping(tx, companyId, userId, span.startAt, span.endAt, exceptId)) throw err(400, LEAVE_ERRORS.overlaps);
  const plan = await planDraw(tx, companyId, userId, template.id, span.startDate, span.endDate, span.usedDays, now);
  if (template.type === "CUSTOM" && plan.validAllocations === 0 && !entered) throw err(400, LEAVE_ERRORS.expired);
  if (plan.shortfall === 0) return { draws: plan.draws, supported: true, advance: null };
  if (entered) return { draws: plan.draws, supported: false, advance: null };
  const advance = template.type === "ANNUAL" ? await advanceFor(tx, caller.deps, companyId, userId, template, span, plan.shortfall) : null;
  if (!advance) throw err(400, LEAVE_ERRORS.exceedsBalance);
  return { draws: [...plan.draws, { allocationId: advance.allocationId, days: plan.shortfall }], supported: true, advance };
}

export interface Applied {
  usage: Usage;
  row: UsageRow;
  eventId: number;
}

/** POST usages/preview: the days an application would take, counted as applying counts them (holidays left out). */
export async function previewUsage(caller: Caller, input: UsageInput): Promise<UsagePreview> {
  const template = await findTemplate(caller.deps.db, caller.auth.companyId, input.templateId);
  const span = spanOf(template, input);
  return { usedDays: span.usedDays, startDate: span.startDate, endDate: span.endDate, startTime: span.startTime, endTime: span.endTime };
}

/** POST usages (and the calendar's isLeave events). */
export async function applyUsage(caller: Caller, input: UsageInput): Promise<Applied> {
  const { db, clock } = caller.deps;
  const { companyId, userId: me } = caller.auth;
  const userId = input.userId ?? me;
  const entered = userId !== me;
  if (entered && !isHr(caller)) throw err(403, LEAVE_ERRORS.notAllowed);
  await requireUser(db, companyId, userId);
  const template = await findTemplate(db, companyId, input.templateId);
  checkTemplate(template, input, entered);
  const span = spanOf(template, input);
  const approvers = await approversOf(db, companyId, userId);
  if (!entered && approvers.length === 0) throw err(400, LEAVE_ERRORS.noApprover);
  if (input.viaApproval && entered) throw new AppError(400, "common.validation");
  const now = clock.now();
  const done = await transactionWithRetry(db, async (tx) => {
    await lockHrUser(tx, companyId, userId);
    // Keeps the type from being deleted meanwhile (templates.ts deleteTemplate locks it for update).
    await tx.select({ id: leaveTemplates.id }).from(leaveTemplates).where(eq(leaveTemplates.id, template.id)).for("share");
    const d = await drawFor(tx, caller, userId, template, span, entered);
    const [row] = await tx.insert(leaveUsages).values({
      companyId, userId, templateId: template.id, summary: input.summary, reason: input.reason,
      startAt: span.startAt, endAt: span.endAt, unit: span.unit, usedDays: span.usedDays,
      status: entered ? "APPROVED" : "PENDING", supportedByAllocation: d.supported,
      approverId: entered ? me : approvers[0].id, statusChangerId: entered ? me : null, createdBy: me,
      createdAt: now, updatedAt: now,
    }).returning();
    await writeDraws(tx, row.id, d.draws);
    const ev = await writeUsageEvent(tx, caller.deps, row, template.name);
    const [stored] = await tx.update(leaveUsages).set({ calendarUid: ev.uid }).where(eq(leaveUsages.id, row.id)).returning();
    await writeLog(tx, {
      companyId, userId, kind: "USAGE", refId: row.id, action: entered ? "APPROVED" : "CREATED", actorId: me,
      summary: template.name, days: span.usedDays, at: now,
      detail: { unit: span.unit, startDate: span.startDate, endDate: span.endDate, supportedByAllocation: d.supported, advance: d.advance },
    });
    return { row: stored, ev };
  });
  await announceCalendars(caller.deps, companyId, [done.ev.calendarId]);
  await notifyLeave(caller.deps, companyId, userId, input.viaApproval ? null : {
    kind: entered ? "APPROVED" : "APPLIED", title: template.name, dates: datesText(span), actorId: caller.auth.userId,
  });
  return { usage: await presentUsage(db, companyId, done.row, clock.now()), row: done.row, eventId: done.ev.eventId };
}

/** Refuses a change of a usage that is used, approved or decided elsewhere. */
function assertEditable(row: UsageRow, now: Date) {
  if (row.status === "APPROVED" && row.startAt.getTime() <= now.getTime()) throw err(409, LEAVE_ERRORS.alreadyUsed);
  if (row.status !== "PENDING") throw err(409, LEAVE_ERRORS.notEditable);
  if (row.approvalDocumentId !== null) throw err(409, LEAVE_ERRORS.viaApproval);
}

/** PATCH usages/{id}: the applicant's PENDING usage (or HR's edit of one) with new dates, unit or type. */
export async function editUsage(caller: Caller, id: number, input: UsageInput): Promise<Usage> {
  const { db, clock } = caller.deps;
  const { companyId, userId: me } = caller.auth;
  const hr = isHr(caller);
  const seen = await visibleUsage(caller, id);
  if (seen.userId !== me && !hr) throw err(403, LEAVE_ERRORS.notAllowed);
  if (input.userId !== undefined && input.userId !== seen.userId) throw new AppError(400, "common.validation");
  assertEditable(seen, clock.now());
  const template = await findTemplate(db, companyId, input.templateId);
  const entered = seen.userId !== me;
  checkTemplate(template, input, entered);
  const span = spanOf(template, input);
  const now = clock.now();
  const done = await transactionWithRetry(db, async (tx) => {
    await lockHrUser(tx, companyId, seen.userId);
    const cur = await visibleUsage(caller, id, tx, true);
    assertEditable(cur, now);
    await releaseAdvance(tx, cur.id);
    await clearDraws(tx, cur.id);
    const d = await drawFor(tx, caller, cur.userId, template, span, false, cur.id);
    const [row] = await tx.update(leaveUsages).set({
      templateId: template.id, summary: input.summary, reason: input.reason, startAt: span.startAt, endAt: span.endAt,
      unit: span.unit, usedDays: span.usedDays, supportedByAllocation: d.supported, updatedAt: now,
    }).where(eq(leaveUsages.id, cur.id)).returning();
    await writeDraws(tx, row.id, d.draws);
    const ev = await writeUsageEvent(tx, caller.deps, row, template.name);
    const [stored] = await tx.update(leaveUsages).set({ calendarUid: ev.uid }).where(eq(leaveUsages.id, row.id)).returning();
    await writeLog(tx, {
      companyId, userId: row.userId, kind: "USAGE", refId: row.id, action: "UPDATED", actorId: me, summary: template.name,
      days: span.usedDays, at: now, detail: { unit: span.unit, startDate: span.startDate, endDate: span.endDate, advance: d.advance },
    });
    return { row: stored, calendarId: ev.calendarId };
  });
  await announceCalendars(caller.deps, companyId, [done.calendarId]);
  await notifyLeave(caller.deps, companyId, done.row.userId, null);
  return await presentUsage(db, companyId, done.row, clock.now());
}

/** DELETE usages/{id}: cancels (removes) a usage not yet used; answers it as it was. */
export async function cancelUsage(caller: Caller, id: number): Promise<Usage> {
  const { db, clock } = caller.deps;
  const { companyId, userId: me } = caller.auth;
  const hr = isHr(caller);
  const seen = await visibleUsage(caller, id);
  if (seen.userId !== me && !hr) throw err(403, LEAVE_ERRORS.notAllowed);
  const now = clock.now();
  const done = await transactionWithRetry(db, async (tx) => {
    await lockHrUser(tx, companyId, seen.userId);
    const cur = await visibleUsage(caller, id, tx, true);
    if (cur.status === "APPROVED" && cur.startAt.getTime() <= now.getTime()) throw err(409, LEAVE_ERRORS.alreadyUsed);
    if (cur.status === "PENDING" && cur.approvalDocumentId !== null) throw err(409, LEAVE_ERRORS.viaApproval);
    const [template] = await tx.select().from(leaveTemplates).where(eq(leaveTemplates.id, cur.templateId));
    if (cur.status === "APPROVED" && template.adminCancellationOnly && !hr) throw err(403, LEAVE_ERRORS.adminCancellationOnly);
    const shown = await presentUsage(tx, companyId, cur, now);
    const calendarId = await removeUsageEvent(tx, caller.deps, cur);
    await releaseAdvance(tx, cur.id);
    await tx.delete(leaveUsages).where(and(eq(leaveUsages.companyId, companyId), eq(leaveUsages.id, cur.id)));
    await writeLog(tx, {
      companyId, userId: cur.userId, kind: "USAGE", refId: cur.id, action: "CANCELLED", actorId: me, summary: template.name,
      days: cur.usedDays, at: now, detail: { status: cur.status, startDate: shown.startDate, endDate: shown.endDate },
    });
    return { shown, calendarId, userId: cur.userId };
  });
  await announceCalendars(caller.deps, companyId, [done.calendarId]);
  await notifyLeave(caller.deps, companyId, done.userId, null);
  return done.shown;
}

export async function listUsages(caller: Caller, q: z.infer<typeof usagesQuery>): Promise<Usage[]> {
  const userId = await requireListable(caller, q.userId);
  const { db, clock } = caller.deps;
  const from = q.from ? new Date(instantAt(q.from)) : undefined;
  const to = q.to ? new Date(instantAt(q.to) + 86_400_000) : undefined;
  if (from && to && to <= from) throw new AppError(400, LEAVE_ERRORS.invalidDays);
  return await presentUsages(db, caller.auth.companyId, await usagesOfUser(db, caller.auth.companyId, userId, from, to), clock.now());
}

export async function getUsage(caller: Caller, id: number): Promise<Usage> {
  return await presentUsage(caller.deps.db, caller.auth.companyId, await visibleUsage(caller, id), caller.deps.clock.now());
}

/** Usages waiting for the caller's decision (not those an approval document decides). */
export async function pendingUsages(caller: Caller): Promise<Usage[]> {
  const { db, clock } = caller.deps;
  const { companyId } = caller.auth;
  await ensureLeaveDefaults(db, companyId);
  const rows = (await pendingUsagesOf(db, companyId, await managedUserIds(db, companyId, caller.auth.userId)))
    .filter((r) => r.approvalDocumentId === null);
  return await presentUsages(db, companyId, rows, clock.now());
}

/** The usage's row when the id is of the company, else 404 (HR's calls). */
export async function companyUsage(tx: DbOrTx, caller: Caller, id: number): Promise<UsageRow> {
  const [row] = await tx.select().from(leaveUsages)
    .where(and(eq(leaveUsages.companyId, caller.auth.companyId), eq(leaveUsages.id, id)));
  if (!row) throw notFound();
  return row;
}


/** HR's list of a type (templates/{id}/usages): the usages in the calendar year of the date (today by default). */
export async function usagesOfType(caller: Caller, templateId: number, date?: string): Promise<Usage[]> {
  if (!isHr(caller)) throw err(403, LEAVE_ERRORS.hrOnly);
  const { db, clock } = caller.deps;
  const { companyId } = caller.auth;
  await findTemplate(db, companyId, templateId, true);
  const year = (date ?? localDateOf(clock.now().getTime())).slice(0, 4);
  const rows = await usagesOfTemplate(db, companyId, templateId, new Date(instantAt(`${year}-01-01`)), new Date(instantAt(`${Number(year) + 1}-01-01`)));
  return await presentUsages(db, companyId, rows, clock.now());
}
