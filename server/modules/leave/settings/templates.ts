// The policy and the leave types (templates) of a company: GET/PUT policies, templates CRUD (HR). The ANNUAL
// template "연차" exists once per company and keeps its kind; a type with allocations or usages is not deleted
// (409 leave.template_in_use), others are soft-deleted.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { leaveAllocations, leavePolicies, leaveTemplates, leaveUsages } from "../../../../db/schema/index.ts";
import { TEMPLATES_MAX } from "../../../../shared/leave/constants.ts";
import { LEAVE_ERRORS } from "../../../../shared/leave/errors.ts";
import type { Policy, Template } from "../../../../shared/leave/leave.ts";
import type { policyBody, templateBody, templatePatchBody } from "../../../../shared/leave/leave.ts";
import type { z } from "zod";
import type { Caller } from "../../../lib/context.ts";
import { isUniqueViolation } from "../../../lib/db-errors.ts";
import { AppError } from "../../../lib/errors.ts";
import { leaveToday } from "../accrual/service.ts";
import { ensureLeaveDefaults, type PolicyRow, type TemplateRow } from "./defaults.ts";
import { isHr } from "./roles.ts";

export function requireHr(caller: Caller) {
  if (!isHr(caller)) throw new AppError(403, LEAVE_ERRORS.hrOnly);
}

export function policyOf(row: PolicyRow): Policy {
  return {
    subOrgManageable: row.subOrgManageable,
    annualLeaveAllocationDate: row.annualLeaveAllocationDate,
    firstAnnualLeaveRounding: row.firstAnnualLeaveRounding as Policy["firstAnnualLeaveRounding"],
    firstAnnualLeaveDecimalPlace: row.firstAnnualLeaveDecimalPlace,
    advanceNextAllocationAllowed: row.advanceNextAllocationAllowed,
    underOneYearLeaveAvailableNextYear: row.underOneYearLeaveAvailableNextYear,
    carryOverMaxDays: row.carryOverMaxDays,
    promotionEnabled: row.promotionEnabled,
    basisSince: row.basisSince,
  };
}

export function templateOf(row: TemplateRow): Template {
  return {
    id: row.id, type: row.type as Template["type"], name: row.name, defaultAllocation: row.defaultAllocation,
    defaultValidityPeriod: row.defaultValidityPeriod, fullDayAllowed: row.fullDayAllowed, halfDayAllowed: row.halfDayAllowed,
    quarterDayAllowed: row.quarterDayAllowed, oneHourAllowed: row.oneHourAllowed, weekendIncluded: row.weekendIncluded,
    paid: row.paid, employeeApplicationAllowed: row.employeeApplicationAllowed, adminCancellationOnly: row.adminCancellationOnly,
  };
}

export async function getPolicy(caller: Caller): Promise<Policy> {
  return policyOf(await ensureLeaveDefaults(caller.deps.db, caller.auth.companyId));
}

export async function putPolicy(caller: Caller, input: z.infer<typeof policyBody>): Promise<Policy> {
  requireHr(caller);
  const { companyId } = caller.auth;
  const before = await ensureLeaveDefaults(caller.deps.db, companyId);
  // A change of basis applies from today on (accrual/engine.ts): the day is kept for the accrual.
  const basisSince = input.annualLeaveAllocationDate !== before.annualLeaveAllocationDate ? leaveToday(caller.deps) : before.basisSince;
  const [row] = await caller.deps.db.update(leavePolicies).set({ ...input, basisSince, updatedAt: caller.deps.clock.now() })
    .where(eq(leavePolicies.companyId, companyId)).returning();
  return policyOf(row);
}

/** A live template of the company (404 leave.template_not_found otherwise, foreign ids included). */
export async function findTemplate(db: DbOrTx, companyId: number, id: number, withDeleted = false): Promise<TemplateRow> {
  await ensureLeaveDefaults(db, companyId);
  const [row] = await db.select().from(leaveTemplates).where(and(
    eq(leaveTemplates.companyId, companyId), eq(leaveTemplates.id, id), withDeleted ? undefined : isNull(leaveTemplates.deletedAt),
  ));
  if (!row) throw new AppError(404, LEAVE_ERRORS.templateNotFound);
  return row;
}

