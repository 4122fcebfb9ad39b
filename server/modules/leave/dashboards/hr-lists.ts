// HR's dashboard lists (HR only, else 403 leave.hr_only):
//   GET api/hr/leaves/pending/count       PendingCount: allocations and usages PENDING, company-wide
//   GET api/hr/leaves/pending             HrPending: those items (oldest first, HR_PENDING_MAX of each), with the
//                                         applicant's name and approver, so HR can reach them
//   GET api/hr/leaves/usages/untracked    Page<Usage>: APPROVED usages no allocation supports (taken beyond the
//                                         balance or before days were granted), newest first, 10 per page, 1-based
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { leaveAllocations, leaveUsages } from "../../../../db/schema/index.ts";
import type { Page } from "../../../../shared/paging.ts";
import { HR_PENDING_MAX, type HrPending, type PendingCount, type Usage } from "../../../../shared/leave/leave.ts";
import type { Caller } from "../../../lib/context.ts";
import { requireHr } from "./access.ts";
import { presentAllocations, presentUsages } from "../ledger/present.ts";

export async function pendingCount(caller: Caller): Promise<PendingCount> {
  requireHr(caller);
  const companyId = caller.auth.companyId;
  const [row] = await caller.deps.db.execute<{ a: string; u: string }>(sql`
    select (select count(*) from leave_allocations where company_id = ${companyId} and status = 'PENDING') as a,
      (select count(*) from leave_usages where company_id = ${companyId} and status = 'PENDING') as u`);
  const allocations = Number(row.a), usages = Number(row.u);
  return { allocations, usages, total: allocations + usages };
}

export async function hrPending(caller: Caller): Promise<HrPending> {
  requireHr(caller);
  const { db, clock } = caller.deps;
  const companyId = caller.auth.companyId;
  const [usages, allocations] = await Promise.all([
    db.select().from(leaveUsages).where(and(eq(leaveUsages.companyId, companyId), eq(leaveUsages.status, "PENDING")))
      .orderBy(asc(leaveUsages.startAt), asc(leaveUsages.id)).limit(HR_PENDING_MAX),
    db.select().from(leaveAllocations).where(and(eq(leaveAllocations.companyId, companyId), eq(leaveAllocations.status, "PENDING")))
      .orderBy(asc(leaveAllocations.createdAt), asc(leaveAllocations.id)).limit(HR_PENDING_MAX),
  ]);
  const now = clock.now();
  return { usages: await presentUsages(db, companyId, usages, now), allocations: await presentAllocations(db, companyId, allocations, now) };
}

export async function untrackedUsages(caller: Caller, page: number, size: number): Promise<Page<Usage>> {
  requireHr(caller);
  const { db, clock } = caller.deps;
  const companyId = caller.auth.companyId;
  const where = and(eq(leaveUsages.companyId, companyId), eq(leaveUsages.status, "APPROVED"), eq(leaveUsages.supportedByAllocation, false));
  const [[count], rows] = await Promise.all([
    db.select({ n: sql<string>`count(*)` }).from(leaveUsages).where(where),
    db.select().from(leaveUsages).where(where).orderBy(desc(leaveUsages.startAt), desc(leaveUsages.id)).limit(size).offset((page - 1) * size),
  ]);
  const totalElements = Number(count.n);
  const content = await presentUsages(db, companyId, rows, clock.now());
  return { content, totalElements, totalPages: Math.ceil(totalElements / size), page, pageSize: size };
}
