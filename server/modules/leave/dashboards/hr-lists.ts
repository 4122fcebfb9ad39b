// HR's dashboard lists (HR only, else 403 leave.hr_only):
//   GET api/hr/leaves/pending/count       PendingCount: allocations and usages PENDING, company-wide
//   GET api/hr/leaves/usages/untracked    Page<Usage>: APPROVED usages no allocation supports (taken beyond the
//                                         balance or before days were granted), newest first, 10 per page, 1-based
import { and, desc, eq, sql } from "drizzle-orm";
import { leaveUsages } from "../../../../db/schema/index.ts";
import type { Page } from "../../../../shared/paging.ts";
import type { PendingCount, Usage } from "../../../../shared/leave/leave.ts";
import type { Caller } from "../../../lib/context.ts";
import { requireHr } from "./access.ts";
import { presentUsages } from "../ledger/present.ts";

export async function pendingCount(caller: Caller): Promise<PendingCount> {
  requireHr(caller);
  const companyId = caller.auth.companyId;
  const [row] = await caller.deps.db.execute<{ a: string; u: string }>(sql`
    select (select count(*) from leave_allocations where company_id = ${companyId} and status = 'PENDING') as a,
      (select count(*) from leave_usages where company_id = ${companyId} and status = 'PENDING') as u`);
  const allocations = Number(row.a), usages = Number(row.u);
  return { allocations, usages, total: allocations + usages };
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
