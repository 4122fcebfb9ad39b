// Queries of the accrual (accrual/service.ts decides; this only reads and writes rows).
import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { companies, leaveAllocations, leaveAttendance, leaveHrUsers, leaveLogs, users } from "../../../../db/schema/index.ts";
import type { AllocationSource } from "../../../../shared/leave/constants.ts";
import type { StoredGrant } from "./engine.ts";

/** One writer of a company's accrual at a time (the job on every instance, and the HR call). */
export async function lockCompany(tx: DbOrTx, companyId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`leave_accrual:${companyId}`}, 0))`);
}

export async function companiesWithLeave(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ id: companies.id }).from(companies).where(eq(companies.useLeave, true)).orderBy(companies.id);
  return rows.map((r) => r.id);
}

export interface Employee {
  userId: number;
  username: string;
  hireDate: string;
  leaveDate: string | null;
}

/** Members with a hire date (deleted accounts left out; a member who left keeps their rows for 퇴사 정산). */
export async function employees(db: DbOrTx, companyId: number): Promise<Employee[]> {
  const rows = await db.select({
    userId: leaveHrUsers.userId, username: users.username, hireDate: leaveHrUsers.hireDate, leaveDate: leaveHrUsers.leaveDate,
  }).from(leaveHrUsers).innerJoin(users, eq(users.id, leaveHrUsers.userId))
    .where(and(eq(leaveHrUsers.companyId, companyId), eq(users.companyId, companyId), isNotNull(leaveHrUsers.hireDate), ne(users.status, "DELETED")))
    .orderBy(leaveHrUsers.userId);
  return rows.map((r) => ({ ...r, hireDate: r.hireDate! }));
}

export async function attendanceOf(db: DbOrTx, companyId: number) {
  return await db.select({
    userId: leaveAttendance.userId, yearStart: leaveAttendance.yearStart, rate: leaveAttendance.rate, fullMonths: leaveAttendance.fullMonths,
  }).from(leaveAttendance).where(eq(leaveAttendance.companyId, companyId));
}

/** The accrual keys the company's members already have ("userId|key"). */
export async function existingKeys(db: DbOrTx, companyId: number): Promise<Set<string>> {
  const rows = await db.select({ userId: leaveAllocations.userId, key: leaveAllocations.accrualKey }).from(leaveAllocations)
    .where(and(eq(leaveAllocations.companyId, companyId), isNotNull(leaveAllocations.accrualKey)));
  return new Set(rows.map((r) => `${r.userId}|${r.key}`));
}

/** The company's approved ADVANCE allocations (ledger/advance.ts): days borrowed against the next grant. */
export async function advancesOf(db: DbOrTx, companyId: number) {
  const rows = await db.select({ userId: leaveAllocations.userId, validFrom: leaveAllocations.validFrom, days: leaveAllocations.granted })
    .from(leaveAllocations)
    .where(and(eq(leaveAllocations.companyId, companyId), eq(leaveAllocations.source, "ADVANCE"), eq(leaveAllocations.status, "APPROVED")));
  return rows;
}

/** Each member's accrued allocations (accrual key, validity, days), for a change of basis (engine.ts). */
export async function storedGrantsOf(db: DbOrTx, companyId: number, userId?: number): Promise<Map<number, StoredGrant[]>> {
  const rows = await db.select({
    userId: leaveAllocations.userId, key: leaveAllocations.accrualKey, validFrom: leaveAllocations.validFrom, validTo: leaveAllocations.validTo,
    days: leaveAllocations.granted,
  }).from(leaveAllocations).where(and(
    eq(leaveAllocations.companyId, companyId), isNotNull(leaveAllocations.accrualKey), eq(leaveAllocations.source, "ACCRUAL"),
    userId === undefined ? undefined : eq(leaveAllocations.userId, userId),
  ));
  const out = new Map<number, StoredGrant[]>();
  for (const r of rows) {
    const list = out.get(r.userId) ?? [];
    list.push({ key: r.key!, validFrom: r.validFrom, validTo: r.validTo, days: r.days });
    out.set(r.userId, list);
  }
  return out;
}

export interface NewAllocation {
  userId: number;
  key: string;
  source: AllocationSource;
  reason: string;
  validFrom: string;
  validTo: string;
  granted: number;
  carriedOver: number;
}

/** Inserts the allocations whose key the user does not have yet; returns those inserted. */
export async function insertMissing(tx: DbOrTx, companyId: number, templateId: number, rows: NewAllocation[]) {
  if (rows.length === 0) return [];
  return await tx.insert(leaveAllocations).values(rows.map((r) => ({
    companyId,
    userId: r.userId,
    templateId,
    reason: r.reason,
    status: "APPROVED",
    source: r.source,
    accrualKey: r.key,
    validFrom: r.validFrom,
    validTo: r.validTo,
    granted: r.granted,
    carriedOver: r.carriedOver,
  }))).onConflictDoNothing({ target: [leaveAllocations.userId, leaveAllocations.accrualKey], where: sql`accrual_key is not null` })
    .returning({ id: leaveAllocations.id, userId: leaveAllocations.userId, key: leaveAllocations.accrualKey, granted: leaveAllocations.granted, carriedOver: leaveAllocations.carriedOver, source: leaveAllocations.source });
}

export interface Accrued {
  id: number;
  userId: number;
  source: string;
  validTo: string;
  /** granted + carried over − days drawn by approved usages. */
  unused: number;
  /** An EXPIRED log exists for it. */
  expiryLogged: boolean;
}

/** The accrued (keyed) allocations of the ANNUAL template that ended before `today`, with their unused days. */
export async function lapsedAccruals(db: DbOrTx, companyId: number, templateId: number, today: string): Promise<Accrued[]> {
  const rows = await db.execute<{ id: string; user_id: string; source: string; valid_to: string; unused: string; logged: boolean }>(sql`
    select a.id, a.user_id, a.source, a.valid_to::text as valid_to,
           a.granted + a.carried_over - coalesce((
             select sum(ua.days) from leave_usage_allocations ua
             join leave_usages u on u.id = ua.usage_id and u.status = 'APPROVED'
             where ua.allocation_id = a.id), 0) as unused,
           exists (select 1 from leave_logs l
                   where l.company_id = a.company_id and l.kind = 'ALLOCATION' and l.ref_id = a.id and l.action = 'EXPIRED') as logged
    from leave_allocations a
    where a.company_id = ${companyId} and a.template_id = ${templateId} and a.status = 'APPROVED'
      and a.accrual_key is not null and a.source in ('ACCRUAL', 'CARRY_OVER') and a.valid_to < ${today}::date
    order by a.user_id, a.valid_to, a.id`);
  return rows.map((r) => ({
    id: Number(r.id), userId: Number(r.user_id), source: r.source, validTo: r.valid_to, unused: Number(r.unused), expiryLogged: r.logged,
  }));
}

export interface LogRow {
  userId: number;
  refId: number;
  action: "GRANTED" | "EXPIRED" | "CARRIED_OVER";
  summary: string;
  days: number;
  detail?: Record<string, unknown>;
}

export async function insertLogs(tx: DbOrTx, companyId: number, logs: LogRow[]) {
  if (logs.length === 0) return;
  await tx.insert(leaveLogs).values(logs.map((l) => ({
    companyId, userId: l.userId, kind: "ALLOCATION", refId: l.refId, action: l.action, actorId: null, summary: l.summary, days: l.days, detail: l.detail,
  })));
}
