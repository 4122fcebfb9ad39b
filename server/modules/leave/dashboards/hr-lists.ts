// HR's dashboard lists (HR only, else 403 leave.hr_only):
//   GET api/hr/leaves/pending/count       PendingCount: allocations and usages PENDING, company-wide
//   GET api/hr/leaves/usages/untracked    Page<Usage>: APPROVED usages no allocation supports (taken beyond the
//                                         balance or before days were granted), newest first, 10 per page, 1-based
import { sql } from "drizzle-orm";
import type { Page } from "../../../../shared/paging.ts";
import type { PendingCount, Usage } from "../../../../shared/leave/leave.ts";
import type { Caller } from "../../../lib/context.ts";
import { requireHr } from "./access.ts";
import { USAGE_COLUMNS, USAGE_JOINS, usageOf } from "./present.ts";

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
  const where = sql`us.company_id = ${companyId} and us.status = 'APPROVED' and not us.supported_by_allocation`;
  const [[count], rows] = await Promise.all([
    db.execute<{ n: string }>(sql`select count(*) as n from leave_usages us where ${where}`),
    db.execute<Record<string, unknown>>(sql`
      select ${USAGE_COLUMNS} from leave_usages us ${USAGE_JOINS}
      where ${where} order by us.start_at desc, us.id desc limit ${size} offset ${(page - 1) * size}`),
  ]);
  const now = clock.now();
  const totalElements = Number(count.n);
  return { content: rows.map((r) => usageOf(r, now)), totalElements, totalPages: Math.ceil(totalElements / size), page, pageSize: size };
}