export async function activeTemplates(db: DbOrTx, companyId: number): Promise<TemplateRow[]> {
  await ensureLeaveDefaults(db, companyId);
  return await db.select().from(leaveTemplates)
    .where(and(eq(leaveTemplates.companyId, companyId), isNull(leaveTemplates.deletedAt)))
    .orderBy(sql`(${leaveTemplates.type} = 'ANNUAL') desc`, asc(leaveTemplates.sortOrder), asc(leaveTemplates.id));
}

export async function listTemplates(caller: Caller): Promise<Template[]> {
  return (await activeTemplates(caller.deps.db, caller.auth.companyId)).map(templateOf);
}

function nameTaken(e: unknown): never {
  if (isUniqueViolation(e, "leave_templates_name_uq")) throw new AppError(409, LEAVE_ERRORS.templateNameTaken);
  throw e;
}

export async function createTemplate(caller: Caller, input: z.infer<typeof templateBody>): Promise<Template> {
  requireHr(caller);
  const { companyId } = caller.auth;
  const live = await activeTemplates(caller.deps.db, companyId);
  if (live.length >= TEMPLATES_MAX) throw new AppError(400, "common.validation", { max: TEMPLATES_MAX });
  if (!input.fullDayAllowed && !input.halfDayAllowed && !input.quarterDayAllowed && !input.oneHourAllowed) {
    throw new AppError(400, LEAVE_ERRORS.unitNotAllowed);
  }
  const sortOrder = Math.max(0, ...live.map((t) => t.sortOrder)) + 1;
  try {
    const [row] = await caller.deps.db.insert(leaveTemplates).values({ ...input, companyId, type: "CUSTOM", sortOrder }).returning();
    return templateOf(row);
  } catch (e) {
    nameTaken(e);
  }
}

export async function patchTemplate(caller: Caller, id: number, input: z.infer<typeof templatePatchBody>): Promise<Template> {
  requireHr(caller);
  const { companyId } = caller.auth;
  const cur = await findTemplate(caller.deps.db, companyId, id);
  const { type, ...fields } = input;
  if (type !== undefined && type !== cur.type) throw new AppError(409, LEAVE_ERRORS.annualTemplateFixed);
  const next = { ...cur, ...fields };
  if (!next.fullDayAllowed && !next.halfDayAllowed && !next.quarterDayAllowed && !next.oneHourAllowed) {
    throw new AppError(400, LEAVE_ERRORS.unitNotAllowed);
  }
  if (Object.keys(fields).length === 0) return templateOf(cur);
  try {
    const [row] = await caller.deps.db.update(leaveTemplates).set(fields)
      .where(and(eq(leaveTemplates.companyId, companyId), eq(leaveTemplates.id, id))).returning();
    return templateOf(row);
  } catch (e) {
    nameTaken(e);
  }
}

export async function deleteTemplate(caller: Caller, id: number): Promise<Template> {
  requireHr(caller);
  const { companyId } = caller.auth;
  return await caller.deps.db.transaction(async (tx) => {
    const cur = await findTemplate(tx, companyId, id);
    if (cur.type === "ANNUAL") throw new AppError(409, LEAVE_ERRORS.annualTemplateFixed);
    await tx.select({ id: leaveTemplates.id }).from(leaveTemplates).where(eq(leaveTemplates.id, id)).for("update");
    const [a] = await tx.select({ n: sql<number>`count(*)::int` }).from(leaveAllocations)
      .where(and(eq(leaveAllocations.companyId, companyId), eq(leaveAllocations.templateId, id)));
    const [u] = await tx.select({ n: sql<number>`count(*)::int` }).from(leaveUsages)
      .where(and(eq(leaveUsages.companyId, companyId), eq(leaveUsages.templateId, id)));
    if (a.n > 0 || u.n > 0) throw new AppError(409, LEAVE_ERRORS.templateInUse);
    const [row] = await tx.update(leaveTemplates).set({ deletedAt: caller.deps.clock.now() })
      .where(eq(leaveTemplates.id, id)).returning();
    return templateOf(row);
  });
}
